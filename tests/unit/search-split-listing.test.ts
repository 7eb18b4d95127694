/**
 * The split search listing (src/lib/search/split-listing.ts, written by splitSearchListing in
 * split.ts): on the sample, split as a large catalogue's is, the results page's listing made from the
 * buckets of a query's matches is the listing made from the whole /search-listing.json (same
 * products, order, filters, counts, other orders, child-sku links), fetching only those buckets; bad
 * or missing files give the page's error or offline state.
 */
import { describe, expect, it } from 'vitest';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { createSplitEngine, type FetchFile } from '../../src/lib/search/split-engine';
import { splitSearchIndex, splitSearchListing, TILES_PER_BUCKET } from '../../src/lib/search/split';
import { searchListingFile } from '../../src/lib/build/listing-file';
import type { ListingFile } from '../../src/lib/catalog/listing/client';
import { searchListing } from '../../src/lib/search/hit-listing';
import { loadSearchResults, type SearchPageState, type SearchResultsDeps } from '../../src/lib/search/results';
import {
  bucketsOf,
  facetFilesOf,
  fetchListingFiles,
  ListingFetchError,
  parseSearchListingSplit,
  bucketPath,
  pricesFileOf,
  splitListingFiles,
  SearchListingBucketSchema,
  type SearchListingSplit,
} from '../../src/lib/search/split-listing';
import { recordsFileOf, splitIndexFiles, type SearchPaging } from '../../src/lib/search/types';
import { folderOf } from '../../src/lib/search/bundles';
import { BENCH_QUERIES } from '../../scripts/bench/search-catalogue';
import { SETTINGS } from './search-fixtures';
import { fetchSearchListing } from '../../src/lib/catalog/listing/load';
import { indexListing, runListing } from '../../src/lib/catalog/listing-engine';
import { config } from '../../src/lib/config';

const whole = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const engine = createSearchEngine(whole, SETTINGS);
const plain = searchListingFile();
// The sample's sorts are all worked out in the browser; an extra carried order (by name) checks `o`.
const byName = plain.products.map((_, i) => i).sort((a, b) => plain.products[a]!.name.localeCompare(plain.products[b]!.name) || a - b);
const full: ListingFile = { ...plain, orders: { ...plain.orders, 'name:asc': byName } };
// Parts of 16 files, so that the files are in several folders.
const index = splitSearchIndex(whole, { partFiles: 16 });
const listing = splitSearchListing(full, whole.d, { ps: 16 });
const indexFolder = folderOf(index.index.split, () => splitIndexFiles(index.index.split));
const at = (name: string) => `/${bucketPath(listing.head, name)}`;
const ALL: SearchPaging = { start: 0, size: Number.MAX_SAFE_INTEGER };

/** A fetch serving the split build's files (index and listing) from memory, recording the paths asked. */
function server(asked: string[] = []): typeof fetch {
  const files = new Map<string, string>([
    ['/search-index.json', JSON.stringify(index.index)],
    ['/search-listing.json', JSON.stringify(listing.head)],
  ]);
  for (const [name, text] of index.files) files.set(`/search-index/${indexFolder(name)}/${name}.json`, text);
  for (const [name, text] of listing.files) files.set(`/${bucketPath(listing.head, name)}`, text);
  return (async (url: string) => {
    asked.push(url);
    const text = files.get(url);
    return new Response(text ?? 'Not found', { status: text === undefined ? 404 : 200 });
  }) as typeof fetch;
}

/** The results page's deps on the split build: the split engine's matches, the split listing and its buckets. */
function splitDeps(fetcher: typeof fetch): SearchResultsDeps {
  const split = createSplitEngine(index.index, SETTINGS, (async (path: string) => {
    const res = await fetcher(`/${path}`);
    return res.ok ? { data: await res.json() } : { offline: false, error: `HTTP ${res.status}` };
  }) as FetchFile);
  return {
    search: () => Promise.reject(new Error('the split page asks for matches, not records')),
    matches: async (q) => {
      const r = await split.matches(q);
      if ('error' in r) throw new Error(r.error);
      return { ...r, cache: false, offline: false, noresults: r.total === 0 };
    },
    loadListing: () => fetchSearchListing('/search-listing.json', fetcher),
    loadFiles: (head, names, schema) => fetchListingFiles('/search-listing.json', head, names, schema, fetcher),
  };
}

