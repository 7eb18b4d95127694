/**
 * `npm run bench`: speed, size and scale measured the way shoppers and editors feel them.
 *
 *   npm run bench                      # everything (about 10-15 min on 2 cores)
 *   npm run bench -- --large           # also build a 50,000-product catalogue
 *   npm run bench -- --only search,api # some sections: build, rebuild, pull, pages, lighthouse, lighthouse-cli, search, api, images, shards
 *   npm run bench -- --quick           # one run of everything, fewer Lighthouse runs (a smoke test)
 *
 * Other options: --runs N (builds of the small catalogue, default 3), --big-runs N (10,000, default 1),
 * --lh-runs N (Lighthouse runs per page, default 3), --work DIR (default bench/tmp), --no-write,
 * --lh-no-paint-holding (Lighthouse's Chromium without Paint Holding, as Playwright runs it: see
 * docs/benchmarks.md for why the first paint is otherwise late at random; the default keeps it).
 *
 * Prints a table per section and writes bench/results/latest.json (sections measured in this run
 * replace the ones of earlier runs) and bench/results/build-scaling.svg. Every build goes into a
 * private folder under --work (never dist/); see docs/benchmarks.md for what each figure means.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { BUDGET_VIEWPORTS, IDLE_MS, budgets, jsEventualBudget, jsInitialBudget, type BudgetPageType } from '../../budgets.config';
import { SAMPLE_DIR } from '../../src/lib/build/snapshot';
import { benchApi, type ApiBench } from './api';
import { benchImages, type ImageBench } from './images';
import { diffTrees, hashTree, measureBuild, sourceFingerprint, type BuildResult } from './build';
import { benchPull, type PullSummary } from './pull';
import { scalingChart, type ScalingPoint } from './chart';
import { copyWithCmsEdit, copyWithPriceEdit, ensureSnapshot, type EditorChange } from './lib/catalog';
import { startShop } from './lib/server';
import { kb, median, round, seconds } from './lib/stats';
import { table } from './lib/table';
import { auditPage, auditPageCli, CLI_CHROME_FLAGS, type LighthouseScores } from './lighthouse';
import { eventualJsGzip, initialCssGzip, initialJsGzip, measurePage, type PageWeight } from './page-weight';
import { pageSamples, type PageSample } from './pages';
import { benchListing, benchSearch, type ListingBench, type SearchBench } from './search';
import { benchShards, type ShardBench } from './shards';
import type { EngineBench } from './listing-engine';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS = join(ROOT, 'bench/results');
const SECTIONS = ['build', 'rebuild', 'pull', 'pages', 'lighthouse', 'lighthouse-cli', 'search', 'api', 'images', 'shards'] as const;
type Section = (typeof SECTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const value = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = flag('quick');
const large = flag('large');
const only = value('only')
  ?.split(',')
  .map((s) => s.trim()) as Section[] | undefined;
const wanted = (s: Section) => !only || only.includes(s);
const runsSmall = Number(value('runs') ?? (quick ? 1 : 3));
const runsBig = Number(value('big-runs') ?? 1);
const lhRuns = Number(value('lh-runs') ?? (quick ? 1 : 3));
/** Rounds of the two editors' changes after the base build (each round: the CMS paragraph, then the price; a change after another also undoes it). */
const rebuildRuns = Number(value('rebuild-runs') ?? 1);
const lhFlags = flag('lh-no-paint-holding') ? ['--disable-features=PaintHolding'] : [];
const WORK = resolve(ROOT, value('work') ?? 'bench/tmp');
const write = !flag('no-write');
const SEED = 1;
const SMALL = 1000;
const BIG = 10_000;
const LARGE = 50_000;

if (only) for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`unknown section '${s}' (sections: ${SECTIONS.join(', ')})`);

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

// ---------------------------------------------------------------------------------------------
// Result shapes (bench/results/latest.json)

