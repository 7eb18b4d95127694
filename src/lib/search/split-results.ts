/**
 * The search results page over a split listing (docs/search.md "The results page at scale"): the
 * matches' listing from the facet files of every match, then the tiles of the products shown from
 * their buckets, and the prices of every match for a sort by price. Loaded by loadSearchResults
 * (./results) only when the listing is split.
 */
import { recordsFileOf, type SearchFlags } from './types';
import type { ListingFile, ListingItem } from '../catalog/listing/client';
import { isPriceSort, priceOrder } from '../catalog/listing-engine';
import { config } from '../config';
import { decodeFacetRows } from './facet-code';
import {
  bucketsOf,
  facetFilesOf,
  facetsFileOf,
  fetchListingFiles,
  parseSearchListingSplit,
  priceFilesOf,
  pricesFileOf,
  SearchListingBucketSchema,
  SearchListingFacetsSchema,
  SearchListingPricesSchema,
  type SearchListingBucket,
  type SearchListingFacets,
  type SearchListingPrices,
  type SearchListingSplit,
} from './split-listing';
import { matchUrl, searchListing } from './hit-listing';
import type { SearchPageState, SearchResultsDeps } from './results';
import type { SearchMatches } from './split-engine';
import type { UncheckedSplitListing } from '../catalog/listing/load';

/** A query's matches from a split listing: the listing file (tiles not loaded yet) and each of its products' document number. */
export interface SplitMatches {
  file: ListingFile;
  docs: number[];
}

/** A facet file's documents, decoded: rank in the full listing's own sort (null: not listed), filter values, a price in its price range. */
export interface FacetRows {
  r: (number | null)[];
  f: Record<string, number[]>[];
  price: number[];
}

/**
 * A facet file's documents (facet-code.ts decodes the listed ones' filter values and price ranges;
 * their exact prices are in the price files, so here a price inside the range: filters and counts
 * are exact). Throws on a file its head's model cannot read.
 */
export function facetRows(head: SearchListingSplit, cols: SearchListingFacets): FacetRows {
  const ranges = head.facets.find((f) => f.code === 'price')?.values ?? [];
  const coded = decodeFacetRows(head.split.fm, cols.c, cols.r.filter((d) => d !== null).length);
  let last = 0;
  let k = 0;
  const out: FacetRows = { r: [], f: [], price: [] };
  for (const d of cols.r) {
    out.r.push(d === null ? null : (last += d));
    const row = d === null ? undefined : coded[k++];
    const range = row && ranges[row.b];
    out.f.push(row?.f ?? {});
    out.price.push(range ? (range.from ?? (range.to ?? 1) - 1) : NaN);
  }
  return out;
}

/** Facet files decoded (facetRows), by the file read. */
const decoded = new WeakMap<SearchListingFacets, FacetRows>();

/**
 * The listing file of a query's matches from the facet files holding them: the same products,
 * order, filters, counts and other orders as searchListing over the full listing (the facet files
 * keep each product's rank in the full listing's orders, its filter values and price range), but
 * each product holds only that until fillTiles gives it its tile (name, link, image, prices); a sort
 * by price takes its order from the price files (splitResultsState's `sorting`).
 */
export function listingOfMatches(
  head: SearchListingSplit,
  facetFiles: ReadonlyMap<string, SearchListingFacets>,
  docs: readonly number[],
  query: string,
): SplitMatches {
  const { fk } = head.split;
  // Each facet file decoded once, for as long as the file is held (the server answers many queries from the same files).
  const rowsOf = (cols: SearchListingFacets) => decoded.get(cols) ?? decoded.set(cols, facetRows(head, cols)).get(cols)!;
  const entries: { r: number; o: number[]; item: ListingItem }[] = [];
  const seen = new Set<number>();
  for (const doc of docs) {
    if (seen.has(doc)) continue;
    seen.add(doc);
    const cols = facetFiles.get(facetsFileOf(doc, head));
    const j = doc % fk;
    const got = cols && rowsOf(cols);
    const r = got?.r[j];
    if (!got || r === null || r === undefined) continue;
    const p = got.price[j]!;
    // Until its tile comes: an empty link, and the document number as its sku.
    entries.push({ r, o: cols.o.map((o) => o[j] ?? 0), item: { id: 0, sku: `#${doc}`, type: '', name: '', url: '', price: [p, null, p], f: got.f[j]! } });
  }
  // The matches as the full listing would hold them (its order), with its other orders among them.
  const byRank = [...entries].sort((a, b) => a.r - b.r);
  const at = new Map(byRank.map((e, i) => [e, i]));
  const orders: Record<string, number[]> = {};
  head.orders.forEach((sort, k) => {
    orders[sort] = [...byRank].sort((a, b) => a.o[k]! - b.o[k]!).map((e) => at.get(e)!);
  });
  const partial: ListingFile = {
    v: 1,
    id: head.id,
    sort: head.sort,
    total: byRank.length,
    facets: head.facets,
    products: byRank.map((e) => e.item),
    ...(head.orders.length ? { orders } : {}),
  };
  const file = searchListing(
    partial,
    entries.map((e) => ({ s: e.item.sku, n: '', u: '' })),
    query,
  );
  return { file, docs: file.products.map((p) => Number(p.sku.slice(1))) };
}

