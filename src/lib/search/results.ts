/**
 * The search results page (`/search?q=…`): every match of a query, shown by the
 * category listing (filters, sorts, infinite scroll) from the listing of every searchable product
 * (`/search-listing.json`, src/lib/catalog/listing/file.ts `searchListingFile`). The query is searched by the
 * same static index and engine as the search panel (src/lib/search/client.ts), so the page works
 * offline once the service worker holds both files. Rules only: the page's script
 * (src/islands/SearchResults.ts) renders what these return.
 */
import { messages, fill } from '../messages';
import { isSearchTerm, nothingFound } from './status';
import { childSkuOf, docUrl, type SearchDoc, type SearchFlags, type SearchPaging, type SearchResult, type SearchSuggestions } from './types';
import type { ListingFacet, ListingFile, ListingItem } from '../catalog/listing/client';
import { priceRangeOf } from '../catalog/listing-engine';
import type { SearchListingSplit } from './split-listing';
import type { UncheckedSplitListing } from '../catalog/listing/load';
import type { ZodMiniType } from 'zod/mini';
import type { SearchMatches } from './split-engine';

/** The search page's own sort, first and default: the engine's order, best match first. */
export const RELEVANCE_SORT = 'relevance';

/** The query of a search page URL (`?q=…`), spaces around it removed; '' when there is none. */
export function readSearchQuery(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').trim();
}

/** The search page's h1: "Search results for '…'" once there is a query. */
export function searchPageHeading(query: string): string {
  return query ? fill(messages.searchResultsFor, { query }) : messages.searchPageTitle;
}

/** What a hit needs here: its sku, and its children for a child-sku query. */
export type SearchListingHit = Pick<SearchDoc, 's' | 'n' | 'u' | 'cs' | 'cu'>;

/**
 * The listing file of a query's matches, taken from the listing of every searchable product:
 * the matches in the engine's order (the file's own sort is RELEVANCE_SORT), each with its tile
 * and price as a category page shows it; a match found by one of its child skus links to the
 * parent with that child chosen (as in the panel). Filters are built from the matches: only values
 * some match has, counted over the matches. The full listing's other orders (Latest, and any a
 * build worked out) keep their order among the matches. Hits the full listing lacks are left out.
 */
export function searchListing(full: ListingFile, hits: readonly SearchListingHit[], query: string): ListingFile {
  const at = new Map(full.products.map((p, i) => [p.sku, i]));
  const picked: number[] = [];
  const products: ListingItem[] = [];
  const seen = new Set<number>();
  for (const hit of hits) {
    const i = at.get(hit.s);
    if (i === undefined || seen.has(i)) continue;
    seen.add(i);
    picked.push(i);
    const item = full.products[i]!;
    const url = matchUrl(item.url, hit, query);
    products.push(url === item.url ? item : { ...item, url });
  }

  // Filters from the matches: values nobody matched go, the others are renumbered.
  const facets: ListingFacet[] = [];
  const renumber = new Map<string, Map<number, number>>();
  for (const f of full.facets) {
    const counts = new Array<number>(f.values.length).fill(0);
    for (const p of products) {
      if (f.code === 'price') {
        const k = priceRangeOf(f.values, p.price[2]);
        if (k >= 0) counts[k]!++;
      } else {
        for (const k of new Set(p.f[f.code] ?? [])) if (k >= 0 && k < counts.length) counts[k]!++;
      }
    }
    const map = new Map<number, number>();
    const values = f.values.flatMap((v, k) => {
      if (!counts[k]) return [];
      map.set(k, map.size);
      return [{ ...v, count: counts[k]! }];
    });
    if (!values.length) continue;
    facets.push({ ...f, values });
    renumber.set(f.code, map);
  }
  const items = products.map((p): ListingItem => {
    const f: Record<string, number[]> = {};
    for (const [code, ks] of Object.entries(p.f)) {
      const map = renumber.get(code);
      if (!map) continue;
      const next = ks.map((k) => map.get(k)).filter((k): k is number => k !== undefined);
      if (next.length) f[code] = next;
    }
    return { ...p, f };
  });

  // The full listing's orders, restricted to the matches: its own sort (the file order) and any it carries.
  const restrict = (order: readonly number[]): number[] => {
    const rank = new Map(picked.map((i, j) => [i, j]));
    return order.filter((i) => rank.has(i)).map((i) => rank.get(i)!);
  };
  const orders: Record<string, number[]> = { [full.sort]: restrict(full.products.map((_, i) => i)) };
  for (const [sort, order] of Object.entries(full.orders ?? {})) orders[sort] = restrict(order);

  return { v: 1, id: full.id, sort: RELEVANCE_SORT, total: items.length, facets, products: items, orders, q: query };
}

