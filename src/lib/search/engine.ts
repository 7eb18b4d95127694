/**
 * The search engine that runs in the browser (and in tests), hand-written after measuring it
 * against MiniSearch (docs/search.md): an inverted index in flat arrays, BM25+ per field, typos
 * found by a bounded edit distance over a length-bucketed vocabulary, the as-you-type prefix by a
 * sorted vocabulary. Semantics of §9: boosts name 4, sku 2, category name 1, c2c_supplier_code 1;
 * up to 2 edits by word length; at least 75% of the query words must match; scores normalised to
 * the best hit and cut at 0.02; §5 paging. Pure: the constants come in as settings.
 * The pieces (vocabulary, postings, ranking: ranking.ts) are shared with the split index's engine
 * (split-engine.ts), which holds only the parts of the index a query needs.
 */
import type { SearchSettings } from './query';
import type { SearchIndexFile, SearchPaging, SearchResult, SearchSplitFile } from './types';
import type { FetchFile, SplitSearchEngine } from './split-engine';
import { createRanker, indexDocs, queryWords, type Postings } from './ranking';

/** A loaded index that answers queries. */
export interface SearchEngine {
  /** Number of searchable products. */
  readonly count: number;
  /** Ranked, filtered and paged hits; flags cache and offline are false (the caller knows better). */
  search(query: string, paging?: SearchPaging): SearchResult;
}

/**
 * Builds the engine from the whole index file (about 0.1 s for 10,000 products in Node); a split
 * index's engine (split-engine.ts, its own chunk) when given the split index and how to fetch its files.
 */
export function createSearchEngine(file: SearchIndexFile, settings: SearchSettings): SearchEngine;
export function createSearchEngine(
  file: SearchIndexFile | SearchSplitFile,
  settings: SearchSettings,
  fetchFile: FetchFile,
): SearchEngine | Promise<SplitSearchEngine>;
export function createSearchEngine(
  file: SearchIndexFile | SearchSplitFile,
  settings: SearchSettings,
  fetchFile?: FetchFile,
): SearchEngine | Promise<SplitSearchEngine> {
  if ('split' in file) return import('./split-engine').then((m) => m.createSplitEngine(file, settings, fetchFile));
  const { n, vocab, postings, totalLen } = indexDocs(file);
  const rank = createRanker(n, totalLen, settings);
  return {
    count: n,
    search(query, paging = {}) {
      const words = queryWords(query, settings).map((w) => [...vocab.expand(...w)].map(([id, weight]): [Postings, number] => [postings[id]!, weight]));
      return rank(words, paging, (doc, score) => ({ ...file.d[doc]!, score }));
    },
  };
}
