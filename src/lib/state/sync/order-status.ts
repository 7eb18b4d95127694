/**
 * Where a stored order stands, from its own fields: the one rule for the order queue (./order-send.ts,
 * ./order-store.ts), the offline-orders panel and every page's start script (src/lib/pwa/pending-orders.ts,
 * which must stay a few hundred bytes: this module imports nothing).
 */
import type { OfflineOrder } from '../../schemas';

/** True while an order still has to be sent (an order whose answer never came included: see `answerMissing`). */
export function isPendingOrder(o: Pick<OfflineOrder, 'transmited' | 'cancelled'>): boolean {
  return !o.transmited && !o.cancelled;
}

/** True for a pending order a send of which began and never had its answer: whether the shop has it is not known. */
export function answerMissing(o: Pick<OfflineOrder, 'transmited' | 'cancelled' | 'send_began_at'>): boolean {
  return isPendingOrder(o) && typeof o.send_began_at === 'string' && o.send_began_at !== '';
}
