/**
 * The search results page over a split listing (docs/search.md "The results page at scale"): the
 * matches' listing from the facet files of every match, then the tiles of the products shown from
 * their buckets. Loaded by loadSearchResults (./results) only when the listing is split.
 */
import { recordsFileOf, type SearchFlags } from './types';
import type { ListingFile, ListingItem } from '../catalog/listing/client';
import {
  bucketsOf,
  facetFilesOf,
  facetsFileOf,
  fetchListingFiles,
  parseSearchListingSplit,
  SearchListingBucketSchema,
  SearchListingFacetsSchema,
  type SearchListingBucket,
  type SearchListingFacets,
  type SearchListingSplit,
} from './split-listing';
import { matchUrl, searchListing, type SearchPageState, type SearchResultsDeps } from './results';
import type { SearchMatches } from './split-engine';
import type { UncheckedSplitListing } from '../catalog/listing/load';

/** A query's matches from a split listing: the listing file (tiles not loaded yet) and each of its products' document number. */
export interface SplitMatches {
  file: ListingFile;
  docs: number[];
}

/**
 * The listing file of a query's matches from the facet files holding them: the same products,
 * order, filters, counts and other orders as searchListing over the full listing (the facet files
 * keep each product's rank in the full listing's orders, its filter values and final price), but
 * each product holds only that until fillTiles gives it its tile (name, link, image, prices).
 */
export function listingOfMatches(
  head: SearchListingSplit,
  facetFiles: ReadonlyMap<string, SearchListingFacets>,
  docs: readonly number[],
  query: string,
): SplitMatches {
  const { fk } = head.split;
  // Each facet file's ranks back from differences, once per file.
  const ranks = new Map<SearchListingFacets, (number | null)[]>();
  const ranksOf = (cols: SearchListingFacets) => {
    let got = ranks.get(cols);
    if (!got) {
      let last = 0;
      ranks.set(cols, (got = cols.r.map((d) => (d === null ? null : (last += d)))));
    }
    return got;
  };
  const entries: { r: number; o: number[]; item: ListingItem }[] = [];
  const seen = new Set<number>();
  for (const doc of docs) {
    if (seen.has(doc)) continue;
    seen.add(doc);
    const cols = facetFiles.get(facetsFileOf(doc, head));
    const j = doc % fk;
    const r = cols ? ranksOf(cols)[j] : null;
    if (!cols || r === null || r === undefined) continue;
    const f: Record<string, number[]> = {};
    for (const [code, values] of Object.entries(cols.f)) {
      const v = values[j] ?? -1;
      if (Array.isArray(v)) f[code] = v;
      else if (v >= 0) f[code] = [v];
    }
    const p = cols.p[j] ?? 0;
    // Until its tile comes: an empty link, and the document number as its sku.
    entries.push({ r, o: cols.o.map((o) => o[j] ?? 0), item: { id: 0, sku: `#${doc}`, type: '', name: '', url: '', price: [p, null, p], f } });
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
  const matches = listingOfMatches(head, await loadFiles(head, facetFilesOf(result.docs, head), SearchListingFacetsSchema), result.docs, q);
  const tiles = async (indexes: number[]) => {
    const lacking = indexes.filter((i) => !matches.file.products[i]?.url);
    if (!lacking.length) return;
    const docs = lacking.map((i) => matches.docs[i]!);
    fillTiles(matches, head, await loadFiles(head, bucketsOf(docs, head), SearchListingBucketSchema), lacking, q);
  };
  if (!matches.file.products.length) return { kind: 'none' };
  return { kind: 'results', file: matches.file, cache: result.cache, offline: result.offline, tiles };
}
