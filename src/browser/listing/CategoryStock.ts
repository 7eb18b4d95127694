/**
 * Stock prefetch of the category listing's tiles (spec §2, §9), when config.switches.prefetchStockOnTiles
 * is on: the first few configurable tiles at once (static prefetch count), the others as they become
 * visible; the answers go to the stock cache ($stock, keyed by child id).
 */
import { createStockPrefetcher, fetchStockList, staticPrefetchCount, stockPrefetchOn } from '../../lib/catalog/listing/stock-prefetch';
import { setStock } from '../../lib/state/stores/stock';

const TILE = '.tile[data-child-skus]';

const prefetcher = stockPrefetchOn()
  ? createStockPrefetcher({
      load: (skus) => fetchStockList(skus),
      keep: (item) => setStock(item.product_id, { is_in_stock: item.is_in_stock, qty: item.qty }),
    })
  : null;

const kidsOf = (el: Element): string[] => ((el as HTMLElement).dataset.childSkus ?? '').split(',').filter(Boolean);

const watched = new WeakSet<Element>();
const observer = prefetcher
  ? new IntersectionObserver((entries, obs) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        obs.unobserve(e.target);
        prefetcher.want(kidsOf(e.target));
      }
    })
  : null;

/** Watches the configurable tiles of a grid not watched yet (call again after tiles are added). */
export function watchTiles(grid: Element): void {
  if (!observer) return;
  for (const el of Array.from(grid.querySelectorAll(TILE))) {
    if (watched.has(el)) continue;
    watched.add(el);
    observer.observe(el);
  }
}

/** Starts the prefetch on a grid: its first configurable tiles now, the rest when visible. */
export function startStockPrefetch(grid: Element): void {
  if (!prefetcher) return;
  for (const el of Array.from(grid.querySelectorAll(TILE)).slice(0, staticPrefetchCount())) prefetcher.want(kidsOf(el));
  watchTiles(grid);
}