interface BuildSummary {
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

interface RebuildSummary {
  change: EditorChange;
  ok: boolean;
  error?: string;
  wallS: number;
  cpuS: number;
  peakMb: number;
  pages: number;
  /** Pages rendered, and pages copied from the previous build (incremental build). */
  rendered: number;
  restored: number;
  /** Output files that differ from the build before the change (what a deploy uploads). */
  filesChanged: number;
  filesAdded: number;
  filesRemoved: number;
  examples: string[];
  /** The sources changed between the base build and this one: the file counts are not the change's alone. */
  sourcesChangedMeanwhile: boolean;
}

interface PageSummary extends PageSample {
  viewports: Record<string, PageWeight>;
  /** Worst over the viewports, gzipped bytes. */
  jsInitialGzip: number;
  jsEventualGzip: number;
  cssInitialGzip: number;
  htmlGzip: number;
  budgets: { name: string; value: number; max: number; ok: boolean }[];
}

interface Results {
  generatedAt: string;
  machine: Record<string, unknown>;
  sections: Partial<{
    build: { measuredAt: string; builds: BuildSummary[] };
    rebuild: { measuredAt: string; base: string; rebuilds: RebuildSummary[] };
    pull: PullSummary;
    pages: { measuredAt: string; idleMs: number; pages: PageSummary[] };
    lighthouse: { measuredAt: string; runs: number; chromeFlags?: string[]; pages: LighthouseScores[] };
    /** The same pages audited as people run Lighthouse: the CLI, a fresh Chromium per run, default settings. */
    'lighthouse-cli': { measuredAt: string; runs: number; chromeFlags?: string[]; pages: LighthouseScores[] };
    search: { measuredAt: string; snapshot: SearchBench; synthetic: SearchBench; listing: ListingBench; engine?: EngineBench };
    api: { measuredAt: string } & ApiBench;
    images: { measuredAt: string; loadAverage: number[] } & ImageBench;
    shards: { measuredAt: string } & ShardBench;
  }>;
  errors: Partial<Record<Section, string>>;
  targets: { target: string; value: string; met: boolean | null }[];
}

function previousResults(): Results | null {
  try {
    return JSON.parse(readFileSync(join(RESULTS, 'latest.json'), 'utf8')) as Results;
  } catch {
    return null;
  }
}

function machine(): Record<string, unknown> {
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    dirty = execSync('git status --porcelain', { cwd: ROOT }).toString().trim().length > 0;
  } catch {
    // not a git checkout
  }
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    loadAverageAtStart: loadavg().map((n) => round(n, 2)),
    commit,
    uncommittedChanges: dirty,
  };
}

// ---------------------------------------------------------------------------------------------
// Sections

