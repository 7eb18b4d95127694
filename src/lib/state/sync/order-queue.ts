/**
 * The offline order queue as the page uses it (spec §3 Offline order, §4 Offline order and Coming
 * back online, §7, §8). `placeOrder` stores the order untransmitted BEFORE sending it; an order the
 * API cannot take now stays queued and is sent later: on coming back online, at start-up, by the
 * shopper from the confirmation panel, or by the service worker's Background Sync ('orderSync').
 * Each send holds the cross-tab `shop-orders` lock and re-reads the order (./order-send), so an order
 * reaches the API once; the API is also idempotent on the client-generated `order_id`. The queue's
 * stores, dependencies, bags and cross-tab re-read are ./order-store.
 */
import { config } from '../../config';
import { fill, messages } from '../../messages';
import type { OfflineOrder, OrderPayload } from '../../schemas';
import { askPersistentStorage } from '../stores/storage-persistence';
import { $online, onBackOnline } from '../stores/network';
import { notify } from '../stores/notifications';
import { emitSyncEvent } from './events';
import { ORDER_LOCK, isPendingOrder, sendPendingOrders, sendStoredOrder, storedOrders, toOfflineOrder, type SendOutcome } from './order-send';
import { withOrderLock } from './order-lock';
import {
  $offlineOrderConfirmation,
  $queuedOrders,
  orders,
  ordersChannel,
  pushNotices,
  queueDeps,
  refreshQueuedOrders,
  sendOptions,
  type OrderNotice,
} from './order-store';

export {
  ORDER_SYNC_TAG,
  ORDER_LOCK,
  ORDERS_CHANNEL,
  answerMissing,
  isPendingOrder,
  applyOrderAnswer,
  cancelMessage,
  sendOrder,
  heldReason,
  orderOwner,
} from './order-send';
export type { SendOutcome, SendKind } from './order-send';
export { goodsTotal } from './order-lookup';

export {
  $offlineOrderConfirmation,
  $orderNotices,
  $queuedOrders,
  ORDERS_CHANGED_EVENT,
  ORDERS_WAITING_DOM_EVENT,
  clearOrderNotices,
  configureOrderQueue,
  refreshQueuedOrders,
  registerOrderSync,
  restoreBags,
  setThankYouShowing,
  settleBags,
} from './order-store';
export type { OrderNotice } from './order-store';

/** What `placeOrder` tells the checkout. */
export interface PlaceOrderResult {
  /**
   * sent: the API took it; queued: stored, to be sent later; cancelled: the API refused it (§8 message);
   * unknown: sent, but its answer never came: stored, not sent again on its own (order-send.ts).
   */
  status: 'sent' | 'queued' | 'cancelled' | 'unknown';
  order: OfflineOrder;
  /** The shopper-facing text: the §8 cancel message, or the queued confirmation. */
  message?: string;
  /** The API's result (for 'sent': `{ order_id, increment_id, token, ... }`). */
  result?: unknown;
  /** False when the browser storage did not take the order: it lives in this page only (never called saved). */
  onDevice?: boolean;
}

/** What a run of the queue did. */
export interface QueueSummary {
  sent: OfflineOrder[];
  cancelled: OfflineOrder[];
  /** Still waiting after the run. */
  queued: OfflineOrder[];
}

/** Event emitted when untransmitted orders wait for the shopper's decision (§4); payload: the orders. */
export const OFFLINE_ORDER_CONFIRM_EVENT = 'offline-order-confirmation';

function notifyCancelled(message: string): void {
  notify({ type: 'error', message, action1: { label: messages.ok }, hasNoTimeout: true });
}

async function orderWaiting(onDevice: boolean): Promise<void> {
  if (!config.orders.offline_orders.notification.enabled) return;
  // The notice says the order was saved only when the browser storage took it.
  const notice = onDevice ? messages.offlineOrderNotice : messages.offlineOrderNotSaved;
  notify({ type: 'info', message: `${messages.offlineOrderWaiting} ${notice}`, action1: { label: messages.ok } });
  await Promise.all([
    queueDeps()
      .showSystemNotification(messages.offlineOrderWaiting, notice)
      .catch(() => {}),
    queueDeps()
      .registerSync()
      .catch((err) => console.error('[orders] Background Sync registration failed', err)),
  ]);
}

