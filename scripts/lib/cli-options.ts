/**
 * The command-line options of the scripts (`--name value`, `--name=value`, `--flag`): one parser, so
 * every script reads its options the same way and a mistyped option or a word where a number belongs
 * stops the script with a message naming it, instead of running with a default or NaN.
 */

export class OptionError extends Error {
  override name = 'OptionError';
}

export interface OptionSpec {
  /** Options that take a value (`--runs 3`, `--runs=3`). */
  values?: readonly string[];
  /** Options that take none (`--quick`). */
  flags?: readonly string[];
  /** Options that take two values (`--window 10 20`); read with `pair`. */
  pairs?: readonly string[];
  /** Words that are not options (file names...) are allowed and kept in `rest`; otherwise they are an error. */
  positional?: boolean;
}

export interface CliOptions {
  flag(name: string): boolean;
  value(name: string): string | undefined;
  /** The two values of a `pairs` option; undefined when absent. */
  pair(name: string): readonly [string, string] | undefined;
  /** A number option; `fallback` when absent. Not a number, or not whole when `integer`: an OptionError. */
  number(name: string, fallback: number, opts?: { integer?: boolean; min?: number }): number;
  /** A comma-separated list (`--only search,api`), trimmed; undefined when absent. */
  list(name: string): string[] | undefined;
  /** The words that are not options, in order. */
  rest: string[];
}

export function parseOptions(argv: readonly string[], spec: OptionSpec): CliOptions {
  const valueNames = new Set(spec.values ?? []);
  const flagNames = new Set(spec.flags ?? []);
  const pairNames = new Set(spec.pairs ?? []);
  const values = new Map<string, string>();
  const pairs = new Map<string, readonly [string, string]>();
  const flags = new Set<string>();
  const rest: string[] = [];
  const known = [
    ...[...valueNames].map((n) => `--${n} VALUE`),
    ...[...pairNames].map((n) => `--${n} VALUE VALUE`),
    ...[...flagNames].map((n) => `--${n}`),
  ].join(', ');
  const isValue = (v: string | undefined): v is string => v !== undefined && !v.startsWith('--');
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('--')) {
      if (!spec.positional) throw new OptionError(`unexpected argument '${word}' (options: ${known})`);
      rest.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (flagNames.has(name) && eq < 0) flags.add(name);
    else if (valueNames.has(name)) {
      const v = eq < 0 ? argv[++i] : word.slice(eq + 1);
      if (v === undefined || (eq < 0 && v.startsWith('--'))) throw new OptionError(`--${name} needs a value`);
      values.set(name, v);
    } else if (pairNames.has(name) && eq < 0) {
      const [a, b] = [argv[i + 1], argv[i + 2]];
      if (!isValue(a) || !isValue(b)) throw new OptionError(`--${name} needs two values`);
      pairs.set(name, [a, b]);
      i += 2;
    } else throw new OptionError(`unknown option --${name} (options: ${known})`);
  }
  return {
    rest,
    flag: (name) => flags.has(name),
    value: (name) => values.get(name),
    pair: (name) => pairs.get(name),
    list: (name) =>
      values
        .get(name)
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    number(name, fallback, opts = {}) {
      const raw = values.get(name);
      if (raw === undefined) return fallback;
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || (opts.integer && !Number.isInteger(n)))
        throw new OptionError(`--${name} must be a ${opts.integer ? 'whole number' : 'number'} (got '${raw}')`);
      if (opts.min !== undefined && n < opts.min) throw new OptionError(`--${name} must be at least ${opts.min} (got ${n})`);
      return n;
    },
  };
}

/** What a script's options need from the process: printing and leaving (a test passes its own). */
export interface ScriptIo {
  out(text: string): void;
  err(text: string): void;
  exit(code: number): never;
}

const processIo: ScriptIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  exit: (code) => process.exit(code),
};

export interface ScriptSpec extends OptionSpec {
  /** The script's name as its messages start (`data:import`). */
  name: string;
  /** The usage line, printed by `--help` and after an error. */
  usage: string;
}

/**
 * A script's options, the same way in every script: `--help` prints the usage and exits 0; an unknown
 * option, a missing value or a value `read` rejects (by throwing an OptionError) prints
 * `NAME: what is wrong` and the usage and exits 2. `read` turns the options into what the script uses.
 */
export function scriptOptions<T>(argv: readonly string[], spec: ScriptSpec, read: (o: CliOptions) => T, io: ScriptIo = processIo): T {
  let result: T;
  try {
    const o = parseOptions(argv, { ...spec, flags: [...(spec.flags ?? []), 'help'] });
    if (o.flag('help')) {
      io.out(spec.usage);
      return io.exit(0);
    }
    result = read(o);
  } catch (e) {
    if (!(e instanceof OptionError)) throw e;
    io.err(`${spec.name}: ${e.message}\n${spec.usage}`);
    return io.exit(2);
  }
  return result;
}
