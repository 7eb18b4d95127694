/**
 * Every page's PWA start (a few hundred bytes; no framework, no storage library): registers the
 * service worker, keeps the offline indicator current, and loads the order queue only when orders
 * wait (read from the stored orders themselves, see ./pending-orders), when the browser comes back
 * online with orders waiting, or when the service worker reports order outcomes.
 */
import { registerServiceWorker } from './register';
import { showUpdateNotice } from './update-notice';
import { watchOfflineIndicator } from './indicator';
import { ordersAtStart, showOrdersNotice, type WaitingCounts } from './pending-orders';
import { lazyModule } from '../state/lazy-module';
import { takeHeldWorkerMessages } from './held-messages';

/** The order notice, carrying the store's orders database name (src/components/OfflineIndicator.astro). */
const notice = document.querySelector<HTMLElement>('[data-orders-db]');
const ordersDb = notice?.dataset.ordersDb;

/** Reads the stored orders: shows the notice, and says whether the queue has work (orders to send, bags to empty). */
const ordersWaiting = async (): Promise<boolean> => {
  if (!ordersDb) return false;
  const at = await ordersAtStart(ordersDb);
  showOrdersNotice(notice, at);
  return at.waiting + at.owing > 0;
};

/** The order queue's page side, downloaded once (a failed download: the next start tries again). */
const loadOrderQueue = lazyModule(() => import('./orders'));
const ordersFailed = (err: unknown) => console.error('[orders] the order queue could not be loaded', err);
/** Loads and starts the queue (once); a service worker report is handed over each time. */
const startOrders = (message?: unknown) => {
  loadOrderQueue()
    .then((m) => m.startOrders(message))
    .catch(ordersFailed);
};

watchOfflineIndicator(document.querySelector<HTMLElement>('[data-offline-indicator]'));
void registerServiceWorker({ onNeedRefresh: (apply) => showUpdateNotice(apply) });

void ordersWaiting().then((yes) => yes && startOrders());
window.addEventListener('online', () => {
  void ordersWaiting().then((yes) => yes && startOrders());
});
// The queue (in this page) tells the count as it changes; other tabs and the worker say something changed.
window.addEventListener('shop-orders-waiting', (e) => {
  const d = (e as CustomEvent<Partial<WaitingCounts> | null>).detail;
  showOrdersNotice(notice, { waiting: Number(d?.waiting) || 0, unknown: Number(d?.unknown) || 0 });
});
try {
  // Same channel name as ORDERS_CHANNEL in src/lib/state/sync/order-send.ts (kept literal: that module is not loaded here).
  new BroadcastChannel('shop-orders').onmessage = () => void ordersWaiting().then((yes) => yes && startOrders());
} catch {
  // no BroadcastChannel: the next page start reads the orders
}
// The notice opens the waiting orders.
notice?.querySelector('button')?.addEventListener('click', () => {
  loadOrderQueue()
    .then((m) => m.openWaitingOrders())
    .catch(ordersFailed);
});
// The service worker's reports of orders it sent: this is their only listener in the page.
// Those that came before this script ran were kept by the page's script loader (./held-messages.ts).
const workerMessage = (data: unknown) => {
  if ((data as { type?: string } | null)?.type === 'orders-changed') startOrders(data);
};
for (const data of takeHeldWorkerMessages()) workerMessage(data);
navigator.serviceWorker?.addEventListener('message', (e: MessageEvent) => workerMessage(e.data));
