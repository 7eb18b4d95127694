/**
 * The browser side of search: loads the engine (dynamic import) and the index file (fetch) on
 * first use, answers queries with the §4 flags { cache, offline, noresults }. When the index
 * cannot be fetched offline, the answer is an empty result flagged offline (§8); the next query
 * tries again. The index is cached for offline use by the service worker, not here.
 */
import { emptyResult, isQueryLongEnough, type SearchSettings } from './query';
import type { SearchEngine } from './engine';
import type { FetchFile, SearchMatches, SplitSearchEngine } from './split-engine';
import type { SearchFlags, SearchIndexFile, SearchPaging, SearchResult, SearchSplitFile, SearchSuggestions } from './types';
import { SEARCH_INDEX_VERSION } from './types';
import { storeViewForPath } from '../api/store-code';
import { lazyModule } from '../state/lazy-module';

/** Where the index is served (src/pages/[...store]/search-index.json.ts). */
export const SEARCH_INDEX_PATH = 'search-index.json';

/** What the client needs; the defaults suit the browser, tests inject their own. */
export interface SearchClientOptions {
  /** The §9 search constants (config.constants.search). */
  settings: SearchSettings & { clientTimeoutMs: number };
  /** URL of the index file; default `${BASE_URL}search-index.json`. */
  indexUrl?: string;
  fetch?: typeof fetch;
  /** The browser's online flag; default navigator.onLine. */
  isOnline?: () => boolean;
  /** How the engine module is loaded; default a dynamic import (its own chunk). */
  loadEngine?: () => Promise<
    (file: SearchIndexFile | SearchSplitFile, settings: SearchSettings, fetchFile: FetchFile) => SearchEngine | Promise<SplitSearchEngine>
  >;
}

/** Why the index is not there: offline (no network, or the fetch failed) or an error answer. */
export type IndexProblem = { offline: boolean; error: string };

/** Every match, not the panel's first 50 (the search results page). */
const ALL: SearchPaging = { start: 0, size: Number.MAX_SAFE_INTEGER };

/** A search client bound to one index URL. */
export interface SearchClient {
  /** Starts loading the engine and the index (e.g. when the panel opens); never rejects. */
  preload(): Promise<void>;
  /** Searches; never rejects. Too-short queries (§5: under 3 characters) give an empty result. */
  search(query: string, paging?: SearchPaging): Promise<SearchResult>;
  /**
   * Every match of a query, for the search results page: the whole index gives the records (a
   * SearchResult of every match); a split index only the matches' document numbers (its records
   * files are not fetched: the page takes what it shows from the search listing's buckets). Never rejects.
   */
  matches(query: string): Promise<SearchResult | (SearchMatches & SearchFlags)>;
  /** The empty-state suggestions, once the index is loaded. */
  suggestions(): SearchSuggestions | null;
}

/** The index of the store view a page belongs to (§7: a search index per store): /search-index.json, /de/search-index.json with multistore on. */
export function indexUrlFor(pathname: string, base = '/', cfg?: Parameters<typeof storeViewForPath>[1]): string {
  const store = storeViewForPath(pathname, cfg);
  const prefix = store.url ? `${store.url.replace(/^\/+|\/+$/g, '')}/` : '';
  return `${base.endsWith('/') ? base : `${base}/`}${prefix}${SEARCH_INDEX_PATH}`;
}

function defaultIndexUrl(): string {
  const base = (import.meta as unknown as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
  return indexUrlFor(typeof location === 'undefined' ? '/' : location.pathname, base);
}

/** Creates a client; nothing is loaded until preload() or search(). */
export function createSearchClient(opts: SearchClientOptions): SearchClient {
  const settings = opts.settings;
  const indexUrl = opts.indexUrl ?? defaultIndexUrl();
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const isOnline = opts.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const loadEngine = opts.loadEngine ?? (async () => (await import('./engine')).createSearchEngine); // called once, through `ready`

  let engine: SearchEngine | SplitSearchEngine | null = null;
  let file: SearchIndexFile | SearchSplitFile | null = null;

  /** A JSON file of the index (the index, or a file of a split index) within the §9 client timeout. */
  async function fetchJson<T>(url: string): Promise<{ data: T } | IndexProblem> {
    const controller = typeof AbortController === 'undefined' ? null : new AbortController();
    const timer = controller ? setTimeout(() => controller.abort(), settings.clientTimeoutMs) : null;
    try {
      const res = await doFetch(url, { signal: controller?.signal, headers: { Accept: 'application/json' } });
      if (!res.ok) return { offline: !isOnline(), error: `search index answered ${res.status}` };
      return { data: (await res.json()) as T };
    } catch (e) {
      // A rejected fetch is a network failure (or our timeout): the shop is offline for search.
      return { offline: true, error: (e as Error)?.message ?? String(e) };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /**
   * The engine over its index, made once; a failed download or a bad index is forgotten, so the next
   * query tries again (src/lib/state/lazy-module.ts).
   */
  const ready = lazyModule(async () => {
    const [create, res] = await Promise.all([loadEngine(), fetchJson<SearchIndexFile | SearchSplitFile>(indexUrl)]);
    const problem = (p: IndexProblem) => Object.assign(new Error(p.error), { problem: p });
    if ('error' in res) throw problem(res);
    const got = res.data;
    if (got?.v !== SEARCH_INDEX_VERSION || !('split' in got || Array.isArray(got.d)))
      throw problem({ offline: false, error: 'search index has an unknown format' });
    file = got;
    // A large catalogue's index is split (docs/search.md "At scale"): its engine fetches the files a query needs beside the index.
    return (engine = await create(got, settings, (path) => fetchJson(indexUrl.replace(/[^/]*$/, path))));
  });

  function load(): Promise<SearchEngine | SplitSearchEngine | IndexProblem> {
    return ready().catch((e: unknown): IndexProblem => {
      const problem = (e as { problem?: IndexProblem }).problem ?? { offline: !isOnline(), error: (e as Error)?.message ?? String(e) };
      console.error(`Search: ${problem.error}`);
      return problem;
    });
  }

  /** Answers a query with `ask` on the engine, with the §4 flags; a missing index or file gives the empty answer. */
  async function answer<R extends { total: number }>(
    query: string,
    paging: SearchPaging,
    ask: (engine: SearchEngine | SplitSearchEngine) => R | Promise<R | IndexProblem>,
  ): Promise<(R & SearchFlags) | SearchResult> {
    if (!isQueryLongEnough(query, settings.minTermLength)) {
      return emptyResult({ cache: engine !== null, offline: !isOnline() }, paging, settings.defaultSize);
    }
    const held = engine !== null;
    const got = await load();
    // No index, or (split index) a file this query needs: the §8 offline answer when offline.
    const r = 'search' in got ? await ask(got) : got;
    if ('error' in r) return emptyResult({ cache: false, offline: r.offline || !isOnline() }, paging, settings.defaultSize);
    const offline = !isOnline();
    // cache: answered from an index already held before this query, or one the offline cache served.
    return { ...r, cache: held || offline, offline, noresults: r.total === 0 };
  }

  return {
    async preload() {
      await load();
    },
    search: (query, paging = {}) => answer(query, paging, (engine) => engine.search(query, paging)),
    matches: (query) => answer<SearchResult | SearchMatches>(query, ALL, (engine) => ('matches' in engine ? engine.matches(query) : engine.search(query, ALL))),
    suggestions() {
      return file?.sg ?? null;
    },
  };
}
