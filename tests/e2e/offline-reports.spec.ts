/**
 * The order queue's reports in the page: an order placed offline is sent once when the shop is back
 * online and the page says so, also when the service worker sent it before the page's scripts ran
 * (they start after the first paint: src/lib/build/page-scripts.ts, src/lib/pwa/held-messages.ts).
 * Against the built site on an own shop server (offline-helpers.ts).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixture';
import { config } from '../../src/lib/config';
import { fill, messages } from '../../src/lib/messages';
import { collectionDbName } from '../../src/lib/state/storage';
import { cartLine, hydrated, openCheckoutWithGuestCart, shoot, simpleProducts } from './account-helpers';
import { backOnline, fillGuestCheckout } from './checkout-helpers';
import {
  baseOf,
  dbOrders,
  type DbOrder,
  openControlled,
  orderPayload,
  placeOrder,
  setStock,
  shopContext,
  startShop,
  stopShop,
  testProducts,
  waitingOrders,
} from './offline-helpers';

// Service worker installs precache the site: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

let shop: Awaited<ReturnType<typeof startShop>>;
const products = testProducts(2);
let seq = 0;
const newId = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${++seq}`;

test.beforeAll(async () => {
  shop = await startShop();
  for (const p of products) await setStock(shop, p.sku, 100_000);
});
test.afterAll(async () => {
  await stopShop(shop);
});

async function fresh(browser: import('@playwright/test').Browser) {
  const ctx = await shopContext(browser, shop);
  const page = await openControlled(ctx, '/');
  return { ctx, page };
}

test('an order placed offline is queued, then sent once when the shop is back online', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await ctx.setOffline(true);
  const id = newId('queued');
  const r = await placeOrder(page, orderPayload(id, [{ product: products[0]!, qty: 2 }]));
  expect(r.status).toBe('queued');
  expect(r.message).toBe(messages.offlineOrderQueued);
  expect((await waitingOrders(page)).map((o) => o.order_id)).toEqual([id]);
  await page.reload();
  expect((await waitingOrders(page)).map((o) => o.order_id)).toEqual([id]);
  await ctx.setOffline(false);
  await expect.poll(async () => (await waitingOrders(page)).length, { timeout: 15_000 }).toBe(0);
  await expect(page.getByRole('dialog', { name: messages.offlineOrdersResultTitle }).getByText(messages.offlineOrderSent)).toBeVisible();
  const rows = (await dbOrders(shop)).filter((o) => o.order_id === id);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.totals.grand_total).toBe(products[0]!.price * 2);
  await ctx.close();
});

test("the worker's report of an order it sent while the page's scripts were still to run is shown once they ran", async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await ctx.setOffline(true);
  const id = newId('early-report');
  expect((await placeOrder(page, orderPayload(id, [{ product: products[0]!, qty: 1 }]))).status).toBe('queued');
  // The page's start script (the offline indicator's) is held: out of the worker's cache, its download waits.
  const boot = /\/_astro\/OfflineIndicator\.astro_astro_type_script[^/]*\.js$/;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let asked = 0;
  await ctx.route(boot, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  const dropped = await page.evaluate(async (src) => {
    let n = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) if (new RegExp(src).test(new URL(req.url).pathname)) n += Number(await cache.delete(req));
    }
    return n;
  }, boot.source);
  expect(dropped).toBeGreaterThan(0);
  await page.reload();
  await expect.poll(() => asked, { timeout: 20_000 }).toBeGreaterThan(0);
  // Back online, the worker sends the order (Background Sync) and tells the page, whose scripts have not run.
  await ctx.setOffline(false);
  await expect.poll(async () => (await dbOrders(shop)).filter((o) => o.order_id === id).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('dialog', { name: messages.offlineOrdersResultTitle })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: messages.offlineOrdersResultTitle }).getByText(messages.offlineOrderSent)).toBeVisible({ timeout: 20_000 });
  expect((await dbOrders(shop)).filter((o) => o.order_id === id)).toHaveLength(1);
  await ctx.close();
});

test('an order the browser storage never took is not called saved: the checkout tells the shopper to keep the page open, and it is sent once from it', async ({
  browser,
}) => {
  const [ring] = simpleProducts(1);
  await setStock(shop, ring!.sku, 100_000);
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  // The orders database never opens (a storage that hangs, as WebKitGTK's sometimes did); every other database works.
  await ctx.addInitScript(
    (name) => {
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, db: string, version?: number) {
        if (db === name) return { readyState: 'pending', result: undefined, error: null } as unknown as IDBOpenDBRequest;
        return open.call(this, db, version);
      };
    },
    collectionDbName('orders', config.storeViews.default.storeCode),
  );
  const page = await ctx.newPage();
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);
  await fillGuestCheckout(page);
  await ctx.setOffline(true);
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByText(messages.offlineOrderNotSaved).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: messages.checkoutNotSavedTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.checkoutQueuedTitle })).toHaveCount(0);
  // Never "queued" or "saved": neither text shows anywhere on the page.
  await expect(page.getByText(messages.offlineOrderQueued)).toHaveCount(0);
  await expect(page.getByText(messages.offlineOrderNotice)).toHaveCount(0);
  await shoot(page, 'checkout-order-not-saved');
  await ctx.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await dbOrders(shop)).filter((o) => o.totals.items.some((i) => i.sku === ring!.sku)).length, { timeout: 20_000 }).toBe(1);
  await ctx.close();
});

/**
 * A guest's bag of `product` taken through the checkout and placed offline (queued); `controlled`:
 * the worker controls the checkout first (it serves the page again offline). `ours`: the API's orders since.
 */
