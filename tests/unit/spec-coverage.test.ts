import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCoverage, COVERAGE_DOC, hasTestTitle, parseCoverage, parseTests } from '../../scripts/spec-coverage';

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
