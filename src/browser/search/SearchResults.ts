/**
 * The search results page's script (/search?q=…, src/pages/[...store]/search.astro): reads the
 * query, searches it with the panel's client (the same static index and engine, so offline too),
 * then hands every match to the category listing (CategoryListingRun.ts: filters, sorts, infinite
 * scroll, URL state) as a listing file (src/lib/search/results.ts). Shows the heading, the status
 * line, and the suggestions when there is no query or nothing matched; where the server wrote its
 * query's answer into the page (server/search-page.ts), adopts it: its tiles stay the listing's
 * first page, nothing is drawn twice. No framework.
 */
import { pageSearchClient } from '../../lib/search/session';
import { fetchSearchListing } from '../../lib/catalog/listing/load';
import { searchUrl } from '../../lib/catalog/urls';
import { storeViewForPath } from '../../lib/api/store-code';
import {
  loadSearchResults,
  readSearchQuery,
  SERVED_ATTRIBUTE,
  SERVED_QUERY_ATTRIBUTE,
  searchPageHeading,
  searchPageStatus,
  showsSuggestions,
} from '../../lib/search/results';
import { messages } from '../../lib/messages';
import { startListing } from '../listing/CategoryListingRun';
import { wireListingControls } from '../listing/CategoryListing';
import { startTileStock } from '../listing/tile-stock';

/**
 * The tiles' stock prefetch (../listing/tile-stock.ts) starts on the shopper's first move over the
 * results: a pointer or a touch on them, the keyboard in them, a scroll of the page. It only fills the
 * stock cache, which nothing on this page shows, so its code (~13 KB gzipped with the browser storage)
 * stays out of the page's load; a shopper who looks at the results starts it before opening one.
 */
function startStockOnFirstMove(root: HTMLElement, grid: HTMLElement): void {
  const moved = new AbortController();
  const start = () => {
    moved.abort();
    startTileStock(grid);
  };
  for (const ev of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const)
    root.addEventListener(ev, start, { signal: moved.signal, passive: true });
  addEventListener('scroll', start, { signal: moved.signal, passive: true });
}

/** Takes what the server wrote for another query out of the page (its heading is written again by the caller): the shell as built, for the script to draw. */
function unserve(root: HTMLElement, grid: HTMLElement): void {
  document.title = document.title.replace(root.querySelector('[data-listing-heading]')?.textContent ?? '', messages.searchPageTitle);
  grid.replaceChildren();
  for (const el of root.querySelectorAll<HTMLElement>('.listing__toolbar, .listing__body, [data-search-help], [data-search-suggest]')) el.hidden = true;
}

async function start(root: HTMLElement): Promise<void> {
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  if (!grid || !status) return;
  const input = root.querySelector<HTMLInputElement>('[data-search-input]');
  const heading = root.querySelector<HTMLElement>('[data-listing-heading]');
  const query = readSearchQuery(location.search);
  const store = storeViewForPath(location.pathname);

  // The server may have written the query's answer into the page (src/lib/search/page-html.ts): the
  // heading, the input, the status and the first screen of results are there, and are adopted as they are.
  let served = root.getAttribute(SERVED_ATTRIBUTE);
  if (served !== null && root.getAttribute(SERVED_QUERY_ATTRIBUTE) !== query) {
    // Another query's answer (a cache that kept one for every query): back to the shell, drawn as usual.
    unserve(root, grid);
    served = null;
  }
  if (served === null) {
    if (input) input.value = query;
    const title = searchPageHeading(query);
    if (heading) heading.textContent = title;
    document.title = document.title.replace(messages.searchPageTitle, title);
    if (query) {
      status.textContent = messages.searchLoading;
      grid.setAttribute('aria-busy', 'true');
    }
  }
  if (!query) input?.focus();

  const client = pageSearchClient();
  const listingUrl = root.getAttribute('data-search-listing-src')!;
  const state = await loadSearchResults(query, {
    search: client.search,
    matches: client.matches,
    loadListing: () => fetchSearchListing(listingUrl),
    listingUrl,
  });
  status.textContent = searchPageStatus(state);
  root.dataset.searchState = state.kind;
  root.querySelector<HTMLElement>('[data-search-help]')!.hidden = state.kind !== 'none';

  if (state.kind === 'results') {
    for (const el of root.querySelectorAll<HTMLElement>('.listing__toolbar, .listing__body')) el.hidden = false;
    const controller = startListing(root, grid, {
      load: () => Promise.resolve(state.file),
      searchProductQuery: query,
      tiles: state.tiles,
      sorting: state.sorting,
      adopt: served === 'results',
    });
    wireListingControls(root, grid, () => Promise.resolve(controller));
    startStockOnFirstMove(root, grid);
    return;
  }
  grid.removeAttribute('aria-busy');
  // The server wrote this state's suggestions already.
  if (served === state.kind) return;

  // No query, too short or nothing found: popular searches (links to their results) and the top categories.
  await client.preload();
  const suggested = client.suggestions();
  if (!showsSuggestions(state, suggested)) return;
  const links = (list: Element | null, items: [string, string][]) => {
    list?.replaceChildren(
      ...items.map(([label, href]) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = href;
        a.textContent = label;
        li.append(a);
        return li;
      }),
    );
  };
  const popular = root.querySelector<HTMLElement>('[data-search-popular]');
  const categories = root.querySelector<HTMLElement>('[data-search-categories]');
  links(
    popular?.querySelector('ul') ?? null,
    suggested.popular.map((term) => [term, searchUrl(term, { storeCode: store.storeCode })]),
  );
  links(categories?.querySelector('ul') ?? null, suggested.categories);
  if (popular) popular.hidden = suggested.popular.length === 0;
  if (categories) categories.hidden = suggested.categories.length === 0;
  root.querySelector<HTMLElement>('[data-search-suggest]')!.hidden = false;
}

const root = document.querySelector<HTMLElement>('[data-search-listing-src]');
if (root) void start(root);
