import { describe, expect, test } from 'vitest';
import { OptionError, parseOptions } from '../../scripts/lib/cli-options';

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
});