const wholeDeps: SearchResultsDeps = {
  search: (q, paging) => Promise.resolve({ ...engine.search(q, paging), cache: false, offline: false }),
  loadListing: () => Promise.resolve(full),
};

/** The split page's state with every tile loaded (what the listing shows once scrolled to the end), and its loaders taken off. */
async function allTiles(state: SearchPageState): Promise<SearchPageState> {
  if (state.kind !== 'results') return state;
  await state.tiles?.(state.file.products.map((_, i) => i));
  const { tiles: _tiles, sorting: _sorting, ...rest } = state;
  return rest;
}

const docOf = (sku: string) => whole.d.findIndex((d) => d.s === sku);
const h = listing.head.split.h;

describe('the split search listing', () => {
  it('numbers its tile buckets with the numbering of the records files (TILES_PER_BUCKET a bucket), and names its folder by content', () => {
    const { rf, fk } = listing.head.split;
    expect(listing.head.split).toMatchObject({ n: whole.d.length, rf: TILES_PER_BUCKET });
    const tiles = [...listing.files.keys()].filter((f) => !f.includes('/'));
    expect(tiles.sort()).toEqual(Array.from({ length: Math.ceil(whole.d.length / rf) }, (_, i) => recordsFileOf(i * rf, { rf })).sort());
    const bucket = JSON.parse(listing.files.get(recordsFileOf(10, listing.head.split))!) as { sku: string }[];
    expect(bucket[10 % rf]!.sku).toBe(whole.d[10]!.s);
    expect([...listing.files.keys()].filter((f) => f.startsWith('facets/')).length).toBe(Math.ceil(whole.d.length / fk));
    expect([...listing.files.keys()].filter((f) => f.startsWith('prices/')).length).toBe(Math.ceil(whole.d.length / fk));
    expect(h).toMatch(/^[0-9a-f]{8}$/);
    const other = splitSearchListing({ ...full, products: full.products.map((p, i) => (i ? p : { ...p, name: `${p.name}!` })) }, whole.d, { ps: 16 });
    expect(other.head.split.h).not.toBe(h);
  });

  it('names each part of 16 files by its content: a change renames only the parts it reaches, the other files keep their URLs', () => {
    const { hs, ps } = listing.head.split;
    const names = splitListingFiles(listing.head);
    expect(ps).toBe(16);
    expect(hs).toHaveLength(Math.ceil(names.length / 16));
    expect(new Set(hs).size).toBe(hs!.length);
    const partOf = (name: string) => Math.floor(names.indexOf(name) / 16);
    const renamed = (o: typeof listing) => o.head.split.hs!.flatMap((f, k) => (f === hs![k] ? [] : [k]));
    // A name: the part of the product's tile bucket only.
    const named = full.products[0]!;
    const byName = splitSearchListing({ ...full, products: full.products.map((p, i) => (i ? p : { ...p, name: `${p.name}!` })) }, whole.d, { ps: 16 });
    expect(renamed(byName)).toEqual([partOf(recordsFileOf(docOf(named.sku), listing.head.split))]);
    // A price: the parts of its tile bucket and of its price file, and the facet files' when the price
    // range moved (their code models); every other tile bucket keeps its folder.
    const priced = full.products.findIndex((p) => p.price[2] > 100);
    const p = full.products[priced]!;
    const byPrice = splitSearchListing(
      { ...full, products: full.products.map((x, i) => (i === priced ? { ...x, price: [x.price[0], x.price[1], x.price[2] + 10] as typeof x.price } : x)) },
      whole.d,
      { ps: 16 },
    );
    const doc = docOf(p.sku);
    const facetParts = new Set(names.filter((n) => n.startsWith('facets/')).map(partOf));
    const allowed = new Set([partOf(recordsFileOf(doc, listing.head.split)), partOf(pricesFileOf(doc, listing.head)), ...facetParts]);
    expect(renamed(byPrice).length).toBeGreaterThan(0);
    expect(renamed(byPrice).every((k) => allowed.has(k))).toBe(true);
    expect(renamed(byPrice).length).toBeLessThan(hs!.length);
    // The folders the index's files are in: its parts' too.
    expect(index.index.split.hs).toHaveLength(Math.ceil(splitIndexFiles(index.index.split).length / 16));
    expect(new Set(splitIndexFiles(index.index.split).map(indexFolder))).toEqual(new Set(index.index.split.hs));
  });

  it('lists the matches of every benchmark query as the whole listing does: facet files of the matches and the tiles of the first page first, then tiles of the products shown', async () => {
    let compared = 0;
    for (const q of [...BENCH_QUERIES, 'ring', 'gold', 'ev1001-wg-s']) {
      const want = await loadSearchResults(q, wholeDeps);
      const asked: string[] = [];
      const got = await loadSearchResults(q, splitDeps(server(asked)));
      expect(got.kind, q).toBe(want.kind);
      if (want.kind !== 'results' || got.kind !== 'results') continue;
      compared++;
      const docs = engine.search(q, ALL).items.map((d) => docOf(d.s));
      expect(
        asked.filter((u) => /^\/search-index\/[^/]+\/d-/.test(u)),
        `${q}: no index records`,
      ).toEqual([]);
      // The facet files of every match, and beside them the buckets of the first page in the engine's order.
      const firstPage = docs.slice(0, config.constants.categoryPageSize);
      expect(asked.filter((u) => u.startsWith('/search-listing/')).sort(), q).toEqual(
        [...facetFilesOf(docs, listing.head), ...bucketsOf(firstPage, listing.head)].map(at).sort(),
      );
      // No tile given yet; the first page's tiles come from the buckets already fetched.
      expect(got.file.products.every((p) => p.url === '')).toBe(true);
      asked.length = 0;
      const first = [0, 1, 2].filter((i) => i < got.file.products.length);
      await got.tiles!(first);
      expect(asked).toEqual([]);
      expect(got.file.products.slice(0, 3)).toEqual(want.file.products.slice(0, 3));
      // Further tiles fetch only the buckets not held yet.
      const later = got.file.products.map((_, i) => i).slice(firstPage.length, firstPage.length + 3);
      await got.tiles!(later);
      const held = new Set(bucketsOf(firstPage, listing.head));
      expect(asked.sort()).toEqual(
        bucketsOf(
          later.map((i) => docOf(want.file.products[i]!.sku)),
          listing.head,
        )
          .filter((n) => !held.has(n))
          .map(at)
          .sort(),
      );
      expect(await allTiles(got), q).toEqual(want);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('sorts by price as the whole listing does, loading the price files of the matches only for a sort by price', async () => {
    for (const q of ['ring', 'gold', 'thomas sabo', 'watch']) {
      const want = await loadSearchResults(q, wholeDeps);
      const asked: string[] = [];
      const got = await loadSearchResults(q, splitDeps(server(asked)));
      if (want.kind !== 'results' || got.kind !== 'results') throw new Error(q);
      // The page indexes the file once, before any tile or price (a price inside each range until then).
      const index = indexListing(got.file);
      expect(got.sorting!('relevance'), q).toBeNull();
      expect(
        asked.some((u) => u.includes('/prices/')),
        q,
      ).toBe(false);
      asked.length = 0;
      const loading = got.sorting!('final_price:asc');
      expect(loading).toBeInstanceOf(Promise);
      // Asked again while loading (a render meanwhile): the same load, not a second one.
      expect(got.sorting!('final_price:desc')).toBe(loading);
      await loading;
      const docs = engine.search(q, ALL).items.map((d) => docOf(d.s));
      expect(asked.sort(), q).toEqual([...new Set(docs.map((d) => at(`prices/d-${Math.floor(d / listing.head.split.fk)}`)))].sort());
      await got.tiles!(got.file.products.map((_, i) => i));
      for (const sort of ['final_price:asc', 'final_price:desc']) {
        expect(got.sorting!(sort), sort).toBeNull();
        const filterSets: Record<string, string[]>[] = [{}, { price: [want.file.facets.find((f) => f.code === 'price')!.values[0]!.id] }];
        for (const filters of filterSets) {
          const skus = (file: ListingFile, on = indexListing(file)) => {
            const r = runListing(on, { filters, sort });
            return Array.from(r.order, (i) => file.products[i]!.sku).concat(JSON.stringify(r.counts));
          };
          expect(skus(got.file, index), `${q} ${sort}`).toEqual(skus(want.file));
        }
      }
    }
  });

  it('keeps a carried order and the child-sku link among the matches', async () => {
    const kid = whole.d.find((d) => d.cs?.length && d.cu)!;
    const q = kid.cs![0]!;
    const got = await allTiles(await loadSearchResults(q, splitDeps(server())));
    if (got.kind !== 'results') throw new Error(got.kind);
    expect(got.file.products[0]!.url).toContain(encodeURIComponent(q));
    const ring = await allTiles(await loadSearchResults('ring', splitDeps(server())));
    if (ring.kind !== 'results') throw new Error(ring.kind);
    const names = ring.file.orders!['name:asc']!.map((i) => ring.file.products[i]!.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(ring.file).toEqual(searchListing(full, engine.search('ring', ALL).items, 'ring'));
  });

  it('rejects a malformed listing or file with what is wrong, and a failed network as offline', async () => {
    // A split head is checked where it is read: a malformed one is the page's error state, its problem named.
    expect(() => parseSearchListingSplit({ v: 1, split: { h: 'zz' } }, '/search-listing.json')).toThrow(/not a search listing[\s\S]*split/);
    const bad = (async () => new Response(JSON.stringify({ v: 1, split: { h: 'zz' } }))) as unknown as typeof fetch;
    expect(await loadSearchResults('ring', { ...splitDeps(server()), loadListing: () => fetchSearchListing('/search-listing.json', bad) })).toEqual({
      kind: 'error',
    });
    const head = listing.head as SearchListingSplit;
    const badBucket = (async () => new Response(JSON.stringify([{ sku: 1 }]))) as unknown as typeof fetch;
    await expect(fetchListingFiles('/search-listing.json', head, ['d-0'], SearchListingBucketSchema, badBucket)).rejects.toThrow(
      /search-listing\/[0-9a-f]+\/d-0\.json is not a search listing file/,
    );
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(fetchListingFiles('/search-listing.json', head, ['d-0'], SearchListingBucketSchema, down)).rejects.toMatchObject({ offline: true });
    await expect(fetchListingFiles('/search-listing.json', head, ['d-0'], SearchListingBucketSchema, server())).resolves.toBeInstanceOf(Map);
  });

  it('shows the offline state when a file cannot be fetched offline, an error for a bad file or two builds, and a tile load that fails rejects', async () => {
    const deps = splitDeps(server());
    expect(await loadSearchResults('ring', { ...deps, loadFiles: () => Promise.reject(new ListingFetchError('Failed to fetch', true)) })).toEqual({
      kind: 'offline',
    });
    expect(await loadSearchResults('ring', { ...deps, loadFiles: () => Promise.reject(new ListingFetchError('HTTP 500', false)) })).toEqual({
      kind: 'error',
    });
    // A whole listing with a split index's matches (files of two builds): an error, not a wrong listing.
    expect(await loadSearchResults('ring', { ...deps, loadListing: () => Promise.resolve(full) })).toEqual({ kind: 'error' });
    // Offline once the facet files came: tiles and prices cannot be had.
    let down = false;
    const flaky = await loadSearchResults('ring', {
      ...deps,
      loadFiles: (head, names, schema) =>
        down || (schema as unknown) === SearchListingBucketSchema
          ? Promise.reject(new ListingFetchError('Failed to fetch', true))
          : deps.loadFiles!(head, names, schema),
    });
    if (flaky.kind !== 'results') throw new Error(flaky.kind);
    down = true;
    await expect(flaky.tiles!([0])).rejects.toMatchObject({ offline: true });
    // The price files offline: the sort by price rejects, and the next try loads them again.
    await expect(flaky.sorting!('final_price:asc')).rejects.toMatchObject({ offline: true });
    down = false;
    await expect(flaky.sorting!('final_price:asc')).resolves.toBeUndefined();
    expect(flaky.sorting!('final_price:asc')).toBeNull();
    expect(flaky.file.orders?.['final_price:asc']).toHaveLength(flaky.file.products.length);
  });
});
