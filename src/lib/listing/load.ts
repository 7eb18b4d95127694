/**
 * The listing action the page scripts call (src/islands/CategoryListingRun.ts, SearchResults.ts):
 * the listing file a listing's markup names, loaded and validated by ./client. A listing without the
 * attribute is a page bug, reported by name instead of a request for `undefined`.
 */
import { fetchListing, type ListingFile } from './client';

/** The data attributes that name a listing file: a category page's, the search results page's. */
export type ListingSrcAttribute = 'listingSrc' | 'searchListingSrc';

const attributeName = (key: ListingSrcAttribute) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Loads the listing file named by `root`'s `data-listing-src` (or `data-search-listing-src`). */
export function loadListingOf(root: HTMLElement, key: ListingSrcAttribute = 'listingSrc', fetcher?: typeof fetch): Promise<ListingFile> {
  const src = root.dataset[key];
  if (!src) return Promise.reject(new Error(`The listing has no ${attributeName(key)} attribute`));
  return fetchListing(src, fetcher);
}
