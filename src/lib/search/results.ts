/**
 * The search results page (`/search?q=…`): every match of a query, shown by the
 * category listing (filters, sorts, infinite scroll) from the listing of every searchable product
 * (`/search-listing.json`, src/lib/build/listing-file.ts `searchListingFile`). The query is searched by the
 * same static index and engine as the search panel (src/lib/search/client.ts), so the page works
 * offline once the service worker holds both files. Rules only: the page's script
 * (src/browser/search/SearchResults.ts) renders what these return.
 */
import { messages, fill } from '../messages';
import { isSearchTerm, nothingFound } from './status';
import type { SearchFlags, SearchPaging, SearchResult, SearchSuggestions } from './types';
import type { ListingFile } from '../catalog/listing/client';
import { searchListing } from './hit-listing';
import type { SearchListingSplit } from './split-listing';
import type { UncheckedSplitListing } from '../catalog/listing/load';
import type { ZodMiniType } from 'zod/mini';
import type { SearchMatches } from './split-engine';

/**
 * The search page root's attribute naming the state the server wrote into the page for its query
 * (src/lib/search/page-html.ts): the page's script adopts what is there rather than drawing it again.
 */
export const SERVED_ATTRIBUTE = 'data-search-served';
/** The root's attribute naming the query the server answered (a cache that ignores the query could give another's). */
export const SERVED_QUERY_ATTRIBUTE = 'data-search-served-query';

/**
 * The longest query the results page searches (characters; the engine reads its first 32 words): a
 * longer one is cut, so a URL's query, written back into the page, stays a query's size.
 */
export const MAX_QUERY_LENGTH = 200;

/** The query of a search page URL (`?q=…`), spaces around it removed, at most MAX_QUERY_LENGTH characters; '' when there is none. */
export function readSearchQuery(search: string): string {
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  // Cut by characters, not UTF-16 units: a cut never leaves half a character.
  return q.length > MAX_QUERY_LENGTH ? Array.from(q).slice(0, MAX_QUERY_LENGTH).join('').trim() : q;
}

/** The search page's h1: "Search results for '…'" once there is a query. */
export function searchPageHeading(query: string): string {
  return query ? fill(messages.searchResultsFor, { query }) : messages.searchPageTitle;
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

/**
 * Searches a query and lists its matches; never rejects. For a search term the listing loads beside
 * the search, not after it: the results wait for one download the less (a query that matches nothing
 * has fetched it in vain, the rarer case). Not for an empty or too short query.
 */
export async function loadSearchResults(query: string, deps: SearchResultsDeps): Promise<SearchPageState> {
  const q = query.trim();
  if (!q) return { kind: 'empty' };
  if (!isSearchTerm(q)) return { kind: 'short' };
  const loading = deps.loadListing();
  // Awaited below only when something matched: a failure before then is not an unhandled rejection.
  loading.catch(() => undefined);
  const result = deps.matches ? await deps.matches(q) : await deps.search(q, ALL);
  if (result.noresults) return { kind: result.offline ? 'offline' : 'none' };
  let file: ListingFile;
  try {
    const listing = await loading;
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
