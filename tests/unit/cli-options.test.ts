import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OptionError, parseOptions, scriptOptions, type ScriptIo } from '../../scripts/lib/cli-options';

const spec = { values: ['only', 'runs', 'work'], flags: ['quick', 'no-write'] };

describe('command-line options of the scripts', () => {
  test('reads --name value, --name=value and flags', () => {
    const o = parseOptions(['--runs', '3', '--work=bench/x', '--quick', '--only', 'search, api'], spec);
    expect(o.number('runs', 1)).toBe(3);
    expect(o.value('work')).toBe('bench/x');
    expect(o.flag('quick')).toBe(true);
    expect(o.flag('no-write')).toBe(false);
    expect(o.list('only')).toEqual(['search', 'api']);
  });

  test('an absent option gives the fallback or undefined', () => {
    const o = parseOptions([], spec);
    expect(o.number('runs', 7)).toBe(7);
    expect(o.value('work')).toBeUndefined();
    expect(o.list('only')).toBeUndefined();
  });

  test('an unknown option, a missing value or a stray word is an error naming it', () => {
    expect(() => parseOptions(['--bogus'], spec)).toThrow(/unknown option --bogus/);
    expect(() => parseOptions(['--runs'], spec)).toThrow(/--runs needs a value/);
    expect(() => parseOptions(['--runs', '--quick'], spec)).toThrow(/--runs needs a value/);
    expect(() => parseOptions(['--quick=yes'], spec)).toThrow(OptionError);
    expect(() => parseOptions(['stray'], spec)).toThrow(/unexpected argument 'stray'/);
  });

  test('words that are not options are kept when the script takes them', () => {
    expect(parseOptions(['a.json', '--quick', 'b.json'], { ...spec, positional: true }).rest).toEqual(['a.json', 'b.json']);
  });

  test('a number option that is not a number, not whole or too small is an error, never NaN', () => {
    expect(() => parseOptions(['--runs', 'x'], spec).number('runs', 1)).toThrow("--runs must be a number (got 'x')");
    expect(() => parseOptions(['--runs='], spec).number('runs', 1)).toThrow(OptionError);
    expect(() => parseOptions(['--runs', '1.5'], spec).number('runs', 1, { integer: true })).toThrow('--runs must be a whole number');
    expect(() => parseOptions(['--runs', '0'], spec).number('runs', 1, { min: 1 })).toThrow('--runs must be at least 1');
    expect(parseOptions(['--runs', '2.5'], spec).number('runs', 1)).toBe(2.5);
  });

  test('an option with two values reads both, and is an error with fewer', () => {
    const two = { ...spec, pairs: ['window'], positional: true };
    const o = parseOptions(['a.json', '--window', '10', '20', 'b.json'], two);
    expect(o.pair('window')).toEqual(['10', '20']);
    expect(o.rest).toEqual(['a.json', 'b.json']);
    expect(parseOptions([], two).pair('window')).toBeUndefined();
    expect(() => parseOptions(['--window', '10'], two)).toThrow('--window needs two values');
    expect(() => parseOptions(['--window', '10', '--quick'], two)).toThrow('--window needs two values');
  });
});

describe("a script's options: --help, and a bad option stops it with exit code 2", () => {
  class Exit extends Error {
    constructor(readonly code: number) {
      super(`exit ${code}`);
    }
  }
  const run = (argv: string[], read = (o: ReturnType<typeof parseOptions>) => o.number('runs', 1, { integer: true })) => {
    const printed: { out: string[]; err: string[] } = { out: [], err: [] };
    const io: ScriptIo = {
      out: (t) => printed.out.push(t),
      err: (t) => printed.err.push(t),
      exit: (code) => {
        throw new Exit(code);
      },
    };
    try {
      return { value: scriptOptions(argv, { ...spec, name: 'demo', usage: 'usage: demo [--runs N]' }, read, io), code: undefined, ...printed };
    } catch (e) {
      if (!(e instanceof Exit)) throw e;
      return { value: undefined, code: e.code, ...printed };
    }
  };

  test('the options read give the value, printing nothing', () => {
    expect(run(['--runs', '4'])).toEqual({ value: 4, code: undefined, out: [], err: [] });
  });

  test('--help prints the usage and exits 0 without reading the options', () => {
    expect(run(['--help', '--runs', 'x'])).toEqual({ value: undefined, code: 0, out: ['usage: demo [--runs N]'], err: [] });
  });

  test('an unknown option or a value the script rejects prints the name, what is wrong and the usage, exit 2', () => {
    const unknown = run(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toHaveLength(1);
    expect(unknown.err[0]).toMatch(/^demo: unknown option --bogus .*\nusage: demo \[--runs N\]$/);
    expect(run(['--runs', '1.5']).err).toEqual(["demo: --runs must be a whole number (got '1.5')\nusage: demo [--runs N]"]);
    const rejected = run([], () => {
      throw new OptionError('--out DIR is required');
    });
    expect(rejected).toMatchObject({ code: 2, err: ['demo: --out DIR is required\nusage: demo [--runs N]'] });
  });

  test('an error that is not about the options is not swallowed', () => {
    expect(() =>
      run([], () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});

describe('every script reads its options with this parser', () => {
  const root = resolve(__dirname, '../..');
  const scripts = readdirSync(join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs|js)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(root, 'scripts', f));

  /** What a script does with its command line that the parser does not see: the reason in each message. */
  const ownParsing = (text: string): string[] => {
    const problems: string[] = [];
    for (const m of text.matchAll(/(\.\.\.)?process\.argv(\[\d+\]|\.\w+\(\d*\))?/g)) {
      const [use, spread, access] = m;
      if (access === '[1]') continue; // the module's own path: "is this file the one run?"
      if (spread && access === '.slice(2)') continue; // handed on to another program (astro build)
      if (access === '.slice(2)' && text.includes('scriptOptions(')) continue;
      problems.push(use);
    }
    return problems;
  };

  test('the check finds a script that reads process.argv itself', () => {
    expect(ownParsing("const flag = process.argv.includes('--x');")).toEqual(['process.argv']);
    expect(ownParsing('const [a, b] = process.argv.slice(2);')).toEqual(['process.argv.slice(2)']);
    expect(ownParsing('const n = Number(process.argv[2]);')).toEqual(['process.argv[2]']);
    expect(ownParsing('scriptOptions(process.argv.slice(2), spec, read); if (process.argv[1]) main();')).toEqual([]);
  });

  test('no script under scripts/ parses process.argv on its own', () => {
    expect(scripts.length).toBeGreaterThan(20);
    const found = scripts.flatMap((file) => ownParsing(readFileSync(file, 'utf8')).map((use) => `${relative(root, file)}: ${use}`));
    expect(found).toEqual([]);
  });
});
