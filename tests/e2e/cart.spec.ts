/**
 * Cart and microcart (spec §3 cart, §4 Panels, §7 cart calls, §9 Cart) against the
 * built site and the reference API: guest cart through cart/create, count of quantities, totals from
 * cart/totals, quantity updates, removal after a confirmation, coupons, shipping methods, the panel's
 * focus and closing.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import type { CartTotals } from '../../src/lib/schemas';
import { formatPrice, shopperPrice } from './oracle';
import { addToCart, cartBadge, openMicrocart, openProduct, productUrl, shots, simpleProduct } from './product-cart-helpers';

/** Waits for the next cart/totals answer and returns its result. */
const nextTotals = (page: Page) =>
  page
    .waitForResponse((r) => r.url().includes('/api/cart/totals') && r.status() === 200)
    .then(async (r) => ((await r.json()) as { result: CartTotals }).result);

test.describe('cart and microcart', () => {
  test('a guest cart is created through cart/create, kept in storage and survives a reload', async ({ page }) => {
    const p = simpleProduct();
    await openProduct(page, p);
    const created = page.waitForResponse((r) => r.url().includes('/api/cart/create'));
    await addToCart(page);
    const cartId = ((await (await created).json()) as { result: string }).result;
    expect(cartId).toBeTruthy();
    await page.reload();
    await expect(cartBadge(page)).toHaveText('1');
    // The stored cart id is used again: the pull goes to the same server cart.
    const pull = page.waitForRequest((r) => r.url().includes('/api/cart/pull'));
    const cart = await openMicrocart(page);
    expect(new URL((await pull).url()).searchParams.get('cartId')).toBe(cartId);
    await expect(cart.locator(`[data-cart-line="${p.sku}"]`)).toContainText(p.name);
  });

  test('adding to the cart pushes an add-to-cart event to the data layer', async ({ page }) => {
    const p = simpleProduct();
    await openProduct(page, p);
    await addToCart(page);
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: Record<string, any>[] }).dataLayer ?? []).filter((e) => e.event === 'addToCart'),
    );
    expect(events).toHaveLength(1);
    const line = events[0]!.ecommerce.add.products[0];
    expect(events[0]!.ecommerce.currencyCode).toBe('GBP');
    expect(line).toMatchObject({ id: p.sku, name: p.name, price: shopperPrice(p), quantity: 1 });
    expect(['watch', 'jewellery']).toContain(line.category);
    expect(line.category).toBe(productUrl(p).includes('watch') ? 'watch' : 'jewellery');
  });

  test('the header count sums quantities and the microcart shows the grand total from cart/totals', async ({ page }) => {
    const a = simpleProduct(0);
    const b = simpleProduct(1);
    await openProduct(page, a);
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await addToCart(page);
    await openProduct(page, b);
    const totals = nextTotals(page);
    await addToCart(page);
    const t = await totals;
    await expect(cartBadge(page)).toHaveText('3');
    const expected = 2 * shopperPrice(a) + shopperPrice(b);
    expect(t.grand_total).toBeCloseTo(expected, 2);
    const cart = await openMicrocart(page);
    await expect(cart.getByRole('heading')).toContainText('(3 items)');
    await expect(cart.locator('[data-total="grand_total"]')).toContainText(formatPrice(t.grand_total));
    await expect(cart.locator('[data-total="subtotal"]')).toContainText(formatPrice(t.subtotal_incl_tax));
    await expect(cart.locator('[data-total="tax"]')).toContainText(formatPrice(t.tax_amount));
    await expect(cart.locator('[data-total="shipping"]')).toContainText(formatPrice(t.shipping_incl_tax));
    await shots(page, 'microcart-open', async () => {
      await expect(cart).toBeVisible();
    });
  });

  test('the quantity updates in the microcart and the totals follow', async ({ page }) => {
    const p = simpleProduct();
    await openProduct(page, p);
    await addToCart(page);
    const cart = await openMicrocart(page);
    const totals = nextTotals(page);
    await cart.getByRole('button', { name: `Increase the quantity of ${p.name}` }).click();
    await expect(cartBadge(page)).toHaveText('2');
    const t = await totals;
    expect(t.items_qty).toBe(2);
    await expect(cart.locator('[data-total="grand_total"]')).toContainText(formatPrice(t.grand_total));
    await expect(cart.getByRole('spinbutton', { name: `Quantity of ${p.name}` })).toHaveValue('2');
  });

  test('removing asks for a confirmation first', async ({ page }) => {
    const p = simpleProduct();
    await openProduct(page, p);
    await addToCart(page);
    const cart = await openMicrocart(page);
    await cart.getByRole('button', { name: `Remove ${p.name}` }).click();
    const confirm = cart.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you would like to remove this item from the shopping cart?');
    await shots(page, 'microcart-confirm-remove', async () => {
      await expect(confirm).toBeVisible();
    });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cart.locator(`[data-cart-line="${p.sku}"]`)).toBeVisible();
    await cart.getByRole('button', { name: `Remove ${p.name}` }).click();
    const deleted = page.waitForRequest((r) => r.url().includes('/api/cart/delete'));
    await cart.getByRole('button', { name: 'Yes, remove it' }).click();
    await deleted;
    await expect(cart.getByText('Your shopping cart is empty.')).toBeVisible();
    await expect(cartBadge(page)).toBeHidden();
    await shots(page, 'microcart-empty', async () => {
      await expect(cart).toBeVisible();
    });
  });

  test('removing a line of a synced cart removes it on the server: said only once done, and still gone after a reload', async ({ page }) => {
    const a = simpleProduct(0);
    const b = simpleProduct(1);
    await openProduct(page, a);
    await addToCart(page);
    await openProduct(page, b);
    await addToCart(page);
    await expect(cartBadge(page)).toHaveText('2');
    const cart = await openMicrocart(page);
    // Held until the test lets it through: nothing may say "removed" before the server has answered.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/cart/delete*', async (route) => {
      await held;
      await route.continue();
    });
    const deleted = page.waitForResponse((r) => r.url().includes('/api/cart/delete'));
    await cart.getByRole('button', { name: `Remove ${a.name}` }).click();
    await cart.getByRole('button', { name: 'Yes, remove it' }).click();
    const notices = page.locator('[data-notifications]');
    await page.waitForTimeout(500);
    await expect(notices).not.toContainText('Product has been removed from the cart.');
    release();
    const answer = await deleted;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ code: 200, result: true });
    await expect(notices).toContainText('Product has been removed from the cart.');
    await expect(cart.locator(`[data-cart-line="${a.sku}"]`)).toHaveCount(0);
    await expect(cartBadge(page)).toHaveText('1');

    await page.reload();
    await expect(cartBadge(page)).toHaveText('1');
    const pulled = page.waitForResponse((r) => r.url().includes('/api/cart/pull') && r.status() === 200);
    const again = await openMicrocart(page);
    const pull = (await (await pulled).json()) as { result: Array<{ sku: string }> };
    expect(pull.result.map((l) => l.sku)).toEqual([b.sku]);
    await expect(again.locator('[data-cart-line]')).toHaveCount(1);
    await expect(again.locator(`[data-cart-line="${b.sku}"]`)).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
  });

  test("a wrong coupon says 'incorrect coupon code'; a valid one shows the discount and can be removed", async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/cart/apply-coupon', 400);
    const p = simpleProduct();
    await openProduct(page, p);
    await addToCart(page);
    const cart = await openMicrocart(page);
    await cart.getByLabel('Discount code').fill('NOT-A-CODE');
    await cart.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('[data-notifications]')).toContainText("You've entered an incorrect coupon code. Please try again.");
    await cart.getByLabel('Discount code').fill('WELCOME10');
    const totals = nextTotals(page);
    await cart.getByRole('button', { name: 'Apply' }).click();
    const t = await totals;
    expect(t.discount_amount).toBeLessThan(0);
    await expect(cart.getByText('Discount code WELCOME10 applied')).toBeVisible();
    await expect(cart.locator('[data-total="discount"]')).toContainText(formatPrice(t.discount_amount));
    await expect(cart.locator('[data-total="grand_total"]')).toContainText(formatPrice(t.grand_total));
    const after = nextTotals(page);
    await cart.getByRole('button', { name: 'Remove code' }).click();
    expect((await after).discount_amount).toBe(0);
    await expect(cart.locator('[data-total="discount"]')).toHaveCount(0);
  });

  test('opening the microcart loads the shipping methods for the default tax country (GB)', async ({ page }) => {
    const p = simpleProduct();
    await openProduct(page, p);
    await addToCart(page);
    const request = page.waitForRequest((r) => r.url().includes('/api/cart/shipping-methods'));
    const cart = await openMicrocart(page);
    expect((await request).postDataJSON()).toEqual({ address: { country_id: 'GB' } });
    await cart.getByText('Delivery options').click();
    await expect(cart.locator('[data-shipping-methods]')).toContainText('Express Delivery');
    await expect(cart.locator('[data-shipping-methods]')).toContainText('£6.00');
  });

  test('the microcart keeps focus inside; Escape and the overlay close it and toggle the overlay', async ({ page }) => {
    await page.goto('/');
    const overlay = page.locator('[data-overlay]');
    await expect(overlay).toBeHidden();
    const cart = await openMicrocart(page);
    await expect(overlay).toBeVisible();
    await expect(cart.getByText('Your shopping cart is empty.')).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await cart.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(overlay).toBeHidden();
    await expect(page.getByRole('link', { name: /^Cart/ })).toBeFocused();
    await openMicrocart(page);
    await overlay.click({ position: { x: 10, y: 10 } });
    await expect(page.getByRole('dialog', { name: /Shopping cart/ })).toBeHidden();
  });
});
