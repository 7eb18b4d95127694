/**
 * The order-success page (spec §2 external order success, §4 Order-success page, §5 order tracking):
 * the external order is fetched by the token in query parameter `o` (rejected when the cart is empty or
 * the token missing), pushed to the data layer as a purchase, then the cart is cleared.
 */
import type { ApiResult } from '../api/client';
import { checkOrderTracking } from '../catalog/order-tracking';
import { messages } from '../messages';
import { config } from '../config';
import { ExternalOrderResultSchema, type ExternalOrderResult, type OrderPayload } from '../schemas';
import type { OrderLineView, TotalsFigures } from './totals';
import { lineOptionsText } from '../catalog/cart-line';

/** The element an external thank-you page carries; while present, notifications are hidden. */
export const THANK_YOU_ELEMENT = '#external-thank-you, [data-external-thank-you]';
/** sessionStorage key of the order the checkout just placed (its token and lines). */
export const PLACED_ORDER_KEY = 'shop-placed-order';

/** The order the checkout placed, kept for the confirmation page once the cart is emptied. */
export interface PlacedOrder {
  token: string;
  lines: { sku: string; qty: number }[];
  /** What the page shows: the placed order with the API's order number (no lookup needed). */
  order?: ExternalOrderResult;
}

/** The totals of an external order result (§3: total, tax and shipping, no subtotal); its shipping is the placed order's method's. */
export function externalOrderTotals(o: Pick<ExternalOrderResult, 'order_total' | 'order_tax' | 'order_shipping'>): TotalsFigures {
  return { shipping: o.order_shipping, shippingChosen: true, tax: o.order_tax, grandTotal: o.order_total };
}

/** The lines of an external order result (§3): a line without a name is shown by its sku; its options when it has them; no row total (the result has none). */
export function externalOrderLines(o: Pick<ExternalOrderResult, 'order_lines'>): OrderLineView[] {
  return o.order_lines.map((l) => ({
    name: l.line_name ?? l.line_sku,
    sku: l.line_sku,
    qty: l.line_qty,
    price: l.line_original_price,
    ...(l.line_options ? { options: l.line_options } : {}),
  }));
}

/** The totals the checkout showed when the order was placed (incl. VAT). */
export interface PlacedTotals {
  shipping: number;
  tax: number;
  grandTotal: number;
}

/**
 * The key of a placed order in the confirmation's address (`o`): the lookup token of the API's answer
 * when the shop has an order lookup (config.checkout.externalOrderUrl), else the client's own order id
 * (vue-storefront-api's answer carries no token).
 */
export function placedOrderKey(payload: Pick<OrderPayload, 'order_id'>, answer: unknown, externalOrderUrl: string = config.checkout.externalOrderUrl): string {
  const token = (answer as { token?: unknown } | null)?.token;
  return externalOrderUrl && typeof token === 'string' && token ? token : payload.order_id;
}

/**
 * The order number of `POST /api/order`'s answer: vue-storefront-api's Magento answer
 * `{ magentoOrderId, orderNumber, backendOrderId, transferedAt }` (orderNumber the increment id, or
 * null when Magento did not say), the reference API's `increment_id`, or a queue's job id; else the
 * client's order id.
 */
export function answerOrderNumber(answer: unknown, fallback: string): string {
  if (typeof answer === 'number' || (typeof answer === 'string' && answer)) return String(answer);
  const a = (answer ?? {}) as { orderNumber?: unknown; increment_id?: unknown; backendOrderId?: unknown };
  for (const v of [a.orderNumber, a.increment_id, a.backendOrderId]) if ((typeof v === 'string' && v) || typeof v === 'number') return String(v);
  return fallback;
}

/**
 * The confirmation of a placed order from what the checkout sent and showed and what the API answered;
 * `bag`, the bag's lines the payload's products were made from (in their order), give each line's options in words.
 */
export function placedOrderResult(payload: OrderPayload, answer: unknown, totals: PlacedTotals | null, bag: readonly object[] = []): ExternalOrderResult {
  const lines = payload.products.map((p, at) => ({
    line_sku: p.sku,
    ...(p.name ? { line_name: p.name } : {}),
    ...(lineOptionsText(bag[at]) ? { line_options: lineOptionsText(bag[at]) } : {}),
    line_qty: p.qty,
    line_discount: 0,
    line_original_price: p.priceInclTax ?? p.price ?? 0,
  }));
  const items = lines.reduce((sum, l) => sum + l.line_qty * l.line_original_price, 0);
  return {
    order_id: answerOrderNumber(answer, payload.order_id),
    order_total: totals?.grandTotal ?? items,
    order_tax: totals?.tax ?? 0,
    order_shipping: totals?.shipping ?? 0,
    order_lines: lines,
  };
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
  /** The shop's order lookup, when it has one (config.checkout.externalOrderUrl); else the placed order is shown. */
  fetchOrder?: ((token: string) => Promise<ApiResult<ExternalOrderResult>>) | null;
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
  // The order this browser just placed, with this very key: shown as placed, nothing to look up.
  const own = d.placed?.token === check.token ? d.placed.order : undefined;
  let r: ApiResult<ExternalOrderResult>;
  try {
    if (own) r = { ok: true, code: 200, result: own };
    else if (d.fetchOrder) r = await d.fetchOrder(check.token);
    else return { status: 'error', message: messages.orderLookupFailed };
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
    if (typeof v?.token !== 'string' || !Array.isArray(v.lines)) return null;
    const order = v.order === undefined ? undefined : ExternalOrderResultSchema.safeParse(v.order);
    return { token: v.token, lines: v.lines, ...(order?.success ? { order: order.data } : {}) };
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
