/** Recently viewed products (spec §3, §4 Product page): the rule of src/lib/recently-viewed.ts (newest first, unique by sku), persisted. */
import { map, onMount } from 'nanostores';
import { collection, KEYS } from '../storage';
import { addRecentlyViewed as addViewed, uniqueBySku } from '../recently-viewed';
import type { ProductSummary } from './product-summary';

export interface RecentlyViewedState {
  loaded: boolean;
  items: ProductSummary[];
}

/** The products viewed, newest first. */
export const $recentlyViewed = map<RecentlyViewedState>({ loaded: false, items: [] });

let loading: Promise<void> | null = null;

/** Records a product view: it moves to the front, once per sku. */
export function addRecentlyViewed(product: ProductSummary): void {
  $recentlyViewed.setKey('items', addViewed($recentlyViewed.get().items, product));
}

/** Forgets the viewed products. */
export function clearRecentlyViewed(): void {
  $recentlyViewed.setKey('items', []);
}

/** Reads the stored list once (views recorded before it arrives stay in front). */
export function loadRecentlyViewed(): Promise<void> {
  loading ??= (async () => {
    const cached = (await collection('recently-viewed').getItem<ProductSummary[]>(KEYS.recentlyViewed)) ?? [];
    let items = uniqueBySku(cached);
    for (const p of [...$recentlyViewed.get().items].reverse()) items = addViewed(items, p);
    $recentlyViewed.set({ loaded: true, items });
  })();
  return loading;
}

/** Back to an empty, unloaded list (tests). */
export function resetRecentlyViewedStore(): void {
  loading = null;
  $recentlyViewed.set({ loaded: false, items: [] });
}

let started = false;
/** Starts the store once (first read or subscription): reads the stored list, then persists each change. */
function start(): void {
  if (started) return;
  started = true;
  $recentlyViewed.listen((r) => {
    if (r.loaded) void collection('recently-viewed').setItem(KEYS.recentlyViewed, r.items);
  });
  void loadRecentlyViewed();
}

onMount($recentlyViewed, start);
