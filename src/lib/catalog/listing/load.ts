/**
 * The listing action the page scripts call (src/islands/CategoryListingRun.ts, SearchResults.ts):
 * the listing file a listing's markup names, loaded and validated by ./client. A listing without the
 * attribute is a page bug, reported by name instead of a request for `undefined`.
 */
import { fetchListing, type ListingFile } from './client';

/** The attributes that name a listing file: a category page's, the search results page's. */
export type ListingSrcAttribute = 'data-listing-src' | 'data-search-listing-src';

/** Loads the listing file named by `root`'s `data-listing-src` (or `data-search-listing-src`). */
export function loadListingOf(root: Element, attribute: ListingSrcAttribute = 'data-listing-src', fetcher?: typeof fetch): Promise<ListingFile> {
  const src = root.getAttribute(attribute);
  return src ? fetchListing(src, fetcher) : Promise.reject(new Error(`The listing has no ${attribute} attribute`));
}
