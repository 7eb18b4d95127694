/**
 * What the page's scripts cost the first paint (`npm run bench -- --only paint`): home, a category,
 * a product, the search results page and a content page, each audited by the `lighthouse` CLI
 * (mobile, simulated throttling, a fresh Chromium per run, 390 px wide) as built and as a script-free
 * copy of the same build: the same HTML with every `<script>` and `<link rel="modulepreload">`
 * removed, served side by side by a second shop server. The two variants of a page are audited in
 * turn within each run, so both see the same machine load; their ratio (with ÷ without) is the
 * figure that does not depend on the machine. Before its runs, each page is loaded once unmeasured on
 * both servers and its pictures brought to their final cached form (./lib/warm.ts), so no run times
 * the image proxy's first encodes. The load average is printed beside the figures.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchContext } from './lib/context';
import { startShop } from './lib/server';
import { median, round } from './lib/stats';
import { table } from './lib/table';
import { lighthouseCliRun, type Lhr } from './lighthouse';
import { pageSamples, type PageType } from './pages';
import type { Results } from './results';
import { PROVISIONAL_CACHE_CONTROL } from '../../server/images';
import { warmPage } from './lib/warm';

/** The page types this section audits. */
export const PAINT_PAGES: readonly PageType[] = ['home', 'category', 'product', 'search', 'cms'];

/** Lighthouse's mobile emulation at the width of the phone the budgets use. */
export const PAINT_LH_FLAGS = ['--only-categories=performance', '--screenEmulation.width=390', '--screenEmulation.height=844'];

/** The page without any `<script>` element (executable or data) and without module preloads. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
}

/** The built file a page path is served from (`/x` is `x/index.html` or `x.html`). */
export function pageFile(dist: string, path: string): string {
  const pathname = new URL(path, 'http://x').pathname.replace(/\/$/, '');
  const candidates = pathname === '' ? [join(dist, 'index.html')] : [join(dist, pathname, 'index.html'), join(dist, `${pathname}.html`)];
  const file = candidates.find((f) => existsSync(f));
  if (!file) throw new Error(`no built file for ${path} in ${dist}`);
  return file;
}

export interface PaintRun {
  /** Performance score 0-100, FCP and LCP in ms, with the page's scripts and without. */
  with: { score: number; fcpMs: number; lcpMs: number };
  without: { score: number; fcpMs: number; lcpMs: number };
}

export interface PaintPage {
  type: PageType;
  path: string;
  runs: PaintRun[];
  /** Median over the runs of (with ÷ without). */
  fcpRatio: number;
  lcpRatio: number;
}

export interface PaintBench {
  measuredAt: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  lighthouseFlags: string[];
  pages: PaintPage[];
}

const figures = (l: Lhr) => ({
  score: Math.round((l.categories.performance?.score ?? 0) * 100),
  fcpMs: Math.round(l.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
  lcpMs: Math.round(l.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
});

/** A copy of the build with the audited pages' HTML replaced by their script-free form. */
function scriptFreeCopy(dist: string, dir: string, paths: string[]): void {
  rmSync(dir, { recursive: true, force: true });
  cpSync(dist, dir, { recursive: true });
  for (const p of paths) {
    const file = pageFile(dir, p);
    writeFileSync(file, stripScripts(readFileSync(file, 'utf8')));
  }
}

export async function sectionPaint(ctx: BenchContext, res: Results, dist: string, withScriptsUrl: string): Promise<void> {
  const { log } = ctx;
  const runs = ctx.options.number('lh-runs', ctx.quick ? 1 : 3, { integer: true, min: 1 });
  const samples = pageSamples().filter((s) => PAINT_PAGES.includes(s.type));
  const bare = join(ctx.work, 'dist-sample-no-scripts');
  scriptFreeCopy(
    dist,
    bare,
    samples.map((s) => s.path),
  );
  const loadAtStart = loadavg().map((n) => round(n, 2));
  const shop = await startShop(ctx.root, bare);
  const pages: PaintPage[] = [];
  try {
    for (const s of samples) {
      for (const base of [withScriptsUrl, shop.url]) {
        const w = await warmPage(base + s.path, (u) => lighthouseCliRun(u, PAINT_LH_FLAGS), PROVISIONAL_CACHE_CONTROL);
        log(`paint: ${s.type} warmed on ${base}: ${w.pictures} pictures in ${w.ms} ms${w.notFinal.length ? `, ${w.notFinal.length} still provisional` : ''}`);
      }
      const pageRuns: PaintRun[] = [];
      for (let i = 0; i < runs; i++) {
        log(`paint: ${s.type} ${s.path} run ${i + 1}/${runs} (load ${loadavg()[0]!.toFixed(2)}) ...`);
        const withScripts = figures(await lighthouseCliRun(withScriptsUrl + s.path, PAINT_LH_FLAGS));
        const without = figures(await lighthouseCliRun(shop.url + s.path, PAINT_LH_FLAGS));
        pageRuns.push({ with: withScripts, without });
        log(
          `paint: ${s.type} run ${i + 1}: FCP ${withScripts.fcpMs} / ${without.fcpMs} ms, LCP ${withScripts.lcpMs} / ${without.lcpMs} ms, score ${withScripts.score} / ${without.score} (with / without scripts)`,
        );
      }
      pages.push({
        type: s.type,
        path: s.path,
        runs: pageRuns,
        fcpRatio: round(median(pageRuns.map((r) => r.with.fcpMs / r.without.fcpMs)), 3),
        lcpRatio: round(median(pageRuns.map((r) => r.with.lcpMs / r.without.lcpMs)), 3),
      });
    }
  } finally {
    await shop.stop();
    rmSync(bare, { recursive: true, force: true });
  }
  const bench: PaintBench = {
    measuredAt: new Date().toISOString(),
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg().map((n) => round(n, 2)),
    lighthouseFlags: PAINT_LH_FLAGS,
    pages,
  };
  res.sections.paint = bench;
  console.log(`\n${paintTable(bench)}`);
}

const pct = (r: number) => `${r >= 1 ? '+' : ''}${Math.round((r - 1) * 1000) / 10} %`;

/** The section's table: per page and run, FCP and LCP with ÷ without scripts, the ratios and the scores. */
export function paintTable(b: PaintBench): string {
  const rows: (string | number)[][] = [];
  for (const p of b.pages)
    p.runs.forEach((r, i) =>
      rows.push([
        i === 0 ? p.type : '',
        i + 1,
        `${r.with.fcpMs} / ${r.without.fcpMs}`,
        pct(r.with.fcpMs / r.without.fcpMs),
        `${r.with.lcpMs} / ${r.without.lcpMs}`,
        pct(r.with.lcpMs / r.without.lcpMs),
        `${r.with.score} / ${r.without.score}`,
      ]),
    );
  return [
    `First paint with ÷ without the page's scripts: lighthouse CLI, mobile 390 px, simulated throttling, a fresh Chromium per run (${b.lighthouseFlags.join(' ')})`,
    `load average ${b.loadAverageAtStart.join(' ')} at start, ${b.loadAverageAtEnd.join(' ')} at end; ${b.measuredAt}`,
    '',
    table(['page', 'run', 'FCP ms with / without', 'FCP cost', 'LCP ms with / without', 'LCP cost', 'score with / without'], rows),
    '',
    `medians of the ratio: ${b.pages.map((p) => `${p.type} FCP ${pct(p.fcpRatio)} LCP ${pct(p.lcpRatio)}`).join('; ')}`,
  ].join('\n');
}