/** Gives the listed products at `indexes` their tiles from the tile buckets holding them; throws when a bucket lacks one. */
export function fillTiles(
  matches: SplitMatches,
  head: SearchListingSplit,
  buckets: ReadonlyMap<string, SearchListingBucket>,
  indexes: readonly number[],
  query: string,
): void {
  for (const i of indexes) {
    const doc = matches.docs[i]!;
    const tile = buckets.get(recordsFileOf(doc, head.split))?.[doc % head.split.rf];
    if (!tile?.url) throw new Error(`the search listing has no tile for document ${doc}`);
    const { cs, cu, ...item } = tile;
    const product = matches.file.products[i]!;
    Object.assign(product, item, { f: product.f, url: matchUrl(item.url, { s: item.sku, n: item.name, u: item.url, cs, cu }, query) });
  }
}

/** The final price of each listed product (in the file's order) from the price files; throws when a file lacks one. */
export function pricesOf(matches: SplitMatches, head: SearchListingSplit, files: ReadonlyMap<string, SearchListingPrices>): number[] {
  return matches.docs.map((doc) => {
    const p = files.get(pricesFileOf(doc, head))?.p[doc % head.split.fk];
    if (p === undefined) throw new Error(`the search listing has no price for document ${doc}`);
    return p;
  });
}

/**
 * The results page's state for a split index's matches: the listing from the facet files of every
 * match, and the loader of the tiles the listing asks for as it shows them.
 */
export async function splitResultsState(
  listing: UncheckedSplitListing,
  result: SearchMatches & SearchFlags,
  q: string,
  deps: Pick<SearchResultsDeps, 'listingUrl' | 'loadFiles'>,
): Promise<SearchPageState> {
  const url = deps.listingUrl ?? 'search-listing.json';
  const head = parseSearchListingSplit(listing, url);
  const loadFiles = deps.loadFiles ?? ((h, names, schema) => fetchListingFiles(url, h, names, schema));
  // The tiles of the first page in the engine's order (the page's default sort) come beside the
  // facet files rather than after them: the same buckets, a round of requests sooner.
  const buckets = new Map<string, SearchListingBucket>();
  const keep = (got: ReadonlyMap<string, SearchListingBucket>) => got.forEach((b, name) => buckets.set(name, b));
  const first = loadFiles(head, bucketsOf(result.docs.slice(0, config.constants.categoryPageSize), head), SearchListingBucketSchema).then(keep, () => {});
  const matches = listingOfMatches(head, await loadFiles(head, facetFilesOf(result.docs, head), SearchListingFacetsSchema), result.docs, q);
  const tiles = async (indexes: number[]) => {
    const lacking = indexes.filter((i) => !matches.file.products[i]?.url);
    if (!lacking.length) return;
    await first;
    const need = bucketsOf(
      lacking.map((i) => matches.docs[i]!),
      head,
    ).filter((name) => !buckets.has(name));
    if (need.length) keep(await loadFiles(head, need, SearchListingBucketSchema));
    fillTiles(matches, head, buckets, lacking, q);
  };
  // A sort by price needs the exact prices: the price files of every match, loaded once, then the
  // order put in the file's orders (where the listing engine takes a sort it is given).
  let prices: number[] | null = null;
  let pricing: Promise<void> | null = null;
  const sorting = (sort: string): Promise<void> | null => {
    const { file } = matches;
    if (!isPriceSort(sort) || file.orders?.[sort]) return null;
    if (prices) {
      (file.orders ??= {})[sort] = Array.from(priceOrder(prices, sort));
      return null;
    }
    return (pricing ??= loadFiles(head, priceFilesOf(matches.docs, head), SearchListingPricesSchema).then(
      (files) => void (prices = pricesOf(matches, head, files)),
      (e: unknown) => {
        pricing = null;
        throw e;
      },
    ));
  };
  if (!matches.file.products.length) return { kind: 'none' };
  return { kind: 'results', file: matches.file, cache: result.cache, offline: result.offline, tiles, sorting };
}
