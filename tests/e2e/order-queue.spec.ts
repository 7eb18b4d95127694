/**
 * The order queue in the browser, on the real page code (no harness):
 * the stored orders are the truth at every page start; a waiting order stays in sight; the bag an
 * order was placed from is emptied in every tab, even when a reload cut the placement short.
 */
import { expect, test } from './fixture';
import { type BrowserContext, type Page } from '@playwright/test';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { collectionDbName } from '../../src/lib/state/storage';
import { baseOf, dbOrders, orderPayload, putStored, setStock, startShop, stopShop, testProducts } from './offline-helpers';

test.describe.configure({ timeout: 120_000 });

let shop: Awaited<ReturnType<typeof startShop>>;
const products = testProducts(2);
let seq = 0;
const newId = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${++seq}`;
const store = config.storeViews.default.storeCode;

test.beforeAll(async () => {
  shop = await startShop();
  for (const p of products) await setStock(shop, p.sku, 100_000);
});
test.afterAll(async () => {
  await stopShop(shop);
});

async function open(ctx: BrowserContext, path = '/'): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(path);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  return page;
}

async function getStored<T>(page: Page, collection: 'orders' | 'carts', key: string): Promise<T | null> {
  return page.evaluate(
    ({ db, key }) =>
      new Promise<T | null>((resolve) => {
        const req = indexedDB.open(db);
        req.onsuccess = () => {
          const d = req.result;
          if (!d.objectStoreNames.contains('keyvaluepairs')) return (d.close(), resolve(null));
          const get = d.transaction('keyvaluepairs').objectStore('keyvaluepairs').get(key);
          get.onsuccess = () => (d.close(), resolve((get.result ?? null) as T | null));
          get.onerror = () => (d.close(), resolve(null));
        };
        req.onerror = () => resolve(null);
      }),
    { db: collectionDbName(collection, store), key },
  );
}

const sentOnce = async (id: string) => (await dbOrders(shop)).filter((o) => o.order_id === id).length;

test('an order stored and nothing else (a reload before its send began) is sent by the next page start', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  const page = await open(ctx);
  const id = newId('stranded');
  // Exactly what placing leaves when the page goes away before the send begins: the stored order, no
  // send_began_at, no answer. (A reload once the send began leaves it unknown: never resent blindly.)
  await putStored(page, 'orders', id, { ...orderPayload(id, [{ product: products[0]!, qty: 1 }]), transmited: false, transmited_at: null });
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('orders')))).toEqual([]);
  await page.reload();
  await expect.poll(() => sentOnce(id), { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await getStored<{ transmited: boolean }>(page, 'orders', id))?.transmited, { timeout: 10_000 }).toBe(true);
  await ctx.close();
});

test('a waiting order stays in sight after a reload offline: the order notice, the checkout, with no e-mail claimed', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  const page = await open(ctx);
  await page.goto('/checkout');
  await ctx.setOffline(true);
  const id = newId('waiting');
  await putStored(page, 'orders', id, { ...orderPayload(id, [{ product: products[1]!, qty: 2 }]), transmited: false, transmited_at: null, bag: 'emptied' });
  await page.reload();
  const notice = page.getByRole('button', { name: messages.ordersWaitingOne });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  const waiting = page.getByRole('region', { name: messages.offlineOrderConfirmTitle });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText(products[1]!.name)).toBeVisible();
  await expect(waiting.getByText(messages.orderWaitingStatus, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.orderConfirmationEmail)).toHaveCount(0);
  await expect(page.getByText(messages.checkoutEmpty)).toBeVisible();
  // Back online, the shop sends it; the notice and the list go.
  await ctx.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => sentOnce(id), { timeout: 30_000 }).toBe(1);
  await expect(notice).toBeHidden({ timeout: 15_000 });
  await expect(waiting).toBeHidden();
  await ctx.close();
});

test('a reload that cut the placement short still empties the bag it came from, in every tab', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  const page = await open(ctx, '/checkout');
  const p = products[0]!;
  await putStored(page, 'carts', 'current-cart', [{ sku: p.sku, qty: 1, name: p.name, price: p.price, product_type: 'simple' }]);
  await page.reload();
  const bag = (pg: Page) => pg.getByRole('region', { name: 'Your bag' });
  await expect(bag(page).getByText(p.name)).toBeVisible({ timeout: 20_000 });
  // The bag got its server cart.
  await expect.poll(() => getStored<string>(page, 'carts', 'current-cart-token'), { timeout: 20_000 }).not.toBeNull();
  const cartId = (await getStored<string>(page, 'carts', 'current-cart-token'))!;
  const other = await open(ctx, '/checkout');
  await expect(bag(other).getByText(p.name)).toBeVisible({ timeout: 20_000 });

  // Placing stored the order from this bag, then the page went away before anything else.
  const id = newId('bag');
  await putStored(page, 'orders', id, { ...orderPayload(id, [{ product: p, qty: 1 }]), cart_id: cartId, transmited: false, transmited_at: null, bag: 'full' });
  await page.reload();
  await expect.poll(() => sentOnce(id), { timeout: 30_000 }).toBe(1);
  await expect(page.getByText(messages.checkoutEmpty)).toBeVisible({ timeout: 15_000 });
  await expect(other.getByText(messages.checkoutEmpty)).toBeVisible({ timeout: 15_000 });
  expect(await getStored<unknown[]>(page, 'carts', 'current-cart')).toEqual([]);
  await ctx.close();
});
