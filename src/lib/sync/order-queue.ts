/**
 * The offline order queue as the page uses it (spec §3 Offline order, §4 Offline order and Coming
 * back online, §7, §8). `placeOrder` stores the order untransmitted BEFORE sending it; an order the
 * API cannot take now stays queued and is sent later: on coming back online, at start-up, by the
 * shopper from the confirmation panel, or by the service worker's Background Sync ('orderSync').
 * Each send holds the cross-tab `shop-orders` lock and re-reads the order (./order-send), so an order
 * reaches the API once; the API is also idempotent on the client-generated `order_id`.
 */
import { atom } from 'nanostores';
import { config } from '../config';
import { messages } from '../messages';
import type { OfflineOrder, OrderPayload } from '../schemas';
import { collection } from '../storage';
import { $online, onBackOnline } from '../stores/network';
import { notify } from '../stores/notifications';
import { $user, loadUser } from '../stores/user';
import { bagIsOrders, owesBag, owesRestore, type BagView } from './order-bag';
import { emitSyncEvent } from './events';
import { syncFetch } from './fetch';
import {
  ORDER_SYNC_TAG,
  isPendingOrder,
  sendPendingOrders,
  sendStoredOrder,
  storedOrders,
  toOfflineOrder,
  type OrderSession,
  type SendOptions,
  type SendOutcome,
} from './order-send';
import { ORDER_LOCK, ORDERS_CHANNEL } from './order-send';
import { withOrderLock } from './order-lock';

export { ORDER_SYNC_TAG, ORDER_LOCK, ORDERS_CHANNEL, isPendingOrder, applyOrderAnswer, cancelMessage, sendOrder, heldReason, orderOwner } from './order-send';
export type { SendOutcome, SendKind } from './order-send';

/** What `placeOrder` tells the checkout. */
export interface PlaceOrderResult {
  /** sent: the API took it; queued: stored, to be sent later; cancelled: the API refused it (§8 message). */
  status: 'sent' | 'queued' | 'cancelled';
  order: OfflineOrder;
  /** The shopper-facing text: the §8 cancel message, or the queued confirmation. */
  message?: string;
  /** The API's result (for 'sent': `{ order_id, increment_id, token, ... }`). */
  result?: unknown;
}

/** What a run of the queue did. */
export interface QueueSummary {
  sent: OfflineOrder[];
  cancelled: OfflineOrder[];
  /** Still waiting after the run. */
  queued: OfflineOrder[];
}

/** Event emitted (through ./events) whenever the stored orders change; payload: the pending orders. */
export const ORDERS_CHANGED_EVENT = 'orders-changed';
/** DOM event on `window` whenever the count of waiting orders is read (detail: the count): the page's order notice follows it (src/lib/pwa/boot.ts). */
export const ORDERS_WAITING_DOM_EVENT = 'shop-orders-waiting';
/** Event emitted when untransmitted orders wait for the shopper's decision (§4); payload: the orders. */
export const OFFLINE_ORDER_CONFIRM_EVENT = 'offline-order-confirmation';

/** Untransmitted orders of the current store, oldest first (kept current by every change in any tab). */
export const $queuedOrders = atom<OfflineOrder[]>([]);
/** The orders the offline-order confirmation asks about; empty when it is closed. */
export const $offlineOrderConfirmation = atom<OfflineOrder[]>([]);

/**
 * A waiting order sent later (by a queue run here, in another tab or by the service worker). Orders
 * the API cancelled are told by the shop's notifications instead (the §8 message with OK).
 */
export interface OrderNotice {
  order_id: string;
  kind: 'sent';
  message: string;
}
/** Waiting orders sent since the shopper last looked (the offline-orders panel shows and clears them). */
export const $orderNotices = atom<OrderNotice[]>([]);

function pushNotices(list: OrderNotice[]): void {
  if (!list.length) return;
  const seen = new Set($orderNotices.get().map((n) => n.order_id));
  $orderNotices.set([...$orderNotices.get(), ...list.filter((n) => !seen.has(n.order_id))]);
}

/** Clears the shown outcomes. */
export function clearOrderNotices(): void {
  $orderNotices.set([]);
}

type Deps = {
  fetch: SendOptions['fetch'];
  /** Registers the Background Sync tag (page default: through the service worker registration). */
  registerSync: () => Promise<void>;
  /** Shows the system notification 'Order waiting!' (page default: through the service worker registration). */
  showSystemNotification: (title: string, body: string) => Promise<void>;
  /** True while the thank-you page is showing. */
  thankYouShowing: () => boolean;
  /** Who is signed in now (page default: the user store, its token refreshed through the token lock). */
  session: () => Promise<OrderSession>;
  /** The shopper's bag as stored, how to empty it and how to put lines back (page default: the cart store). */
  bag: { read: () => Promise<BagView | null>; empty: () => Promise<void>; restore: (lines: OfflineOrder['products']) => Promise<void> };
  timeoutMs?: number;
};

