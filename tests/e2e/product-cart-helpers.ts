/** Helpers of the product-and-cart island tests: sample products to use, waiting for the islands, opening panels, screenshots. */
import { expect, type Locator, type Page } from '@playwright/test';
import { catalog } from '../../src/lib/routing/routes';
import { productPageData } from '../../src/lib/build/product-page-data';
import { productUrl } from '../../src/lib/catalog/urls';
import { changeSelection, defaultChild, selectionOf, isVariantAvailable } from '../../src/lib/catalog/variants';
import type { Product } from '../../src/lib/schemas';
import { productsWithPages } from './helpers';

export { productUrl };

/** The first sample product with a page that satisfies the test. */
export function pick(test: (p: Product) => boolean, what: string, skip = 0): Product {
  const found = productsWithPages().filter(test);
  const p = found[skip];
  if (!p) throw new Error(`the sample has no product that is ${what}`);
  return p;
}

/** A configurable ring whose default child and another size (the one returned) are in stock (the nth such ring). */
export function sizedRing(skip = 0): {
  product: Product;
  size: { code: string; label: string; value: number };
  child: NonNullable<Product['configurable_children']>[number];
} {
  const found = [];
  for (const p of productsWithPages()) {
    if (p.type_id !== 'configurable' || !p.url_path.startsWith('rings')) continue;
    const def = defaultChild(p);
    const opt = p.configurable_options?.find((o) => o.attribute_code === 'size');
    if (!def || !opt || !def.stock.is_in_stock) continue;
    const sel = selectionOf(p, def);
    const v = opt.values.find((x) => {
      if (x.value_index === sel.size) return false;
      const r = changeSelection(p, sel, 'size', x.value_index);
      return !r.notice && r.child && r.child.stock.is_in_stock && isVariantAvailable(r.child) && Number(r.child.price) > 0;
    });
    if (!v) continue;
    const child = changeSelection(p, sel, 'size', v.value_index).child!;
    found.push({ product: p, size: { code: 'size', label: `${opt.label} ${v.label}`, value: v.value_index }, child });
  }
  const hit = found[skip];
  if (!hit) throw new Error('the sample has no configurable ring with a second size in stock');
  return hit;
}

/** A configurable product and an option value that has no variant for the default selection (the wrong-attributes case). */
export function missingCombination(): { product: Product; label: string } {
  for (const p of productsWithPages()) {
    if (p.type_id !== 'configurable') continue;
    const def = defaultChild(p);
    if (!def) continue;
    const sel = selectionOf(p, def);
    const d = productPageData(p.id);
    for (const o of d.options) {
      if (o.kind === 'generic') continue;
      for (const v of o.values) {
        if (v.id === sel[o.code]) continue;
        if (changeSelection(p, sel, o.code, v.id).notice) return { product: p, label: o.kind === 'color' ? v.label : `${o.label} ${v.label}` };
      }
    }
  }
  throw new Error('the sample has no configurable product with a missing combination');
}

/** A simple product in stock with a price and a page, not configurable and without options (the nth one). */
export function simpleProduct(skip = 0): Product {
  return pick(
    (p) => p.type_id === 'simple' && p.stock.is_in_stock && p.custom_options.length === 0 && productPageData(p.id).prices.final > 0,
    'simple, in stock, priced',
    skip,
  );
}

/** A product with a required text custom option (the engraving service). */
export function engravingProduct(): Product {
  return pick((p) => p.stock.is_in_stock && p.custom_options.some((o) => o.is_require && o.type === 'field'), 'with a required text option');
}

/**
 * Wakes the product options island as a shopper's first touch does (it is static HTML until then,
 * `client:interact`) and waits until it is live.
 */
export async function wakeProductOptions(page: Page): Promise<void> {
  await page.locator('.pf').dispatchEvent('pointerdown');
  await expect(page.locator('.pf[data-live]')).toHaveCount(1);
}

/** Opens a product page and waits until the options island is live (woken as by a first touch). */
export async function openProduct(page: Page, p: Product, childSku?: string): Promise<void> {
  const res = await page.goto(productUrl(p, childSku ? { childSku } : {}));
  expect(res?.status()).toBe(200);
  await wakeProductOptions(page);
}

/** The product form. */
export const productForm = (page: Page): Locator => page.locator('form[data-product-form]');

/** Adds the page's product to the cart and waits for the cart's server round (create/update and totals). */
export async function addToCart(page: Page): Promise<void> {
  const totals = page.waitForResponse((r) => r.url().includes('/api/cart/totals') && r.status() === 200);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('[data-notifications]')).toContainText('Product has been added to the cart!');
  await totals;
}

/** Opens the microcart from the header and returns the dialog. */
export async function openMicrocart(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: /^Cart/ }).click();
  const dialog = page.getByRole('dialog', { name: /Shopping cart/ });
  // The first press downloads the panels (React included) on a busy test machine.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The header's cart count badge. */
export const cartBadge = (page: Page): Locator => page.locator('[data-cart-count]');

/** Where screenshots go (SHOTS_DIR, default test-results/screenshots). */
export const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** Screenshots of the viewport at 375px and 1280px wide ({SHOTS}/{name}-{width}.png), after `prepare`. */
export async function shots(page: Page, name: string, prepare: () => Promise<void>): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await prepare();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

/** The catalogue index (sample data) for expectations. */
export { catalog, productPageData };
