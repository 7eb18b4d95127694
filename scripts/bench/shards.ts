/**
 * The sharded build measured (`npm run bench -- --only shards`): one catalogue built whole and as N
 * shards (`astro build --shard K/N`), each build timed with its peak memory, then the shards merged
 * (`src/lib/build/merge.ts`) and compared with the whole build file by file. `shardOnly` builds one
 * shard and nothing else (a catalogue too large to build whole here). `prepared` builds a prepared
 * build instead of self-contained shards: the site part (`--shard 0/N`) first, then the page shards
 * reading its inputs (`--inputs`); `siteDir` reuses a site part built before.
 */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { snapshotProductCount } from '../../src/lib/build/heap';
import { loadavg } from 'node:os';
import { mergeShards } from '../../src/lib/build/merge';
import { diffTrees, hashTree, measureBuild, type BuildResult } from './build';
import { round, seconds } from './lib/stats';
import { ensureSnapshot } from './lib/catalog';
import { LARGE, type BenchContext, type BuildFigures } from './lib/context';
import { dropPageCache } from './lib/page-cache';
import { table } from './lib/table';
import type { Results } from './results';

/** One instant for every build of the comparison: a special price cannot start between two shards. */
const BUILD_TIME = '2026-11-20T12:00:00.000Z';

export interface ShardRun extends BuildFigures {
  label: string;
  loadAverage: number[];
}

export interface ShardBench {
  products: number;
  shards: number;
  runs: ShardRun[];
  merge?: { seconds: number; identical: boolean; differing: string[] };
}

const summary = (label: string, r: BuildResult): ShardRun => ({
  label,
  ok: r.ok,
  ...(r.ok ? {} : { error: r.error?.split('\n')[0] }),
  wallS: seconds(r.wallMs),
  cpuS: seconds(r.cpuMs),
  peakMb: Math.round(r.peakRss / 1024 / 1024),
  pages: r.pages,
  loadAverage: loadavg().map((n) => round(n, 2)),
});

export async function benchShards(opts: {
  root: string;
  work: string;
  snapshot: string;
  products: number;
  shards: number;
  /** Build only this shard (no whole build, no merge). */
  shardOnly?: number;
  /** Build only the whole catalogue (no shards, no merge). */
  wholeOnly?: boolean;
  timeoutMs: number;
  log: (s: string) => void;
  /** Drop the kernel's page cache before each build (./lib/page-cache.ts). */
  dropCaches?: boolean;
  /** A prepared build: the site part, then page shards reading its inputs. */
  prepared?: boolean;
  /** The output of a site part built before (with `prepared`): not built again, not removed. */
  siteDir?: string;
}): Promise<ShardBench> {
  const { root, work, snapshot, shards, log } = opts;
  const runs: ShardRun[] = [];
  const dirs: string[] = [];
  const build = async (label: string, out: string, args: string[]) => {
    const cache = `${out}-cache`;
    rmSync(cache, { recursive: true, force: true }); // nothing restored: every page rendered
    log(`shards: building ${label} ...`);
    if (opts.dropCaches) dropPageCache();
    const r = await measureBuild(root, snapshot, out, cache, { timeoutMs: opts.timeoutMs, args, env: { BUILD_TIME } });
    rmSync(cache, { recursive: true, force: true });
    const s = summary(label, r);
    log(`shards: ${label}: ${s.ok ? `${s.wallS} s, ${s.peakMb} MB, ${s.pages} pages` : `FAILED ${r.error ?? ''}`}`);
    runs.push(s);
    return r.ok;
  };
  const wholeDir = join(work, `dist-shards-whole`);
  const list = opts.wholeOnly ? [] : opts.shardOnly ? [opts.shardOnly] : Array.from({ length: shards }, (_, i) => i + 1);
  let ok = opts.shardOnly ? true : await build(`${opts.products} products, whole`, wholeDir, []);
  let siteDir: string | undefined;
  if (opts.prepared && !opts.wholeOnly) {
    siteDir = opts.siteDir ?? join(work, `dist-site-of-${shards}`);
    if (!opts.siteDir) ok = (await build(`${opts.products} products, site part 0/${shards}`, siteDir, ['--shard', `0/${shards}`])) && ok;
    else if (!existsSync(join(siteDir, '_shard-inputs'))) throw new Error(`${siteDir} has no _shard-inputs/: not the output of a site part (--shard 0/N)`);
    dirs.push(siteDir);
  }
  for (const k of list) {
    const out = join(work, `dist-shard-${k}-of-${shards}`);
    dirs.push(out);
    const inputs = siteDir ? ['--inputs', join(siteDir, '_shard-inputs')] : [];
    ok = ok && (await build(`${opts.products} products, ${siteDir ? 'page shard' : 'shard'} ${k}/${shards}`, out, ['--shard', `${k}/${shards}`, ...inputs]));
  }
  const result: ShardBench = { products: opts.products, shards, runs };
  if (ok && !opts.shardOnly && !opts.wholeOnly) {
    const merged = join(work, 'dist-shards-merged');
    rmSync(merged, { recursive: true, force: true });
    const t0 = performance.now();
    await mergeShards(dirs, merged);
    const mergeS = seconds(performance.now() - t0);
    const d = diffTrees(hashTree(wholeDir), hashTree(merged));
    const differing = [...d.changed, ...d.added, ...d.removed];
    result.merge = { seconds: mergeS, identical: differing.length === 0, differing: differing.slice(0, 20) };
    log(`shards: merged in ${mergeS} s; ${differing.length === 0 ? 'identical to the whole build' : `${differing.length} files differ`}`);
    rmSync(merged, { recursive: true, force: true });
  }
  // A site part is kept when built for one shard: the other shards can reuse it (--site-part DIR).
  for (const d of [wholeDir, ...dirs]) if (!(d === siteDir && (opts.shardOnly || opts.siteDir))) rmSync(d, { recursive: true, force: true });
  if (siteDir && opts.shardOnly && !opts.siteDir) log(`shards: the site part is kept in ${siteDir} (--site-part ${siteDir} builds another page shard from it)`);
  return result;
}