async function pageSession(): Promise<OrderSession> {
  await loadUser();
  const u = $user.get();
  return {
    customerId: u.current?.id ?? null,
    token: u.token,
    // The token lock's refresh (one refresh for every concurrent request; a dead session logs out).
    refresh: async (stale) => (await import('./token-lock')).freshTokenAfter(stale),
  };
}

const pageBag: Deps['bag'] = {
  read: async () => {
    const c = await (await import('../stores/cart')).storedCart();
    // Not read yet (a slow storage): unknown, not empty.
    return c.loaded ? { token: c.token, items: c.items } : null;
  },
  empty: async () => (await import('../stores/cart')).clearCart(),
  restore: async (lines) => (await import('../stores/cart')).restoreCartLines(lines),
};

const pageDeps = (): Deps => ({
  fetch: (input, init) => syncFetch(input, init),
  registerSync: registerOrderSync,
  showSystemNotification,
  thankYouShowing: () => thankYou || (typeof location !== 'undefined' && /\/order-success\/?$/.test(location.pathname)),
  session: pageSession,
  bag: pageBag,
});

let deps: Deps = pageDeps();
let thankYou = false;

/** Overrides fetch, Background Sync, system notification or the thank-you check (tests); no argument restores the defaults. */
export function configureOrderQueue(next: Partial<Deps> = {}): void {
  deps = { ...pageDeps(), ...next };
}

/** Tells the queue the thank-you page is (or is no longer) showing (§4 Coming back online). */
export function setThankYouShowing(showing: boolean): void {
  thankYou = showing;
}

const orders = () => collection('orders');

async function sendOptions(): Promise<SendOptions> {
  return { fetch: deps.fetch, session: await deps.session(), timeoutMs: deps.timeoutMs };
}

/**
 * Empties the bag each stored order came from, once (§4; issue 14 item 5): at placement, or at the
 * next start when a reload cut placement short. A bag that is not the order's is left alone.
 */
export async function settleBags(list?: OfflineOrder[]): Promise<void> {
  const c = orders();
  const owing = (list ?? (await storedOrders(c))).filter(owesBag);
  if (!owing.length) return;
  const bag = await deps.bag.read();
  // A bag that could not be read yet is left for the next refresh: marking the orders now would
  // leave the order's lines in the bag for good.
  if (!bag) return;
  if (owing.some((o) => bagIsOrders(bag, o))) await deps.bag.empty();
  for (const o of owing) {
    const now = await c.getItem<OfflineOrder>(o.order_id);
    if (now && owesBag(now)) await c.setItem(o.order_id, { ...now, bag: 'emptied' });
  }
}

/**
 * Puts the lines of orders cancelled after their bag was emptied back into the bag, once (the mark is
 * set under the order lock before the lines go back, so two tabs cannot both restore), and says so.
 */
export async function restoreBags(list?: OfflineOrder[]): Promise<OfflineOrder[]> {
  const c = orders();
  const owing = (list ?? (await storedOrders(c))).filter(owesRestore);
  if (!owing.length) return [];
  const restored = await withOrderLock(ORDER_LOCK, async () => {
    const marked: OfflineOrder[] = [];
    for (const o of owing) {
      const now = await c.getItem<OfflineOrder>(o.order_id);
      if (!now || !owesRestore(now)) continue;
      await c.setItem(o.order_id, { ...now, bag: 'restored' });
      marked.push(now);
    }
    return marked;
  });
  if (!restored.length) return [];
  await deps.bag.restore(restored.flatMap((o) => o.products));
  notify({ type: 'info', message: messages.cancelledOrderBackInBag });
  return restored;
}

let channel: BroadcastChannel | null | undefined;
function ordersChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(ORDERS_CHANNEL) : null;
    if (channel) channel.onmessage = () => void refreshQueuedOrders(false);
  }
  return channel;
}

/** Re-reads the pending orders into $queuedOrders (and tells the other tabs when `broadcast`). */
export async function refreshQueuedOrders(broadcast = true): Promise<OfflineOrder[]> {
  const all = await storedOrders(orders());
  const pending = all.filter(isPendingOrder);
  $queuedOrders.set(pending);
  if (typeof window !== 'undefined' && typeof CustomEvent !== 'undefined')
    window.dispatchEvent(new CustomEvent(ORDERS_WAITING_DOM_EVENT, { detail: pending.length }));
  if (all.some(owesBag)) await settleBags(all).catch((err: unknown) => console.error('[orders] the bag could not be emptied', err));
  if (all.some(owesRestore))
    await restoreBags(all).catch((err: unknown) => console.error('[orders] the lines of a cancelled order could not be put back', err));
  const confirm = $offlineOrderConfirmation.get();
  if (confirm.length) $offlineOrderConfirmation.set(confirm.filter((o) => pending.some((p) => p.order_id === o.order_id)));
  emitSyncEvent(ORDERS_CHANGED_EVENT, pending);
  if (broadcast) ordersChannel()?.postMessage({ type: 'orders-changed' });
  return pending;
}

