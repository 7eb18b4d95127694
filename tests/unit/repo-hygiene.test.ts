/**
 * The repository explains itself to a reader who has only the repository (history lives in git):
 *
 * - no tracked text file refers to an issue tracker's numbers ("issue 13", "Issue 14, item 7",
 *   "issues #2"): such a reference says nothing to someone without the tracker, so the text says
 *   what and why instead;
 * - every repository path written in the docs, the README and the product and tooling code
 *   (src/, server/, scripts/) names a file or folder that exists, so the map and the comments lead
 *   somewhere;
 * - a section cited as `docs/file.md "Heading"` is a heading (or a bold paragraph lead) of that doc;
 * - the map of the docs (docs/README.md) links every doc in docs/ (and the screenshots folder), so
 *   none is found only by chance;
 * - every unit test file is named after the module it tests (tests/README.md, "Unit test names"), or is
 *   one of the few named cross-module tests below.
 *
 * The files are the tracked ones (`git ls-files`), binary files left out (a NUL byte in the first
 * 8 KB).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { folderSetOf } from './source-files';

const ROOT = resolve(__dirname, '../..');

/** A reference to an issue tracker entry: "issue 5", "Issue 14", "issues #2", "(issue 16 item 8)". */
export const ISSUE_REF = /\bissues? #?\d+\b/i;

/**
 * A repository path: starts with one of the repository's top folders and runs over path characters
 * (route folders like `[...store]` and glob stars included), ending on a word character, `]` or `*`.
 */
const PATH_REF = /(?<![\w./@-])((?:src|server|scripts|tests|docs)\/[\w.[\]/*-]*[\w\]*])/g;

/** Extensions a module specifier may leave out (`src/lib/forms/rules` for rules.ts). */
const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.astro', '.d.ts'];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
}

function textOf(file: string): string | null {
  const path = join(ROOT, file);
  if (!existsSync(path)) return null; // deleted in the working tree, not yet committed
  const buf = readFileSync(path);
  if (buf.subarray(0, 8192).includes(0)) return null;
  return buf.toString('utf8');
}

/** Each `file:line: text` whose line matches the pattern. */
export function linesMatching(files: { file: string; text: string }[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, i) => {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

/**
 * The repository paths a text names that do not exist. A path with a `*` is a glob (a group of
 * tests, say) and is not checked; a path exists when it is a file or folder, or a module specifier
 * whose file adds one of the usual extensions.
 */
export function missingPaths(text: string, exists: (path: string) => boolean): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(PATH_REF)) {
    let path = m[1]!;
    if (path.includes('*')) continue;
    // a markdown link's text ends on `]`: `[docs/api.md](docs/api.md)`
    while (path.endsWith(']') && path.split('[').length < path.split(']').length) path = path.slice(0, -1);
    if (exists(path) || MODULE_EXTENSIONS.some((ext) => exists(path + ext))) continue;
    missing.push(path);
  }
  return missing;
}

/**
 * The unit test files that test no one module: agreements between modules, journeys across them,
 * and checks of the repository itself. Each says why; every other unit test is named after its module.
 */
export const CROSS_MODULE_TESTS: Record<string, string> = {
  'account-pages': "the account pages' rules across the API contract, the guard, flash messages and the order lists",
  budgets: 'budgets.config.ts against docs/budgets.md and the built pages',
  'browser-imports': 'every browser entry (src/browser, .astro client scripts, the service worker) and what its imports reach',
  'checkout-rules': "the checkout's rules across its handoff, payload, placing, state and the order-success page",
  dependencies: 'package.json: what is a dependency and what tooling',
  docs: 'the docs: the folder READMEs name files and exports that exist, every markdown link leads somewhere, the design doc stays short',
  'engine-bounds': "the engine journeys' bound on every driver call (tests/engines/bounded.ts), with WebdriverIO against a driver that never answers",
  'eslint-config': 'the ESLint rules (boundaries, layers, import cycles, file sizes) on probe files',
  'islands-do-no-io': 'the island boundary over every file of src/browser and every .astro script',
  'lib-knows-no-ui': 'src/lib imports no island, component nor UI library',
  lockfile: 'package-lock.json against every package.json',
  'price-agreement': 'the same price from the product page, the cart, the server and the feeds',
  'product-form-parts': 'the product form across the cart, stock, customer group and analytics stores',
  'product-lists': 'the product lists (related, compare, summaries) across page data, island props and URLs',
  'repo-hygiene': 'the repository: issue numbers, paths in the docs, the map of the docs, these test names',
  'small-rules': 'small rules of several modules (category tags, CMS, order tracking, schemas), each too small for a file',
  'spec-constants': 'the constants of the specification (section 9) against the configuration',
  'stores-lists': 'the list stores (compare, wishlist, recently viewed, stock, newsletter) together',
  'vsfa-contract': "the client's requests and the reference API's answers against vue-storefront-api's contract",
  'vsfa-stand-in': "the test backend of tests/vsfa against Elasticsearch's documentation, vue-storefront-api's catalogue route and Magento's quote items",
};

/**
 * The names a unit test may take after a module of src/, server/ or scripts/: its file name (a
 * folder's index.ts: the folder's), its path below src/lib, src, server or scripts with dashes for
 * slashes (`search-engine` for src/lib/search/engine.ts) or a tail of that path (`listing-load` for
 * src/lib/catalog/listing/load.ts), and the same for the folders it lies in. Each name maps to the module's last
 * path segment, which an aspect test must import.
 */
export function moduleNames(tracked: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of tracked) {
    const m = /^(?:src\/lib|src|server|scripts)\/(.+)\.(?:ts|tsx|astro|mjs|js)$/.exec(f);
    if (!m || f.endsWith('.test.ts') || f.endsWith('.d.ts')) continue;
    const segments = m[1]!.split('/');
    if (segments[segments.length - 1] === 'index' && segments.length > 1) segments.pop();
    // The module, and the folders it lies in (a concern: `routing` for src/lib/routing/).
    for (let k = segments.length; k > 0; k--) {
      const last = segments[k - 1]!;
      // Its path, or the path's tail (`listing-load` for src/lib/catalog/listing/load.ts).
      for (let j = 0; j < k; j++) names.set(segments.slice(j, k).join('-'), last);
    }
  }
  return names;
}

