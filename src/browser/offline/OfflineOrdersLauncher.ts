/**
 * The offline-orders panel's launcher, on every page (a few hundred bytes, no React): the order
 * queue's page side (src/lib/pwa/orders.ts, loaded only when orders wait) asks for the panel with a
 * DOM event, and the panel (React) is mounted by the shop's one lazy-island mechanism (../kit/lazy.ts);
 * once the queue runs, its notifications show on pages without the header too.
 */
import { ORDERS_PANEL_EVENT, ORDERS_STARTED_EVENT } from '../../lib/pwa/orders-events';
import { lazyIsland } from '../kit/lazy';
import { startNotifications } from '../kit/notifications-start';

const panel = lazyIsland('offline-orders', () => import('./OfflineOrders'));

window.addEventListener(ORDERS_PANEL_EVENT, () => {
  panel.mount().catch((err: unknown) => console.error('[orders] the offline-orders panel could not be loaded', err));
});
window.addEventListener(ORDERS_STARTED_EVENT, () => startNotifications());