function notifyCancelled(message: string): void {
  notify({ type: 'error', message, action1: { label: messages.ok }, hasNoTimeout: true });
}

async function orderWaiting(): Promise<void> {
  if (!config.orders.offline_orders.notification.enabled) return;
  notify({ type: 'info', message: `${messages.offlineOrderWaiting} ${messages.offlineOrderNotice}`, action1: { label: messages.ok } });
  await Promise.all([
    deps.showSystemNotification(messages.offlineOrderWaiting, messages.offlineOrderNotice).catch(() => {}),
    deps.registerSync().catch((err) => console.error('[orders] Background Sync registration failed', err)),
  ]);
}

function toResult(out: SendOutcome | null, fallback: OfflineOrder): PlaceOrderResult {
  if (!out) return { status: 'queued', order: fallback, message: messages.offlineOrderQueued };
  if (out.kind === 'held') return { status: 'queued', order: out.order, message: out.message ?? messages.offlineOrderQueued };
  const o = out.order;
  if (out.kind === 'sent' || (out.kind === 'skipped' && o.transmited && !o.cancelled)) return { status: 'sent', order: o, result: o.result };
  if (out.kind === 'cancelled' || (out.kind === 'skipped' && o.cancelled)) {
    return { status: 'cancelled', order: o, message: out.message ?? o.cancel_reason ?? undefined, result: o.result };
  }
  return { status: 'queued', order: o, message: messages.offlineOrderQueued, ...(out.result !== undefined ? { result: out.result } : {}) };
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
  let out: SendOutcome | null = existing && !isPendingOrder(existing) ? { kind: 'skipped', order: existing } : null;
  if (!out && $online.get()) out = await sendStoredOrder(c, stored.order_id, await sendOptions());
  const result = toResult(out, existing ?? stored);
  // Refused at placement (§8 message): the bag stays for the shopper to fix; otherwise the order has its lines now.
  if (result.status === 'cancelled' && !existing) {
    const now = await c.getItem<OfflineOrder>(stored.order_id);
    if (now && now.bag === 'full') await c.setItem(stored.order_id, { ...now, bag: 'kept' });
  }
  await refreshQueuedOrders();
  if (result.status === 'cancelled' && result.message) notifyCancelled(result.message);
  if (result.status === 'queued') await orderWaiting();
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
  // page joining a finished run, sending nothing (the soak's silent triggers, issue 14).
  const run = sendRounds()
    .finally(() => {
      running = null;
    })
    .then(async ({ done, stopped }): Promise<QueueSummary> => {
      for (const out of done) if (out.kind === 'cancelled' && out.message) notifyCancelled(out.message);
      pushNotices(
        done.filter((o) => o.kind === 'sent').map((o): OrderNotice => ({ order_id: o.order.order_id, kind: 'sent', message: messages.offlineOrderSent })),
      );
      const queued = await refreshQueuedOrders();
      if (stopped && queued.length) await deps.registerSync().catch(() => {});
      return {
        sent: done.filter((o) => o.kind === 'sent').map((o) => o.order),
        cancelled: done.filter((o) => o.kind === 'cancelled').map((o) => o.order),
        queued,
      };
    });
  running = run;
  return run;
}

/** Sends one waiting order now (the shopper's choice in the confirmation); its outcome is added to $orderNotices. */
export async function sendQueuedOrder(orderId: string): Promise<PlaceOrderResult | null> {
  const c = orders();
  const current = await c.getItem<OfflineOrder>(orderId);
  if (!current) return null;
  const out = $online.get() ? await sendStoredOrder(c, orderId, await sendOptions()) : null;
  const result = toResult(out, current);
  await refreshQueuedOrders();
  // Sent now, or by another tab or the service worker while this one waited for the lock.
  if (result.status === 'sent') pushNotices([{ order_id: orderId, kind: 'sent', message: messages.offlineOrderSent }]);
  if (out?.kind === 'cancelled' && result.message) notifyCancelled(result.message);
  if (result.status === 'queued' && config.orders.offline_orders.notification.enabled) await deps.registerSync().catch(() => {});
  return result;
}

/** The untransmitted orders of the current store, oldest first. */
export async function listQueuedOrders(): Promise<OfflineOrder[]> {
  return (await storedOrders(orders())).filter(isPendingOrder);
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
    await c.setItem(orderId, { ...o, cancelled: true, cancel_reason: 'cancelled by the shopper' });
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
  if (config.orders.offline_orders.automatic_transmission_enabled || deps.thankYouShowing()) {
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

/** Asks the service worker for a Background Sync of the order queue. */
export async function registerOrderSync(): Promise<void> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const reg = await sw?.getRegistration();
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  if (sync) await sync.register(ORDER_SYNC_TAG);
}

async function showSystemNotification(title: string, body: string): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker?.getRegistration();
  await reg?.showNotification(title, { body, tag: ORDER_SYNC_TAG });
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
