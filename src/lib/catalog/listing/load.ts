/**
 * The listing action the page scripts call (src/browser/listing/CategoryListingRun.ts, SearchResults.ts):
 * the listing file a listing's markup names, loaded and validated by ./client. A listing without the
 * attribute is a page bug, reported by name instead of a request for `undefined`.
 */
import { checkListingFile, fetchListing, type ListingFile } from './client';

/** The attributes that name a listing file: a category page's, the search results page's. */
export type ListingSrcAttribute = 'data-listing-src' | 'data-search-listing-src';

/** Loads the listing file named by `root`'s `data-listing-src` (or `data-search-listing-src`). */
export function loadListingOf(root: Element, attribute: ListingSrcAttribute = 'data-listing-src', fetcher?: typeof fetch): Promise<ListingFile> {
  const src = root.getAttribute(attribute);
  return src ? fetchListing(src, fetcher) : Promise.reject(new Error(`The listing has no ${attribute} attribute`));
}

/** A split search listing's shared part, not checked yet: the split results page's own chunk validates it (src/lib/search/split-results.ts). */
export type UncheckedSplitListing = { split: unknown };

/**
 * /search-listing.json: the whole listing of searchable products (validated), or with a split index
 * its shared part (docs/search.md "The results page at scale"), validated by the code that reads it.
 */
export function fetchSearchListing(url: string, fetcher?: typeof fetch): Promise<ListingFile | UncheckedSplitListing> {
  return fetchListing<ListingFile | UncheckedSplitListing>(url, fetcher, (data) =>
    typeof data === 'object' && data !== null && 'split' in data ? (data as UncheckedSplitListing) : checkListingFile(data),
  );
}
