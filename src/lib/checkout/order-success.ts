/**
 * The order-success page (spec §2 external order success, §4 Order-success page, §5 order tracking):
 * the external order is fetched by the token in query parameter `o` (rejected when the cart is empty or
 * the token missing), pushed to the data layer as a purchase, then the cart is cleared.
 */
import type { ApiResult } from '../api/client';
import { checkOrderTracking } from '../catalog/order-tracking';
import { messages } from '../messages';
import type { ExternalOrderResult } from '../schemas';

/** The element an external thank-you page carries; while present, notifications are hidden. */
export const THANK_YOU_ELEMENT = '#external-thank-you, [data-external-thank-you]';
/** sessionStorage key of the order the checkout just placed (its token and lines). */
export const PLACED_ORDER_KEY = 'shop-placed-order';

/** The order the checkout placed, kept for the confirmation page once the cart is emptied. */
export interface PlacedOrder {
  token: string;
  lines: { sku: string; qty: number }[];
}

/** What the page shows. */
export type OrderSuccessState =
  | { status: 'loading' }
  | { status: 'rejected'; reason: 'empty-cart' | 'no-token' }
  | { status: 'error'; message: string }
  | { status: 'ready'; order: ExternalOrderResult };

/** What the page needs (injected: the island passes the stores and the API). */
export interface OrderSuccessDeps {
  /** The cart's lines now. */
  cartItems: readonly unknown[];
  /** The order the checkout just placed (when it emptied the cart already), or null. */
  placed: PlacedOrder | null;
  /** location.search */
  search: string;
  fetchOrder: (token: string) => Promise<ApiResult<ExternalOrderResult>>;
  track: (o: ExternalOrderResult) => unknown;
  clearCart: () => unknown;
  forgetPlaced: () => unknown;
}

/**
 * The cart the guard looks at: the cart's lines, or, when the checkout already emptied the cart, the
 * lines of the order it placed with this very token.
 */
export function cartForTracking(items: readonly unknown[], placed: PlacedOrder | null, token: string | null): readonly unknown[] {
  if (items.length > 0) return items;
  return placed && token && placed.token === token ? placed.lines : [];
}

/** Runs the page: guard, fetch, track, then clear the cart. */
export async function loadOrderSuccess(d: OrderSuccessDeps): Promise<OrderSuccessState> {
  const token = new URLSearchParams(d.search.replace(/^\?/, '')).get('o')?.trim() || null;
  const check = checkOrderTracking(cartForTracking(d.cartItems, d.placed, token), d.search);
  if (!check.ok) return { status: 'rejected', reason: check.reason };
  let r: ApiResult<ExternalOrderResult>;
  try {
    r = await d.fetchOrder(check.token);
  } catch (err) {
    console.error('[order-success] order lookup failed', err);
    return { status: 'error', message: messages.orderLookupFailed };
  }
  if (!r.ok) return { status: 'error', message: messages.orderLookupFailed };
  try {
    d.track(r.result);
  } catch (err) {
    console.error('[order-success] tracking failed', err);
  }
  d.clearCart();
  d.forgetPlaced();
  return { status: 'ready', order: r.result };
}

/** Reads the placed order from a storage (sessionStorage), or null. */
export function readPlacedOrder(storage: Pick<Storage, 'getItem'> | null | undefined): PlacedOrder | null {
  try {
    const raw = storage?.getItem(PLACED_ORDER_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as PlacedOrder;
    return typeof v?.token === 'string' && Array.isArray(v.lines) ? v : null;
  } catch {
    return null;
  }
}

/** Keeps the placed order for the confirmation page. */
export function writePlacedOrder(storage: Pick<Storage, 'setItem'> | null | undefined, placed: PlacedOrder): void {
  try {
    storage?.setItem(PLACED_ORDER_KEY, JSON.stringify(placed));
  } catch {
    // Private mode without storage: the confirmation then shows the general texts only.
  }
}

/**
 * §2: a thank-you page hides notifications while the external thank-you element is present.
 * Clears them now and whenever one is added; returns the stop function (null when the element is absent).
 */
export function hideNotificationsOnThankYou(
  doc: Pick<Document, 'querySelector'>,
  notifications: { listen: (cb: (list: readonly unknown[]) => void) => () => void; get: () => readonly unknown[] },
  clear: () => void,
): (() => void) | null {
  if (!doc.querySelector(THANK_YOU_ELEMENT)) return null;
  if (notifications.get().length) clear();
  return notifications.listen((list) => {
    if (list.length) clear();
  });
}
