/**
 * A query's answer for the search results page (`/search?q=…`, `/{store}/search?q=…`): the built page
 * with the first screen of results written in (./page-html.ts), from the same engine, files and rules
 * as the page's script (./client.ts, ./results.ts), the files read through the `fetch` it is given:
 * the shop's server reads them from the generation's folder on disk (server/search-page.ts), the edge
 * worker from the deployment's assets (src/lib/build/cdn/worker.ts). What it parsed is kept with it:
 * one SearchAnswers per site version (a generation, a deployment), within bounds.
 */
import { config, type StoreView } from '../config';
import { createSearchClient, indexUrlFor, type SearchClient } from './client';
import { loadSearchResults, readSearchQuery, type SearchPageState } from './results';
import { fetchSearchListing, type UncheckedSplitListing } from '../catalog/listing/load';
import type { ListingFile } from '../catalog/listing/client';
import { fetchListingFiles } from './split-listing';
import { firstScreen, parseSearchPage, searchPageHtml, type SearchPageTemplate } from './page-html';
import { storeViewForPath } from '../api/store-code';
import { searchUrl } from '../catalog/urls';

/**
 * The lifetime of a search page answered for a query: revalidated by browsers at each visit (a 304
 * when the query's answer is unchanged), held by shared caches for minutes, not the day a page is:
 * the answer depends on every product, not only the pages its cache tags name, so a publish's purge
 * may miss it and minutes bound how long it shows old results; the queries are many and each
 * is asked rarely, so a day's copies would mostly fill the cache.
 */
export const SEARCH_ANSWER_CACHE = 'public, max-age=0, must-revalidate, s-maxage=300';

/** Files of a split index or listing kept parsed per store view; past this the store's search starts afresh (memory stays bounded). */
const MAX_FILES = 2000;

/** One store view's search: its client (engine and index parts) and its listing, made on first use. */
class StoreSearch {
  private files = 0;
  private client!: SearchClient;
  private listing: Promise<ListingFile | UncheckedSplitListing> | null = null;
  private listingFiles = new Map<string, unknown>();
  private readonly fetch: typeof fetch;

  constructor(
    fetchFile: typeof fetch,
    private readonly indexUrl: string,
    private readonly listingUrl: string,
  ) {
    this.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      this.files++;
      return fetchFile(input, init);
    }) as typeof fetch;
    this.reset();
  }

  private reset(): void {
    this.files = 0;
    this.client = createSearchClient({ settings: config.constants.search, indexUrl: this.indexUrl, fetch: this.fetch, isOnline: () => true });
    this.listing = null;
    this.listingFiles.clear();
  }

  /** The page's state for a query, as the page's script has it, and the client that searched it. */
  async state(query: string): Promise<{ state: SearchPageState; client: SearchClient }> {
    // Every file a query read stays parsed (the split engine keeps them): past the bound, start again.
    if (this.files > MAX_FILES) this.reset();
    const client = this.client;
    const state = await loadSearchResults(query, {
      search: client.search,
      matches: client.matches,
      loadListing: () => {
        const got = (this.listing ??= fetchSearchListing(this.listingUrl, this.fetch));
        // A failed read is not kept: the next query tries again.
        got.catch(() => (this.listing = null));
        return got;
      },
      listingUrl: this.listingUrl,
      loadFiles: async (head, names, schema) => {
        const missing = names.filter((n) => !this.listingFiles.has(n));
        if (missing.length) for (const [n, v] of await fetchListingFiles(this.listingUrl, head, missing, schema, this.fetch)) this.listingFiles.set(n, v);
        return new Map(names.map((n) => [n, this.listingFiles.get(n) as never]));
      },
    });
    return { state, client };
  }
}

/** The answers kept for queries asked again (the popular ones): at most this many characters of HTML, the least recently asked going first. */
const KEPT_ANSWERS_CHARS = 16_000_000;

/** The search pages of one site version, their files read through `fetchFile` (URLs relative to the site's root). */
export class SearchAnswers {
  private pages = new Map<string, SearchPageTemplate | null>();
  private stores = new Map<string, StoreSearch>();
  private kept = new Map<string, string>();
  private keptChars = 0;

  constructor(private readonly fetchFile: typeof fetch) {}

  /** The store view whose search page a (decoded) path is; null when it is no search page. */
  static storeOf(path: string): StoreView | null {
    const store = storeViewForPath(path);
    return searchUrl('', { storeCode: store.storeCode }) === path ? store : null;
  }

  /**
   * The page's HTML with a query's answer (`search`: the request's query string); null when there is
   * nothing to write: no query, or filters or a sort the page's listing draws itself (the page as
   * built), or not the search page. `page` reads the built page (once per `key`).
   */
  async answer(key: string, page: () => string | Promise<string>, path: string, search: string): Promise<string | null> {
    const store = SearchAnswers.storeOf(path);
    const query = readSearchQuery(search);
    if (!store || !query) return null;
    let t = this.pages.get(key);
    if (t === undefined) this.pages.set(key, (t = parseSearchPage(await page())));
    if (!t) return null;
    // Filters or a sort in the URL: the listing draws that selection itself (the first screen written
    // here is the default selection's; the script would draw it again).
    const params = new URLSearchParams(search);
    if (params.has('sort') || t.values.some((v) => params.has(v.code))) return null;
    const keptKey = `${key}\u0000${query}`;
    const kept = this.kept.get(keptKey);
    if (kept !== undefined) {
      // Asked again: the most recently asked goes last.
      this.kept.delete(keptKey);
      this.kept.set(keptKey, kept);
      return kept;
    }
    const [html, keep] = await this.write(t, store, path, query);
    // Not an answer from a file that could not be read (the next ask tries again).
    if (!keep) return html;
    this.kept.set(keptKey, html);
    this.keptChars += html.length;
    for (const [k, v] of this.kept) {
      if (this.keptChars <= KEPT_ANSWERS_CHARS) break;
      this.kept.delete(k);
      this.keptChars -= v.length;
    }
    return html;
  }

  /** A query's answer written into the page, and whether it may be kept (not an answer to a failed read). */
  private async write(t: SearchPageTemplate, store: StoreView, path: string, query: string): Promise<[string, boolean]> {
    let s = this.stores.get(store.storeCode);
    if (!s) this.stores.set(store.storeCode, (s = new StoreSearch(this.fetchFile, indexUrlFor(path), t.listingSrc)));
    const { state, client } = await s.state(query);
    let first: ReturnType<typeof firstScreen> | undefined;
    if (state.kind === 'results') {
      first = firstScreen(state.file, query);
      // A split listing's products come without their tiles: those of the first screen are loaded.
      if (state.tiles) await state.tiles(first.shown);
    }
    // The suggestions come with the index, which a too short query does not load.
    if (state.kind === 'short') await client.preload();
    const html = searchPageHtml(t, { query, state, first, suggestions: client.suggestions(), store });
    return [html, state.kind === 'results' || state.kind === 'none' || state.kind === 'short'];
  }
}
