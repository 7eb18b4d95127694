/**
 * `npm run bench`: speed, size and scale measured the way shoppers and editors feel them.
 *
 *   npm run bench                      # everything (about 10-15 min on 2 cores)
 *   npm run bench -- --large           # also build a 50,000-product catalogue
 *   npm run bench -- --only search,api # some sections: build, rebuild, render, pull, pages, lighthouse, lighthouse-cli, paint, search, api, images, shards
 *   npm run bench -- --quick           # one run of everything, fewer Lighthouse runs (a smoke test)
 *
 * Other options: --runs N (builds of the small catalogue, default 3), --big-runs N (10,000, default 1),
 * --lh-runs N (Lighthouse runs per page, default 3), --render-runs N, --render-products N (the render section), --rebuild-runs N (rounds of the editors' changes,
 * default 1), --shard-products N, --shards N, --shard-only K (the shards section), --work DIR (default
 * bench/tmp), --no-write, --lh-no-paint-holding (Lighthouse's Chromium without Paint Holding, as
 * Playwright runs it: see docs/benchmarks.md for why the first paint is otherwise late at random; the
 * default keeps it), --drop-caches (the rebuild, shards and pull sections drop the kernel's page cache before each
 * build, as root: on a machine where making folders slows down after many were removed, each
 * build then starts from the same kernel state; see docs/benchmarks.md, "Rebuild growth"),
 * --keep-builds (the rebuild section keeps each round's output until it ends, instead of removing it
 * before the next round), --whole-only (the shards section builds the whole catalogue only),
 * --prepared (the shards section builds a prepared build: the site part, then page shards reading its
 * inputs), --site-part DIR (with it, the page shards reuse that site part's output).
 *
 * This file parses the options, runs the sections asked for and writes the results; each section's
 * runner and table live beside its benchmark (scripts/bench/<section>.ts, or *-section.ts beside
 * build.ts and pull.ts). Prints a table per section and writes bench/results/latest.json (sections
 * measured in this run replace the ones of earlier runs) and bench/results/build-scaling.svg. Every
 * build goes into a private folder under --work (never dist/); see docs/benchmarks.md for what each
 * figure means.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { OptionError, scriptOptions } from '../lib/cli-options';
import { sectionApi } from './api';
import { sampleSite, sectionBuild } from './build-section';
import { sectionImages } from './images';
import type { BenchContext } from './lib/context';
import { startShop } from './lib/server';
import { round, seconds } from './lib/stats';
import { table } from './lib/table';
import { guardUnsettled } from './lib/unsettled';
import { sectionLighthouse } from './lighthouse';
import { sectionPages } from './pages';
import { sectionPaint } from './paint';
import { sectionPull } from './pull-section';
import { sectionRebuild } from './rebuild-section';
import { sectionRender } from './render-section';
import { SECTIONS, machine, previousResults, writeOutputs, type Results, type Section } from './results';
import { sectionSearch } from './search';
import { sectionShards } from './shards';
import { targets } from './targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS = join(ROOT, 'bench/results');

const USAGE = 'usage: npm run bench -- [--only SECTION,...] [--quick] [--large] [--no-write] [--work DIR] [--runs N] ... (see scripts/bench/index.ts)';

const { o: opts, only } = scriptOptions(
  process.argv.slice(2),
  {
    name: 'bench',
    usage: USAGE,
    values: [
      'only',
      'runs',
      'big-runs',
      'lh-runs',
      'rebuild-runs',
      'render-runs',
      'render-products',
      'work',
      'shard-products',
      'shards',
      'shard-only',
      'shard-snapshot',
      'site-part',
    ],
    flags: ['quick', 'large', 'no-write', 'lh-no-paint-holding', 'drop-caches', 'keep-builds', 'whole-only', 'prepared'],
  },
  (o) => {
    // The whole numbers are checked now, not when their section starts (after minutes of others).
    for (const n of ['runs', 'big-runs', 'lh-runs', 'rebuild-runs', 'render-runs', 'render-products', 'shard-products', 'shards', 'shard-only'])
      o.number(n, 1, { integer: true, min: 1 });
    const only = o.list('only') as Section[] | undefined;
    if (only) for (const s of only) if (!SECTIONS.includes(s)) throw new OptionError(`unknown section '${s}' (sections: ${SECTIONS.join(', ')})`);
    return { o, only };
  },
);
const wanted = (s: Section) => !only || only.includes(s);
const WORK = resolve(ROOT, opts.value('work') ?? 'bench/tmp');
const write = !opts.flag('no-write');
const log = (s: string) => process.stderr.write(`bench: ${s}\n`);
const ctx: BenchContext = { root: ROOT, work: WORK, seed: 1, quick: opts.flag('quick'), large: opts.flag('large'), options: opts, log };

async function main(): Promise<void> {
  const t0 = performance.now();
  mkdirSync(WORK, { recursive: true });
  // Astro writes a build's intermediate files into the project's .astro/ when --outDir lies outside
  // the project, where concurrent builds overwrite each other: keep bench builds inside it.
  if (!WORK.startsWith(`${ROOT}/`)) log(`warning: --work ${WORK} is outside the project; concurrent builds may collide in .astro/`);
  const prev = previousResults(RESULTS);
  const res: Results = {
    generatedAt: new Date().toISOString(),
    machine: machine(ROOT),
    sections: only && prev ? { ...prev.sections } : {},
    errors: {},
    targets: [],
  };
  // Sections measured now replace earlier ones; sections not run keep their earlier figures.
  for (const s of SECTIONS) if (wanted(s)) delete res.sections[s];
  let section: string | null = null;
  const guard = guardUnsettled(() => section);
  const run = async (s: Section, fn: () => Promise<void>) => {
    if (!wanted(s)) return;
    section = s;
    try {
      await fn();
    } catch (e) {
      res.errors[s] = (e as Error).stack ?? String(e);
      console.log(`\n${s}: FAILED: ${(e as Error).message}`);
    }
  };
  await run('build', () => sectionBuild(ctx, res));
  await run('rebuild', () => sectionRebuild(ctx, res));
  await run('render', () => sectionRender(ctx, res));
  await run('pull', () => sectionPull(ctx, res));
  if (wanted('pages') || wanted('lighthouse') || wanted('lighthouse-cli') || wanted('paint')) {
    let shop: Awaited<ReturnType<typeof startShop>> | null = null;
    try {
      // The sample this run's build section made, if it did (else built now).
      const site = await sampleSite(ctx, wanted('build') && res.sections.build?.builds[0]?.ok === true);
      shop = await startShop(ROOT, site);
      const url = shop.url;
      await run('pages', () => sectionPages(ctx, res, url));
      await run('lighthouse', () => sectionLighthouse(ctx, res, url));
      await run('lighthouse-cli', () => sectionLighthouse(ctx, res, url, 'lighthouse-cli'));
      await run('paint', () => sectionPaint(ctx, res, site, url));
    } catch (e) {
      for (const s of ['pages', 'lighthouse', 'lighthouse-cli', 'paint'] as const) if (wanted(s) && !res.sections[s]) res.errors[s] = (e as Error).message;
      console.log(`\npages/lighthouse: FAILED: ${(e as Error).message}`);
    } finally {
      await shop?.stop();
    }
  }
  await run('search', () => sectionSearch(ctx, res));
  await run('api', () => sectionApi(ctx, res));
  await run('images', () => sectionImages(ctx, res));
  await run('shards', () => sectionShards(ctx, res));

  res.machine.loadAverageAtEnd = loadavg().map((n) => round(n, 2));
  res.machine.benchSeconds = seconds(performance.now() - t0);
  res.targets = targets(res);
  // With --only, the sections not run keep an earlier run's figures: their targets say so.
  const thisRun = new Set(
    targets({ ...res, sections: Object.fromEntries(Object.entries(res.sections).filter(([s]) => wanted(s as Section))) })
      .filter((t) => t.met !== null)
      .map((t) => t.target),
  );
  console.log('\nTargets\n');
  console.log(
    table(
      ['target', 'measured', 'met'],
      res.targets.map((t) => [
        t.target,
        t.met !== null && !thisRun.has(t.target) ? `${t.value} (an earlier run's)` : t.value,
        t.met === null ? '-' : t.met ? 'yes' : 'NO',
      ]),
    ),
  );
  console.log(
    `\nload average ${String(res.machine.loadAverageAtStart)} at start, ${String(res.machine.loadAverageAtEnd)} at end; ${String(res.machine.benchSeconds)} s in all`,
  );
  if (write) {
    writeOutputs(RESULTS, res);
    console.log(`wrote ${join('bench/results', 'latest.json')} and build-scaling.svg`);
  }
  if (Object.keys(res.errors).length) process.exitCode = 1;
  guard.done();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
