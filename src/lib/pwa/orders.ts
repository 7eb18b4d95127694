/**
 * The page side of the order queue, loaded only when orders wait (or an order outcome arrives):
 * starts the queue (start-up send, coming back online, other tabs and the service worker), and asks
 * the page for the offline-orders panel when the shopper must decide (§4 offline-order confirmation)
 * or when waiting orders were sent or cancelled (./orders-events.ts: the UI mounts the panel).
 */
import { ORDERS_PANEL_EVENT, ORDERS_STARTED_EVENT } from './orders-events';
import { $offlineOrderConfirmation, $orderNotices, handleOrdersMessage, raiseOfflineOrderConfirmation, startOrderQueue } from '../state/sync/order-queue';

/** §4 Coming back online, first part: the sync queue runs and the cart loads. */
async function syncQueueAndCart(): Promise<void> {
  const [{ runSyncQueue }, { loadCart }] = await Promise.all([import('../state/sync/tasks'), import('../state/stores/cart')]);
  await runSyncQueue();
  await loadCart();
}

const openPanel = () => window.dispatchEvent(new Event(ORDERS_PANEL_EVENT));

/** Set once started: the order queue's start is one explicit call, not a store's onMount (see `started` in src/lib/state/sync/order-queue.ts). */
let started = false;
/** Starts the queue in this page (once); `message` is a service worker report that arrived before. */
export function startOrders(message?: unknown): void {
  if (message) handleOrdersMessage(message);
  if (started) return;
  started = true;
  startOrderQueue(syncQueueAndCart);
  $offlineOrderConfirmation.subscribe((list) => {
    if (list.length) openPanel();
  });
  $orderNotices.subscribe((list) => {
    if (list.length) openPanel();
  });
  // The cancel messages are notifications: the page shows them also without the header (checkout).
  window.dispatchEvent(new Event(ORDERS_STARTED_EVENT));
}

/** The order notice's action: starts the queue and opens the panel with the waiting orders. */
export async function openWaitingOrders(): Promise<void> {
  startOrders();
  await raiseOfflineOrderConfirmation();
}
