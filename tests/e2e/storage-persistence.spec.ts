/**
 * Storage that survives (src/lib/state/stores/storage-persistence.ts, docs/offline.md "What each browser keeps"), in
 * Chromium with the browser's answer to `navigator.storage.persist()` set by the test (granted,
 * denied, or no Storage API at all): the shop asks when the bag gets its first line, not on page
 * load; a waiting order says it is only on this device, and what the browser will do with it.
 */
import { expect, test } from './fixture';
import type { BrowserContext, Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { orderPayload, putStored, testProducts } from './offline-helpers';
import { addToCart, openProduct, simpleProduct } from './product-cart-helpers';

test.describe.configure({ timeout: 120_000 });

type Answer = 'granted' | 'denied' | 'unsupported';

/**
 * A context whose browser answers persist() as told and counts the calls (`window.__persistCalls`);
 * `safari` makes it report Apple as its vendor (what every WebKit browser does).
 */
async function browserAnswering(ctx: BrowserContext, answer: Answer, safari = false): Promise<void> {
  await ctx.addInitScript(
    ({ answer, safari }) => {
      const w = window as unknown as { __persistCalls: number };
      w.__persistCalls = 0;
      const proto = StorageManager.prototype as unknown as Record<string, unknown>;
      if (answer === 'unsupported') {
        delete proto.persist;
        delete proto.persisted;
      } else {
        let kept = false;
        proto.persisted = async () => kept;
        proto.persist = async () => {
          w.__persistCalls++;
          kept = answer === 'granted';
          return kept;
        };
      }
      if (safari) Object.defineProperty(Navigator.prototype, 'vendor', { get: () => 'Apple Computer, Inc.' });
    },
    { answer, safari },
  );
}

const persistCalls = (page: Page) => page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls);

/** Puts a waiting order (stored, not sent, its bag emptied) into the default store's orders, as placing one offline leaves it. */
async function storeWaitingOrder(page: Page): Promise<void> {
  const id = `e2e-storage-${Date.now().toString(36)}`;
  const order = { ...orderPayload(id, [{ product: testProducts(1)[0]!, qty: 1 }]), transmited: false, transmited_at: null, bag: 'emptied' };
  await putStored(page, 'orders', id, order);
}

/** The checkout, offline, with one order waiting: the inline list of waiting orders. */
async function waitingOrdersOffline(ctx: BrowserContext) {
  const page = await ctx.newPage();
  await page.goto('/');
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  // Seen online under the worker, so the checkout opens offline from its cache.
  await page.goto('/checkout');
  await ctx.setOffline(true);
  await storeWaitingOrder(page);
  await page.reload();
  const waiting = page.getByRole('region', { name: messages.offlineOrderConfirmTitle });
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  return { page, waiting };
}

test('the shop asks to keep its storage when the bag gets its first line, not on page load', async ({ browser }) => {
  const ctx = await browser.newContext();
  await browserAnswering(ctx, 'granted');
  const page = await ctx.newPage();
  const p = simpleProduct();
  await openProduct(page, p);
  await page.waitForTimeout(500);
  expect(await persistCalls(page)).toBe(0);
  await addToCart(page);
  await expect.poll(() => persistCalls(page)).toBe(1);
  await ctx.close();
});

test('granted: the waiting order is only on this device, and the browser will not delete it for space', async ({ browser }) => {
  const ctx = await browser.newContext();
  await browserAnswering(ctx, 'granted');
  // Persistent storage granted earlier (the bag's first line): what persisted() then reports.
  await ctx.addInitScript(() => void navigator.storage.persist());
  const { waiting } = await waitingOrdersOffline(ctx);
  await expect(waiting.getByText(messages.orderOnlyOnDevice)).toBeVisible();
  await expect(waiting.getByText(messages.storageKept)).toBeVisible();
  await expect(waiting.getByText(messages.storageNotKept)).toHaveCount(0);
  await expect(waiting.getByText(messages.storageSevenDays)).toHaveCount(0);
  await ctx.close();
});

test('denied: the waiting order is only on this device, and the browser may delete it', async ({ browser }) => {
  const ctx = await browser.newContext();
  await browserAnswering(ctx, 'denied');
  const { waiting } = await waitingOrdersOffline(ctx);
  await expect(waiting.getByText(messages.orderOnlyOnDevice)).toBeVisible();
  await expect(waiting.getByText(messages.storageNotKept)).toBeVisible();
  await expect(waiting.getByText(messages.storageKept)).toHaveCount(0);
  // Chromium has no seven-day rule: not mentioned.
  await expect(waiting.getByText(messages.storageSevenDays)).toHaveCount(0);
  await ctx.close();
});

test('no Storage API: the waiting order says the browser cannot be asked to keep it', async ({ browser }) => {
  const ctx = await browser.newContext();
  await browserAnswering(ctx, 'unsupported');
  const { waiting } = await waitingOrdersOffline(ctx);
  await expect(waiting.getByText(messages.orderOnlyOnDevice)).toBeVisible();
  await expect(waiting.getByText(messages.storageCannotAsk)).toBeVisible();
  await expect(waiting.getByText(messages.storageKept)).toHaveCount(0);
  await ctx.close();
});

test("a WebKit browser: the waiting order also tells of Safari's seven days without a visit", async ({ browser }) => {
  const ctx = await browser.newContext();
  await browserAnswering(ctx, 'denied', true);
  const { waiting } = await waitingOrdersOffline(ctx);
  await expect(waiting.getByText(messages.orderOnlyOnDevice)).toBeVisible();
  await expect(waiting.getByText(messages.storageSevenDays)).toBeVisible();
  await ctx.close();
});
