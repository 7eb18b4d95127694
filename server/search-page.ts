/**
 * The search results page with a query's first screen of results in its HTML (`/search?q=…`,
 * `/{store}/search?q=…`): the built page filled by src/lib/search/page-html.ts with what its script
 * would draw, from the same engine, files and rules as the browser's (src/lib/search/client.ts,
 * results.ts), reading the generation's files from disk rather than over the network. Only I/O here:
 * the files of one site folder (one generation), their parsed parts kept while the folder is served
 * (a new generation is a new SiteFolder, so a new cache), within bounds.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { SiteTree } from '../src/lib/build/render/overlay';
import { config, type StoreView } from '../src/lib/config';
import { createSearchClient, indexUrlFor, type SearchClient } from '../src/lib/search/client';
import { loadSearchResults, readSearchQuery, type SearchPageState } from '../src/lib/search/results';
import { fetchSearchListing, type UncheckedSplitListing } from '../src/lib/catalog/listing/load';
import type { ListingFile } from '../src/lib/catalog/listing/client';
import { fetchListingFiles } from '../src/lib/search/split-listing';
import { firstScreen, parseSearchPage, searchPageHtml, type SearchPageTemplate } from '../src/lib/search/page-html';
import { storeViewForPath } from '../src/lib/api/store-code';
import { searchUrl } from '../src/lib/catalog/urls';

/** Files of a split index or listing kept parsed per store view; past this the store's search starts afresh (memory stays bounded). */
const MAX_FILES = 2000;

/** A site file as a fetch answer (what the browser's search client and listing loaders read): 404 when the site has none. */
function diskFetch(tree: SiteTree, count: () => void): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = decodeURIComponent(new URL(url, 'http://site/').pathname).replace(/^\/+/, '');
    const file = tree.file(path);
    if (!file) return new Response('Not Found', { status: 404 });
    count();
    return new Response(new Uint8Array(await readFile(file)), { headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

/** One store view's search over one site folder: its client (engine and index parts) and its listing, made on first use. */
class StoreSearch {
  private files = 0;
  private client: SearchClient;
  private listing: Promise<ListingFile | UncheckedSplitListing> | null = null;
  private listingFiles = new Map<string, unknown>();
  private readonly fetch: typeof fetch;

  constructor(
    tree: SiteTree,
    private readonly indexUrl: string,
    private readonly listingUrl: string,
  ) {
    this.fetch = diskFetch(tree, () => this.files++);
    this.client = this.newClient();
  }

  private newClient(): SearchClient {
    return createSearchClient({ settings: config.constants.search, indexUrl: this.indexUrl, fetch: this.fetch, isOnline: () => true });
  }

  /** The page's state for a query, as the browser's script has it. */
  async state(query: string): Promise<{ state: SearchPageState; client: SearchClient }> {
    if (this.files > MAX_FILES) {
      // Every file a query read stays parsed (the split engine keeps them): past the bound, start again.
      this.files = 0;
      this.client = this.newClient();
      this.listing = null;
      this.listingFiles.clear();
    }
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

/** The search pages of one site folder. */
export class SearchPages {
  private pages = new Map<string, SearchPageTemplate | null>();
  private stores = new Map<string, StoreSearch>();

  constructor(private readonly tree: SiteTree) {}

  /** The store view whose search page a (decoded) path is; null when it is no search page. */
  static storeOf(path: string): StoreView | null {
    const store = storeViewForPath(path);
    return searchUrl('', { storeCode: store.storeCode }) === path ? store : null;
  }

  /**
   * The page's HTML with a query's answer (`search` is the request's query string); null when there
   * is nothing to write (no query, or filters or a sort the script draws: the page as built; a page that is not the search page).
   */
  async answer(file: string, path: string, search: string): Promise<string | null> {
    const store = SearchPages.storeOf(path);
    const query = readSearchQuery(search);
    if (!store || !query) return null;
    let page = this.pages.get(file);
    if (page === undefined) this.pages.set(file, (page = parseSearchPage(readFileSync(file, 'utf8'))));
    if (!page) return null;
    // Filters or a sort in the URL: the listing draws that selection itself (the first screen written
    // here is the default selection's; the script would draw it again).
    const params = new URLSearchParams(search);
    if (params.has('sort') || page.values.some((v) => params.has(v.code))) return null;
    const listingUrl = page.listingSrc;
    let s = this.stores.get(store.storeCode);
    if (!s) this.stores.set(store.storeCode, (s = new StoreSearch(this.tree, indexUrlFor(path), listingUrl)));
    const { state, client } = await s.state(query);
    let first: ReturnType<typeof firstScreen> | undefined;
    if (state.kind === 'results') {
      first = firstScreen(state.file, query);
      // A split listing's products come without their tiles: those of the first screen are loaded.
      if (state.tiles) await state.tiles(first.shown);
    }
    // The suggestions come with the index, which a too short query does not load.
    if (state.kind === 'short') await client.preload();
    return searchPageHtml(page, { query, state, first, suggestions: client.suggestions(), store });
  }
}
