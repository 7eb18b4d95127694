/**
 * Lighthouse (the `lighthouse` npm package, default mobile emulation and simulated throttling)
 * driving Debian's Chromium against pages served by the shop server. Each page is audited
 * `runs` times; the report keeps the run with the median performance score (Lighthouse's own
 * advice for variance), and the median of each metric.
 *
 * Two ways: `auditPage`, the package's API with one warm Chromium for the page's runs (as the bench
 * always did), and `auditPageCli`, the way people run it: the `lighthouse` command from
 * node_modules, a fresh Chromium per run, default settings, only `--chrome-flags`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { median, round } from './lib/stats';
import type { BenchContext } from './lib/context';
import { table } from './lib/table';
import { pageSamples } from './pages';
import type { Results } from './results';
import { PROVISIONAL_CACHE_CONTROL } from '../../server/images';
import { warmPage } from './lib/warm';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseScores {
  path: string;
  runs: number;
  /** Category scores 0-100 (of the median-performance run). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Median over the runs. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /**
   * Median first contentful paint in the observed (unthrottled) trace. Chromium's Paint Holding keeps the blank
   * page on screen after navigation and lets the new one show at about 0.1, 1.2 or 2.2 s at random
   * (docs/benchmarks.md, "Why Lighthouse's first paint was late"); Lantern then counts every request
   * made before that paint into LCP.
   */
  observedFcpMs: number;
  /** Chromium flags beyond CHROME_FLAGS (e.g. `--disable-features=PaintHolding`). */
  extraFlags: string[];
  /** Audits that lost points in the kept run (id and title), for the note. */
  failing: { id: string; title: string; score: number | null; category: string }[];
  /** Every run's performance score. */
  performanceRuns: number[];
}

export interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { id: string; title: string; score: number | null; numericValue?: number; scoreDisplayMode: string; details?: { items?: Record<string, number>[] } }
  >;
  runtimeError?: { message: string };
}

const pct = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

/** Audits `baseUrl + path` `runs` times with one Chromium instance. */
export async function auditPage(
  baseUrl: string,
  path: string,
  runs = 3,
  chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium',
  extraFlags: string[] = [],
): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...extraFlags], logLevel: 'silent' });
  try {
    const lhrs: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(baseUrl + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result?.lhr as unknown as Lhr | undefined;
      if (!lhr) throw new Error(`lighthouse returned nothing for ${path}`);
      if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message} (${path})`);
      lhrs.push(lhr);
    }
    return summarize(path, lhrs, extraFlags);
  } finally {
    await chrome.kill();
  }
}

/** The flags people pass to the CLI on a server without a display or sandbox. */
export const CLI_CHROME_FLAGS = '--headless --no-sandbox';

/**
 * One run of the `lighthouse` command against `url`: a fresh Chromium (CHROME_PATH, default
 * /usr/bin/chromium), default settings (mobile, simulated throttling) plus `flags`.
 */
export async function lighthouseCliRun(url: string, flags: readonly string[] = [], chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'): Promise<Lhr> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, url, '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CLI_CHROME_FLAGS}`, ...flags], {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`lighthouse CLI exited with ${code} (${url}): ${stderr.slice(-1500)}`))));
  });
  const lhr = JSON.parse(out) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message} (${url})`);
  return lhr;
}

/** Audits `baseUrl + path` `runs` times with the `lighthouse` command (`lighthouseCliRun`, every category). */
export async function auditPageCli(
  baseUrl: string,
  path: string,
  runs = 3,
  chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium',
): Promise<LighthouseScores> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await lighthouseCliRun(baseUrl + path, [], chromePath));
  return summarize(path, lhrs, [`cli ${CLI_CHROME_FLAGS}`]);
}

/** The median-performance run's scores and every metric's median. */
function summarize(path: string, lhrs: Lhr[], extraFlags: string[]): LighthouseScores {
  const runs = lhrs.length;
  const perf = lhrs.map((l) => pct(l.categories.performance?.score));
  const sorted = lhrs.map((l, i) => ({ l, p: perf[i]! })).sort((a, b) => a.p - b.p);
  const kept = sorted[Math.floor((sorted.length - 1) / 2)]!.l;
  const metric = (id: string) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? Number.NaN));
  const failing: LighthouseScores['failing'] = [];
  for (const [cat, c] of Object.entries(kept.categories)) {
    for (const ref of c.auditRefs) {
      const a = kept.audits[ref.id];
      if (
        !a ||
        a.score === null ||
        a.score >= 1 ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'notApplicable' ||
        a.scoreDisplayMode === 'manual'
      )
        continue;
      if (cat !== 'performance' || ref.weight > 0) failing.push({ id: a.id, title: a.title, score: a.score, category: cat });
    }
  }
  return {
    path,
    runs,
    performance: pct(kept.categories.performance?.score),
    accessibility: pct(kept.categories.accessibility?.score),
    bestPractices: pct(kept.categories['best-practices']?.score),
    seo: pct(kept.categories.seo?.score),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: round(metric('cumulative-layout-shift'), 3),
    fcpMs: Math.round(metric('first-contentful-paint')),
    observedFcpMs: Math.round(median(lhrs.map((l) => l.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN))),
    extraFlags,
    failing,
    performanceRuns: perf,
  };
}

export async function sectionLighthouse(ctx: BenchContext, res: Results, baseUrl: string, way: 'lighthouse' | 'lighthouse-cli' = 'lighthouse'): Promise<void> {
  const { log } = ctx;
  const lhRuns = ctx.options.number('lh-runs', ctx.quick ? 1 : 3, { integer: true, min: 1 });
  const lhFlags = ctx.options.flag('lh-no-paint-holding') ? ['--disable-features=PaintHolding'] : [];
  const samples = pageSamples().filter((s) => s.type === 'home' || s.type === 'category' || s.type === 'product');
  const pages: LighthouseScores[] = [];
  const cli = way === 'lighthouse-cli';
  for (const s of samples) {
    // One unmeasured load first, its pictures brought to their final cached form (./lib/warm.ts).
    const w = await warmPage(baseUrl + s.path, (u) => lighthouseCliRun(u, ['--only-categories=performance']), PROVISIONAL_CACHE_CONTROL);
    log(`${way}: ${s.type} warmed: ${w.pictures} pictures in ${w.ms} ms${w.notFinal.length ? `, ${w.notFinal.length} still provisional` : ''}`);
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
