/**
 * Search benchmark: builds the search index for a 10,000-product catalogue and times queries.
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
import { config } from '../src/lib/config';
import type { Category, Product } from '../src/lib/schemas';
import { buildSearchIndex } from '../src/lib/search/build';
import { createSearchEngine, type SearchEngine } from '../src/lib/search/engine';
import { createMiniSearchEngine } from './bench/engine-minisearch';
import type { SearchIndexFile } from '../src/lib/search/types';
import { createRng } from './lib/prng';
import { scriptOptions } from './lib/cli-options';
import { benchQueries, resultsPageDownloads, splitDownloads } from './bench/search';
import { warmingDownloads } from './bench/search-warming';

const BRANDS = [
  'Thomas Sabo',
  'Raymond Weil',
  'Tissot',
  'Seiko',
  'Citizen',
  'Hugo Boss',
  'Clogau',
  'Evermore',
  'Nomination',
  'Links of London',
  'Swarovski',
  'Tag Heuer',
  'Longines',
  'Rotary',
  'Emporio Armani',
  'Michael Kors',
  'Olivia Burton',
  'Daniel Wellington',
  'Garmin',
  'Pendle',
];
const MATERIALS = ['9ct Yellow Gold', '18ct White Gold', 'Platinum', 'Sterling Silver', '9ct Rose Gold', 'Stainless Steel', 'Titanium', 'Two Tone'];
const STONES = ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Pearl', 'Amethyst', 'Cubic Zirconia', 'Topaz', 'Opal', ''];
const STYLES = [
  'Classic',
  'Vintage',
  'Halo',
  'Twist',
  'Heart',
  'Star',
  'Infinity',
  'Freelancer',
  'Maestro',
  'Parsifal',
  'Tango',
  'Solitaire',
  'Cluster',
  'Eternity',
  'Charm Club',
  'Glam & Soul',
];
const KINDS: [string, number][] = [
  ['Engagement Ring', 11],
  ['Wedding Ring', 12],
  ['Eternity Ring', 13],
  ['Necklace', 20],
  ['Pendant', 21],
  ['Stud Earrings', 30],
  ['Drop Earrings', 31],
  ['Bracelet', 40],
  ['Bangle', 41],
  ['Charm', 50],
  ["Men's Watch", 61],
  ["Ladies' Watch", 62],
  ['Chronograph Watch', 61],
];
const CATEGORIES: [number, string, number, number][] = [
  [10, 'Rings', 0, 2],
  [11, 'Engagement Rings', 10, 3],
  [12, 'Wedding Rings', 10, 3],
  [13, 'Eternity Rings', 10, 3],
  [19, 'Necklaces', 0, 2],
  [20, 'Necklaces', 19, 3],
  [21, 'Pendants', 19, 3],
  [29, 'Earrings', 0, 2],
  [30, 'Stud Earrings', 29, 3],
  [31, 'Drop Earrings', 29, 3],
  [39, 'Bracelets', 0, 2],
  [40, 'Bracelets', 39, 3],
  [41, 'Bangles', 39, 3],
  [50, 'Charms', 0, 2],
  [60, 'Watches', 0, 2],
  [61, "Men's Watches", 60, 3],
  [62, "Ladies' Watches", 60, 3],
];
const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A synthetic catalogue shaped like the sample snapshot, every product searchable (the worst case for the index). */
export function syntheticCatalogue(n: number, seed = 42): { products: Product[]; categories: Category[] } {
  // Deterministic pseudo-random numbers (mulberry32), so runs compare.
  const r = createRng(seed).next;
  const categories = CATEGORIES.map(([id, name, parent, level]) => ({
    id,
    name,
    url_key: slug(name),
    url_path: slug(name),
    slug: slug(name),
    parent_id: parent || 2,
    level,
    children_count: 0,
    is_active: true,
    include_in_menu: true,
    product_count: 0,
    path: `1/2/${id}`,
  })) as unknown as Category[];
  const products: Product[] = [];
  for (let id = 1; id <= n; id++) {
    const [kind, catId] = pick(r, KINDS);
    const brand = pick(r, BRANDS);
    const stone = pick(r, STONES);
    const name = [brand, pick(r, STYLES), pick(r, MATERIALS), stone, kind].filter(Boolean).join(' ');
    const parentCat = CATEGORIES.find((c) => c[0] === catId)![2];
    const price = Math.round(20 + r() * 4000) + 0.5 * Math.round(r());
    const sku = `PJ-${brand.slice(0, 2).toUpperCase()}-${String(100000 + id)}`;
    const url_key = `${slug(name)}-${id}`;
    products.push({
      id,
      sku,
      name,
      type_id: r() < 0.2 ? 'configurable' : 'simple',
      price,
      status: 1,
      visibility: pick(r, [4, 4, 4, 3]),
      discontinued: 0,
      stock: { is_in_stock: r() < 0.9, qty: Math.floor(r() * 20) },
      image: `/catalog/product/${slug(kind)}/${slug(pick(r, MATERIALS))}.svg`,
      media_gallery: [],
      url_key,
      url_path: `${slug(kind)}/${url_key}`,
      slug: slug(name),
      category_ids: [parentCat || catId, catId],
      c2c_supplier_code: `${brand.slice(0, 3).toUpperCase()}${Math.floor(r() * 1e6)}`,
      special_price: r() < 0.2 ? Math.round(price * 0.8) : undefined,
      special_from_date: '2024-01-01 00:00:00',
      special_to_date: '2030-12-31 00:00:00',
      product_links: [],
      tier_prices: [],
      custom_options: [],
      bundle_options: [],
      errors: {},
      sale: 0,
      new: 0,
      can_be_financed: 0,
      klarna_cta_available: 0,
    } as unknown as Product);
  }
  return { products, categories };
}

/** The query mix: exact words, typos within 1-2 edits, SKUs, as-you-type prefixes, long and unmatched queries. */
export const BENCH_QUERIES = [
  'ring',
  'diamond ring',
  'thomas sabo',
  'thomas sabbo',
  'raymnd weil',
  'raymond weil freelancer',
  'tissot watch',
  'seiko',
  'platinum',
  'rose gold',
  'sterling silver bracelet',
  'sapphire pendant',
  'eternity',
  'braclet',
  'neckalce',
  'earings',
  'engagment rings',
  'chronograph',
  'mens watch',
  'clogau',
  'PJ-TH-100042',
  '100042',
  'pjth100777',
  'evermore halo platinum diamond engagement ring',
  'rin',
  'thom',
  'wat',
  'glam soul',
  'swarovsky',
  'longines',
  'xyzzy',
  'gold',
  'silver',
  'watches',
  'hugo boss watch',
  'michael kors',
  'infinity heart',
  'opal',
  'cubic zirconia studs',
  'charm club',
];

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
    const { iterateProducts, readCategories, readAttributes } = await import('../src/lib/build/snapshot');
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
    const { searchListingFile } = await import('../src/lib/catalog/listing/file');
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
