/**
 * What every benchmark section of `npm run bench` (scripts/bench/index.ts) is run with: the project,
 * the work folder, the parsed options and the log, plus the catalogue sizes the sections share.
 */
import type { CliOptions } from '../../lib/cli-options';

export interface BenchContext {
  /** The project root. */
  root: string;
  /** Where snapshots and builds go (--work, default bench/tmp; never dist/). */
  work: string;
  /** The seed of the generated catalogues. */
  seed: number;
  /** --quick: one run of everything, fewer Lighthouse runs. */
  quick: boolean;
  /** --large: also the 50,000-product catalogue. */
  large: boolean;
  /** The options of the command line, for the section-specific ones (--runs, --lh-runs, --shards...). */
  options: CliOptions;
  /** Progress lines, on stderr. */
  log: (s: string) => void;
}

export const SMALL = 1000;
export const BIG = 10_000;
export const LARGE = 50_000;

/** The figures of one measured build (a rebuild after a change, a sharded or single build). */
export interface BuildFigures {
  ok: boolean;
  error?: string;
  wallS: number;
  /** CPU seconds of the build's process tree (user + system). */
  cpuS: number;
  peakMb: number;
  pages: number;
}

/** Bytes in whole megabytes. */
export const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
