/**
 * Shopper-side speed of finding products, with the project's own code:
 *   - search: 1,000 queries (typos, partial words, SKUs, multi-word) over the index of a catalogue
 *     (src/lib/search: buildSearchIndex + the engine shipped to the browser), median and p95;
 *   - category filtering and sorting (src/lib/catalog/query applyQuery, and facets) over 5,000 products.
 */
import { performance } from 'node:perf_hooks';
import { config } from '../../src/lib/config';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { createSplitEngine } from '../../src/lib/search/split-engine';
import { FACET_RECORDS_PER_FILE, splitSearchIndex, splitSearchListing } from '../../src/lib/search/split';
import { bucketsOf, facetFilesOf } from '../../src/lib/search/split-listing';
import type { ListingFile } from '../../src/lib/catalog/listing/client';
import type { SearchIndexFile } from '../../src/lib/search/types';
import { applyQuery, buildCatalogQuery, initialQueryState, toggleFilter, changeSort } from '../../src/lib/catalog/query';
import { facets } from '../../src/lib/catalog/facets';
import type { Category, CategoryQueryState, Product } from '../../src/lib/schemas';
import { gzipBytes, kb, median, percentile, rng, round } from './lib/stats';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureSnapshot } from './lib/catalog';
import { BIG, type BenchContext } from './lib/context';
import { table } from './lib/table';
import type { EngineBench } from './listing-engine';
import type { Results } from './results';

