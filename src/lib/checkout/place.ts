/**
 * Placing the order (spec §2 checkout, §4 Offline order, §8): the checkout builds the payload and
 * hands it to the order queue (src/lib/sync/order-queue.ts); the outcome says where the shopper goes.
 */
import { t } from '../messages';
import type { OfflineOrder, OrderPayload } from '../schemas';
import type { PlaceOrderResult } from '../sync/order-queue';

/** What the checkout does after placing: go to the confirmation, show the queued note, or show the §8 message. */
export type PlaceOutcome =
  | { kind: 'confirmation'; url: string; order: OfflineOrder }
  | { kind: 'queued'; message: string; order: OfflineOrder }
  | { kind: 'cancelled'; message: string; order: OfflineOrder };

/** The order-success address for an order token (query parameter `o`). */
export function orderSuccessUrl(token: string, prefix = ''): string {
  return `${prefix}/order-success?o=${encodeURIComponent(token)}`;
}

/** The order token in the API's answer (`result.token`), or null. */
export function orderToken(result: unknown): string | null {
  const tok = (result as { token?: unknown } | null)?.token;
  return typeof tok === 'string' && tok ? tok : null;
}

/**
 * Hands the payload to the order queue and maps the answer: 'sent' goes to /order-success?o={token}
 * (an answer without a token is shown as queued-and-sent), 'queued' shows the queued confirmation,
 * 'cancelled' the §8 message.
 */
export async function placeCheckoutOrder(
  payload: OrderPayload,
  placeOrder: (p: OrderPayload) => Promise<PlaceOrderResult>,
  prefix = '',
): Promise<PlaceOutcome> {
  const r = await placeOrder(payload);
  if (r.status === 'sent') {
    const token = orderToken(r.result);
    if (token) return { kind: 'confirmation', url: orderSuccessUrl(token, prefix), order: r.order };
    return { kind: 'queued', message: t('orderPlacedNoToken'), order: r.order };
  }
  if (r.status === 'cancelled') return { kind: 'cancelled', message: r.message ?? t('somethingWrong'), order: r.order };
  return { kind: 'queued', message: r.message ?? t('offlineOrderQueued'), order: r.order };
}
