/** The search panel's rules (src/browser/search/SearchPanel.tsx renders what they return). */
import { messages, fill } from '../messages';
import { isSearchTerm, nothingFound } from './status';
import type { SearchResult } from './types';

/**
 * The search panel's status line under the box (src/browser/search/SearchPanel.tsx): the min-length
 * hint, searching (`loading`: the latest query has no answer yet), the count of results (and
 * how many of them show when the panel's page of 50 holds fewer), or why nothing was found.
 */
export function searchPanelStatus(query: string, loading: boolean, result: SearchResult | null): string {
  const q = query.trim();
  if (!q) return '';
  if (!isSearchTerm(q)) return messages.searchMinLength;
  if (loading && !result) return messages.searchLoading;
  if (!result) return '';
  if (result.noresults) return nothingFound(result.offline);
  if (result.total === 1) return messages.searchResultsOne;
  if (result.total > result.items.length) return fill(messages.searchResultsShown, { shown: result.items.length, count: result.total });
  return fill(messages.searchResultsCount, { count: result.total });
}