/**
 * The module a unit test file is named after: `name` is a module name, or `<module name>-<aspect>`
 * where the test imports that module; null when it names none.
 */
export function testSubject(name: string, text: string, names: ReadonlyMap<string, string>): string | null {
  if (names.has(name)) return name;
  const parts = name.split('-');
  for (let k = parts.length - 1; k > 0; k--) {
    const prefix = parts.slice(0, k).join('-');
    const last = names.get(prefix);
    if (last !== undefined && new RegExp(`['/]${last}(?:\\.[a-z]+)?'`).test(text)) return prefix;
  }
  return null;
}

const SELF = 'tests/unit/repo-hygiene.test.ts'; // its own examples of what is refused
const files = trackedFiles().filter((f) => !f.startsWith('node_modules/'));
const texts = files.flatMap((file) => {
  const text = textOf(file);
  return text === null ? [] : [{ file, text }];
});

describe('repository hygiene', () => {
  test('src/lib has at most 17 top-level entries, one folder per concern (src/lib/README.md)', () => {
    const entries = execFileSync('git', ['ls-files', 'src/lib'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && f !== 'src/lib/README.md')
      .map((f) => f.split('/')[2]!);
    const top = [...new Set(entries)].sort();
    expect(top.length, top.join(', ')).toBeLessThanOrEqual(17);
    expect(
      top.every((e) => !e.includes('.')),
      `files at the top of src/lib: ${top.filter((e) => e.includes('.')).join(', ')}`,
    ).toBe(true);
  });

  test('the issue pattern finds tracker numbers and not the word in other senses', () => {
    for (const s of ['(issue 13)', 'Issue 14, item 7', 'issue #2', 'issues 13, 14 (API)', 'ISSUE 5']) expect(ISSUE_REF.test(s), s).toBe(true);
    for (const s of ['a known issue', 'issues the order id', 'issue-13-fix', 'tissue 5', 'issued 2 coupons']) expect(ISSUE_REF.test(s), s).toBe(false);
  });

  test('no tracked file refers to an issue by its number', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(
      linesMatching(
        texts.filter(({ file }) => file !== SELF),
        ISSUE_REF,
      ),
    ).toEqual([]);
  });

  test('the path check reads paths, route folders, globs and module specifiers', () => {
    const have = new Set(['src/lib/forms/rules.ts', 'src/pages/[...store]/search.astro', 'src/lib', 'docs/api.md']);
    const exists = (p: string) => have.has(p);
    expect(missingPaths('see src/lib/forms/rules, docs/api.md and src/lib/.', exists)).toEqual([]);
    expect(missingPaths('src/pages/[...store]/search.astro (noindex)', exists)).toEqual([]);
    expect(missingPaths('`tests/unit/order-queue*`, `src/lib/state/sync/order-*.ts` and `server/sessions.ts`', exists)).toEqual(['server/sessions.ts']);
    expect(missingPaths('[docs/api.md](docs/api.md), [src/lib/nope.ts](src/lib/nope.ts)', exists)).toEqual(['src/lib/nope.ts', 'src/lib/nope.ts']);
    expect(missingPaths('written by src/pages/search-index.json.ts.', exists)).toEqual(['src/pages/search-index.json.ts']);
    expect(missingPaths('https://example.com/src/x.ts and @scope/src/y', exists)).toEqual([]);
  });

  test('a section cited as docs/file.md "Heading" is a section of that doc', () => {
    const cited = /(docs\/[\w/-]+\.md),?\s*["“]([^"”]+)["”]/g;
    // a section is a heading, or the bold lead of a paragraph or list item (`- **Boundaries** (...)`)
    const headings = (doc: string) =>
      (textOf(doc) ?? '').split('\n').flatMap((l) => {
        const m = /^#+\s*(.*)$/.exec(l) ?? /^\s*(?:- )?\*\*(.+?)\*\*/.exec(l);
        return m ? [m[1]!.toLowerCase()] : [];
      });
    const found: string[] = [];
    for (const { file, text } of texts.filter(({ file }) => file !== SELF)) {
      for (const m of text.matchAll(cited)) {
        const heading = m[2]!.replace(/\s*\n\s*(\*|\/\/)?\s*/g, ' ').toLowerCase(); // a citation may wrap over comment lines
        if (!headings(m[1]!).some((h) => h.includes(heading))) found.push(`${file}: ${m[1]} "${m[2]}"`);
      }
    }
    expect(found).toEqual([]);
  });

  test('the map of the docs links every doc', () => {
    const map = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    const docs = files.filter((f) => /^docs\/.*\.md$/.test(f) && f !== 'docs/README.md');
    expect(docs.length).toBeGreaterThan(10);
    const unlinked = [...docs, 'docs/screenshots/'].filter((doc) => !map.includes(`](${doc.slice('docs/'.length)})`));
    expect(unlinked).toEqual([]);
  });

  test('every repository path in the docs, the README and the code comments exists', () => {
    const tracked = new Set(files);
    const folders = folderSetOf(files);
    const exists = (p: string) => tracked.has(p) || folders.has(p.replace(/\/$/, ''));
    const read = texts.filter(({ file }) => /^(docs\/.*\.md|(.*\/)?README\.md|(src|server|scripts)\/.*\.(ts|tsx|mjs|js|astro|css))$/.test(file));
    expect(read.length).toBeGreaterThan(50);
    const found = read.flatMap(({ file, text }) => missingPaths(text, exists).map((p) => `${file}: ${p}`));
    expect(found).toEqual([]);
  });

  test('a unit test file names the module it tests: its name, its path, or either with an aspect it imports', () => {
    const names = moduleNames(['src/lib/search/engine.ts', 'src/lib/state/sync/order-queue.ts', 'src/lib/state/storage/index.ts', 'scripts/sample-catalog.ts']);
    const imports = (m: string) => `import { x } from '../../src/lib/${m}';\n`;
    expect(testSubject('order-queue', '', names)).toBe('order-queue');
    expect(testSubject('search-engine', '', names)).toBe('search-engine');
    expect(testSubject('storage', '', names)).toBe('storage');
    expect(testSubject('order-queue-sending', imports('sync/order-queue'), names)).toBe('order-queue');
    expect(testSubject('order-queue-sending', imports('sync/order-lock'), names)).toBeNull();
    expect(testSubject('checkout-rules', imports('checkout/rules'), names)).toBeNull();
  });

  test('every unit test file names an existing module, or is a named cross-module test', () => {
    const names = moduleNames(files);
    const unit = texts.filter(({ file }) => /^tests\/unit\/[^/]+\.test\.ts$/.test(file));
    expect(unit.length).toBeGreaterThan(50);
    const unnamed = unit
      .map(({ file, text }) => ({ name: file.slice('tests/unit/'.length, -'.test.ts'.length), text }))
      .filter(({ name, text }) => testSubject(name, text, names) === null && !(name in CROSS_MODULE_TESTS))
      .map(({ name }) => `tests/unit/${name}.test.ts`);
    expect(unnamed).toEqual([]);
    const stale = Object.keys(CROSS_MODULE_TESTS).filter((name) => !files.includes(`tests/unit/${name}.test.ts`));
    expect(stale).toEqual([]);
  });
});
