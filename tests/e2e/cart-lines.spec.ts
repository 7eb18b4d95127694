/**
 * Two personalisations of one ring are two bag lines: each keeps its engraving, gift wrap and price
 * in the mini-cart and at checkout, and the totals are their sum.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixture';
import { formatPrice, shopperPrice } from './oracle';
import { addToCart, openMicrocart, openProduct, pick, SHOTS } from './product-cart-helpers';
import { defaultChild } from '../../src/lib/catalog/variants';
import { createCustomer, loginInDialog, openSignIn } from './account-helpers';

/** A configurable ring with an engraving text and a gift wrap checkbox, its default size in stock. */
const ring = pick(
  (p) =>
    p.type_id === 'configurable' &&
    p.url_path.startsWith('rings') &&
    !!defaultChild(p)?.stock.is_in_stock &&
    p.custom_options.some((o) => o.type === 'field' && o.title === 'Engraving text' && o.price_type === 'fixed') &&
    p.custom_options.some((o) => o.type === 'checkbox' && o.values.some((v) => v.price_type === 'fixed')),
  'a configurable ring with engraving and gift wrap',
);
const engraving = ring.custom_options.find((o) => o.title === 'Engraving text')!;
const wrapOption = ring.custom_options.find((o) => o.type === 'checkbox')!;
const wrap = wrapOption.values.find((v) => v.price_type === 'fixed')!;
const base = shopperPrice(defaultChild(ring)!);
const annaPrice = base + Number(engraving.price ?? 0);
const beaPrice = annaPrice + Number(wrap.price);
const annaOptions = `${engraving.title}: For Anna`;
const beaOptions = `${engraving.title}: For Bea`;
const wrapped = `${wrapOption.title}: ${wrap.title}`;

async function engrave(page: Page, text: string, wrapped: boolean): Promise<void> {
  await page.getByLabel(engraving.title).fill(text);
  await page.getByRole('checkbox', { name: new RegExp(wrap.title) }).setChecked(wrapped);
  await addToCart(page);
}

/** Screenshots at a phone's and a laptop's width ({SHOTS}/cart-lines-{name}-{width}.png). */
async function snap(page: Page, name: string): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/cart-lines-${name}-${width}.png`, fullPage: name === 'checkout' });
  }
}

test('two engravings of one ring are two lines with their own options and prices, in the mini-cart and at checkout', async ({ page }) => {
  await openProduct(page, ring);
  await engrave(page, 'For Anna', false);
  await engrave(page, 'For Bea', true);

  const bag = await openMicrocart(page);
  const lines = bag.locator('[data-cart-line]');
  await expect(lines).toHaveCount(2);
  const opts = lines.locator('.hp-line__opts');
  await expect(opts).toContainText([annaOptions, beaOptions]);
  await expect(opts.nth(0)).not.toContainText(wrapped);
  await expect(opts.nth(1)).toContainText(wrapped);
  await expect(lines.locator('.hp-line__price')).toHaveText([formatPrice(annaPrice), formatPrice(beaPrice)]);
  await expect(lines.nth(0).getByRole('spinbutton')).toHaveValue('1');
  await expect(lines.nth(1).getByRole('spinbutton')).toHaveValue('1');
  await expect(bag.locator('[data-total="subtotal"]')).toContainText(formatPrice(annaPrice + beaPrice));
  await snap(page, 'microcart');

  // Raising one line's quantity leaves the other as it was.
  await lines
    .nth(1)
    .getByRole('button', { name: /Increase/ })
    .click();
  await expect(lines.nth(0).getByRole('spinbutton')).toHaveValue('1');
  await expect(lines.nth(1).getByRole('spinbutton')).toHaveValue('2');
  await expect(lines.locator('.hp-line__price')).toHaveText([formatPrice(annaPrice), formatPrice(2 * beaPrice)]);

  await page.goto('/checkout');
  const checkoutBag = page.getByRole('region', { name: 'Your bag' });
  const rows = checkoutBag.locator('.co-line');
  await expect(rows).toHaveCount(2);
  const rowOpts = rows.locator('.co-line__opts');
  await expect(rowOpts).toContainText([annaOptions, beaOptions]);
  await expect(rowOpts.nth(0)).not.toContainText(wrapped);
  await expect(rowOpts.nth(1)).toContainText(wrapped);
  await expect(rows.locator('.co-line__price')).toHaveText([formatPrice(annaPrice), formatPrice(2 * beaPrice)]);
  await expect(checkoutBag.locator('[data-total="subtotal"]')).toContainText(formatPrice(annaPrice + 2 * beaPrice));
  await snap(page, 'checkout');
});

test("an engraved line the bag gets back from the account's cart reads as it was chosen", async ({ page, request }) => {
  // Two sign-ins, the account page and a sign-out: 20-31 s on a slow 2-core machine, past the default 30 s.
  test.slow();
  const c = await createCustomer(request, 'Kept', 'Engraving');
  await openProduct(page, ring);
  await engrave(page, 'Kept?', true);
  // Signed in: the line goes to the customer's server cart. Signed out: the bag is empty.
  await openSignIn(page);
  await loginInDialog(page, c.email, c.password);
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  // Signed in again: the line comes back from the server cart, which keeps no words for its options.
  await openSignIn(page);
  await loginInDialog(page, c.email, c.password);
  const bag = await openMicrocart(page);
  const line = bag.locator('.hp-line').filter({ hasText: ring.name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${engraving.title}: Kept?`);
  await expect(line).toContainText(wrapped);
  await expect(line).toContainText(formatPrice(beaPrice));
});
