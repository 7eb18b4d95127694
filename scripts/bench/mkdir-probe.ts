/**
 * The machine's cost of making folders, round after round of making and removing them: what a
 * rebuild pays for the ~23,000 folders of a 10,000-product site (nearly every page is a folder of its
 * own). On this project's build machine the cost grows with every round of folders made and
 * removed, in new processes and under new names too, until the kernel's page cache is dropped
 * (docs/benchmarks.md, "Rebuild growth"). Run it to see whether a machine has that property before
 * reading rebuild figures measured one after another on it:
 *
 *   npm exec -- tsx scripts/bench/mkdir-probe.ts [--rounds 5] [--folders 8000] [--dir bench/tmp] [--keep]
 *
 * `--keep` leaves each round's folders in place (removed only at the end), to compare.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scriptOptions } from '../lib/cli-options';

const usage = 'npm exec -- tsx scripts/bench/mkdir-probe.ts [--rounds N] [--folders N] [--dir DIR] [--keep]';
const opts = scriptOptions(process.argv.slice(2), { name: 'mkdir-probe', usage, values: ['rounds', 'folders', 'dir'], flags: ['keep'] }, (o) => ({
  rounds: o.number('rounds', 5, { integer: true, min: 1 }),
  folders: o.number('folders', 8000, { integer: true, min: 1 }),
  dir: resolve(o.value('dir') ?? 'bench/tmp'),
  keep: o.flag('keep'),
}));

mkdirSync(opts.dir, { recursive: true });
const work = mkdtempSync(join(opts.dir, 'mkdir-probe-'));
try {
  for (let round = 1; round <= opts.rounds; round++) {
    const base = join(work, `round-${round}`);
    let t = performance.now();
    // Two levels a page, as `p/<sku>/<slug>/index.html` and `amp/<sku>/<slug>/index.html`.
    for (let i = 0; i < opts.folders; i++) mkdirSync(join(base, `sku-${i}`, `slug-${i}`), { recursive: true });
    const made = performance.now() - t;
    t = performance.now();
    if (!opts.keep) rmSync(base, { recursive: true, force: true });
    const removed = performance.now() - t;
    console.log(
      `round ${round}: ${(opts.folders * 2).toLocaleString('en-GB')} folders made in ${made.toFixed(0)} ms (${((made * 1000) / (opts.folders * 2)).toFixed(0)} µs each)` +
        (opts.keep ? '' : `, removed in ${removed.toFixed(0)} ms`),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
