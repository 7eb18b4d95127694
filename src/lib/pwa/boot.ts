/**
 * Every page's PWA start (a few hundred bytes; no framework, no storage library): registers the
 * service worker, keeps the offline indicator current, and loads the order queue only when orders
 * wait (a localStorage hint), when the browser comes back online with orders waiting, or when the
 * service worker reports order outcomes.
 */
import { registerServiceWorker } from './register';
import { showUpdateNotice } from './update-notice';
import { watchOfflineIndicator } from './indicator';

/** Same key as ORDERS_HINT_KEY in src/lib/sync/order-queue.ts (kept literal: that module is not loaded here). */
const HINT_KEY = 'shop-orders-pending';

const ordersWaiting = (): boolean => {
  try {
    return Number(localStorage.getItem(HINT_KEY) ?? 0) > 0;
  } catch {
    return false;
  }
};

type OrdersModule = typeof import('./orders');
let orders: Promise<OrdersModule> | null = null;
/** Loads and starts the queue (once); a service worker report is handed over each time. */
const startOrders = (message?: unknown) => {
  orders ??= import('./orders');
  orders.then((m) => m.startOrders(message)).catch((err: unknown) => {
    orders = null;
    console.error('[orders] the order queue could not be loaded', err);
  });
};

watchOfflineIndicator(document.querySelector<HTMLElement>('[data-offline-indicator]'));
void registerServiceWorker({ onNeedRefresh: (apply) => showUpdateNotice(apply) });

if (ordersWaiting()) startOrders();
window.addEventListener('online', () => {
  if (ordersWaiting()) startOrders();
});
// The service worker's reports of orders it sent: this is their only listener in the page.
navigator.serviceWorker?.addEventListener('message', (e: MessageEvent) => {
  if ((e.data as { type?: string } | null)?.type === 'orders-changed') startOrders(e.data);
});