export interface LatencySummary {
  count: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface SearchBench {
  source: string;
  /** Product records of the catalogue (configurable children included). */
  products: number;
  /** Products in the index (visible in search, enabled, not discontinued). */
  searchable: number;
  indexRawBytes: number;
  indexGzipBytes: number;
  indexBuildMs: number;
  /** Parse + engine set-up, as the browser does after downloading the file. */
  engineLoadMs: number;
  queries: LatencySummary;
  /** Share of queries with at least one hit (a sanity check that typos are found). */
  hitRate: number;
  slowest: { q: string; ms: number }[];
}

const summary = (times: number[]): LatencySummary => ({
  count: times.length,
  medianMs: median(times),
  p95Ms: percentile(times, 95),
  maxMs: Math.max(...times),
});

/** One typing mistake in a word: a dropped, doubled, swapped or replaced letter. */
export function typo(word: string, r: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(r() * (word.length - 2));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  switch (Math.floor(r() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + letters[Math.floor(r() * 26)] + word.slice(i + 1);
  }
}

/**
 * `n` queries drawn from the indexed names and SKUs (seeded): a third with one typo, a third with
 * two words of which one has a typo, the rest whole words, as-you-type prefixes, three-word phrases,
 * SKUs and a few words that match nothing.
 */
export function benchQueries(file: SearchIndexFile, n = 1000, seed = 8): string[] {
  const r = rng(seed);
  const docs = file.d;
  const words = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3);
  const out: string[] = [];
  while (out.length < n) {
    const d = docs[Math.floor(r() * docs.length)]!;
    const w = words(d.n);
    if (!w.length) continue;
    const pick = () => w[Math.floor(r() * w.length)]!;
    const k = out.length % 10;
    if (k < 3) out.push(typo(pick(), r));
    else if (k < 6) out.push(`${pick()} ${typo(pick(), r)}`);
    else if (k === 6) out.push(pick().slice(0, 3 + Math.floor(r() * 3)));
    else if (k === 7) out.push(w.slice(0, 3).join(' '));
    else if (k === 8) out.push(r() < 0.5 ? d.s : d.s.toLowerCase().replace(/[^a-z0-9]/g, ''));
    else out.push(r() < 0.5 ? pick() : ['xyzzy', 'qwertyuiop', 'zzgold', 'plutonium'][Math.floor(r() * 4)]!);
  }
  return out;
}

/** Where the index comes from: a snapshot folder, or products and categories in memory. */
export type SearchSource = { snapshotDir: string } | { label: string; products: Product[]; categories: Category[] };

/** Builds the index of the source and times `count` queries on the engine the browser runs. */
export function benchSearch(source: SearchSource, count = 1000): SearchBench {
  const t0 = performance.now();
  const file =
    'snapshotDir' in source
      ? buildSearchIndex(iterateProducts(source.snapshotDir), readCategories(source.snapshotDir), {
          attributes: readAttributes(source.snapshotDir),
          generatedAt: readManifest(source.snapshotDir).generated_at,
        })
      : buildSearchIndex(source.products, source.categories);
  const indexBuildMs = performance.now() - t0;
  const json = JSON.stringify(file);
  const t1 = performance.now();
  const engine = createSearchEngine(JSON.parse(json) as SearchIndexFile, config.constants.search);
  const engineLoadMs = performance.now() - t1;
  const queries = benchQueries(file, count);
  for (const q of queries.slice(0, 50)) engine.search(q, { size: 50 }); // warm-up (JIT)
  const times: number[] = [];
  let hits = 0;
  const slow: { q: string; ms: number }[] = [];
  for (const q of queries) {
    const s = performance.now();
    const res = engine.search(q, { size: 50 });
    const ms = performance.now() - s;
    times.push(ms);
    slow.push({ q, ms });
    if (res.total > 0) hits++;
  }
  slow.sort((a, b) => b.ms - a.ms);
  return {
    source: 'snapshotDir' in source ? source.snapshotDir : source.label,
    products: 'snapshotDir' in source ? (readManifest(source.snapshotDir).counts.products ?? 0) : source.products.length,
    searchable: file.d.length,
    indexRawBytes: Buffer.byteLength(json),
    indexGzipBytes: gzipBytes(json),
    indexBuildMs,
    engineLoadMs,
    queries: summary(times),
    hitRate: hits / queries.length,
    slowest: slow.slice(0, 5),
  };
}

export interface ListingBench {
  products: number;
  /** One row per listing operation. */
  cases: { name: string; total: number; medianMs: number; p95Ms: number }[];
}

/**
 * Category listing operations over the first `size` catalogue products of a snapshot (children
 * included where the parents need them): the default listing, sorts, filters as the sidebar sets
 * them, and the facet counts the sidebar shows; each timed `rounds` times.
 */
export function benchListing(snapshotDir: string, size = 5000, rounds = 30): ListingBench {
  const all: Product[] = [];
  for (const p of iterateProducts(snapshotDir)) {
    if (p.visibility === 1) continue; // configurable children travel inside their parent
    all.push(p);
    if (all.length >= size) break;
  }
  const categories = readCategories(snapshotDir);
  const attributes = readAttributes(snapshotDir);
  const now = new Date(readManifest(snapshotDir).generated_at);
  const ctx = { categories };
  const colour = attributes.find((a) => a.attribute_code === 'color')?.options?.[0]?.value;
  const brand = attributes.find((a) => a.attribute_code === 'brand')?.options?.[0]?.value;
  const base = initialQueryState();
  const states: [string, CategoryQueryState][] = [
    ['latest (default)', base],
    ['price low to high', changeSort(base, 'final_price:asc')],
    ['price high to low', changeSort(base, 'final_price:desc')],
    ...(colour !== undefined
      ? ([['colour filter + price sort', changeSort(toggleFilter(base, 'color', String(colour)), 'final_price:asc')]] as [string, CategoryQueryState][])
      : []),
    ...(brand !== undefined ? ([['brand filter', toggleFilter(base, 'brand', String(brand))]] as [string, CategoryQueryState][]) : []),
    ['price range £100-£500', toggleFilter(base, 'price', '100-500')],
    ['page 3 of latest', { ...base, offset: 100 }],
  ];
  const cases: ListingBench['cases'] = [];
  for (const [name, state] of states) {
    const query = buildCatalogQuery(state, ctx);
    let total = 0;
    const times: number[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const s = performance.now();
      total = applyQuery(all, query, now).total;
      if (i >= 3) times.push(performance.now() - s);
    }
    cases.push({ name, total, medianMs: median(times), p95Ms: percentile(times, 95) });
  }
  const ftimes: number[] = [];
  for (let i = 0; i < Math.min(rounds, 10) + 1; i++) {
    const s = performance.now();
    facets(all, attributes, { now });
    if (i >= 1) ftimes.push(performance.now() - s);
  }
  cases.push({ name: 'facet counts (sidebar)', total: all.length, medianMs: median(ftimes), p95Ms: percentile(ftimes, 95) });
  return { products: all.length, cases };
}

export async function sectionSearch(ctx: BenchContext, res: Results): Promise<void> {
  const { root: ROOT, work: WORK, seed: SEED, log } = ctx;
  const big = await ensureSnapshot(ROOT, WORK, BIG, SEED, log);
  log('search: snapshot index ...');
  const snapshot = benchSearch({ snapshotDir: big.dir });
  log('search: synthetic index (every product searchable) ...');
  const { syntheticCatalogue } = await import('./search-catalogue');
  const synth = syntheticCatalogue(BIG);
  const synthetic = benchSearch({ label: `synthetic ${BIG} (scripts/bench/search-catalogue.ts)`, ...synth });
  log('listing: 5,000 products ...');
  const listing = benchListing(big.dir, 5000);
  log('listing: the browser engine over the root category ...');
  const engine = benchEngineIn(ROOT, big.dir);
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
function benchEngineIn(ROOT: string, snapshotDir: string): EngineBench {
  const out = execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/bench/listing-engine.ts')], {
    cwd: ROOT,
    env: { ...process.env, SNAPSHOT_DIR: snapshotDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.toString()) as EngineBench;
}

/** What the first search of a shopper downloads with the split index (docs/search.md "At scale"), gzipped. */
export interface SplitDownloadBench {
  /** Files written: postings files, records files. */
  files: { postings: number; records: number };
  /** /search-index.json when split (statistics, letter-only vocabulary, suggestions). */
  indexGzipBytes: number;
  /** One query as a first search (the index file plus the files it fetches for the panel's 50): median, p95, max over the queries. */
  firstSearch: { medianBytes: number; p95Bytes: number; maxBytes: number; worst: string };
  /** A query typed letter by letter from its third character, the panel searching each time: every file fetched, summed. */
  typed: { medianBytes: number; p95Bytes: number; maxBytes: number; worst: string };
  /** The whole index's file, for comparison. */
  wholeGzipBytes: number;
}

/** Splits `file` and measures the bytes of a first search (and of a typed query) over `queries` (panel: 50 results). */
export function splitDownloads(file: SearchIndexFile, queries: string[]): SplitDownloadBench {
  const split = splitSearchIndex(file);
  const gz = new Map<string, number>();
  const sizeOf = (name: string) => gz.get(name) ?? gz.set(name, gzipBytes(split.files.get(name)!)).get(name)!;
  const indexGzipBytes = gzipBytes(JSON.stringify(split.index));
  const settings = config.constants.search;
  /** Runs the queries on a fresh engine (a shopper's first visit); the gzipped bytes of every file fetched. */
  const run = (qs: string[]): number => {
    const engine = createSplitEngine(split.index, settings);
    let bytes = indexGzipBytes;
    for (const q of qs) {
      let r = engine.step(q, { size: settings.defaultSize });
      while ('need' in r) {
        for (const name of r.need) {
          bytes += sizeOf(name);
          engine.add(name, JSON.parse(split.files.get(name)!));
        }
        r = engine.step(q, { size: settings.defaultSize });
      }
    }
    return bytes;
  };
  const typedOf = (q: string) => Array.from({ length: Math.max(0, q.length - 2) }, (_, i) => q.slice(0, i + 3));
  const figures = (sizes: { q: string; bytes: number }[]) => {
    const sorted = sizes.map((s) => s.bytes).sort((a, b) => a - b);
    const worst = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return { medianBytes: median(sorted), p95Bytes: percentile(sorted, 95), maxBytes: worst.bytes, worst: worst.q };
  };
  return {
    files: { postings: split.index.split.pf, records: split.files.size - split.index.split.pf },
    indexGzipBytes,
    firstSearch: figures(queries.map((q) => ({ q, bytes: run([q]) }))),
    typed: figures(queries.map((q) => ({ q, bytes: run(typedOf(q)) }))),
    wholeGzipBytes: gzipBytes(JSON.stringify(file)),
  };
}

/** Bytes (gzipped) and requests of a first visit to the results page, median / p95 / max over the queries. */
export interface ResultsPageFigures {
  medianBytes: number;
  p95Bytes: number;
  maxBytes: number;
  worst: string;
  medianRequests: number;
  maxRequests: number;
}

/** What a first visit to /search?q=… downloads (docs/search.md "The results page at scale"). */
export interface ResultsPageBench {
  /**
   * Split, per documents a facet file (`fk`): the index file, the query's postings files,
   * /search-listing.json's shared part, the facet files of every match, the tile buckets of the first page.
   */
  split: Record<string, ResultsPageFigures>;
  /** Before the split listing: the index file, postings and records files of every match, the whole /search-listing.json. */
  wholeListing: ResultsPageFigures;
  /** /search-listing.json gzipped: whole, and its shared part when split. */
  listingGzipBytes: number;
  headGzipBytes: number;
  /** Every facet file, gzipped, summed (fk = FACET_RECORDS_PER_FILE): what a query matching products everywhere fetches. */
  allFacetsGzipBytes: number;
  /** Queries matching the most products (fk = FACET_RECORDS_PER_FILE): matches, facet files, bytes. */
  largest: { q: string; matches: number; facetFiles: number; bytes: number }[];
  /** Where a first visit's bytes go (fk = FACET_RECORDS_PER_FILE), median / p95 / max over the queries of each part apart: the index's postings files, the facet files, the tile buckets; the two shared files are `indexHeadGzipBytes` and `headGzipBytes`. */
  parts: Record<'postings' | 'facets' | 'tiles', { medianBytes: number; p95Bytes: number; maxBytes: number }>;
  indexHeadGzipBytes: number;
  /** Every price file, gzipped, summed: what a sort by price fetches for a query matching products everywhere. */
  allPricesGzipBytes: number;
}

/**
 * Measures the results page's first visit for each query on the split index with the split listing
 * (`full` is the catalogue's searchListingFile, `file` its search index), against the same page
 * fetching the whole listing and every match's records (as before the listing was split).
 */
export function resultsPageDownloads(file: SearchIndexFile, full: ListingFile, queries: string[], fks = [64, FACET_RECORDS_PER_FILE, 1024]): ResultsPageBench {
  const split = splitSearchIndex(file);
  const settings = config.constants.search;
  const perPage = config.constants.categoryPageSize;
  const gzOf = (files: Map<string, string>) => {
    const gz = new Map<string, number>();
    return (name: string) => gz.get(name) ?? gz.set(name, gzipBytes(files.get(name)!)).get(name)!;
  };
  const indexGz = gzOf(split.files);
  const indexHead = gzipBytes(JSON.stringify(split.index));
  const listingGzipBytes = gzipBytes(JSON.stringify(full));
  const ALL = { start: 0, size: Number.MAX_SAFE_INTEGER };
  const sum = (names: string[], gz: (n: string) => number) => names.reduce((a, n) => a + gz(n), 0);
  /** Steps a fresh engine (a first visit) until answered; the files it fetched. */
  const fetched = <R>(step: (engine: ReturnType<typeof createSplitEngine>) => R | { need: string[] }): { files: string[]; r: R } => {
    const engine = createSplitEngine(split.index, settings);
    const files: string[] = [];
    for (let r = step(engine); ; r = step(engine)) {
      if (!(r && typeof r === 'object' && 'need' in r)) return { files, r: r as R };
      for (const name of r.need) {
        files.push(name);
        engine.add(name, JSON.parse(split.files.get(name)!));
      }
    }
  };
  const asked = queries.map((q) => ({ q, ...fetched((e) => e.stepMatches(q)), before: fetched((e) => e.step(q, ALL)).files }));
  type Row = { q: string; bytes: number; requests: number; matches: number; facetFiles: number; postings?: number; facets?: number; tiles?: number };
  const figures = (rows: Row[]): ResultsPageFigures => {
    const bytes = rows.map((r) => r.bytes).sort((a, b) => a - b);
    const requests = rows.map((r) => r.requests).sort((a, b) => a - b);
    const worst = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return {
      medianBytes: median(bytes),
      p95Bytes: percentile(bytes, 95),
      maxBytes: worst.bytes,
      worst: worst.q,
      medianRequests: median(requests),
      maxRequests: requests.at(-1)!,
    };
  };
  const out: Partial<ResultsPageBench> = { split: {}, listingGzipBytes };
  for (const fk of fks) {
    const listing = splitSearchListing(full, file.d, { fk });
    const gz = gzOf(listing.files);
    const headGzipBytes = gzipBytes(JSON.stringify(listing.head));
    const rows = asked.map(({ q, files, r }): Row => {
      // The first page in relevance order (the page's default sort) shows its tiles.
      const present = r.docs;
      const facets = present.length ? facetFilesOf(present, listing.head) : [];
      const tiles = present.length ? bucketsOf(present.slice(0, perPage), listing.head) : [];
      const parts = { postings: sum(files, indexGz), facets: sum(facets, gz), tiles: sum(tiles, gz) };
      const bytes = indexHead + parts.postings + (present.length ? headGzipBytes + parts.facets + parts.tiles : 0);
      return { q, bytes, requests: 2 + files.length + facets.length + tiles.length, matches: r.docs.length, facetFiles: facets.length, ...parts };
    });
    out.split![String(fk)] = figures(rows);
    if (fk === FACET_RECORDS_PER_FILE) {
      out.headGzipBytes = headGzipBytes;
      out.allFacetsGzipBytes = sum(
        [...listing.files.keys()].filter((n) => n.startsWith('facets/')),
        gz,
      );
      out.allPricesGzipBytes = sum(
        [...listing.files.keys()].filter((n) => n.startsWith('prices/')),
        gz,
      );
      out.indexHeadGzipBytes = indexHead;
      const part = (k: 'postings' | 'facets' | 'tiles') => {
        const sorted = rows.map((r) => r[k]!).sort((a, b) => a - b);
        return { medianBytes: median(sorted), p95Bytes: percentile(sorted, 95), maxBytes: sorted.at(-1)! };
      };
      out.parts = { postings: part('postings'), facets: part('facets'), tiles: part('tiles') };
      out.largest = [...rows]
        .sort((a, b) => b.matches - a.matches)
        .slice(0, 3)
        .map(({ q, matches, facetFiles, bytes }) => ({ q, matches, facetFiles, bytes }));
    }
  }
  out.wholeListing = figures(
    asked.map(({ q, r, before }) => ({
      q,
      bytes: indexHead + sum(before, indexGz) + (r.docs.length ? listingGzipBytes : 0),
      requests: 2 + before.length,
      matches: r.docs.length,
      facetFiles: 0,
    })),
  );
  return out as ResultsPageBench;
}