/**
 * `--only shards [--shard-products 50000 | --shard-snapshot DIR] [--shards 4] [--shard-only K]
 * [--prepared [--site-part DIR]]`: the catalogue built whole and as N shards, merged and compared
 * (scripts/bench/shards.ts); with --shard-only, one shard alone; with --whole-only, the whole build
 * alone; with --prepared, the site part and page shards of a prepared build.
 */
export async function sectionShards(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, log } = ctx;
  const products = ctx.options.number('shard-products', LARGE, { integer: true, min: 1 });
  const shards = ctx.options.number('shards', 4, { integer: true, min: 1 });
  const shardOnly = ctx.options.value('shard-only') === undefined ? undefined : ctx.options.number('shard-only', 0, { integer: true, min: 1 });
  // --shard-snapshot DIR: a catalogue made elsewhere (e.g. scripts/scale-catalog.ts), not generated here.
  const given = ctx.options.value('shard-snapshot');
  const snap = given ? { dir: resolve(given), products: snapshotProductCount(resolve(given)) } : await ensureSnapshot(ROOT, WORK, products, SEED, log);
  const r = await benchShards({
    root: ROOT,
    work: WORK,
    snapshot: snap.dir,
    products: snap.products,
    shards,
    shardOnly,
    timeoutMs: 90 * 60_000,
    log,
    dropCaches: ctx.options.flag('drop-caches'),
    wholeOnly: ctx.options.flag('whole-only'),
    prepared: ctx.options.flag('prepared') || ctx.options.value('site-part') !== undefined,
    siteDir: ctx.options.value('site-part') === undefined ? undefined : resolve(ctx.options.value('site-part')!),
  });
  res.sections.shards = { measuredAt: new Date().toISOString(), ...r };
  console.log(`\nSharded build: ${r.products.toLocaleString('en-GB')} products in ${r.shards} shard(s) (every page rendered, no cache)\n`);
  console.log(
    table(
      ['build', 'wall s', 'cpu s', 'peak MB', 'HTML pages', 'load average'],
      r.runs.map((b) => [b.label, b.ok ? b.wallS : `failed: ${b.error ?? ''}`, b.cpuS, b.peakMb, b.pages, b.loadAverage.join(' ')]),
    ),
  );
  if (r.merge)
    console.log(
      `\nmerge: ${r.merge.seconds} s, ${r.merge.identical ? 'identical to the whole build, byte for byte' : `DIFFERS from the whole build: ${r.merge.differing.join(', ')}`}`,
    );
}
