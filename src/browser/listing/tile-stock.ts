/**
 * When the tiles' stock prefetch (CategoryStock.ts) runs. Its code (the prefetcher, the stock cache
 * and the browser storage it is kept in, ~13 KB gzipped) is downloaded apart from the listing, only
 * once a page starts the prefetch: a category page when idle (CategoryListing.ts), the search results
 * page on the shopper's first move over its results (SearchResults.ts). The listing (CategoryListingRun.ts)
 * hands over the tiles it adds; they are watched once the prefetch of their grid has started.
 */
import { lazyModule } from '../../lib/state/lazy-module';

/** The tiles whose children's stock is prefetched (configurable products). */
const TILE = '.tile[data-child-skus]';

const stockCode = lazyModule(() => import('./CategoryStock'));
const started = new WeakSet<Element>();

/**
 * Starts the prefetch of a grid's tiles: the first few configurable tiles at once, the others when
 * they become visible, and from now on the tiles the listing adds. Nothing is downloaded while the
 * grid has no configurable tile. A failed download (offline) is tried again when tiles are added.
 */
export function startTileStock(grid: Element): void {
  if (started.has(grid)) return;
  started.add(grid);
  if (grid.querySelector(TILE)) stockCode().then((m) => m.startStockPrefetch(grid), ignore);
}

/** The listing added tiles to `grid`: watched when the grid's prefetch has started (else its start watches them). */
export function watchTileStock(grid: Element): void {
  if (started.has(grid) && grid.querySelector(TILE)) stockCode().then((m) => m.watchTiles(grid), ignore);
}

// The prefetch only fills a cache: a failed download costs the shopper nothing, and the next tiles try again.
const ignore = (): void => {};