/** `queued`: what a waiting order's result says (that it is queued, or that it could not be saved on this device). */
function toResult(out: SendOutcome | null, fallback: OfflineOrder, queued: string = messages.offlineOrderQueued): PlaceOrderResult {
  if (!out) return { status: 'queued', order: fallback, message: queued };
  if (out.kind === 'held') return { status: 'queued', order: out.order, message: out.message ?? queued };
  if (out.kind === 'unknown') return { status: 'unknown', order: out.order, message: fill(messages.orderUnknown) };
  const o = out.order;
  if (out.kind === 'sent' || (out.kind === 'skipped' && o.transmited && !o.cancelled)) return { status: 'sent', order: o, result: o.result };
  if (out.kind === 'cancelled' || (out.kind === 'skipped' && o.cancelled)) {
    return { status: 'cancelled', order: o, message: out.message ?? o.cancel_reason ?? undefined, result: o.result };
  }
  return { status: 'queued', order: o, message: queued, ...(out.result !== undefined ? { result: out.result } : {}) };
}

/**
 * Places an order: stores it in the `orders` collection with transmited false, then (when online)
 * sends it and applies the §4 answer rules. Offline, or without a usable answer, the order stays
 * queued ('Order waiting!' when the offline-order notification is on, and Background Sync asked to
 * send it). A cancelling answer shows the §8 message.
 */
export async function placeOrder(payload: OrderPayload): Promise<PlaceOrderResult> {
  const stored = toOfflineOrder(payload);
  if (!stored.order_id || stored.order_id.length < 8) throw new Error('placeOrder: order_id must be a client-generated id');
  const c = orders();
  const existing = await c.getItem<OfflineOrder>(stored.order_id);
  // Placing the same order again (a double click, a retry) never makes a second order.
  if (!existing) await c.setItem(stored.order_id, { ...stored, bag: 'full' });
  // A storage that did not take the order (a stalled or failing write): never say it was saved or queued.
  const onDevice = c.onDevice(stored.order_id);
  let out: SendOutcome | null = existing && !isPendingOrder(existing) ? { kind: 'skipped', order: existing } : null;
  if (!out && $online.get()) out = await sendStoredOrder(c, stored.order_id, await sendOptions());
  const result = { ...toResult(out, existing ?? stored, onDevice ? messages.offlineOrderQueued : messages.offlineOrderNotSaved), onDevice };
  // Refused at placement (§8 message): the bag stays for the shopper to fix; otherwise the order has its lines now.
  if (result.status === 'cancelled' && !existing) {
    const now = await c.getItem<OfflineOrder>(stored.order_id);
    if (now && now.bag === 'full') await c.setItem(stored.order_id, { ...now, bag: 'kept' });
  }
  await refreshQueuedOrders();
  if (result.status === 'cancelled' && result.message) notifyCancelled(result.message);
  if (result.status === 'queued') await orderWaiting(onDevice);
  // The order now lives only in this browser until the shop has it.
  if (result.status === 'queued' || result.status === 'unknown') void askPersistentStorage();
  // No answer: nothing claims it waits to be sent; the service worker's run can still look it up (§7: a failed send asks for Background Sync).
  if (result.status === 'unknown' && config.orders.offline_orders.notification.enabled)
    await queueDeps()
      .registerSync()
      .catch(() => {});
  return result;
}

let running: Promise<QueueSummary> | null = null;
let again = false;

/** The sending part of a run: rounds over the waiting orders while calls arrive during it, until offline or a send fails. */
async function sendRounds(): Promise<{ done: SendOutcome[]; stopped: boolean }> {
  const done: SendOutcome[] = [];
  let stopped = false;
  do {
    again = false;
    if (!$online.get()) break;
    const run = await sendPendingOrders(orders(), await sendOptions());
    done.push(...run.outcomes);
    stopped = run.stopped;
  } while (again && !stopped);
  return { done, stopped };
}