async function placeQueuedAtCheckout(browser: Browser, product: ReturnType<typeof simpleProducts>[number], controlled = false) {
  await setStock(shop, product.sku, 100_000);
  const before = new Set((await dbOrders(shop)).map((o) => o.order_id));
  const ours = async () => (await dbOrders(shop)).filter((o) => !before.has(o.order_id));
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  const page = await ctx.newPage();
  await openCheckoutWithGuestCart(page, [cartLine(product)]);
  if (controlled) await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  await fillGuestCheckout(page);
  await ctx.setOffline(true);
  await page.getByRole('button', { name: 'Place the order' }).click();
  const queued = page.getByRole('heading', { name: messages.checkoutQueuedTitle });
  await expect(queued).toBeVisible({ timeout: 15_000 });
  return { ctx, page, ours, queued };
}

/** Back online: the queue sends the one order, and the checkout goes on to its confirmation; the API's order. */
async function sendAndFollow(ctx: BrowserContext, page: Page, ours: () => Promise<DbOrder[]>) {
  await backOnline(ctx, page);
  await expect.poll(async () => (await ours()).length, { timeout: 20_000 }).toBe(1);
  const [order] = await ours();
  await page.waitForURL(/\/order-success\?o=/, { timeout: 15_000 });
  await expect(page.getByText(fill(messages.orderSuccessNumber, { id: order!.increment_id }))).toBeVisible({ timeout: 15_000 });
  return order!;
}

test('an order placed offline at the checkout stays queued while offline; once the queue has sent it, the checkout goes on to its confirmation and number', async ({
  browser,
}) => {
  const [, ring] = simpleProducts(2);
  const { ctx, page, ours, queued } = await placeQueuedAtCheckout(browser, ring!);
  await expect(page.getByText(messages.offlineOrderQueued)).toBeVisible();
  // Not sent yet: nothing says it was, and the page stays on the checkout.
  await page.waitForTimeout(1_000);
  await expect(queued).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/checkout');
  await expect(page.getByText(/Your order number is/)).toHaveCount(0);
  expect(await ours()).toHaveLength(0);

  // The page follows the queue: the order confirmation, as for an order placed online, with the shop's order number.
  await sendAndFollow(ctx, page, ours);
  await expect(page.getByRole('heading', { name: messages.orderConfirmationTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('table').getByText(ring!.name)).toBeVisible();
  await expect(page.getByText(messages.offlineOrderQueued)).toHaveCount(0);
  await shoot(page, 'checkout-offline-order-sent');
  expect(await ours()).toHaveLength(1);
  await ctx.close();
});

test('a checkout reloaded while its order is queued shows the order again, follows it to its confirmation once sent, and forgets it then', async ({
  browser,
}) => {
  const [, , ring] = simpleProducts(3);
  // The reload happens offline: the worker controls the checkout, to serve it again.
  const { ctx, page, ours, queued } = await placeQueuedAtCheckout(browser, ring!, true);

  await page.reload();
  await hydrated(page);
  // The same order, as before the reload: its title, the queued note, its line in the bag; nothing says it was sent.
  await expect(queued).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(messages.offlineOrderQueued).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your bag' }).getByText(ring!.name)).toBeVisible();
  await expect(page.getByText(messages.checkoutEmpty)).toHaveCount(0);
  await expect(page.getByText(/Your order number is/)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/checkout');
  await shoot(page, 'checkout-queued-reloaded');
  expect(await ours()).toHaveLength(0);

  // Still followed after the reload: on to the confirmation with the shop's order number.
  await sendAndFollow(ctx, page, ours);
  // Moved on: the next visit of the checkout does not show it again.
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText(messages.checkoutEmpty)).toBeVisible();
  await expect(queued).toHaveCount(0);
  expect(await ours()).toHaveLength(1);
  await ctx.close();
});
