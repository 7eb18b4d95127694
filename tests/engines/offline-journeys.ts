/**
 * The offline order queue where there is no Background Sync (Firefox, WebKit: neither has
 * SyncManager): an order placed offline is stored and shown waiting, the bag it came from closes,
 * and it reaches the shop exactly once (checked in the API's database) at the next page start, at
 * the `online` event with a second tab open, and never twice when a reload cuts its send short.
 */
import { expect } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { Tab } from './driver';
import { simpleProduct } from '../e2e/product-cart-helpers';
import { addProduct, ordersOf, uniqueEmail } from './journeys';
import { clickButton, controlled, freshShopper, goOffline, goOnline, guestCheckout, hydrated, seeText, seeNoText, until, type Run } from './steps';

/** A new shopper with one product in the bag, on the checkout (seen online, so it opens offline too). */
async function bagOnCheckout(run: Run, tab: Tab, skip: number): Promise<void> {
  await freshShopper(tab, run.shop.base);
  await controlled(tab);
  await addProduct(tab, run.shop.base, simpleProduct(skip), 1);
  await tab.goto(`${run.shop.base}/checkout`);
  await hydrated(tab);
}

/** The header's bag badge, '' or '0' when the bag is empty. */
const badge = (tab: Tab) => tab.evaluate(() => document.querySelector('[data-cart-count]')?.textContent?.trim() ?? '');
const emptyBadge = (t: string) => t === '' || t === '0';

/** Places the order offline through the checkout: queued, shown waiting, the bag closed, nothing sent. */
async function placeOffline(run: Run, tab: Tab, email: string): Promise<void> {
  await guestCheckout(tab, email);
  await clickButton(tab, 'Place the order');
  await seeText(tab, messages.offlineOrderQueued);
  await seeText(tab, messages.ordersWaitingOne);
  await until(() => badge(tab), emptyBadge, 'the bag badge empty');
  expect(await ordersOf(run, email)).toEqual([]);
}

/** Waits until the order is in the database once, then makes sure it stays once. */
async function deliveredOnce(run: Run, email: string): Promise<void> {
  await until(
    () => ordersOf(run, email),
    (o) => o.length > 0,
    'the order in the database',
    30_000,
  );
  await new Promise((r) => setTimeout(r, 2500));
  expect((await ordersOf(run, email)).length).toBe(1);
}

/** Offline: placed and waiting; the page goes; back online, the next page start sends it, once. */
export async function offlineNextPageStart(run: Run, tab: Tab): Promise<void> {
  await bagOnCheckout(run, tab, 1);
  await goOffline(run, [tab]);
  const email = uniqueEmail(run.engine.name, 'next-start');
  await placeOffline(run, tab, email);
  // The shopper leaves; the connection returns with no shop page open.
  await tab.goto('about:blank');
  await goOnline(run, []);
  await tab.goto(`${run.shop.base}/`);
  await deliveredOnce(run, email);
  await seeNoText(tab, messages.ordersWaitingOne);
  // Another page start sends nothing more.
  await tab.reload();
  await controlled(tab);
  await deliveredOnce(run, email);
}

/** Two tabs open: placed offline in one, the other shows it waiting and its bag closes; the `online` event sends it once. */
export async function offlineOnlineEventTwoTabs(run: Run, tab: Tab): Promise<void> {
  await bagOnCheckout(run, tab, 2);
  const other = await run.engine.newTab();
  try {
    await other.goto(`${run.shop.base}/checkout`);
    await hydrated(other);
    await goOffline(run, [tab, other]);
    const email = uniqueEmail(run.engine.name, 'two-tabs');
    await placeOffline(run, tab, email);
    await seeText(other, messages.ordersWaitingOne);
    await seeText(other, messages.checkoutEmpty);
    await goOnline(run, [tab, other]);
    await deliveredOnce(run, email);
    await seeNoText(tab, messages.ordersWaitingOne);
    await seeNoText(other, messages.ordersWaitingOne);
  } finally {
    await other.close();
  }
}

/** Online, the order's answer is held back; a reload in the middle of the send: it reaches the shop once, never again. */
export async function reloadMidSend(run: Run, tab: Tab): Promise<void> {
  await bagOnCheckout(run, tab, 3);
  const email = uniqueEmail(run.engine.name, 'mid-send');
  await guestCheckout(tab, email);
  await run.shop.api('/api/__faults', {
    method: 'POST',
    body: JSON.stringify([{ path: '/api/order', method: 'POST', mode: 'delay', phase: 'after', delayMs: 4000, times: 1 }]),
  });
  try {
    await clickButton(tab, 'Place the order');
    // The shop took the order; its answer is still on the way when the page reloads.
    await until(
      () => ordersOf(run, email),
      (o) => o.length === 1,
      'the order received by the shop',
      20_000,
    );
    await tab.reload();
    await controlled(tab);
    await tab.evaluate(() => void window.dispatchEvent(new Event('online')));
    await tab.goto(`${run.shop.base}/`);
    await deliveredOnce(run, email);
  } finally {
    await run.shop.api('/api/__faults', { method: 'DELETE' });
  }
}
