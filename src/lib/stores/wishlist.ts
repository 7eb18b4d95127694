/**
 * The wishlist (spec §3, §4 Wishlist): adding a sku not present adds it with qty 1 and a success
 * notification; removing filters it out and notifies; the cached list is read once; the list is
 * persisted under current-wishlist after each change and shared with the other tabs.
 */
import { computed, map, onMount } from 'nanostores';
import { t } from '../messages';
import { collection, KEYS } from '../storage';
import { setBadge } from './badges';
import { onTabMessage, publishToTabs } from './cross-tab';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';

export type WishlistItem = ProductSummary & { qty: 1 };

export interface WishlistState {
  loaded: boolean;
  items: WishlistItem[];
}

/** The wishlist. */
export const $wishlist = map<WishlistState>({ loaded: false, items: [] });
/** How many products are on the wishlist. */
export const $wishlistCount = computed($wishlist, (w) => w.items.length);

const TOPIC = 'wishlist';
let loading: Promise<void> | null = null;
/** True while applying another tab's list (not persisted or re-published by this tab). */
let fromOtherTab = false;
let quiet = false;

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
export function loadWishlist(): Promise<void> {
  loading ??= (async () => {
    const cached = (await collection('wishlist').getItem<WishlistItem[]>(KEYS.wishlist)) ?? [];
    const items = unionBySku(cached, $wishlist.get().items);
    // Nothing new to write or tell when the list is just the cached one.
    quiet = items.length === cached.length;
    try {
      $wishlist.set({ loaded: true, items });
    } finally {
      quiet = false;
    }
  })();
  return loading;
}

/** Back to an empty, unloaded wishlist (tests). */
export function resetWishlistStore(): void {
  loading = null;
  $wishlist.set({ loaded: false, items: [] });
}

let started = false;
/** Starts the store once (first read or subscription): reads the cached list, then persists and shares each change. */
function start(): void {
  if (started) return;
  started = true;
  $wishlistCount.listen((n) => setBadge('wishlist', n));
  $wishlist.listen((w) => {
    if (!w.loaded || fromOtherTab || quiet) return;
    void collection('wishlist').setItem(KEYS.wishlist, w.items);
    publishToTabs(TOPIC, w.items);
  });
  onTabMessage(TOPIC, (items) => {
    if (!Array.isArray(items)) return;
    fromOtherTab = true;
    try {
      $wishlist.set({ loaded: true, items: items as WishlistItem[] });
      loading ??= Promise.resolve();
    } finally {
      fromOtherTab = false;
    }
  });
  void loadWishlist();
}

onMount($wishlist, start);
