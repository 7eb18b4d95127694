/**
 * The minimum search term and the text for a search that found nothing, shared by the search panel
 * (./panel.ts), the results page (./results.ts) and the search form's rule (src/lib/forms/rules.ts).
 * Modules of their own, small and without the results page's listing code, so the panel and the
 * forms on every page do not load that code.
 */
import { config } from '../config';
import { messages } from '../messages';
import { isQueryLongEnough } from './query';

/** §9: true when the search box's text is long enough to search (the configured minimum, 3 characters, spaces around it not counted). */
export function isSearchTerm(query: string): boolean {
  return isQueryLongEnough(query, config.constants.search.minTermLength);
}

/** §8: why a search found nothing: offline and the index could not be read, or no match. */
export function nothingFound(offline: boolean): string {
  return offline ? messages.searchOfflineEmpty : messages.searchNoResults;
}