/** Sends every untransmitted order of the current store, oldest first; calls during a run join it (and make it go round once more). */
export function sendQueuedOrders(): Promise<QueueSummary> {
  if (running) {
    again = true;
    return running;
  }
  // Joining ends with the sending, before the summary below. `finally` calls back asynchronously, so
  // it always comes after `running` is set below, even when the sending ends at once (offline): an
  // end cleared inside the run itself came before that assignment and left every later call of the
  // page joining a finished run, sending nothing (the offline soak's silent triggers).
  const run = sendRounds()
    .finally(() => {
      running = null;
    })
    .then(async ({ done, stopped }): Promise<QueueSummary> => {
      for (const out of done) if (out.kind === 'cancelled' && out.message) notifyCancelled(out.message);
      pushNotices([
        ...done.filter((o) => o.kind === 'sent').map((o): OrderNotice => ({ order_id: o.order.order_id, kind: 'sent', message: messages.offlineOrderSent })),
        // A send of this run had no answer: the shopper hears it now (the order's status says it after).
        ...done
          .filter((o) => o.kind === 'unknown' && o.noAnswer)
          .map((o): OrderNotice => ({ order_id: o.order.order_id, kind: 'unknown', message: fill(messages.orderUnknown) })),
      ]);
      const queued = await refreshQueuedOrders();
      if (stopped && queued.length)
        await queueDeps()
          .registerSync()
          .catch(() => {});
      return {
        sent: done.filter((o) => o.kind === 'sent').map((o) => o.order),
        cancelled: done.filter((o) => o.kind === 'cancelled').map((o) => o.order),
        queued,
      };
    });
  running = run;
  return run;
}

/**
 * Sends one waiting order now (the shopper's choice in the confirmation); its outcome is added to
 * $orderNotices. `again`: the shopper chose to send an order whose earlier answer never came, warned
 * that it may be placed twice (the look-up, where there is one, still goes first).
 */
export async function sendQueuedOrder(orderId: string, again = false): Promise<PlaceOrderResult | null> {
  const c = orders();
  const current = await c.getItem<OfflineOrder>(orderId);
  if (!current) return null;
  const out = $online.get() ? await sendStoredOrder(c, orderId, { ...(await sendOptions()), again }) : null;
  const result = toResult(out, current);
  await refreshQueuedOrders();
  // Sent now, or by another tab or the service worker while this one waited for the lock.
  if (result.status === 'sent') pushNotices([{ order_id: orderId, kind: 'sent', message: messages.offlineOrderSent }]);
  if (out?.kind === 'cancelled' && result.message) notifyCancelled(result.message);
  if (result.status === 'queued' && config.orders.offline_orders.notification.enabled)
    await queueDeps()
      .registerSync()
      .catch(() => {});
  return result;
}

/** True when the browser storage took every one of these orders (false: some live in this page only). */
export function savedOnDevice(list: readonly Pick<OfflineOrder, 'order_id'>[]): boolean {
  const c = orders();
  return list.every((o) => c.onDevice(o.order_id));
}

/** The untransmitted orders of the current store, oldest first. */
export async function listQueuedOrders(): Promise<OfflineOrder[]> {
  return (await storedOrders(orders())).filter(isPendingOrder);
}

/** One stored order of the current store as it stands now (sent, cancelled or waiting), or null. */
export async function storedOrder(orderId: string): Promise<OfflineOrder | null> {
  return (await orders().getItem<OfflineOrder>(orderId)) ?? null;
}

/** The `cancel_reason` of an order the shopper cancelled while it waited (the API's cancels keep their §8 message). */
const CANCELLED_BY_SHOPPER = 'cancelled by the shopper';

/** What the shopper is told of a cancelled order: the API's §8 message, or that they cancelled it themselves. */
export function cancelledOrderMessage(o: Pick<OfflineOrder, 'cancel_reason'>): string {
  if (o.cancel_reason === CANCELLED_BY_SHOPPER) return messages.offlineOrderCancelledByShopper;
  return o.cancel_reason || messages.somethingWrong;
}

