/**
 * The spec-coverage table (docs/spec-coverage.md): parses its rows and checks that every row marked
 * done names tests that exist. Used by tests/unit/spec-coverage.test.ts (part of `npm test`) and by
 * `npx tsx scripts/spec-coverage.ts` (prints the counts per section and status, and any problem).
 *
 * Test column format: `file: 'test name', "test name with an apostrophe's"; other/file: 'name'`,
 * files relative to the repository root; `—` for none. A done row must name at least one test; each
 * file must exist under tests/ (a suite `npm test` runs) and hold each name as the title of an
 * `it(...)` or `test(...)` call, quoted as written.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Status = 'done' | 'partial' | 'n/a';

export interface TestRef {
  file: string;
  names: string[];
}

export interface CoverageRow {
  /** 1-based line number in the document. */
  line: number;
  section: string;
  words: string;
  code: string;
  tests: TestRef[];
  status: Status | null;
  /** The status cell as written. */
  statusText: string;
}

/** Splits a markdown table line into trimmed cells (a `\|` stays inside its cell). */
export function splitCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return body.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Reads the test column: `file: 'a', 'b'; file2: "c"`. */
export function parseTests(cell: string): TestRef[] {
  const refs: TestRef[] = [];
  const text = cell.replace(/`/g, '').trim();
  if (!text || text === '—' || text === '-') return refs;
  // a file reference starts a chunk: path ending in .ts followed by ':'
  const re = /([\w./-]+\.(?:test|spec)\.ts)\s*:/g;
  const starts: { file: string; at: number; end: number }[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push({ file: m[1]!, at: m.index, end: m.index + m[0].length });
  starts.forEach((s, i) => {
    const chunk = text.slice(s.end, i + 1 < starts.length ? starts[i + 1]!.at : undefined);
    const names: string[] = [];
    const q = /'([^']+)'|"([^"]+)"/g;
    for (let m = q.exec(chunk); m; m = q.exec(chunk)) names.push((m[1] ?? m[2])!);
    refs.push({ file: s.file, names });
  });
  return refs;
}

const STATUS = /^(done|partial|n\/a)\b/i;

/** Every data row of every coverage table in the document, with the § heading it sits under. */
export function parseCoverage(md: string): CoverageRow[] {
  const rows: CoverageRow[] = [];
  let section = '';
  md.split('\n').forEach((raw, i) => {
    const heading = /^#{2,3}\s+(§\d+)/.exec(raw);
    if (heading) section = heading[1]!;
    if (!raw.trim().startsWith('|')) return;
    const cells = splitCells(raw);
    if (cells.length !== 5) {
      rows.push({ line: i + 1, section, words: cells.join(' | '), code: '', tests: [], status: null, statusText: `(${cells.length} cells)` });
      return;
    }
    const [spec, words, code, tests, status] = cells as [string, string, string, string, string];
    if (/^spec §$/i.test(spec) || /^-+$/.test(spec.replace(/[:\s]/g, ''))) return;
    const s = STATUS.exec(status)?.[1]?.toLowerCase() as Status | undefined;
    rows.push({ line: i + 1, section: section || spec, words, code, tests: parseTests(tests), status: s ?? null, statusText: status });
  });
  return rows;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the file holds an `it(...)` or `test(...)` whose title is exactly `name`. */
export function hasTestTitle(source: string, name: string): boolean {
  const q = `(['"\`])`;
  const re = new RegExp(`\\b(?:it|test)(?:\\.(?:only|skip|fixme|fail|concurrent|serial))?\\(\\s*${q}${escapeRe(name)}\\1`);
  return re.test(source);
}

/** Suites `npm test` runs (vitest: tests/unit, tests/api; playwright: tests/e2e). */
export const TEST_ROOTS = ['tests/unit/', 'tests/api/', 'tests/e2e/'];

/** Problems of the rows, one line each (empty when the table holds). */
export function checkCoverage(rows: CoverageRow[], root: string): string[] {
  const problems: string[] = [];
  const sources = new Map<string, string | null>();
  const read = (file: string) => {
    if (!sources.has(file)) {
      const p = join(root, file);
      sources.set(file, existsSync(p) ? readFileSync(p, 'utf8') : null);
    }
    return sources.get(file)!;
  };
  for (const r of rows) {
    const at = `line ${r.line} (${r.section} ${r.words.slice(0, 60)})`;
    if (r.status === null) {
      problems.push(`${at}: status must start with done, partial or n/a, found '${r.statusText}'`);
      continue;
    }
    if (r.status === 'partial' && !/^partial\s*:\s*\S/i.test(r.statusText)) problems.push(`${at}: partial must say what is missing ('partial: ...')`);
    if (r.status === 'n/a' && !/^n\/a\s*:\s*\S/i.test(r.statusText)) problems.push(`${at}: n/a must say why and what replaces it ('n/a: ...')`);
    if (r.status !== 'done') continue;
    const named = r.tests.filter((t) => t.names.length > 0);
    if (named.length === 0) problems.push(`${at}: marked done but names no test`);
    for (const t of r.tests) {
      if (!TEST_ROOTS.some((d) => t.file.startsWith(d))) problems.push(`${at}: ${t.file} is not in a suite npm test runs (${TEST_ROOTS.join(', ')})`);
      const src = read(t.file);
      if (src === null) {
        problems.push(`${at}: test file ${t.file} does not exist`);
        continue;
      }
      if (t.names.length === 0) problems.push(`${at}: ${t.file} is named without a test name`);
      for (const n of t.names) if (!hasTestTitle(src, n)) problems.push(`${at}: no test '${n}' in ${t.file}`);
    }
  }
  return problems;
}

/**
 * The code column, read strictly enough that a renamed function or a moved file fails:
 *
 * - The cell splits into chunks at each `;` outside parentheses; each chunk is read left to right.
 * - A file reference is a token ending in .ts, .tsx, .astro, .mjs, .js or .css (not under dist/, no
 *   `{`): `src/lib/catalog/price.ts`, or a shorter tail of the path (`catalog/price.ts`,
 *   `Microcart.tsx`, `server routes/ext.ts` reads `routes/ext.ts`). It must name exactly one source
 *   file: the one whose path from the repository's root is the token or ends with `/` + the token.
 * - A folder reference (`src/lib/checkout/`, `server/`, `src/pages/[...store]/brands/`, a trailing
 *   `…` dropped) must be a folder that exists.
 * - A backticked identifier (`applySpecialPrice`, `$cartCount`, dotted `Collection.getItem`) belongs
 *   to the chunk's last file reference before it. In a module (.ts, .tsx, .mjs, .js) its first part
 *   must be an export of that file (what a caller imports: `moduleExports`), and every further dotted
 *   part a whole word of it; in an .astro or .css file every part must occur as a whole word.
 *   Backticked text that is not an identifier (`client:interact`, `@media ...`) is prose.
 *   An identifier with no file before it in its chunk is checked against the config's schema when
 *   the chunk starts with `config` (`config \`cashOnDelivery\``), else it is prose.
 * - `messages.someKey` names a key of the message catalogue (src/lib/messages/texts.ts).
 */
export function checkCode(rows: CoverageRow[], root: string, files: string[]): string[] {
  const check = codeChecker(root, files);
  return rows.flatMap((r) => check(r.code, `line ${r.line} (${r.section} ${r.words.slice(0, 50)})`));
}

/**
 * The check of one code cell (see `checkCode`), for any text written the same way (the folder READMEs):
 * `check(text, at, base)` lists its problems, each starting with `at`; a path is first looked for
 * under the folder `base` (or each of several, in order), then as a tail of a source file's path.
 */
export function codeChecker(root: string, files: string[]): (text: string, at: string, base?: string | string[]) => string[] {
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const sources = new Map<string, string>();
  const read = (file: string) => {
    if (!sources.has(file)) sources.set(file, readFileSync(join(root, file), 'utf8'));
    return sources.get(file)!;
  };
  const hasWord = (file: string, word: string) => new RegExp(`(?<![\\w$])${escapeRe(word)}(?![\\w$])`).test(read(file));
  const exportsCache = new Map<string, Set<string>>();
  const exportsOf = (file: string): Set<string> => {
    if (!exportsCache.has(file))
      exportsCache.set(
        file,
        moduleExports(
          read(file),
          (spec) => resolveExportFrom(root, file, spec),
          (f) => exportsOf(f),
        ),
      );
    return exportsCache.get(file)!;
  };
  const fileSet = new Set(files);
  const resolveFile = (ref: string, bases: string[]): string[] => {
    const under = [...bases.map((b) => `${b}/${ref}`), ref].find((f) => fileSet.has(f)); // a path from the root is one file
    return under ? [under] : files.filter((f) => f.endsWith(`/${ref}`));
  };
  const CONFIG_FILES = ['src/lib/config/schema.ts', 'src/lib/config/defaults.ts'];
  const messageKeys = new Set([...read('src/lib/messages/texts.ts').matchAll(/^export const ([A-Za-z]\w*) =/gm)].map((m) => m[1]!));
  return (text, at, base) => {
    const problems: string[] = [];
    for (const chunk of splitChunks(text)) {
      let file: string | null = null;
      const isConfig = /^config\b/.test(chunk.trim());
      const token = new RegExp(
        String.raw`\`([^\`]+)\`|(${PATH_TOKEN})(?![\w/])|((?:src|server|scripts)\/(?:[\w.[\]-]+\/)*)(?:…)?(?![\w.[\]])|\bmessages\.([A-Za-z]\w*)`,
        'g',
      );
      for (const m of chunk.matchAll(token)) {
        const [, quoted, bare, folder, message] = m;
        // a backticked path is a path: `src/lib/catalog/price.ts`
        const isPath = quoted !== undefined && new RegExp(`^${PATH_TOKEN}$`).test(quoted);
        const path = isPath ? quoted : bare;
        const code = isPath ? undefined : quoted;
        if (path !== undefined) {
          if (path.startsWith('dist/') || /^\.|\/\./.test(path)) continue;
          const found = resolveFile(path, base === undefined ? [] : typeof base === 'string' ? [base] : base);
          if (found.length === 1) file = found[0]!;
          else {
            problems.push(`${at}: ${path} ${found.length ? `is ambiguous (${found.join(', ')})` : 'does not exist'}`);
            file = null;
          }
        } else if (folder !== undefined) {
          if (!folders.has(folder.replace(/\/$/, ''))) problems.push(`${at}: folder ${folder} does not exist`);
        } else if (message !== undefined) {
          if (!messageKeys.has(message)) problems.push(`${at}: messages.${message} is not in src/lib/messages/texts.ts`);
        } else if (code !== undefined && /^[$A-Za-z_][\w$]*(\.[$A-Za-z_][\w$]*)*$/.test(code)) {
          const targets = file ? [file] : isConfig ? CONFIG_FILES : [];
          if (targets.length === 0) continue;
          const [head, ...rest] = code.split('.');
          if (file && MODULE_FILE.test(file)) {
            // a module's identifier is what a caller imports: an export of that file
            if (!exportsOf(file).has(head!)) problems.push(`${at}: \`${head}\` is not exported by ${file}`);
            const missing = rest.filter((part) => !hasWord(file!, part));
            if (missing.length) problems.push(`${at}: \`${code}\` is not in ${file}`);
            continue;
          }
          const missing = code.split('.').filter((part) => !targets.some((t) => hasWord(t, part)));
          if (missing.length) problems.push(`${at}: \`${code}\` is not in ${targets.join(' or ')}`);
        }
      }
    }
    return problems;
  };
}

/** A file reference: a path or a tail of one, ending in a source extension. */
const PATH_TOKEN = String.raw`(?:[\w$.[\]-]+\/)*[\w$.[\]-]*\.(?:tsx?|astro|mjs|js|css)`;

/** A file whose identifiers are exports: a TypeScript or JavaScript module (an .astro or .css file is read for the word). */
const MODULE_FILE = /\.(tsx?|mjs|js)$/;

/**
 * The names a module exports: `export function|const|let|class|interface|type|enum NAME` (async,
 * default, abstract, declare included), `export { a, b as c }` (with or without `from`) and, through
 * `export * from './x'`, the exports of the file that names (`exportsOfFile`, read by `resolve`).
 */
export function moduleExports(
  source: string,
  resolve: (spec: string) => string | null = () => null,
  exportsOfFile: (file: string) => Set<string> = () => new Set(),
): Set<string> {
  const names = new Set<string>();
  const decl =
    /^\s*export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([$A-Za-z_][\w$]*)/gm;
  for (const m of source.matchAll(decl)) names.add(m[1]!);
  for (const m of source.matchAll(/^\s*export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  for (const m of source.matchAll(/^\s*export\s+\*\s+from\s*['"]([^'"]+)['"]/gm)) {
    const target = resolve(m[1]!);
    if (target) for (const n of exportsOfFile(target)) names.add(n);
  }
  return names;
}

/** The repository path a relative specifier of `file` names (extensionless or a folder's index), or null. */
function resolveExportFrom(root: string, file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = join(dirname(file), spec);
  const tries = [base, ...['.ts', '.tsx', '.js', '.mjs'].map((e) => base + e), ...['index.ts', 'index.tsx', 'index.js'].map((i) => join(base, i))];
  return tries.find((p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile()) ?? null;
}

/** The code cell's chunks: split at each `;` outside parentheses. */
export function splitChunks(cell: string): string[] {
  const chunks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      chunks.push(cell.slice(start, i));
      start = i + 1;
    }
  }
  chunks.push(cell.slice(start));
  return chunks.map((c) => c.trim()).filter(Boolean);
}

/** The files the code column may name: src/, server/, scripts/, tests/ and the root's files. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (dir || ['src', 'server', 'scripts', 'tests'].includes(e.name)) walk(rel);
      } else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Rows per section and status, for the summary. */
export function summarize(rows: CoverageRow[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    const s = (out[r.section] ??= {});
    s[r.status ?? 'invalid'] = (s[r.status ?? 'invalid'] ?? 0) + 1;
  }
  return out;
}

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The document's path in the repository. */
export const COVERAGE_DOC = join(ROOT, 'docs/spec-coverage.md');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = parseCoverage(readFileSync(COVERAGE_DOC, 'utf8'));
  console.table(summarize(rows));
  const problems = [...checkCoverage(rows, ROOT), ...checkCode(rows, ROOT, sourceFiles(ROOT))];
  for (const p of problems) console.error(p);
  console.log(`${rows.length} rows, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}
