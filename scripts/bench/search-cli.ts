/**
 * Search benchmark (`npm run bench:search`): builds the search index for a 10,000-product catalogue and times queries.
 *
 *   npm run bench:search                          # synthetic catalogue (10,000 products, seeded)
 *   npm run bench:search -- --products 20000      # another size
 *   npm run bench:search -- --snapshot /tmp/snap-10k   # a snapshot folder (scripts/sample-catalog.ts output)
 *   npm run bench:search -- --json                # machine-readable output
 *   npm run bench:search -- --split-only          # only the split index's download figures (large catalogues)
 *
 * Reports index size (raw and gzipped), engine build time, median / p95 / max query time per engine,
 * and what a first search downloads with the index split (`split`: gzipped bytes per query); with
 * --snapshot, what a first visit to the results page downloads (`resultsPage`) and what the offline
 * warming downloads, file by file and in bundles (`warming`).
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { config } from '../../src/lib/config';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine, type SearchEngine } from '../../src/lib/search/engine';
import { createMiniSearchEngine } from './engine-minisearch';
import type { SearchIndexFile } from '../../src/lib/search/types';
import { scriptOptions } from '../lib/cli-options';
import { benchQueries, resultsPageDownloads, splitDownloads } from './search';
import { warmingDownloads } from './search-warming';
import { BENCH_QUERIES, syntheticCatalogue } from './search-catalogue';

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function timeQueries(engine: SearchEngine, rounds: number) {
  const times: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (const q of BENCH_QUERIES) engine.search(q); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const q of BENCH_QUERIES) {
      const t0 = performance.now();
      engine.search(q, { size: 50 });
      const dt = performance.now() - t0;
      times.push(dt);
      (perQuery.get(q) ?? perQuery.set(q, []).get(q)!).push(dt);
    }
  }
  times.sort((a, b) => a - b);
  const slowest = [...perQuery]
    .map(([q, ts]) => [q, ts.sort((a, b) => a - b)[Math.floor(ts.length / 2)]!] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  return { median: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]!, queries: times.length, slowest };
}

async function main() {
  // Read here, not at load: the benchmark runner imports this module's catalogue generator.
  const { productCount, snapshot, asJson, rounds, splitOnly } = scriptOptions(
    process.argv.slice(2),
    {
      name: 'bench:search',
      usage: 'usage: npm run bench:search -- [--products N | --snapshot DIR] [--rounds N] [--json] [--split-only]',
      values: ['products', 'snapshot', 'rounds'],
      flags: ['json', 'split-only'],
    },
    (o) => ({
      productCount: o.number('products', 10_000, { integer: true, min: 1 }),
      snapshot: o.value('snapshot'),
      asJson: o.flag('json'),
      rounds: o.number('rounds', 25, { integer: true, min: 1 }),
      splitOnly: o.flag('split-only'),
    }),
  );
  let file: SearchIndexFile;
  const t0 = performance.now();
  if (snapshot) {
    const { iterateProducts, readCategories, readAttributes } = await import('../../src/lib/snapshot/read');
    file = buildSearchIndex(iterateProducts(snapshot), readCategories(snapshot), { attributes: readAttributes(snapshot) });
  } else {
    const { products, categories } = syntheticCatalogue(productCount);
    file = buildSearchIndex(products, categories);
  }
  const buildFileMs = performance.now() - t0;
  const json = JSON.stringify(file);
  const report: Record<string, unknown> = {
    source: snapshot ?? `synthetic ${productCount}`,
    searchable: file.d.length,
    indexFile: { rawKB: +(json.length / 1024).toFixed(1), gzipKB: +(gzipSync(json, { level: 9 }).length / 1024).toFixed(1), buildMs: Math.round(buildFileMs) },
  };
  const queries = [...BENCH_QUERIES, ...benchQueries(file, 200)];
  report.split = splitDownloads(file, queries);
  if (snapshot) {
    // The results page lists matches from the catalogue's search listing, made by the build's own code for this snapshot.
    process.env.SNAPSHOT_DIR = snapshot;
    const { searchListingFile } = await import('../../src/lib/build/listing-file');
    const full = searchListingFile();
    report.resultsPage = resultsPageDownloads(file, full, [...queries, 'gold', 'silver', 'ring']);
    report.warming = warmingDownloads(file, full);
  }
  if (splitOnly) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const settings = config.constants.search;
  const engines: Record<string, SearchEngine> = {};
  for (const [name, create] of [
    ['minisearch', createMiniSearchEngine],
    ['handmade', createSearchEngine],
  ] as const) {
    const t1 = performance.now();
    const engine = create(JSON.parse(json) as SearchIndexFile, settings);
    const loadMs = performance.now() - t1;
    engines[name] = engine;
    report[name] = { loadMs: Math.round(loadMs), ...timeQueries(engine, rounds) };
  }
  // How far the two agree: share of the minisearch top 10 found in the handmade top 10, and totals.
  const overlap = BENCH_QUERIES.map((q) => {
    const a = engines.minisearch!.search(q, { size: 10 });
    const b = engines.handmade!.search(q, { size: 10 });
    const top = new Set(b.items.map((h) => h.s));
    return { q, totals: [a.total, b.total], top10Shared: a.items.filter((h) => top.has(h.s)).length };
  });
  report.agreement = {
    meanTop10Shared: +(overlap.reduce((s, o) => s + o.top10Shared, 0) / overlap.length).toFixed(2),
    differingTotals: overlap.filter((o) => o.totals[0] !== o.totals[1]).map((o) => `${o.q}: ${o.totals.join(' vs ')}`),
  };
  if (asJson) console.log(JSON.stringify(report, null, 2));
  else console.dir(report, { depth: 4 });
}

// Run only as a script, so the catalogue generator can be imported by probes.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
