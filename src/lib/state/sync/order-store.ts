/**
 * The offline order queue's page state (spec §3 Offline order, §4): its stores ($queuedOrders, the
 * confirmation, the sent-order notices), its dependencies (fetch, Background Sync, the system
 * notification, the session, the bag; tests swap them), the stored orders' bags, and the re-read
 * that keeps every tab current. The actions (place, send, cancel, ask) are ./order-queue.
 */
import { atom } from 'nanostores';
import { messages } from '../../messages';
import type { OfflineOrder } from '../../schemas';
import { collection } from '../storage';
import { notify } from '../stores/notifications';
import { $user, loadUser } from '../stores/user';
import { bagIsOrders, owesBag, owesRestore, type BagView } from './order-bag';
import { emitSyncEvent } from './events';
import { syncFetch } from './fetch';
import { ORDER_LOCK, ORDER_SYNC_TAG, ORDERS_CHANNEL, isPendingOrder, storedOrders, type OrderSession, type SendOptions } from './order-send';
import { withOrderLock } from './order-lock';
import { answerMissing } from './order-status';
import { freshTokenAfter } from './token-lock';
import { clearCart, restoreCartLines, storedCart } from '../stores/cart';

/** Event emitted (through ./events) whenever the stored orders change; payload: the pending orders. */
export const ORDERS_CHANGED_EVENT = 'orders-changed';
/** DOM event on `window` whenever the waiting orders are read (detail: `{ waiting, unknown }` counts): the page's order notice follows it (src/lib/pwa/boot.ts). */
export const ORDERS_WAITING_DOM_EVENT = 'shop-orders-waiting';
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
  /** sent: the order reached the shop; unknown: a send of it had no answer. */
  kind: 'sent' | 'unknown';
  message: string;
}
/** Waiting orders sent since the shopper last looked (the offline-orders panel shows and clears them). */
export const $orderNotices = atom<OrderNotice[]>([]);

export function pushNotices(list: OrderNotice[]): void {
  if (!list.length) return;
  const seen = new Set($orderNotices.get().map((n) => n.order_id));
  $orderNotices.set([...$orderNotices.get(), ...list.filter((n) => !seen.has(n.order_id))]);
}

/** Clears the shown outcomes. */
export function clearOrderNotices(): void {
  $orderNotices.set([]);
}

export type Deps = {
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
    refresh: (stale) => freshTokenAfter(stale),
  };
}

const pageBag: Deps['bag'] = {
  read: async () => {
    const c = await storedCart();
    // Not read yet (a slow storage): unknown, not empty.
    return c.loaded ? { token: c.token, items: c.items } : null;
  },
  empty: async () => clearCart(),
  restore: (lines) => restoreCartLines(lines),
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
/** The queue's dependencies now (the page's, or a test's through `configureOrderQueue`). */
export const queueDeps = (): Deps => deps;
let thankYou = false;

/** Overrides fetch, Background Sync, system notification or the thank-you check (tests); no argument restores the defaults. */
export function configureOrderQueue(next: Partial<Deps> = {}): void {
  deps = { ...pageDeps(), ...next };
}

/** Tells the queue the thank-you page is (or is no longer) showing (§4 Coming back online). */
export function setThankYouShowing(showing: boolean): void {
  thankYou = showing;
}

/** The stored orders of the current store. */
export const orders = () => collection('orders');

export async function sendOptions(): Promise<SendOptions> {
  return { fetch: deps.fetch, session: await deps.session(), timeoutMs: deps.timeoutMs };
}

/**
 * Empties the bag each stored order came from, once (§4): at placement, or at the
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
/** The channel the tabs tell each other through that the stored orders changed (opened once). */
export function ordersChannel(): BroadcastChannel | null {
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
    window.dispatchEvent(new CustomEvent(ORDERS_WAITING_DOM_EVENT, { detail: { waiting: pending.length, unknown: pending.filter(answerMissing).length } }));
  if (all.some(owesBag)) await settleBags(all).catch((err: unknown) => console.error('[orders] the bag could not be emptied', err));
  if (all.some(owesRestore))
    await restoreBags(all).catch((err: unknown) => console.error('[orders] the lines of a cancelled order could not be put back', err));
  const confirm = $offlineOrderConfirmation.get();
  if (confirm.length) $offlineOrderConfirmation.set(confirm.filter((o) => pending.some((p) => p.order_id === o.order_id)));
  emitSyncEvent(ORDERS_CHANGED_EVENT, pending);
  if (broadcast) ordersChannel()?.postMessage({ type: 'orders-changed' });
  return pending;
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