/** The link of a match: the product's, or with the query naming one of its child skus the parent with that child chosen (as in the panel). */
export function matchUrl(url: string, hit: SearchListingHit, query: string): string {
  return childSkuOf(hit, query) ? docUrl(hit, query) : url;
}

/** What the search page shows. */
export type SearchPageState =
  /** No query yet: the search box and the suggestions. */
  | { kind: 'empty' }
  /** Under the §9 minimum of 3 characters. */
  | { kind: 'short' }
  /** Matches, as a listing file for the category listing. */
  | {
      kind: 'results';
      file: ListingFile;
      cache: boolean;
      offline: boolean;
      /** A split listing's products come without their tiles: this loads those of the products at these indexes (rejects when it cannot). */
      tiles?: (indexes: number[]) => Promise<void>;
      /** A split listing's products come without their exact prices: this loads them before a sort by price (null when nothing is lacking). */
      sorting?: (sort: string) => Promise<void> | null;
    }
  /** Nothing matched. */
  | { kind: 'none' }
  /** §8: offline and the index could not be read. */
  | { kind: 'offline' }
  /** The listing of searchable products could not be loaded. */
  | { kind: 'error' };

/** What loadSearchResults uses: the panel's search client and the listing loader. */
export interface SearchResultsDeps {
  search(query: string, paging?: SearchPaging): Promise<SearchResult>;
  /**
   * Every match (the search client's `matches`): with a split index only their document numbers,
   * listed from the split listing's buckets. Without it, `search` is asked for every match.
   */
  matches?(query: string): Promise<SearchResult | (SearchMatches & SearchFlags)>;
  /** /search-listing.json: the whole listing, or a split listing's shared part. */
  loadListing(): Promise<ListingFile | UncheckedSplitListing>;
  /** Where /search-listing.json is (a split listing's files are beside it). */
  listingUrl?: string;
  /** Files of a split listing by name (facet files or tile buckets, validated by `schema`); rejects with `offline: true` when the network failed. Default: fetched beside `listingUrl`. */
  loadFiles?<T>(head: SearchListingSplit, names: string[], schema: ZodMiniType<T>): Promise<ReadonlyMap<string, T>>;
}

/** Every match, not the panel's first 50. */
const ALL: SearchPaging = { start: 0, size: Number.MAX_SAFE_INTEGER };

/** Searches a query and lists its matches; never rejects. The listing loads only when something matched. */
export async function loadSearchResults(query: string, deps: SearchResultsDeps): Promise<SearchPageState> {
  const q = query.trim();
  if (!q) return { kind: 'empty' };
  if (!isSearchTerm(q)) return { kind: 'short' };
  const result = deps.matches ? await deps.matches(q) : await deps.search(q, ALL);
  if (result.noresults) return { kind: result.offline ? 'offline' : 'none' };
  let file: ListingFile;
  try {
    const listing = await deps.loadListing();
    const split = 'split' in listing;
    // The index and the listing come from one build: both split, or both whole.
    if (split !== 'docs' in result) throw new Error('the search index and the search listing are of two builds');
    if ('docs' in result && split) {
      // Only a split listing needs these rules and its file formats: their own chunk.
      const { splitResultsState } = await import('./split-results');
      return await splitResultsState(listing, result, q, deps);
    } else file = searchListing(listing as ListingFile, (result as SearchResult).items, q);
  } catch (e) {
    // A bucket the network could not bring (offline, not yet cached): the §8 offline answer.
    return { kind: (e as { offline?: boolean }).offline ? 'offline' : 'error' };
  }
  if (!file.products.length) return { kind: 'none' };
  return { kind: 'results', file, cache: result.cache, offline: result.offline };
}

/** The status line of a state: loading, why nothing is listed, or nothing once the listing shows (its item count says how many). */
export function searchPageStatus(state: SearchPageState | null): string {
  if (!state) return messages.searchLoading;
  switch (state.kind) {
    case 'empty':
      return messages.searchPageEmpty;
    case 'short':
      return messages.searchMinLength;
    case 'none':
    case 'offline':
      return nothingFound(state.kind === 'offline');
    case 'error':
      return messages.somethingWrong;
    case 'results':
      // The listing's item count says it (and follows the filters).
      return '';
  }
}

/** True when the state shows the suggestions (popular searches, categories): no query, or nothing matched. */
export function showsSuggestions(state: SearchPageState | null, suggestions: SearchSuggestions | null): suggestions is SearchSuggestions {
  return !!suggestions && !!state && (state.kind === 'empty' || state.kind === 'none' || state.kind === 'short');
}
