/**
 * Placing the order (spec §2 checkout, §4 Offline order, §8): the checkout builds the payload and
 * hands it to the order queue (src/lib/state/sync/order-queue.ts); the outcome says where the shopper goes.
 */
import { messages, fill } from '../messages';
import type { OfflineOrder, OrderPayload } from '../schemas';
import type { PlaceOrderResult } from '../state/sync/order-queue';
import { placedOrderKey } from './order-success';

/** What the checkout does after placing: go to the confirmation, show the queued note, or show the §8 message. */
export type PlaceOutcome =
  | { kind: 'confirmation'; url: string; order: OfflineOrder; result: unknown }
  | { kind: 'queued'; message: string; order: OfflineOrder; title?: string }
  | { kind: 'cancelled'; message: string; order: OfflineOrder };

/** The order-success address for an order token (query parameter `o`). */
export function orderSuccessUrl(token: string, prefix = ''): string {
  return `${prefix}/order-success?o=${encodeURIComponent(token)}`;
}

/**
 * Hands the payload to the order queue and maps the answer: 'sent' goes to /order-success?o={key}
 * (./order-success.ts `placedOrderKey`: vue-storefront-api answers no token, so by default the key is
 * the client's order id), 'queued' shows the queued confirmation ('unknown' too, with its own title
 * and text), 'cancelled' the §8 message.
 */
export async function placeCheckoutOrder(
  payload: OrderPayload,
  placeOrder: (p: OrderPayload) => Promise<PlaceOrderResult>,
  prefix = '',
): Promise<PlaceOutcome> {
  const r = await placeOrder(payload);
  if (r.status === 'sent') {
    return { kind: 'confirmation', url: orderSuccessUrl(placedOrderKey(payload, r.result), prefix), order: r.order, result: r.result };
  }
  if (r.status === 'cancelled') return { kind: 'cancelled', message: r.message ?? fill(messages.somethingWrong), order: r.order };
  // Sent, no answer: stored here, and whether the shop has it is not known (never claimed either way).
  if (r.status === 'unknown') return { kind: 'queued', title: messages.orderUnknownTitle, message: r.message ?? fill(messages.orderUnknown), order: r.order };
  // Not taken by the browser storage: the heading never says "saved".
  const title = r.onDevice === false ? { title: messages.checkoutNotSavedTitle } : {};
  return { kind: 'queued', message: r.message ?? fill(messages.offlineOrderQueued), order: r.order, ...title };
}
