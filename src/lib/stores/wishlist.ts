/**
 * The wishlist (spec §3, §4 Wishlist): adding a sku not present adds it with qty 1 and a success
 * notification; removing filters it out and notifies; the cached list is read once; the list is
 * persisted under current-wishlist after each change and shared with the other tabs.
 */
import { computed } from 'nanostores';
import { t } from '../messages';
import { KEYS } from '../storage';
import { setBadge } from './badges';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';
import { storedList, type StoredListState } from './stored-list';

export type WishlistItem = ProductSummary & { qty: 1 };

export type WishlistState = StoredListState<WishlistItem>;

const list = storedList<WishlistItem>({
  collection: 'wishlist',
  key: KEYS.wishlist,
  // Items added before the stored list arrived are kept, after the stored ones.
  merge: unionBySku,
  topic: 'wishlist',
  onItems: (items) => setBadge('wishlist', items.length),
});

/** The wishlist. */
export const $wishlist = list.$list;
/** How many products are on the wishlist. */
export const $wishlistCount = computed($wishlist, (w) => w.items.length);

/** True when the sku is on the wishlist. */
export function isOnWishlist(sku: string): boolean {
  return $wishlist.get().items.some((i) => i.sku === sku);
}

/** Adds a product not yet on the list (qty 1) and notifies; false when it was already there. */
export function addToWishlist(product: ProductSummary): boolean {
  if (isOnWishlist(product.sku)) return false;
  $wishlist.setKey('items', [...$wishlist.get().items, { ...product, qty: 1 }]);
  notify({ type: 'success', message: t('addedToWishlist', { name: product.name }) });
  return true;
}

/** Removes a product and notifies; false when it was not there. */
export function removeFromWishlist(product: Pick<ProductSummary, 'sku' | 'name'>): boolean {
  if (!isOnWishlist(product.sku)) return false;
  $wishlist.setKey('items', $wishlist.get().items.filter((i) => i.sku !== product.sku));
  notify({ type: 'success', message: t('removedFromWishlist', { name: product.name }) });
  return true;
}

/** Adds or removes a product. */
export function toggleWishlist(product: ProductSummary): void {
  if (isOnWishlist(product.sku)) removeFromWishlist(product);
  else addToWishlist(product);
}

/** Empties the wishlist. */
export function clearWishlist(): void {
  $wishlist.setKey('items', []);
}

/** Reads the cached list once (items added before it arrives are kept, after the cached ones). */
export const loadWishlist = list.load;

/** Back to an empty, unloaded wishlist (tests). */
export const resetWishlistStore = list.reset;