async function buildSeries(
  label: string,
  snapshot: string,
  products: number,
  visibleProducts: number,
  runs: number,
  outDir: string,
  cacheDir: string,
  timeoutMs: number,
): Promise<BuildSummary> {
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

/** Set when this run built the committed sample (the page sections then reuse that build). */
let sampleBuilt = false;
/** Fingerprint of the sources when the 10,000-product base build started. */
let bigSources = '';

async function sectionBuild(res: Results): Promise<void> {
  const builds: BuildSummary[] = [];
  const cache = join(WORK, 'cache');
  builds.push(
    await buildSeries(
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
  sampleBuilt = builds[0]!.ok;
  const small = await ensureSnapshot(ROOT, WORK, SMALL, SEED, log);
  builds.push(
    await buildSeries(
      `${SMALL.toLocaleString('en-GB')} products`,
      small.dir,
      small.products,
      small.visibleProducts,
      runsSmall,
      join(WORK, `dist-${SMALL}`),
      cache,
      15 * 60_000,
    ),
  );
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  bigSources = sourceFingerprint(ROOT);
  builds.push(
    await buildSeries(
      `${BIG.toLocaleString('en-GB')} products`,
      big.dir,
      big.products,
      big.visibleProducts,
      runsBig,
      join(WORK, `dist-${BIG}`),
      cache,
      20 * 60_000,
    ),
  );
  if (large) {
    const l = await ensureSnapshot(ROOT, WORK, LARGE, SEED, log);
    builds.push(
      await buildSeries(`${LARGE.toLocaleString('en-GB')} products`, l.dir, l.products, l.visibleProducts, 1, join(WORK, `dist-${LARGE}`), cache, 40 * 60_000),
    );
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

async function sectionPull(res: Results): Promise<void> {
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  const p = await benchPull(ROOT, WORK, big, log);
  res.sections.pull = p;
  console.log(
    `\nPull + build after one editor's change (${p.base}, reference API's _search; first pull ${p.firstPullS} s, base build ${p.baseBuildS} s; load ${p.loadAverage.join(' ')})\n`,
  );
  console.log(
    table(
      ['change', 'pull', 'pull s', 'build s', 'live s'],
      p.runs.map((r) => [r.change.description, r.mode, r.pullS, r.ok ? r.buildS : 'failed', r.ok ? r.totalS : '-']),
    ),
  );
}

async function sectionRebuild(res: Results): Promise<void> {
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  // A cache folder of its own: the incremental build reuses the pages of the last build made with it,
  // which must be the base (the build section's cache has seen other catalogues since).
  const cache = join(WORK, 'cache-rebuild');
  rmSync(cache, { recursive: true, force: true });
  const baseDir = join(WORK, `dist-${BIG}-base`);
  log('rebuild: building the 10,000-product base first ...');
  bigSources = sourceFingerprint(ROOT);
  const base = await measureBuild(ROOT, big.dir, baseDir, cache);
  if (!base.ok) throw new Error(`base build failed: ${base.error}`);
  log(
    `rebuild: base (full build of ${BIG} products): ${seconds(base.wallMs)} s wall, ${seconds(base.cpuMs)} CPU s, peak ${mb(base.peakRss)} MB, ${base.pages} pages`,
  );
  const before = hashTree(baseDir);
  const rebuilds: RebuildSummary[] = [];
  const edits: [string, (from: string, to: string) => EditorChange][] = Array.from({ length: rebuildRuns }, () => [
    ['cms', copyWithCmsEdit] as [string, (from: string, to: string) => EditorChange],
    ['price', copyWithPriceEdit] as [string, (from: string, to: string) => EditorChange],
  ]).flat();
  for (const [name, edit] of edits) {
    const snap = join(WORK, `snap-${BIG}-edit-${name}`);
    const out = join(WORK, `dist-${BIG}-edit-${name}`);
    const change = edit(big.dir, snap);
    log(`rebuild after ${change.description} ...`);
    const r = await measureBuild(ROOT, snap, out, cache);
    const diff = r.ok ? diffTrees(before, hashTree(out)) : { changed: [], added: [], removed: [] };
    const sourcesChangedMeanwhile = sourceFingerprint(ROOT) !== bigSources;
    if (sourcesChangedMeanwhile) log('rebuild: the sources changed since the base build; changed-file counts include those edits');
    rebuilds.push({
      change,
      ok: r.ok,
      ...(r.ok ? {} : { error: r.error }),
      wallS: seconds(r.wallMs),
      cpuS: seconds(r.cpuMs),
      peakMb: mb(r.peakRss),
      pages: r.pages,
      rendered: r.rendered,
      restored: r.restored,
      filesChanged: diff.changed.length,
      filesAdded: diff.added.length,
      filesRemoved: diff.removed.length,
      examples: [...diff.changed, ...diff.added, ...diff.removed].slice(0, 12),
      sourcesChangedMeanwhile,
    });
    rmSync(out, { recursive: true, force: true });
    rmSync(snap, { recursive: true, force: true });
  }
  rmSync(baseDir, { recursive: true, force: true });
  res.sections.rebuild = { measuredAt: new Date().toISOString(), base: `${BIG} products`, rebuilds };
  console.log(`\nRebuilds after one editor's change (${BIG.toLocaleString('en-GB')}-product catalogue, warm cache)\n`);
  console.log(
    table(
      ['change', 'wall s', 'cpu s', 'peak MB', 'pages', 'rendered', 'restored', 'files changed', 'added', 'removed'],
      rebuilds.map((r) => [
        r.change.description,
        r.ok ? r.wallS : 'failed',
        r.cpuS,
        r.peakMb,
        r.pages,
        r.rendered,
        r.restored,
        `${r.filesChanged}${r.sourcesChangedMeanwhile ? ' (sources edited meanwhile)' : ''}`,
        r.filesAdded,
        r.filesRemoved,
      ]),
    ),
  );
  for (const r of rebuilds)
    if (r.examples.length)
      console.log(`  ${r.change.kind}: ${r.examples.slice(0, 6).join(', ')}${r.filesChanged + r.filesAdded + r.filesRemoved > 6 ? ', ...' : ''}`);
}

/** The built committed sample, for the page and Lighthouse sections (built now unless this run just did). */
async function sampleSite(): Promise<string> {
  const dir = join(WORK, 'dist-sample');
  if (!sampleBuilt || !existsSync(join(dir, 'index.html'))) {
    log('building the committed sample for the page measurements ...');
    const r = await measureBuild(ROOT, SAMPLE_DIR, dir, join(WORK, 'cache'));
    if (!r.ok) throw new Error(`sample build failed: ${r.error}`);
  }
  return dir;
}

async function sectionPages(res: Results, baseUrl: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pages: PageSummary[] = [];
  try {
    for (const sample of pageSamples()) {
      const viewports: Record<string, PageWeight> = {};
      for (const vp of BUDGET_VIEWPORTS) {
        log(`page weight: ${sample.type} ${sample.path} at ${vp.name} ...`);
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        try {
          viewports[vp.name] = await measurePage(context, baseUrl, sample.path, { idleMs: IDLE_MS });
        } finally {
          await context.close();
        }
      }
      const all = Object.values(viewports);
      const worst = (f: (w: PageWeight) => number) => Math.max(...all.map(f));
      const type = sample.type as BudgetPageType;
      const jsInitial = worst(initialJsGzip);
      const jsEventual = worst(eventualJsGzip);
      const css = worst(initialCssGzip);
      const html = worst((w) => w.html.gzip);
      const checks: PageSummary['budgets'] = [
        { name: 'js initial', value: jsInitial, max: jsInitialBudget(type).max, ok: jsInitial <= jsInitialBudget(type).max },
        { name: 'js eventual', value: jsEventual, max: jsEventualBudget(type).max, ok: jsEventual <= jsEventualBudget(type).max },
        type === 'amp'
          ? {
              name: 'amp inline css (raw)',
              value: worst((w) => w.cssInline.raw),
              max: budgets.ampCss.max,
              ok: worst((w) => w.cssInline.raw) <= budgets.ampCss.max && worst((w) => w.cssInitial.count) === 0,
            }
          : { name: 'css initial', value: css, max: budgets.cssInitial.max, ok: css <= budgets.cssInitial.max },
        ...(type === 'product' ? [{ name: 'html', value: html, max: budgets.htmlProduct.max, ok: html <= budgets.htmlProduct.max }] : []),
      ];
      pages.push({ ...sample, viewports, jsInitialGzip: jsInitial, jsEventualGzip: jsEventual, cssInitialGzip: css, htmlGzip: html, budgets: checks });
    }
  } finally {
    await browser.close();
  }
  res.sections.pages = { measuredAt: new Date().toISOString(), idleMs: IDLE_MS, pages };
  console.log(`\nPage weight, gzipped KB (worst of ${BUDGET_VIEWPORTS.map((v) => `${v.name} ${v.width}px`).join(' and ')}; budgets in budgets.config.ts)\n`);
  const budgetCell = (v: number, max: number) => `${kb(v)}${v > max ? ` OVER ${kb(max)}` : ''}`;
  console.log(
    table(
      ['page', 'path', `JS load+${IDLE_MS / 1000}s`, 'JS eventual', 'CSS', 'HTML', 'HTML raw', 'islands', 'fonts', 'images mobile', 'images desktop'],
      pages.map((p) => {
        const ji = p.budgets.find((b) => b.name === 'js initial')!;
        const je = p.budgets.find((b) => b.name === 'js eventual')!;
        return [
          p.type,
          p.path.length > 48 ? `${p.path.slice(0, 45)}...` : p.path,
          budgetCell(ji.value, ji.max),
          budgetCell(je.value, je.max),
          p.type === 'amp'
            ? `${kb(Math.max(...Object.values(p.viewports).map((w) => w.cssInline.raw)))} raw inline`
            : budgetCell(p.cssInitialGzip, budgets.cssInitial.max),
          p.type === 'product' ? budgetCell(p.htmlGzip, budgets.htmlProduct.max) : kb(p.htmlGzip),
          kb(Math.max(...Object.values(p.viewports).map((w) => w.html.raw))),
          Math.max(...Object.values(p.viewports).map((w) => w.islands)),
          kb(Math.max(...Object.values(p.viewports).map((w) => w.fonts.raw))),
          p.viewports.mobile?.images ? `${kb(p.viewports.mobile.images.raw)} (${p.viewports.mobile.images.count})` : '-',
          p.viewports.desktop?.images ? `${kb(p.viewports.desktop.images.raw)} (${p.viewports.desktop.images.count})` : '-',
        ];
      }),
    ),
  );
}

async function sectionLighthouse(res: Results, baseUrl: string, way: 'lighthouse' | 'lighthouse-cli' = 'lighthouse'): Promise<void> {
  const samples = pageSamples().filter((s) => s.type === 'home' || s.type === 'category' || s.type === 'product');
  const pages: LighthouseScores[] = [];
  const cli = way === 'lighthouse-cli';
  for (const s of samples) {
    log(`${way}: ${s.type} ${s.path} (${lhRuns} run${lhRuns > 1 ? 's' : ''}) ...`);
    pages.push(cli ? await auditPageCli(baseUrl, s.path, lhRuns) : await auditPage(baseUrl, s.path, lhRuns, undefined, lhFlags));
  }
  const chromeFlags = cli ? [CLI_CHROME_FLAGS] : lhFlags;
  res.sections[way] = { measuredAt: new Date().toISOString(), runs: lhRuns, chromeFlags, pages };
  console.log(
    `\nLighthouse mobile (simulated throttling), ${lhRuns} run(s) per page${cli ? ', the CLI with a fresh Chromium per run and default settings' : ''}: scores of the median-performance run, metrics median` +
      `${chromeFlags.length ? ` (Chromium ${chromeFlags.join(' ')})` : ''}\n`,
  );
  console.log(
    table(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'FCP seen ms', 'perf runs'],
      pages.map((p, i) => [
        samples[i]!.type,
        p.performance,
        p.accessibility,
        p.bestPractices,
        p.seo,
        p.lcpMs,
        p.tbtMs,
        p.cls,
        p.fcpMs,
        p.observedFcpMs,
        p.performanceRuns.join(' '),
      ]),
    ),
  );
  for (const [i, p] of pages.entries()) {
    const lost = p.failing.filter((f) => f.category !== 'performance' || (f.score ?? 0) < 0.9);
    if (lost.length)
      console.log(`  ${samples[i]!.type}: ${lost.map((f) => `${f.category}/${f.id} ${f.score === null ? '' : Math.round(f.score * 100)}`).join(', ')}`);
  }
}

async function sectionSearch(res: Results): Promise<void> {
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  log('search: snapshot index ...');
  const snapshot = benchSearch({ snapshotDir: big.dir });
  log('search: synthetic index (every product searchable) ...');
  const { syntheticCatalogue } = await import('../bench-search');
  const synth = syntheticCatalogue(BIG);
  const synthetic = benchSearch({ label: `synthetic ${BIG} (scripts/bench-search.ts)`, ...synth });
  log('listing: 5,000 products ...');
  const listing = benchListing(big.dir, 5000);
  log('listing: the browser engine over the root category ...');
  const engine = benchEngineIn(big.dir);
  res.sections.search = { measuredAt: new Date().toISOString(), snapshot, synthetic, listing, engine };
  console.log('\nSearch: 1,000 queries (typos, prefixes, SKUs, phrases) on the engine shipped to the browser\n');
  console.log(
    table(
      ['index', 'searchable', 'index KB', 'gzip KB', 'load ms', 'median ms', 'p95 ms', 'max ms', 'hit rate'],
      [snapshot, synthetic].map((s) => [
        s === snapshot ? `snapshot ${BIG.toLocaleString('en-GB')} records` : `synthetic ${BIG.toLocaleString('en-GB')}`,
        s.searchable,
        kb(s.indexRawBytes),
        kb(s.indexGzipBytes),
        Math.round(s.engineLoadMs),
        round(s.queries.medianMs, 3),
        round(s.queries.p95Ms, 2),
        round(s.queries.maxMs, 1),
        `${Math.round(s.hitRate * 100)}%`,
      ]),
    ),
  );
  console.log(`\nCategory listing over ${listing.products.toLocaleString('en-GB')} products (applyQuery; facets)\n`);
  console.log(
    table(
      ['operation', 'matches', 'median ms', 'p95 ms'],
      listing.cases.map((c) => [c.name, c.total, round(c.medianMs, 2), round(c.p95Ms, 2)]),
    ),
  );
  console.log(
    `\nCategory listing in the browser's engine (runListing: filters, facet counts, sort) over the root category's listing file: ${engine.products.toLocaleString('en-GB')} products, ${engine.fileKb} KB, parsed and indexed in ${round(engine.indexMs, 1)} ms\n`,
  );
  console.log(
    table(
      ['operation', 'matches', 'median ms', 'p95 ms'],
      engine.cases.map((c) => [c.name, c.total, round(c.medianMs, 2), round(c.p95Ms, 2)]),
    ),
  );
}

/** scripts/bench/listing-engine.ts in a process of its own reading `snapshotDir` (the catalogue is read once per process). */
function benchEngineIn(snapshotDir: string): EngineBench {
  const out = execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/bench/listing-engine.ts')], {
    cwd: ROOT,
    env: { ...process.env, SNAPSHOT_DIR: snapshotDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.toString()) as EngineBench;
}

async function sectionApi(res: Results): Promise<void> {
  log('api: autocannon on loopback (scripts/bench-api.ts) ...');
  const api = await benchApi(ROOT, quick ? 3 : 5, 10);
  res.sections.api = { measuredAt: new Date().toISOString(), ...api };
  if (!api.ok) throw new Error(api.error);
  console.log(`\nAPI on loopback (${api.connections} connections, ${api.durationS} s per route)\n`);
  console.log(
    table(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      api.routes.map((r) => [r.route, r.requestsPerSecond, r.p50Ms, r.p99Ms, r.non2xx, r.errors]),
    ),
  );
}

/**
 * `--only shards [--shard-products 50000] [--shards 4] [--shard-only K]`: the catalogue built whole
 * and as N shards, merged and compared (scripts/bench/shards.ts); with --shard-only, one shard alone.
 */
async function sectionShards(res: Results): Promise<void> {
  const products = Number(value('shard-products') ?? LARGE);
  const shards = Number(value('shards') ?? 4);
  const shardOnly = value('shard-only') === undefined ? undefined : Number(value('shard-only'));
  const snap = await ensureSnapshot(ROOT, WORK, products, SEED, log);
  const r = await benchShards({ root: ROOT, work: WORK, snapshot: snap.dir, products: snap.products, shards, shardOnly, timeoutMs: 90 * 60_000, log });
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

async function sectionImages(res: Results): Promise<void> {
  log('images: the image proxy on loopback (cold resizes of a 1,600 px JPEG, cached answers) ...');
  const loadAverage = loadavg().map((n) => round(n, 2));
  const r = await benchImages(quick ? 100 : 300);
  res.sections.images = { measuredAt: new Date().toISOString(), loadAverage, ...r };
  console.log(`\nImage proxy on loopback (source ${kb(r.sourceBytes)} KB JPEG, 1,600 px; load average ${loadAverage.join(' ')})\n`);
  console.log(
    table(
      ['format', 'cold median ms', 'cold max ms', ...Object.keys(r.cold[0]!.bytes).map((s) => `${s} KB`)],
      r.cold.map((c) => [c.format, c.medianMs, c.maxMs, ...Object.values(c.bytes).map((b) => kb(b))]),
    ),
  );
  console.log(
    `AVIF made in the background: median ${r.avifBackground.medianMs} ms, max ${r.avifBackground.maxMs} ms; KB ${Object.entries(r.avifBackground.bytes)
      .map(([k, v]) => `${k} ${kb(v)}`)
      .join(', ')}`,
  );
  console.log(`cached (600x744 WebP, ${r.cached.requests} sequential): p50 ${r.cached.p50Ms} ms, p95 ${r.cached.p95Ms} ms`);
}

// ---------------------------------------------------------------------------------------------
// Targets (docs/benchmarks.md) and outputs

function targets(res: Results): Results['targets'] {
  const out: Results['targets'] = [];
  const s = res.sections;
  const b10 = s.build?.builds.find((b) => b.products === BIG);
  // Build targets: no regression from the move to Astro 7 and React 19
  out.push({
    target: '10,000 products build in <= 50 s',
    value: b10 ? (b10.ok ? `${b10.wallS} s` : 'failed') : 'not measured',
    met: b10 ? b10.ok && b10.wallS <= 50 : null,
  });
  out.push({
    target: '10,000 products build with <= 1 GB peak memory',
    value: b10 ? `${b10.peakMb} MB` : 'not measured',
    met: b10 ? b10.ok && b10.peakMb <= 1024 : null,
  });
  const b50 = s.build?.builds.find((b) => b.products === LARGE);
  out.push({
    target: '50,000 products build in <= 200 s with <= 2 GB peak memory',
    value: b50
      ? b50.ok
        ? `${b50.wallS} s, ${b50.peakMb} MB`
        : `failed${b50.runs.some((r) => r.outOfMemory) ? ' (out of memory)' : ''}`
      : 'not measured (--large)',
    met: b50 ? b50.ok && b50.wallS <= 200 && b50.peakMb <= 2048 : null,
  });
  for (const r of s.pull?.runs ?? [])
    out.push({
      target: `live after ${r.change.description}, pull through _search included (10,000 products) <= 15 s`,
      value: r.ok ? `${r.totalS} s (pull ${r.pullS} s, ${r.mode})` : 'failed',
      met: r.ok && r.totalS <= 15,
    });
  const rebuildTargets: Record<string, number> = { 'cms-page': 10, 'product-price': 12 };
  for (const r of s.rebuild?.rebuilds ?? []) {
    const max = rebuildTargets[r.change.kind];
    if (max !== undefined)
      out.push({
        target: `rebuild after ${r.change.description} (10,000 products) <= ${max} s`,
        value: r.ok ? `${r.wallS} s, ${r.rendered} pages rendered, ${r.restored} restored` : 'failed',
        met: r.ok && r.wallS <= max,
      });
  }
  for (const [way, p] of [
    ...(s.lighthouse?.pages ?? []).map((x) => ['Lighthouse', x] as const),
    ...(s['lighthouse-cli']?.pages ?? []).map((x) => ['Lighthouse CLI', x] as const),
  ]) {
    const type = pageSamples().find((x) => x.path === p.path)?.type ?? p.path;
    const worst = Math.min(...p.performanceRuns);
    out.push({ target: `${way} ${type}: performance >= 98 in each run`, value: p.performanceRuns.join(' '), met: worst >= 98 });
    out.push({ target: `${way} ${type}: LCP <= 1.8 s (median)`, value: `${round(p.lcpMs / 1000, 2)} s`, met: p.lcpMs <= 1800 });
    if (way === 'Lighthouse CLI') continue;
    out.push({
      target: `Lighthouse ${type}: accessibility, best practices, SEO 100`,
      value: `${p.accessibility} / ${p.bestPractices} / ${p.seo}`,
      met: p.accessibility === 100 && p.bestPractices === 100 && p.seo === 100,
    });
    out.push({ target: `Lighthouse ${type}: CLS 0`, value: String(p.cls), met: p.cls === 0 });
  }
  if (s.search) {
    const worst = Math.max(s.search.snapshot.queries.p95Ms, s.search.synthetic.queries.p95Ms);
    out.push({ target: 'search p95 < 10 ms (10,000 products)', value: `${round(worst, 2)} ms`, met: worst < 10 });
    const med = Math.max(s.search.snapshot.queries.medianMs, s.search.synthetic.queries.medianMs);
    out.push({ target: 'search median < 10 ms', value: `${round(med, 3)} ms`, met: med < 10 });
    const engine = s.search.engine;
    if (engine) {
      const slowest = Math.max(...engine.cases.map((c) => c.medianMs));
      out.push({
        target: `category filter and sort < 16 ms in the browser's engine (${engine.products.toLocaleString('en-GB')} products, slowest median)`,
        value: `${round(slowest, 2)} ms`,
        met: slowest < 16,
      });
    }
  }
  // Pictures: bytes on load at the mobile viewport, and the proxy's cost.
  const pictures = (type: string) => s.pages?.pages.find((p) => p.type === type)?.viewports.mobile?.images?.raw;
  const productImages = pictures('product');
  out.push({
    target: 'image bytes on load, product page, mobile <= 200 KB',
    value: productImages === undefined ? 'not measured' : `${kb(productImages)} KB`,
    met: productImages === undefined ? null : productImages <= 200 * 1024,
  });
  const categoryImages = pictures('category');
  out.push({
    target: 'image bytes on load, category first screen, mobile <= 250 KB',
    value: categoryImages === undefined ? 'not measured' : `${kb(categoryImages)} KB`,
    met: categoryImages === undefined ? null : categoryImages <= 250 * 1024,
  });
  if (s.images) {
    const coldWorst = Math.max(...s.images.cold.map((c) => c.medianMs));
    out.push({
      target: 'image proxy cold resize of a 1,600 px JPEG <= 150 ms (median over sizes, slowest format)',
      value: `${coldWorst} ms`,
      met: coldWorst <= 150,
    });
    out.push({ target: 'image proxy cached answer p95 <= 5 ms', value: `${s.images.cached.p95Ms} ms`, met: s.images.cached.p95Ms <= 5 });
  }
  for (const p of s.pages?.pages ?? []) {
    const target = jsInitialBudget(p.type).target;
    if (target !== undefined)
      out.push({ target: `target ${p.type}: JS on load + 5 s idle <= ${kb(target)} KB`, value: `${kb(p.jsInitialGzip)} KB`, met: p.jsInitialGzip <= target });
    const eventual = jsEventualBudget(p.type).target;
    if (eventual !== undefined)
      out.push({
        target: `target ${p.type}: JS once every island hydrated <= ${kb(eventual)} KB`,
        value: `${kb(p.jsEventualGzip)} KB`,
        met: p.jsEventualGzip <= eventual,
      });
  }
  for (const p of s.pages?.pages ?? [])
    for (const b of p.budgets)
      out.push({
        target: `budget ${p.type}: ${b.name} <= ${b.name.includes('raw') ? `${b.max} B` : `${kb(b.max)} KB`}`,
        value: b.name.includes('raw') ? `${b.value} B` : `${kb(b.value)} KB`,
        met: b.ok,
      });
  return out;
}

function writeOutputs(res: Results): void {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest.json'), `${JSON.stringify(res, null, 2)}\n`);
  const builds = res.sections.build?.builds ?? [];
  const points: ScalingPoint[] = builds.map((b) => ({
    products: b.products,
    wallS: b.ok ? b.wallS : (b.runs[b.runs.length - 1]?.wallMs ?? 0) / 1000,
    peakMb: b.peakMb,
    ok: b.ok,
  }));
  if (points.length) {
    const m = res.machine;
    const svg = scalingChart(points, {
      title: 'Pendle & James storefront: full build against catalogue size',
      subtitle: `${String(m.cpus)} CPU cores, Node ${String(m.node)}, load average at start ${(m.loadAverageAtStart as number[] | undefined)?.[0] ?? '?'}, commit ${String(m.commit)}, ${res.sections.build!.measuredAt.slice(0, 10)}`,
      targetS: 90,
      targetMb: 2048,
    });
    writeFileSync(join(RESULTS, 'build-scaling.svg'), svg);
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  mkdirSync(WORK, { recursive: true });
  // Astro writes a build's intermediate files into the project's .astro/ when --outDir lies outside
  // the project, where concurrent builds overwrite each other: keep bench builds inside it.
  if (!WORK.startsWith(`${ROOT}/`)) log(`warning: --work ${WORK} is outside the project; concurrent builds may collide in .astro/`);
  const prev = previousResults();
  const res: Results = {
    generatedAt: new Date().toISOString(),
    machine: machine(),
    sections: only && prev ? { ...prev.sections } : {},
    errors: {},
    targets: [],
  };
  // Sections measured now replace earlier ones; sections not run keep their earlier figures.
  for (const s of SECTIONS) if (wanted(s)) delete res.sections[s];
  const run = async (s: Section, fn: () => Promise<void>) => {
    if (!wanted(s)) return;
    try {
      await fn();
    } catch (e) {
      res.errors[s] = (e as Error).stack ?? String(e);
      console.log(`\n${s}: FAILED: ${(e as Error).message}`);
    }
  };
  await run('build', () => sectionBuild(res));
  await run('rebuild', () => sectionRebuild(res));
  await run('pull', () => sectionPull(res));
  if (wanted('pages') || wanted('lighthouse') || wanted('lighthouse-cli')) {
    let shop: Awaited<ReturnType<typeof startShop>> | null = null;
    try {
      const site = await sampleSite();
      shop = await startShop(ROOT, site);
      const url = shop.url;
      await run('pages', () => sectionPages(res, url));
      await run('lighthouse', () => sectionLighthouse(res, url));
      await run('lighthouse-cli', () => sectionLighthouse(res, url, 'lighthouse-cli'));
    } catch (e) {
      for (const s of ['pages', 'lighthouse', 'lighthouse-cli'] as const) if (wanted(s) && !res.sections[s]) res.errors[s] = (e as Error).message;
      console.log(`\npages/lighthouse: FAILED: ${(e as Error).message}`);
    } finally {
      await shop?.stop();
    }
  }
  await run('search', () => sectionSearch(res));
  await run('api', () => sectionApi(res));
  await run('images', () => sectionImages(res));
  await run('shards', () => sectionShards(res));

  res.machine.loadAverageAtEnd = loadavg().map((n) => round(n, 2));
  res.machine.benchSeconds = seconds(performance.now() - t0);
  res.targets = targets(res);
  console.log('\nTargets\n');
  console.log(
    table(
      ['target', 'measured', 'met'],
      res.targets.map((t) => [t.target, t.value, t.met === null ? '-' : t.met ? 'yes' : 'NO']),
    ),
  );
  console.log(
    `\nload average ${String(res.machine.loadAverageAtStart)} at start, ${String(res.machine.loadAverageAtEnd)} at end; ${String(res.machine.benchSeconds)} s in all`,
  );
  if (write) {
    writeOutputs(res);
    console.log(`wrote ${join('bench/results', 'latest.json')} and build-scaling.svg`);
  }
  if (Object.keys(res.errors).length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
