/**
 * The page's search client, shared by the search panel (src/browser/search/SearchPanel.tsx) and the search
 * results page (src/browser/search/SearchResults.ts): one client per page, so the engine and the index load
 * once. The client (./client) does the I/O; the UI takes it from here.
 */
import { config } from '../config';
import { createSearchClient, type SearchClient } from './client';

let shared: SearchClient | null = null;

/** The page's client, created on first use (the index URL of the first caller; default the page's store index). */
export function pageSearchClient(indexUrl?: string): SearchClient {
  shared ??= createSearchClient({ settings: config.constants.search, indexUrl });
  return shared;
}
