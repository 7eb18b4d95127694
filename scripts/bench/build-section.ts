/**
 * The `build` section of `npm run bench`: full builds of the committed sample and of generated
 * catalogues (1,000 and 10,000 products, 50,000 with --large), timed with their phases and peak
 * memory (scripts/bench/build.ts measures one build), printed as a table; and the built sample the
 * page and Lighthouse sections measure.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { measureBuild, type BuildResult } from './build';
import { ensureSnapshot } from './lib/catalog';
import { BIG, LARGE, SMALL, mb, type BenchContext } from './lib/context';
import { median, round, seconds } from './lib/stats';
import { table } from './lib/table';
import type { Results } from './results';

export interface BuildSummary {
  label: string;
  snapshot: string;
  products: number;
  visibleProducts: number;
  runs: BuildResult[];
  ok: boolean;
  /** Medians over the successful runs. */
  wallS: number;
  /** CPU seconds of the build tree (user + system): less sensitive to other load than wall time. */
  cpuS: number;
  peakMb: number;
  pages: number;
  pagesPerSecond: number;
  phasesS: Record<string, number | null>;
}

async function buildSeries(
  ctx: BenchContext,
  label: string,
  snapshot: string,
  products: number,
  visibleProducts: number,
  runs: number,
  outDir: string,
  cacheDir: string,
  timeoutMs: number,
): Promise<BuildSummary> {
  const { root: ROOT, log } = ctx;
  const results: BuildResult[] = [];
  for (let i = 0; i < runs; i++) {
    log(`build ${label}: run ${i + 1}/${runs} ...`);
    const r = await measureBuild(ROOT, snapshot, outDir, cacheDir, { timeoutMs });
    log(`build ${label}: ${r.ok ? `${seconds(r.wallMs)} s, ${mb(r.peakRss)} MB, ${r.pages} pages` : `FAILED ${r.error?.split('\n')[0]}`}`);
    results.push(r);
    if (!r.ok) break;
  }
  const ok = results.filter((r) => r.ok);
  const med = (f: (r: BuildResult) => number) => (ok.length ? median(ok.map(f)) : Number.NaN);
  const phase = (k: keyof BuildResult['phases']) => {
    const v = ok.map((r) => r.phases[k]).filter((x): x is number => x !== null);
    return v.length ? seconds(median(v)) : null;
  };
  const wall = ok.length ? med((r) => r.wallMs) : (results[results.length - 1]?.wallMs ?? Number.NaN);
  const pages = ok.length ? med((r) => r.pages) : 0;
  return {
    label,
    snapshot,
    products,
    visibleProducts,
    runs: results,
    ok: ok.length > 0,
    wallS: seconds(wall),
    cpuS: seconds(ok.length ? med((r) => r.cpuMs) : Number.NaN),
    peakMb: mb(ok.length ? med((r) => r.peakRss) : Math.max(...results.map((r) => r.peakRss))),
    pages,
    pagesPerSecond: ok.length ? round(pages / (wall / 1000), 1) : 0,
    phasesS: {
      startup: phase('startupMs'),
      content: phase('contentMs'),
      serverBundle: phase('serverBundleMs'),
      clientBundle: phase('clientBundleMs'),
      render: phase('renderMs'),
      post: phase('postMs'),
    },
  };
}

export async function sectionBuild(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, large, log } = ctx;
  const runsSmall = ctx.options.number('runs', ctx.quick ? 1 : 3, { integer: true, min: 1 });
  const runsBig = ctx.options.number('big-runs', 1, { integer: true, min: 1 });
  const builds: BuildSummary[] = [];
  const cache = join(WORK, 'cache');
  builds.push(
    await buildSeries(
      ctx,
      'sample (committed)',
      SAMPLE_DIR,
      countOf(SAMPLE_DIR, 'products'),
      countOf(SAMPLE_DIR, 'visible_products'),
      1,
      join(WORK, 'dist-sample'),
      cache,
      15 * 60_000,
    ),
  );
  // A generated catalogue of `count` products (made once per seed), built `runs` times.
  const generated = async (count: number, runs: number, timeoutMs: number) => {
    const snap = await ensureSnapshot(ROOT, WORK, count, SEED, log);
    const label = `${count.toLocaleString('en-GB')} products`;
    return buildSeries(ctx, label, snap.dir, snap.products, snap.visibleProducts, runs, join(WORK, `dist-${count}`), cache, timeoutMs);
  };
  builds.push(await generated(SMALL, runsSmall, 15 * 60_000));
  builds.push(await generated(BIG, runsBig, 20 * 60_000));
  if (large) {
    builds.push(await generated(LARGE, 1, 40 * 60_000));
    rmSync(join(WORK, `dist-${LARGE}`), { recursive: true, force: true }); // ~2 GB of pages
  }
  res.sections.build = { measuredAt: new Date().toISOString(), builds };
  console.log(`\nFull builds (astro build: snapshot load, every page, post-processing; median of the runs)\n`);
  console.log(
    table(
      ['catalogue', 'products', 'visible', 'runs', 'wall s', 'cpu s', 'pages', 'pages/s', 'peak MB', 'content s', 'bundle s', 'render s', 'post s'],
      builds.map((b) => [
        b.label,
        b.products,
        b.visibleProducts,
        `${b.runs.filter((r) => r.ok).length}/${b.runs.length}`,
        b.ok ? b.wallS : 'failed',
        b.ok ? b.cpuS : '-',
        b.pages,
        b.pagesPerSecond,
        b.peakMb,
        b.phasesS.content ?? '-',
        (b.phasesS.serverBundle ?? 0) + (b.phasesS.clientBundle ?? 0),
        b.phasesS.render ?? '-',
        b.phasesS.post ?? '-',
      ]),
    ),
  );
  for (const b of builds.filter((x) => !x.ok)) console.log(`\n${b.label} failed: ${b.runs[b.runs.length - 1]?.error ?? ''}`);
}

function countOf(dir: string, key: string): number {
  try {
    return (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { counts: Record<string, number> }).counts[key] ?? 0;
  } catch {
    return 0;
  }
}

/** The built committed sample, for the page and Lighthouse sections (built now unless this run just did: `sampleBuilt`). */
export async function sampleSite(ctx: BenchContext, sampleBuilt: boolean): Promise<string> {
  const { root: ROOT, work: WORK, log } = ctx;
  const dir = join(WORK, 'dist-sample');
  if (!sampleBuilt || !existsSync(join(dir, 'index.html'))) {
    log('building the committed sample for the page measurements ...');
    const r = await measureBuild(ROOT, SAMPLE_DIR, dir, join(WORK, 'cache'));
    if (!r.ok) throw new Error(`sample build failed: ${r.error}`);
  }
  return dir;
}
