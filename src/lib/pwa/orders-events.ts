/**
 * What the page side of the order queue (./orders.ts) tells the page's UI, as DOM events on `window`
 * (a few bytes, so the UI's listener loads nothing of the queue): lib knows no UI, the UI listens
 * (src/browser/offline/OfflineOrdersLauncher.ts).
 */

/** The shopper must decide about waiting orders, or waiting orders were sent or cancelled: the offline-orders panel shows. */
export const ORDERS_PANEL_EVENT = 'shop-orders-panel';
/** The order queue started in this page: its notifications (the §8 cancel messages) must show, header or not. */
export const ORDERS_STARTED_EVENT = 'shop-orders-started';
