/**
 * Browser-side harness of the offline e2e suites: bundled (esbuild, IIFE) and added to every page of
 * the test's browser context as an init script. It is the shop's own order queue
 * (src/lib/state/sync/order-queue.ts) exposed on `window.__orders`, so a test places orders exactly as the
 * checkout does, sharing the page's IndexedDB, locks and service worker. `openConfirmation` shows the
 * offline-order confirmation (src/browser/offline/OfflineOrders.tsx) as it appears with automatic
 * transmission off (the built site has it on). `signIn` and `signOut` are the shop's own login and
 * logout (src/lib/account/session.ts), written to storage before they resolve, as before a page change.
 */
import './offline-harness-jitless';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import OfflineOrders from '../../src/browser/offline/OfflineOrders';
import { config } from '../../src/lib/config';
import { login, logoutCustomer, saveSessionNow } from '../../src/lib/account/session';
import type { OrderPayload } from '../../src/lib/schemas';
import { $online } from '../../src/lib/state/stores/network';
import { loadUser, resetUserStore } from '../../src/lib/state/stores/user';
import {
  $offlineOrderConfirmation,
  listQueuedOrders,
  listStoredOrders,
  placeOrder as queuePlaceOrder,
  sendQueuedOrder,
  sendQueuedOrders,
  transmitOrAsk,
} from '../../src/lib/state/sync/order-queue';

async function openConfirmation(): Promise<number> {
  config.orders.offline_orders.automatic_transmission_enabled = false;
  await transmitOrAsk();
  if (!document.querySelector('.harness-offline-orders')) {
    const style = document.createElement('style');
    style.textContent = (window as unknown as { __offlineOrdersCss?: string }).__offlineOrdersCss ?? '';
    document.head.append(style);
    const host = document.createElement('div');
    host.className = 'harness-offline-orders';
    document.body.append(host);
    createRoot(host).render(createElement(OfflineOrders));
  }
  return $offlineOrderConfirmation.get().length;
}

/** Places an order as a checkout page opened now would: with the session stored now (another tab may have changed it). */
async function placeOrder(payload: OrderPayload) {
  resetUserStore();
  await loadUser();
  return queuePlaceOrder(payload);
}

async function signIn(email: string, password: string): Promise<void> {
  const r = await login(email, password);
  if (!r.ok) throw new Error(`sign-in of ${email} failed: ${r.message}`);
  await saveSessionNow();
}

async function signOut(): Promise<void> {
  await logoutCustomer();
}

if (window.top === window) {
  // Keeps $online following the browser's online/offline events.
  $online.listen(() => {});
  (window as unknown as { __orders: unknown }).__orders = {
    placeOrder,
    listQueuedOrders,
    listStoredOrders,
    sendQueuedOrders,
    /** The shopper's 'Send again anyway' on an order whose earlier answer never came. */
    sendAgain: (orderId: string) => sendQueuedOrder(orderId, true),
    openConfirmation,
    signIn,
    signOut,
  };
}
