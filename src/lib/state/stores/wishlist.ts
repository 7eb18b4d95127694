/**
 * The wishlist (spec §3, §4 Wishlist): adding a sku not present adds it with qty 1 and a success
 * notification; removing filters it out and notifies; the cached list is read once; the list is
 * persisted under current-wishlist after each change and shared with the other tabs.
 */
import { computed } from 'nanostores';
import { messages, fill } from '../../messages';
import { KEYS } from '../storage';
import { setBadge } from './badges';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';
import { listActions } from './list-actions';
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
const actions = listActions(list);

/** The wishlist. */
export const $wishlist = list.$list;
/** How many products are on the wishlist. */
export const $wishlistCount = computed($wishlist, (w) => w.items.length);
/** The last product the shopper added to or removed from the wishlist. */
export const $lastWishlistChange = actions.$lastChange;

/** True when the sku is on the wishlist. */
export const isOnWishlist = actions.has;

/** Adds a product not yet on the list (qty 1); false when it was already there. */
export const addToWishlist = (product: ProductSummary): boolean => actions.add({ ...product, qty: 1 });

/** Removes a product; false when it was not there. */
export const removeFromWishlist = (product: Pick<ProductSummary, 'sku' | 'name'>): boolean => actions.remove(product);

/** Adds a product as configured, or removes the entry that holds it (./product-summary.ts `listedEntry`). */
export const toggleWishlist = (product: ProductSummary): void => actions.toggle({ ...product, qty: 1 });

/** Empties the wishlist (no notice). */
export function clearWishlist(): void {
  $wishlist.setKey('items', []);
}

/** Reads the cached list once (items added before it arrives are kept, after the cached ones). */
export const loadWishlist = list.load;

// ------------------------------------------------------------------------------------------------
// Reactions

// The shopper hears of each product added or removed.
$lastWishlistChange.listen((c) => {
  if (c) notify({ type: 'success', message: fill(c.kind === 'added' ? messages.addedToWishlist : messages.removedFromWishlist, { name: c.item.name }) });
});
