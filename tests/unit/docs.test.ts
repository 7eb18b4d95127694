/**
 * The docs a newcomer reads: every top-level folder with code has a README, and what a README names
 * (files and the exports a caller uses) exists, read with the spec-coverage table's code-column rule
 * (`codeChecker` of scripts/spec-coverage.ts, paths first under the README's own folder); every
 * relative markdown link of a tracked doc leads to a file or folder, and its `#anchor` to a heading;
 * docs/architecture.md keeps to the design in at most 400 lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { codeChecker, sourceFiles } from '../../scripts/spec-coverage';
import { folderSetOf } from './source-files';

const ROOT = resolve(__dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);

/** The folders whose README says what lives there, what a caller uses and what it may import. */
export const README_FOLDERS = ['src', 'src/lib', 'server', 'scripts', 'tests', 'docs'];

/**
 * The problems of a README's text: each line (a table row cell by cell) read as a code cell. A path is
 * looked for under the folder the row's first cell names (`| routes/ | cart.ts ... |`), then under the
 * README's folder, then as the tail of a source file's path; when the first cell is one file, the
 * names of the row's other cells are its exports.
 */
export function readmeProblems(text: string, folder: string, check: ReturnType<typeof codeChecker>): string[] {
  let fenced = false;
  let itemFolder: string | undefined; // a list item led by a folder (`- state/stores/: ...`), over its lines
  return text.split('\n').flatMap((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || /^\|\s*-/.test(line)) return [];
    if (/^\s*$|^- /.test(line)) itemFolder = /^- ([\w./-]+)\/:/.exec(line)?.[1];
    const cells = line.trim().startsWith('|') ? line.split('|').slice(1, -1) : [line];
    const rowFolder = /^\s*([\w./-]+)\/\s*$/.exec(cells[0] ?? '')?.[1] ?? itemFolder;
    const bases = rowFolder ? [`${folder}/${rowFolder}`, folder] : [folder];
    // a row whose first cell is one file (`| pricing.ts | ... | \`computeTotals\` |`): its names are that file's
    const rowFile = /^\s*([\w./[\]-]+\.(?:tsx?|mjs|js|astro|css))\s*$/.exec(cells[0] ?? '')?.[1];
    return cells.flatMap((cell, c) => check(rowFile && c > 0 ? `${rowFile}: ${cell}` : cell, `${folder}/README.md line ${i + 1}`, bases));
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The relative links of a markdown text that lead nowhere: a missing file or folder, or an anchor no heading has. */
export function brokenLinks(file: string, text: string, exists: (path: string) => boolean, textOf: (path: string) => string | null): string[] {
  const broken: string[] = [];
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const to = path ? normalize(join(dirname(file), path)).replace(/\/$/, '') : file;
    if (!exists(to)) {
      broken.push(`${file}: ${target} (no ${to})`);
      continue;
    }
    if (anchor === undefined) continue;
    const headings = (textOf(to) ?? '').split('\n').flatMap((l) => (/^#+\s/.test(l) ? [headingAnchor(l.replace(/^#+\s/, ''))] : []));
    if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${to})`);
  }
  return broken;
}

describe('the docs', () => {
  const files = new Set(tracked);
  const folders = folderSetOf(tracked);
  const exists = (p: string) => files.has(p) || folders.has(p);
  const textOf = (p: string) => (files.has(p) ? readFileSync(join(ROOT, p), 'utf8') : null);

  test('every top-level folder with code has a README, and so has src/lib', () => {
    const withCode = [
      ...new Set(tracked.filter((f) => /\.(tsx?|mjs|js|astro)$/.test(f) && f.includes('/') && !f.startsWith('.')).map((f) => f.split('/')[0]!)),
    ];
    expect(withCode.sort()).toEqual(['scripts', 'server', 'src', 'tests']);
    expect([...withCode, 'src/lib', 'docs'].filter((d) => !README_FOLDERS.includes(d))).toEqual([]);
    expect(README_FOLDERS.filter((d) => !files.has(`${d}/README.md`))).toEqual([]);
  });

  test('every file and exported function a folder README names exists', () => {
    const check = codeChecker(ROOT, sourceFiles(ROOT));
    const problems = README_FOLDERS.flatMap((d) => readmeProblems(readFileSync(join(ROOT, d, 'README.md'), 'utf8'), d, check));
    expect(problems).toEqual([]);
  });

  test('every relative link of a tracked markdown file leads to a file, a folder or a heading', () => {
    const docs = tracked.filter((f) => f.endsWith('.md') && !f.startsWith('node_modules/'));
    expect(docs.length).toBeGreaterThan(20);
    expect(docs.flatMap((f) => brokenLinks(f, textOf(f) ?? '', exists, textOf))).toEqual([]);
  });

  test('docs/architecture.md keeps to the design: at most 400 lines', () => {
    expect(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });

  describe('the checks themselves', () => {
    // A small repository of its own, so that these cases do not follow the shop's code.
    const fake = mkdtempSync(join(tmpdir(), 'docs-check-'));
    afterAll(() => rmSync(fake, { recursive: true, force: true }));
    for (const [file, text] of Object.entries({
      'src/lib/messages/texts.ts': "export const hello = 'Hello';\n",
      'src/lib/cart/index.ts': 'export function addToCart() {}\nfunction pushLine() {}\n',
      'server/index.ts': 'export const app = 1;\n',
    })) {
      mkdirSync(dirname(join(fake, file)), { recursive: true });
      writeFileSync(join(fake, file), text);
    }
    const check = codeChecker(fake, sourceFiles(fake));

    test("a README's paths are read from its folder first, and a module's names must be its exports", () => {
      expect(readmeProblems('| cart/ | index.ts: `addToCart` |', 'src/lib', check)).toEqual([]);
      expect(readmeProblems('| cart/index.ts | what | `addToCart`, `pushLine` |', 'src/lib', check)).toEqual([
        expect.stringMatching(/`pushLine` is not exported by src\/lib\/cart\/index\.ts/),
      ]);
      expect(readmeProblems('cart/index.ts: `pushLine`; cart/gone.ts', 'src/lib', check)).toEqual([
        expect.stringMatching(/src\/lib\/README\.md line 1: `pushLine` is not exported by src\/lib\/cart\/index\.ts/),
        expect.stringMatching(/line 1: cart\/gone\.ts does not exist/),
      ]);
      // index.ts alone is ambiguous from the root, one file from server/
      expect(readmeProblems('index.ts: `app`', 'server', check)).toEqual([]);
      expect(readmeProblems('index.ts: `app`', 'docs', check)).toEqual([expect.stringMatching(/index\.ts is ambiguous/)]);
      expect(readmeProblems('```\nindex.ts: `nothing`\n```', 'server', check)).toEqual([]);
      // a list item led by a folder reads its paths there, over its lines
      expect(readmeProblems('- cart/: its actions\n  (index.ts: `addToCart`)\n\nindex.ts', 'src/lib', check)).toEqual([
        expect.stringMatching(/line 4: index\.ts is ambiguous/),
      ]);
    });

    test('a link to a missing file or to a heading that is not there is broken; other links are not', () => {
      const have = new Set(['docs/a.md', 'docs/b.md', 'src', 'src/README.md']);
      const texts: Record<string, string> = { 'docs/b.md': "# B\n\n## The API's database\n" };
      const linkCheck = (text: string) =>
        brokenLinks(
          'docs/a.md',
          text,
          (p) => have.has(p),
          (p) => texts[p] ?? null,
        );
      expect(linkCheck('[b](b.md), [db](b.md#the-apis-database), [src](../src/), [readme](../src/README.md), [web](https://example.com/x.md)')).toEqual([]);
      expect(linkCheck('[c](c.md) and [b](b.md#nothing)')).toEqual([
        'docs/a.md: c.md (no docs/c.md)',
        'docs/a.md: b.md#nothing (no heading #nothing in docs/b.md)',
      ]);
      expect(headingAnchor("The reference API's routes: each takes what it uses")).toBe('the-reference-apis-routes-each-takes-what-it-uses');
    });
  });
});
