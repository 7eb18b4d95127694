/**
 * The bag an order was placed from (spec §4 Offline order). Once an order is stored
 * the bag it came from is emptied: at placement, or, when a reload cut placement short, at the next
 * page start (the order's `bag` mark says which orders still owe it), in every tab (the cart store
 * shares the change). The API closes the order's server cart, so a stale bag cannot be ordered twice.
 */
import type { OfflineOrder } from '../../schemas';

/** A bag as the rule sees it. */
export interface BagView {
  /** The server cart id, or null while the bag has none. */
  token: string | null;
  items: ReadonlyArray<{ sku: string; qty: number }>;
}

const lines = (l: ReadonlyArray<{ sku: string; qty: number }>): string =>
  l
    .map((i) => `${i.sku}\u0000${i.qty}`)
    .sort()
    .join('\u0001');

/**
 * True when `bag` is the bag `order` was placed from: the same server cart, or, for an order placed
 * with no server cart (offline from the start), exactly the same lines.
 */
export function bagIsOrders(bag: BagView, order: Pick<OfflineOrder, 'cart_id' | 'products'>): boolean {
  if (!bag.items.length) return false;
  if (order.cart_id) return bag.token === order.cart_id;
  return !bag.token && lines(bag.items) === lines(order.products);
}

/**
 * Orders whose lines go back into the bag: cancelled after their bag was emptied (refused by the API
 * when it was sent later, or cancelled by the shopper while it waited), but not a 409: that order,
 * or its cart, was placed from another window, so its lines are ordered already.
 */
export function owesRestore(order: Pick<OfflineOrder, 'bag' | 'cancelled' | 'resultCode'>): boolean {
  return order.bag === 'emptied' && order.cancelled === true && order.resultCode !== 409;
}

/**
 * True when `order` was placed from server cart `cartId` and not refused: the backend closes an
 * ordered cart (our API at once; Magento removes the quote), so the cart is not asked for again.
 * Stored before it is sent, the order says so already while its send is on the way.
 */
export function closedCart(order: Pick<OfflineOrder, 'cart_id' | 'cancelled'>, cartId: string): boolean {
  return !!order.cart_id && order.cart_id === cartId && order.cancelled !== true;
}

/** Orders that still owe their bag an emptying (stored, not refused by the API at placement). */
export function owesBag(order: Pick<OfflineOrder, 'bag' | 'cancelled'>): boolean {
  return order.bag === 'full' && !order.cancelled;
}
