/** Recently viewed products (spec §3, §4 Product page): the rule of src/lib/catalog/recently-viewed.ts (newest first, unique by sku), persisted. */
import { KEYS } from '../storage';
import { addRecentlyViewed as addViewed, uniqueBySku } from '../../catalog/recently-viewed';
import type { ProductSummary } from './product-summary';
import { storedList, type StoredListState } from './stored-list';

export type RecentlyViewedState = StoredListState<ProductSummary>;

const list = storedList<ProductSummary>({
  collection: 'recently-viewed',
  key: KEYS.recentlyViewed,
  // Views recorded before the stored list arrived stay in front.
  merge: (cached, early) => [...early].reverse().reduce((items, p) => addViewed(items, p), uniqueBySku(cached)),
});

/** The products viewed, newest first. */
export const $recentlyViewed = list.$list;

/** Records a product view: it moves to the front, once per sku. */
export function addRecentlyViewed(product: ProductSummary): void {
  $recentlyViewed.setKey('items', addViewed($recentlyViewed.get().items, product));
}

/** Forgets the viewed products. */
export function clearRecentlyViewed(): void {
  $recentlyViewed.setKey('items', []);
}

/** Reads the stored list once (views recorded before it arrives stay in front). */
export const loadRecentlyViewed = list.load;
