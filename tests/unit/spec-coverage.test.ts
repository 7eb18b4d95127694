import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCode, checkCoverage, COVERAGE_DOC, hasTestTitle, parseCoverage, parseTests, sourceFiles, splitChunks } from '../../scripts/spec-coverage';

const ROOT = resolve(__dirname, '../..');
const doc = readFileSync(COVERAGE_DOC, 'utf8');
const rows = parseCoverage(doc);

describe('spec coverage table', () => {
  it('every row marked done names tests that exist', () => {
    expect(checkCoverage(rows, ROOT)).toEqual([]);
  });

  it('has rows for every section of the spec, each with a status', () => {
    const sections = new Set(rows.map((r) => r.section));
    for (let n = 1; n <= 9; n++) expect(sections.has(`§${n}`), `§${n}`).toBe(true);
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.status === null)).toEqual([]);
  });

  it('reads the test column: files and quoted names', () => {
    expect(parseTests(`tests/unit/a.test.ts: 'one', "it's two"; tests/e2e/b.spec.ts: 'three' (x6)`)).toEqual([
      { file: 'tests/unit/a.test.ts', names: ['one', "it's two"] },
      { file: 'tests/e2e/b.spec.ts', names: ['three'] },
    ]);
    expect(parseTests('—')).toEqual([]);
  });

  it('fails a done row whose test file or test name does not exist', () => {
    const md = [
      '## §5 Validation',
      '| spec § | spec words (short) | code (file: function/component) | test (file: test name) | status |',
      '| --- | --- | --- | --- | --- |',
      "| §5 | slug | catalog/slug.ts | tests/unit/slug.test.ts: 'turns & into -and-' | done |",
      "| §5 | made up | x | tests/unit/slug.test.ts: 'a test nobody wrote' | done |",
      "| §5 | no file | x | tests/unit/no-such-file.test.ts: 'anything' | done |",
      '| §5 | nothing named | x | — | done |',
      '| §5 | vague | x | — | partial |',
      '| §5 | fine | x | — | n/a: static site, the server answers it |',
      '| §5 | wrong status | x | — | finished |',
    ].join('\n');
    const problems = checkCoverage(parseCoverage(md), ROOT);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/line 5 .*no test 'a test nobody wrote' in tests\/unit\/slug\.test\.ts/);
    expect(problems[1]).toMatch(/line 6 .*test file tests\/unit\/no-such-file\.test\.ts does not exist/);
    expect(problems[2]).toMatch(/line 7 .*marked done but names no test/);
    expect(problems[3]).toMatch(/line 8 .*partial must say what is missing/);
    expect(problems[4]).toMatch(/line 10 .*status must start with done, partial or n\/a/);
  });

  it('finds a title only as the title of an it or test call', () => {
    const src = readFileSync(join(ROOT, 'tests/unit/slug.test.ts'), 'utf8');
    expect(hasTestTitle(src, 'turns & into -and-')).toBe(true);
    expect(hasTestTitle(src, 'turns &')).toBe(false);
    expect(hasTestTitle("describe('a group', () => {})", 'a group')).toBe(false);
    expect(hasTestTitle('test(`a ${type} page`, () => {})', 'a ${type} page')).toBe(true);
  });
});

