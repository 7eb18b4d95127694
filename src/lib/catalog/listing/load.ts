/**
 * The listing action the page scripts call (src/islands/CategoryListingRun.ts, SearchResults.ts):
 * the listing file a listing's markup names, loaded and validated by ./client. A listing without the
 * attribute is a page bug, reported by name instead of a request for `undefined`.
 */
import { fetchListing, ListingFileSchema, type ListingFile } from './client';
import type { SearchListingSplit } from '../../search/split-listing';

/** The attributes that name a listing file: a category page's, the search results page's. */
export type ListingSrcAttribute = 'data-listing-src' | 'data-search-listing-src';

/** Loads the listing file named by `root`'s `data-listing-src` (or `data-search-listing-src`). */
export function loadListingOf(root: Element, attribute: ListingSrcAttribute = 'data-listing-src', fetcher?: typeof fetch): Promise<ListingFile> {
  const src = root.getAttribute(attribute);
  return src ? fetchListing(src, fetcher) : Promise.reject(new Error(`The listing has no ${attribute} attribute`));
}

/**
 * /search-listing.json, validated: the whole listing of searchable products, or with a split index
 * its shared part (docs/search.md "The results page at scale"), whose format is loaded only then.
 */
export async function fetchSearchListing(url: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<ListingFile | SearchListingSplit> {
  const res = await fetcher(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`listing ${url}: HTTP ${res.status}`);
  const data: unknown = await res.json();
  if (typeof data === 'object' && data !== null && 'split' in data) return (await import('../../search/split-listing')).parseSearchListingSplit(data, url);
  return ListingFileSchema.parse(data);
}
