/**
 * Wishlist and compare (spec §3 Wishlist and compare items, §4 Wishlist, "compare
 * list loads on mount") against the built site: adding and removing with their notifications, the
 * header badge, the wishlist panel, the compare view, both surviving a reload.
 */
import { expect, test } from './fixture';
import { listProduct } from '../../src/lib/build/product-island-props';
import { defaultChild } from '../../src/lib/catalog/variants';
import { CompareItemSchema, WishlistItemSchema } from '../../src/lib/schemas';
import { openProduct, pick, productUrl, shots, simpleProduct, sizedRing, SHOTS } from './product-cart-helpers';
import { readStored, writeStored } from './account-helpers';
import { formatPrice, shopperPrice } from './oracle';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

test('with the lists filled, a product page and the compare page hydrate without a mismatch (the build knows no lists)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const p = simpleProduct();
  await openProduct(page, p);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.locator('[data-compare-count]')).toHaveText('1');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await page.goto('/compare');
  await expect(page.locator('[data-compare-table]')).toContainText(p.name);
  expect(errors).toEqual([]);
});

test.describe('wishlist', () => {
  test('adding notifies, counts on the header and survives a reload; the panel lists it; removing notifies', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const p = simpleProduct();
    await openProduct(page, p);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.locator('[data-notifications]')).toContainText(`Product ${p.name} has been added to wishlist!`);
    await expect(page.locator('[data-wishlist-count]')).toHaveText('1');
    await page.reload();
    await expect(page.locator('.pf[data-live]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await expect(page.locator('[data-wishlist-count]')).toHaveText('1');

    await page.getByRole('link', { name: /^Wishlist/ }).click();
    const panel = page.getByRole('dialog', { name: /Wishlist/ });
    await expect(panel).toBeVisible();
    await expect(panel.locator(`[data-wishlist-item="${p.sku}"]`)).toContainText(p.name);
    await shots(page, 'wishlist-panel', async () => {
      if (!(await panel.isVisible())) await page.evaluate(() => document.querySelector<HTMLElement>('[data-panel="wishlist"]')?.click());
      await expect(panel).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole('button', { name: `Remove ${p.name} from wishlist` }).click();
    await expect(page.locator('[data-notifications]')).toContainText(`Product ${p.name} has been removed from wishlist!`);
    await expect(panel.getByText('Your wishlist is empty.')).toBeVisible();
    await expect(page.locator('[data-wishlist-count]')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  });
});

test.describe('compare', () => {
  test('the compare list survives a reload and the compare view shows the comparable attributes side by side', async ({ page }) => {
    const a = simpleProduct();
    const b = sizedRing().product;
    await openProduct(page, a);
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await expect(page.locator('[data-notifications]')).toContainText(`Product ${a.name} has been added to the compare!`);
    await openProduct(page, b);
    await page.getByRole('button', { name: 'Add to compare' }).click();
    // The list is written to browser storage as the notice shows: reload only after it.
    await expect(page.locator('[data-notifications]')).toContainText(`Product ${b.name} has been added to the compare!`);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
    await page.getByRole('link', { name: 'Compare products (2)' }).click();
    await expect(page).toHaveURL(/\/compare\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare products');
    const table = page.getByRole('table', { name: 'Compare products' });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('columnheader').nth(0)).toContainText(a.name);
    await expect(table.getByRole('columnheader').nth(1)).toContainText(b.name);
    // every comparable attribute of either product is a row, with each product's value or N/A
    const rows = [...listProduct(a).compare!, ...listProduct(b).compare!];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const row = table.locator(`[data-compare-row="${r.code}"]`);
      await expect(row.getByRole('rowheader')).toHaveText(r.label);
      await expect(row).toContainText(r.value);
    }
    await shots(page, 'compare-view', async () => {
      await expect(table).toBeVisible();
    });
    await table.getByRole('button', { name: `Remove ${a.name} from compare` }).click();
    await expect(table.getByRole('columnheader')).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Compare products' }).getByRole('columnheader')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear the compare list' }).click();
    await expect(page.getByText('There are no products to compare yet.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('on a phone (390 px)', () => {
  test('the header bar fits 360 and 390 px phones with every count showing, in the web font and in the fallback font', async ({ browser }) => {
    for (const fonts of ['web', 'fallback'] as const) {
      for (const width of [360, 390]) {
        const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height: 844 }, serviceWorkers: 'block' });
        const page = await context.newPage();
        // font-display: optional shows the fallback when the web font is late: the bar must fit either way
        if (fonts === 'fallback') await page.route('**/*.woff2', (r) => r.abort());
        await page.addInitScript(() => localStorage.setItem('shop-badges', JSON.stringify({ cart: 12, wishlist: 3, compare: 2 })));
        await page.goto('/');
        const counts = page.locator('#site-header [data-cart-count]');
        await expect(counts).toHaveText('12');
        const right = await page.locator('#site-header .bar .icon-btn').evaluateAll((els) =>
          Math.max(
            ...els
              .map((e) => e.getBoundingClientRect())
              .filter((b) => b.width > 0)
              .map((b) => b.right),
          ),
        );
        expect(right, `${fonts} font at ${width} px`).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px (${fonts} font)`).toBeLessThanOrEqual(width);
        await context.close();
      }
    }
  });

  test('the wishlist and the compare list are one tap away from the header, with their counts', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const p = simpleProduct();
    await openProduct(page, p);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    const header = page.locator('#site-header');
    const wishlist = header.getByRole('link', { name: 'Wishlist (1)', exact: true });
    const compare = header.getByRole('link', { name: 'Compare (1)', exact: true });
    await expect(wishlist).toBeVisible();
    await expect(compare).toBeVisible();
    await expect(header.locator('[data-wishlist-count]')).toHaveText('1');
    await expect(header.locator('[data-compare-count]')).toHaveText('1');
    // Every control of the bar sits inside the 390 px screen.
    for (const el of await header.locator('.bar .icon-btn').all()) {
      const box = await el.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: 'test-results/screenshots/phone-header-lists-390.png' });
    await wishlist.click();
    const panel = page.getByRole('dialog', { name: /Wishlist/ });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText(p.name);
    await page.keyboard.press('Escape');
    await compare.click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.locator('main')).toContainText(p.name);
  });
});

test.describe('a configured variant', () => {
  // A configurable ring, its default child, and a child of another colour and size at another price with another picture.
  const ring = () => {
    const other = (p: ReturnType<typeof pick>) => {
      const def = defaultChild(p)!;
      return p.configurable_children!.find(
        (c) =>
          c.status === 1 &&
          c.stock.is_in_stock &&
          c.image &&
          c.image !== def.image &&
          shopperPrice(c) !== shopperPrice(def) &&
          c.color !== def.color &&
          c.size !== def.size,
      );
    };
    const p = pick(
      (x) =>
        x.type_id === 'configurable' &&
        !!defaultChild(x) &&
        ['color', 'size'].every((c) => x.configurable_options?.some((o) => o.attribute_code === c)) &&
        !!other(x),
      'a configurable ring with a child of another colour, size, price and picture',
    );
    const child = other(p)!;
    const value = (code: 'color' | 'size') => {
      const o = p.configurable_options!.find((x) => x.attribute_code === code)!;
      return { option: o.label, label: o.values.find((v) => v.value_index === Number(child[code]))!.label };
    };
    return { p, def: defaultChild(p)!, child, colour: value('color'), size: value('size') };
  };

  test('the wishlist line and the compare column are the variant chosen, with its price, options, sku, picture and page', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { p, def, child, colour, size } = ring();
    const price = formatPrice(shopperPrice(child));
    const options = `${colour.option}: ${colour.label}, ${size.option}: ${size.label}`;
    const picture = child.image!.split('/').pop()!;
    const childPage = productUrl(p, { childSku: child.sku });
    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, p);
    await page.getByRole('button', { name: colour.label, exact: true }).click();
    await page.getByRole('button', { name: `${size.option} ${size.label}`, exact: true }).click();
    await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
    await expect(page.locator('[data-product-price]')).toContainText(price);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();

    // What the lists stored: the child with its parent, passing the lists' schemas.
    await expect.poll(() => readStored<unknown[]>(page, 'compare', 'current-compare').then((l) => l?.length ?? 0)).toBe(1);
    const [wished] = (await readStored<unknown[]>(page, 'wishlist', 'current-wishlist'))!;
    const [compared] = (await readStored<unknown[]>(page, 'compare', 'current-compare'))!;
    expect(WishlistItemSchema.parse(wished)).toMatchObject({ sku: child.sku, parentSku: p.sku, qty: 1 });
    expect(CompareItemSchema.parse(compared)).toMatchObject({ sku: child.sku, parentSku: p.sku });

    await page
      .locator('#site-header')
      .getByRole('link', { name: /^Wishlist/ })
      .click();
    const panel = page.getByRole('dialog', { name: /Wishlist/ });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    const line = panel.locator(`[data-wishlist-item="${child.sku}"]`);
    await expect(line).toContainText(p.name);
    await expect(line.locator('.hp-line__price')).toHaveText(price);
    await expect(line).toContainText(options);
    await expect(line).toContainText(`SKU: ${child.sku}`);
    await expect(line.locator('img')).toHaveAttribute('src', new RegExp(`/${picture.replace('.', '\\.')}$`));
    await expect(line.getByRole('link', { name: 'View product' })).toHaveAttribute('href', childPage);
    // The panel once it has slid in, without the two notices over it.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/wishlist-variant-390.png`, style: '[data-notifications] { display: none }' });

    // "View product" opens the variant, shown as listed.
    await line.getByRole('link', { name: 'View product' }).click();
    await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
    await expect(page.locator('[data-product-price]')).toContainText(price);
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible({ timeout: 15_000 });
    // The page at its default: the default variant is not on the lists; choosing the listed one says so.
    await page.goto(productUrl(p));
    await expect(page.locator('.pf[data-live]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('[data-sku-text]')).toHaveText(def.sku);
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to compare' })).toBeVisible();
    await page.getByRole('button', { name: colour.label, exact: true }).click();
    await page.getByRole('button', { name: `${size.option} ${size.label}`, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/compare');
    const table = page.getByRole('table', { name: 'Compare products' });
    const column = table.locator(`[data-compare-item="${child.sku}"]`);
    await expect(column).toContainText(p.name);
    await expect(column).toContainText(options);
    await expect(column.locator('img')).toHaveAttribute('src', new RegExp(`/${picture.replace('.', '\\.')}$`));
    await expect(column.getByRole('link')).toHaveAttribute('href', childPage);
    await expect(table.locator('[data-compare-row="price"] td')).toHaveText(price);
    await expect(table.locator('[data-compare-row="sku"] td')).toHaveText(child.sku);
    await expect(table.locator('[data-compare-row="color"] td')).toHaveText(colour.label);
    await page.screenshot({ path: `${SHOTS}/compare-variant-1366.png` });
    expect(errors).toEqual([]);
  });

  test('an entry stored before the lists kept the variant still shows, and the toggle of any variant removes it', async ({ page }) => {
    const { p, child, colour, size } = ring();
    await openProduct(page, p);
    await writeStored(page, 'wishlist', 'current-wishlist', [{ ...listProduct(p), qty: 1 }]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: colour.label, exact: true }).click();
    await page.getByRole('button', { name: `${size.option} ${size.label}`, exact: true }).click();
    await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
    await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
    await page
      .locator('#site-header')
      .getByRole('link', { name: /^Wishlist/ })
      .click();
    const panel = page.getByRole('dialog', { name: /Wishlist/ });
    await expect(panel.locator(`[data-wishlist-item="${p.sku}"]`)).toContainText(p.name, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Remove from wishlist' }).click();
    await expect(page.locator('[data-notifications]')).toContainText(`Product ${p.name} has been removed from wishlist!`);
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  });
});
