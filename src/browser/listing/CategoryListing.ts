/**
 * Category listing (spec §2 category page, §4 category listing): the small script every category
 * page loads. The static markup (first 50 tiles, filter sidebar with counts, sort selects) works
 * alone; this script notes the shopper's first filter, sort or scroll, and only then loads the
 * listing code (CategoryListingRun.ts: listing file, filters, sorts, infinite scroll, URL state),
 * started early when the pointer comes near a control. A URL naming filters, or a return to a listing
 * scrolled further down, loads it at once. Stock prefetch of tiles (CategoryStock.ts, ./tile-stock.ts) starts when idle.
 * No framework: React would cost ~70 KB of the page's 90 KB budget for controls that are plain HTML.
 */
import type { ListingAction, ListingController } from './CategoryListingRun';
import { lazyModule } from '../../lib/state/lazy-module';
import { takeListingPlace } from '../../lib/catalog/listing/place';
import { watchListingEnd } from './listing-end';
import { startTileStock } from './tile-stock';

/**
 * Forwards a listing's controls (filter boxes, clear, sort selects) to its controller, started by
 * `load` on the first action. Shared by category pages and the search results page (SearchResults.ts).
 * The shopper's choices wait for the controller in order and are applied once it is there (a filter
 * chosen twice is removed again, as the boxes show). When `load` fails (the listing code could not be
 * downloaded: offline before it was cached) the grid leaves its busy state, the listing's error line
 * shows, and the choices keep waiting: the next choice, or the returned `start`, tries again.
 */
export function wireListingControls(root: HTMLElement, grid: HTMLElement, load: () => Promise<ListingController>): () => Promise<void> {
  const filters = root.querySelector<HTMLElement>('[data-category-filters]');
  const sorts = Array.from(root.querySelectorAll<HTMLSelectElement>('select[data-sort]'));
  let waiting: ListingAction[] = [];
  const start = () =>
    load().then((c) => {
      const run = waiting;
      waiting = [];
      for (const a of run) c.apply(a);
    });
  const act = (a: ListingAction) => {
    grid.setAttribute('aria-busy', 'true');
    waiting.push(a);
    start().catch((err: unknown) => {
      console.error(err);
      grid.removeAttribute('aria-busy');
      root.querySelector('[data-listing-error]')?.removeAttribute('hidden');
    });
  };
  filters?.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.matches('input[data-filter-code]')) act({ kind: 'filter', code: input.dataset.filterCode!, id: input.dataset.filterId! });
  });
  filters?.querySelector('[data-filters-clear]')?.addEventListener('click', () => act({ kind: 'reset' }));
  for (const sel of sorts) sel.addEventListener('change', () => act({ kind: 'sort', value: sel.value }));
  return start;
}

function boot(root: HTMLElement): void {
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  if (!grid) return;
  const filters = root.querySelector<HTMLElement>('[data-category-filters]');
  const sorts = Array.from(root.querySelectorAll<HTMLSelectElement>('select[data-sort]'));
  const listing = lazyModule(() => import('./CategoryListingRun'));
  // Back or a reload to a listing scrolled further down: the place to come back to (the listing keeps it again).
  const place = takeListingPlace();
  let controller: ListingController | null = null;
  const started = new AbortController();
  // The listing starts once, from the first download that succeeds.
  const start = wireListingControls(root, grid, () =>
    listing().then((m) => {
      started.abort();
      return (controller ??= m.startListing(root, grid, { place }));
    }),
  );

  // Start loading as soon as the shopper heads for a control or nears the bottom of the grid. A failed
  // download here says nothing: the shopper's next action tries again and says so when it fails. The
  // controls are heard until the listing has started, so after a failed download the pointer coming
  // back tries again (and a choice left waiting is applied then).
  const warm = (then?: () => void) => void start().then(then, () => {});
  for (const el of [filters, ...sorts, root.querySelector('[data-filters-open]')]) {
    for (const ev of ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const)
      el?.addEventListener(ev, () => warm(), { signal: started.signal, passive: true });
  }
  const sentinel = root.querySelector<HTMLElement>('[data-load-more]');
  // Watched until the listing has started: after a failed download, the grid's end coming back into view tries again.
  if (sentinel) {
    const io = watchListingEnd(sentinel, () => warm(() => io.disconnect()), 1500);
  }

  // Filters in the URL (a shared link, the back button) or a listing left scrolled down: load now.
  const codes = new Set(Array.from(root.querySelectorAll<HTMLInputElement>('input[data-filter-code]'), (i) => i.dataset.filterCode!));
  const params = new URLSearchParams(location.search);
  const urlState = params.has('sort') || [...codes].some((c) => params.has(c));
  if (urlState || place) warm();

  // The tiles' stock prefetch starts when the page is idle (its code downloads only for configurable tiles).
  const stock = () => startTileStock(grid);
  if ('requestIdleCallback' in window) requestIdleCallback(stock, { timeout: 2000 });
  else setTimeout(stock, 1000);
}

for (const root of Array.from(document.querySelectorAll<HTMLElement>('[data-listing][data-listing-src]'))) boot(root);
