/**
 * The page side of the order queue, loaded only when orders wait (or an order outcome arrives):
 * starts the queue (start-up send, coming back online, other tabs and the service worker), and opens
 * the offline-orders panel when the shopper must decide (§4 offline-order confirmation) or when
 * waiting orders were sent or cancelled.
 */
import { $notifications } from '../stores/notifications';
import { $offlineOrderConfirmation, $orderNotices, handleOrdersMessage, raiseOfflineOrderConfirmation, startOrderQueue } from '../sync/order-queue';

/** §4 Coming back online, first part: the sync queue runs and the cart loads. */
async function syncQueueAndCart(): Promise<void> {
  const [{ runSyncQueue }, { loadCart }] = await Promise.all([import('../sync/tasks'), import('../stores/cart')]);
  await runSyncQueue();
  await loadCart();
}

let mounting: Promise<unknown> | null = null;
function openPanel(): void {
  mounting ??= import('./orders-mount').then((m) => m.mountOfflineOrders()).catch((err: unknown) => {
    mounting = null;
    console.error('[orders] the offline-orders panel could not be loaded', err);
  });
}

/** Set once started: the order queue's start is one explicit call, not a store's onMount (see `started` in src/lib/sync/order-queue.ts). */
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
  // The cancel messages are notifications: make sure they show on pages without the header (checkout).
  const off = $notifications.subscribe((list) => {
    if (!list.length) return;
    queueMicrotask(() => off());
    import('../../islands/Notifications').then((m) => m.mountNotifications()).catch((err: unknown) => console.error('Notifications could not be shown', err));
  });
}

/** The order notice's action: starts the queue and opens the panel with the waiting orders. */
export async function openWaitingOrders(): Promise<void> {
  startOrders();
  await raiseOfflineOrderConfirmation();
}
