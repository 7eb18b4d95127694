/**
 * The `pull` section of `npm run bench`: the rebuild hook's pull through `_search` plus the server's
 * build step after one editor's change (scripts/bench/pull.ts measures it), printed as a table.
 */
import { ensureSnapshot } from './lib/catalog';
import { BIG, type BenchContext } from './lib/context';
import { table } from './lib/table';
import { benchPull } from './pull';
import type { Results } from './results';

export async function sectionPull(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, log } = ctx;
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  const p = await benchPull(ROOT, WORK, big, log, { dropCaches: ctx.options.flag('drop-caches') });
  res.sections.pull = p;
  console.log(
    `\nPull + build after one editor's change (${p.base}, reference API's _search; first pull ${p.firstPullS} s, base build ${p.baseBuildS} s; load ${p.loadAverage.join(' ')})\n`,
  );
  console.log(
    table(
      ['change', 'pull', 'pull s', 'build', 'build s', 'live s'],
      p.runs.map((r) => [r.change.description, r.mode, r.pullS, r.way, r.ok ? r.buildS : 'failed', r.ok ? r.totalS : '-']),
    ),
  );
}
