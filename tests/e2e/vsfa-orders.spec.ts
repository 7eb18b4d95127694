/**
 * The built shop against a vue-storefront-api stand-in over a Magento stand-in (tests/vsfa/: VSFA's
 * order and cart routes as its source has them, no de-duplication, Magento's error texts), not the
 * reference API: the order is placed once, a send whose answer is lost is not repeated (the shopper is
 * told it is not known whether the shop has it), the add-products error cancels with the §8 text,
 * and the cart an order closed is never asked for again.
 */
import { expect, test } from './fixture';
import type { Page } from '@playwright/test';
import { fill, messages } from '../../src/lib/messages';
import { cartLine, forgetServerCart, hydrated, openCheckoutWithGuestCart, readStored, simpleProducts, writeStored } from './account-helpers';
import { addToCart, openProduct, simpleProduct } from './product-cart-helpers';
import { fillGuestCheckout } from './checkout-helpers';
import { DIST } from './offline-helpers';
import { startShopOnVsfa, type ShopOnVsfa } from '../vsfa/shop-server';

test.describe.configure({ timeout: 120_000 });

const [ring, watch] = simpleProducts(2);
let vsfa: ShopOnVsfa;

test.beforeEach(async () => {
  const products = [ring!, watch!, simpleProduct()].map((p) => ({ sku: p.sku, name: p.name, price: Number(p.final_price || p.price), qty: 50 }));
  vsfa = await startShopOnVsfa({ distDir: DIST, products });
});
test.afterEach(async () => {
  await vsfa.stop();
});

/** The checkout filled in as a guest, cash on delivery, and the order placed. */
async function placeAsGuest(page: Page): Promise<void> {
  await fillGuestCheckout(page);
  await page.getByRole('button', { name: 'Place the order' }).click();
}

const orderPosts = () => vsfa.requests.filter((r) => /^POST \/api\/order(\?|$)/.test(r)).length;

test('add to bag, check out with cash on delivery: the confirmation, and the order placed once in Magento', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: vsfa.url });
  const page = await ctx.newPage();
  const p = simpleProduct();
  await openProduct(page, p);
  await addToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Your bag' }).getByText(p.name)).toBeVisible();
  await placeAsGuest(page);
  await expect(page).toHaveURL(/\/order-success/, { timeout: 30_000 });
  expect(vsfa.magento.orders).toHaveLength(1);
  expect(vsfa.magento.orders[0]!.items.map((i) => [i.sku, i.qty_ordered])).toEqual([[p.sku, 1]]);
  expect(vsfa.magento.orders[0]!.payment.method).toBe('cashondelivery');
  expect(orderPosts()).toBe(1);
  await ctx.close();
});

test('a send whose answer is lost is not repeated: the shopper is told the shop may or may not have the order', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: vsfa.url });
  const page = await ctx.newPage();
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);
  // Magento places the order; its answer never reaches the browser.
  vsfa.settings.dropAnswer = 1;
  await placeAsGuest(page);
  await expect(page.getByRole('heading', { name: messages.orderUnknownTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(fill(messages.orderUnknown)).first()).toBeVisible();
  expect(vsfa.magento.orders).toHaveLength(1);
  // Every trigger of the queue comes and goes: a reload (page start), coming back online.
  await page.reload();
  await hydrated(page);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(messages.orderUnknownStatus)).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2_000);
  expect(orderPosts()).toBe(1);
  expect(vsfa.magento.orders).toHaveLength(1);
  await ctx.close();
});

test('an order refused for a product Magento cannot add is cancelled with the §8 out-of-stock text', async ({ browser, apiAnswers }) => {
  apiAnswers.expect('/api/order', 500);
  const ctx = await browser.newContext({ baseURL: vsfa.url });
  const page = await ctx.newPage();
  await openCheckoutWithGuestCart(page, [cartLine(watch!)]);
  // The order names no server cart (placed from a bag the shop could not sync: Magento refuses new carts
  // from now on): VSFA adds its lines to a new quote.
  await expect.poll(() => readStored<string>(page, 'carts', 'current-cart-token'), { timeout: 15_000 }).not.toBeNull();
  vsfa.settings.cartCreateDown = true;
  await forgetServerCart(page);
  vsfa.magento.products.get(watch!.sku)!.qty = 0;
  await placeAsGuest(page);
  await expect(page.getByText(messages.orderProductsOutOfStock).first()).toBeVisible({ timeout: 30_000 });
  expect(vsfa.magento.orders).toHaveLength(0);
  expect(orderPosts()).toBe(1);
  await ctx.close();
});

test('a cart its order closed is never asked for again: after a reload cut the placement short, a fresh cart and no error', async ({ browser }) => {
  const ctx = await browser.newContext({ baseURL: vsfa.url });
  const page = await ctx.newPage();
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);
  await expect.poll(() => readStored<string>(page, 'carts', 'current-cart-token'), { timeout: 15_000 }).not.toBeNull();
  const cartId = (await readStored<string>(page, 'carts', 'current-cart-token'))!;
  await expect.poll(() => vsfa.requests.some((r) => r.startsWith('GET /api/cart/totals')), { timeout: 15_000 }).toBe(true);
  // The order went from this cart and Magento placed it; the page went away before the bag was emptied
  // (a same-site file without scripts: nothing of the shop runs while the order is placed).
  await page.goto('/robots.txt');
  await vsfa.magento.placeOrder(cartId, { email: 'grace@example.co.uk', paymentMethod: 'cashondelivery' });
  const order = {
    order_id: `e2e-vsfa-${Date.now().toString(36)}`,
    created_at: new Date().toISOString(),
    cart_id: cartId,
    products: [{ sku: ring!.sku, qty: 1, name: ring!.name, price: Number(ring!.final_price || ring!.price), product_type: 'simple' }],
    addressInformation: {},
    transmited: true,
    transmited_at: new Date().toISOString(),
    resultCode: 200,
    bag: 'full',
  };
  await writeStored(page, 'orders', order.order_id, order);
  const before = vsfa.requests.length;
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText(messages.checkoutEmpty)).toBeVisible({ timeout: 15_000 });
  // A new line goes to a fresh cart, quietly.
  await openProduct(page, simpleProduct());
  await addToCart(page);
  expect(await readStored<string>(page, 'carts', 'current-cart-token')).not.toBe(cartId);
  await expect(page.locator('[data-notifications]')).not.toContainText('No such entity');
  expect(vsfa.requests.slice(before).filter((r) => r.includes(`cartId=${cartId}`))).toEqual([]);
  await ctx.close();
});