describe('the code column', () => {
  it('every file, folder, function and message the code column names exists', () => {
    expect(checkCode(rows, ROOT, sourceFiles(ROOT))).toEqual([]);
  });

  it('so does the code column of every per-area table in docs/coverage/', () => {
    const dir = join(ROOT, 'docs/coverage');
    const files = sourceFiles(ROOT);
    const tables = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(tables.length).toBeGreaterThan(5);
    const problems = tables.flatMap((f) => checkCode(parseCoverage(readFileSync(join(dir, f), 'utf8')), ROOT, files).map((p) => `docs/coverage/${f} ${p}`));
    expect(problems).toEqual([]);
  });

  it('splits a cell at semicolons outside parentheses', () => {
    expect(splitChunks('a.ts: `x` (one; two); b.ts')).toEqual(['a.ts: `x` (one; two)', 'b.ts']);
  });

  // A small repository of its own, so that these cases do not follow the shop's code.
  const fake = mkdtempSync(join(tmpdir(), 'spec-code-'));
  afterAll(() => rmSync(fake, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'src/lib/messages/texts.ts': "export const loginRequired = 'You need to be logged in';\n",
    'src/lib/config/schema.ts': 'export const Schema = z.object({ cmsMaxCount: z.number(), shop: z.object({ themeName: z.string() }) });\n',
    'src/lib/config/defaults.ts': 'export const defaults = { cmsMaxCount: 500 };\n',
    'src/lib/catalog/price.ts': 'export function specialPriceFor() {}\nexport const $final = 1;\n',
    'src/lib/state/notifications.ts': 'export function timeToLive() {}\n',
    'src/lib/state/stores/notifications.ts': 'export const $notifications = 1;\n',
    'src/browser/bag/Microcart.tsx': 'export default function Microcart() {}\n',
    'server/pricing.ts':
      "function discountOf() {}\nexport class Totals { grand() {} }\nconst round2 = 1;\nexport { round2 as round, discountOf as couponDiscount };\nexport * from './tax';\n",
    'server/tax.ts': 'export const taxRate = 0.2;\n',
    'src/components/Price.astro': '---\nconst special = 1;\n---\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fake, file)), { recursive: true });
    writeFileSync(join(fake, file), text);
  }
  const check = (code: string) => {
    const md = [
      '## §4 States',
      '| spec § | words | code | test | status |',
      '| --- | --- | --- | --- | --- |',
      `| §4 | words | ${code} | — | n/a: example |`,
    ].join('\n');
    return checkCode(parseCoverage(md), fake, sourceFiles(fake));
  };

  it('passes what exists: path tails, folders, identifiers, dotted names, config keys, messages and prose', () => {
    expect(sourceFiles(fake)).toEqual(Object.keys(files).sort());
    expect(check('catalog/price.ts: `specialPriceFor`, `$final`; Microcart.tsx; src/lib/state/notifications.ts: `timeToLive`')).toEqual([]);
    expect(check('src/lib/catalog/ (all of it); src/lib/…; config `cmsMaxCount`, `shop.themeName`; messages.loginRequired')).toEqual([]);
    expect(check('Microcart.tsx (`client:interact`, `@media (min-width: 64em)`); dist/_worker.js; `notChecked` before any file')).toEqual([]);
  });

  it('fails a renamed function, a missing or ambiguous file, a missing folder, config key or message', () => {
    expect(check('catalog/price.ts: `applySpecialPrice`')).toEqual([
      expect.stringMatching(/line 4 .*`applySpecialPrice` is not exported by src\/lib\/catalog\/price\.ts/),
    ]);
    expect(check('routing.ts: `bannersFor`')).toEqual([expect.stringMatching(/routing\.ts does not exist/)]);
    expect(check('notifications.ts: `timeToLive`')).toEqual([
      expect.stringMatching(/notifications\.ts is ambiguous \(src\/lib\/state\/notifications\.ts, src\/lib\/state\/stores\/notifications\.ts\)/),
    ]);
    expect(check('src/lib/checkout/')).toEqual([expect.stringMatching(/folder src\/lib\/checkout\/ does not exist/)]);
    expect(check('config `cmsMaxCounts`; messages.loginNeeded')).toEqual([
      expect.stringMatching(/`cmsMaxCounts` is not in src\/lib\/config\/schema\.ts or src\/lib\/config\/defaults\.ts/),
      expect.stringMatching(/messages\.loginNeeded is not in src\/lib\/messages\/texts\.ts/),
    ]);
  });

  it("a module's identifier is one of its exports: declared, listed, renamed or re-exported; its dotted parts words of the file", () => {
    expect(check('server/pricing.ts: `Totals`, `Totals.grand`, `round`, `couponDiscount`, `taxRate`')).toEqual([]);
    expect(check('server/pricing.ts: `discountOf`')).toEqual([expect.stringMatching(/line 4 .*`discountOf` is not exported by server\/pricing\.ts/)]);
    expect(check('server/pricing.ts: `round2`; server/pricing.ts: `Totals.total`')).toEqual([
      expect.stringMatching(/`round2` is not exported by server\/pricing\.ts/),
      expect.stringMatching(/`Totals\.total` is not in server\/pricing\.ts/),
    ]);
    // an .astro file exports nothing: its identifiers are words of it
    expect(check('src/components/Price.astro: `special`')).toEqual([]);
  });

  it('checks an identifier in the last file named before it in its chunk', () => {
    expect(check('src/lib/state/notifications.ts, catalog/price.ts: `timeToLive`')).toEqual([
      expect.stringMatching(/`timeToLive` is not exported by src\/lib\/catalog\/price\.ts/),
    ]);
    expect(check('src/lib/state/notifications.ts: `timeToLive` (see catalog/price.ts)')).toEqual([]);
    expect(check('catalog/price.ts: `$final.x`')).toEqual([expect.stringMatching(/`\$final\.x` is not in/)]);
  });
});