/** Every stored order of the current store (sent, cancelled and waiting), oldest first. */
export function listStoredOrders(): Promise<OfflineOrder[]> {
  return storedOrders(orders());
}

/**
 * The shopper cancels a waiting order: it is kept, marked cancelled, and never sent. Waits for a send
 * in progress; false when the order was sent (or cancelled) meanwhile, or is unknown.
 */
export async function cancelQueuedOrder(orderId: string): Promise<boolean> {
  const c = orders();
  const ok = await withOrderLock(ORDER_LOCK, async () => {
    const o = await c.getItem<OfflineOrder>(orderId);
    if (!o || !isPendingOrder(o)) return false;
    await c.setItem(orderId, { ...o, cancelled: true, cancel_reason: CANCELLED_BY_SHOPPER });
    return true;
  });
  await refreshQueuedOrders();
  return ok;
}

/** Opens the offline-order confirmation with the waiting orders (nothing when there are none). */
export async function raiseOfflineOrderConfirmation(): Promise<OfflineOrder[]> {
  const pending = await listQueuedOrders();
  $queuedOrders.set(pending);
  if (pending.length) {
    $offlineOrderConfirmation.set(pending);
    emitSyncEvent(OFFLINE_ORDER_CONFIRM_EVENT, pending);
  }
  return pending;
}

/** Closes the confirmation without deciding (the orders stay queued). */
export function dismissOfflineOrderConfirmation(): void {
  $offlineOrderConfirmation.set([]);
}

/** Sends or asks (§4): with automatic transmission on, or on the thank-you page, the queue is sent; otherwise the shopper is asked. */
export async function transmitOrAsk(): Promise<void> {
  if (config.orders.offline_orders.automatic_transmission_enabled || queueDeps().thankYouShowing()) {
    await sendQueuedOrders();
  } else {
    await raiseOfflineOrderConfirmation();
  }
}

/**
 * Coming back online (§4): the sync queue runs and the cart loads, then the orders are sent or the
 * shopper asked. `before` runs the first two steps (injected to keep this module free of the cart).
 */
export async function onlineAgain(before: () => Promise<unknown> = async () => {}): Promise<void> {
  try {
    await before();
  } catch (err) {
    console.error('[orders] sync queue or cart failed before sending orders', err);
  }
  await transmitOrAsk();
}

/** Takes the service worker's report of orders it sent ({ type: 'orders-changed', sent, cancelled }). */
export function handleOrdersMessage(raw: unknown): void {
  const data = raw as { type?: string; sent?: string[]; cancelled?: Array<{ order_id: string; message: string }> } | null;
  if (data?.type !== 'orders-changed') return;
  for (const c of data.cancelled ?? []) notifyCancelled(c.message);
  pushNotices((data.sent ?? []).map((order_id): OrderNotice => ({ order_id, kind: 'sent', message: messages.offlineOrderSent })));
  void refreshQueuedOrders(false);
}

/**
 * Set once the queue runs in this page. Not a store's onMount on purpose: the queue starts when the
 * page's start script says orders wait (src/lib/pwa/boot.ts, src/lib/pwa/orders.ts), and it must send
 * or ask at start-up and on coming back online whether or not anything shows `$queuedOrders`. Started
 * by a first subscriber instead (today only the offline-orders panel reads it), it would start late or
 * never on the pages where orders wait and no panel is open, and reading the list would start sending:
 * §4's guarantees (an order is never lost, never sent twice) keep when it starts one explicit call.
 */
let started = false;
/**
 * Starts the queue in a page (once): keeps $queuedOrders current across tabs, sends or asks at
 * start-up and on coming back online. `before` = sync queue + cart load (§4). The service worker's
 * reports reach `handleOrdersMessage` through the page's start script (src/lib/pwa/boot.ts).
 */
export function startOrderQueue(before?: () => Promise<unknown>): () => void {
  if (started) return () => {};
  started = true;
  ordersChannel();
  const off = onBackOnline(() => void onlineAgain(before));
  void (async () => {
    const pending = await refreshQueuedOrders(false);
    if (pending.length && $online.get()) await onlineAgain(before);
  })();
  return () => {
    started = false;
    off();
  };
}
