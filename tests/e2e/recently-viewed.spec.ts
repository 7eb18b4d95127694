/**
 * Recently viewed (spec §2 product page 'My Recently viewed products' with 'No products
 * yet', §4 "viewing adds to recently viewed", §5 unique by sku) against the built site.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { openProduct, pick, shots, simpleProduct, sizedRing } from './product-cart-helpers';
import { createCustomer, hydrated, loginInDialog, openSignIn, readStored } from './account-helpers';
import type { Product } from '../../src/lib/schemas';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const block = (page: Page) => page.locator('section[data-recently-viewed]');

/** Scrolls the block into view (its island hydrates when visible) and waits until it is live. */
async function showBlock(page: Page) {
  await block(page).scrollIntoViewIfNeeded();
  await expect(block(page).locator('astro-island')).not.toHaveAttribute('ssr', /.*/, { timeout: 20_000 }); // hydration fetches React on first use: slow on a busy machine
}

/** Opens a product page and waits until the view is stored (it is written after the product form starts). */
async function view(page: Page, p: Product) {
  await openProduct(page, p);
  await expect.poll(async () => (await readStored<{ sku: string }[]>(page, 'recently-viewed', 'recently-viewed'))?.[0]?.sku ?? null).toBe(p.sku);
}

test.describe('recently viewed', () => {
  test("shows the list or 'No products yet', never both (RW1010, then EV1001)", async ({ page }) => {
    const rw = pick((x) => x.sku === 'RW1010', 'the Raymond Weil watch');
    const ev = pick((x) => x.sku === 'EV1001', 'the evermore ring');
    await view(page, rw);
    await view(page, ev);
    await showBlock(page);
    await expect(block(page).locator('[data-recently-viewed-item]')).toHaveCount(1);
    await expect(block(page).getByText('No products yet')).toHaveCount(0);
  });

  test("the first product page says 'No products yet'; the next one shows the product viewed before", async ({ page }) => {
    const a = simpleProduct(0);
    const b = sizedRing().product;
    await openProduct(page, a);
    await showBlock(page);
    await expect(block(page).getByRole('heading', { name: 'My Recently viewed products' })).toBeVisible();
    await expect(block(page).getByText('No products yet')).toBeVisible();
    await openProduct(page, b);
    await showBlock(page);
    const items = block(page).locator('[data-recently-viewed-item]');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(a.name);
    await expect(items.first().getByRole('link')).toHaveAttribute('href', new RegExp(`${a.url_key}`));
    await shots(page, 'recently-viewed', async () => {
      await showBlock(page);
    });
  });

  test('each product is listed once, the latest first', async ({ page }) => {
    const a = simpleProduct(0);
    const b = simpleProduct(1);
    const c = simpleProduct(2);
    for (const p of [a, b, a]) await view(page, p);
    await openProduct(page, c);
    await showBlock(page);
    const items = block(page).locator('[data-recently-viewed-item]');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-recently-viewed-item', a.sku);
    await expect(items.nth(1)).toHaveAttribute('data-recently-viewed-item', b.sku);
  });

  test("the account's list is the product page's: the same tiles, links and price rule (a running special price)", async ({ page, request }) => {
    // From the snapshot: a simple product whose special price runs today (the list shows it, with the
    // regular price beside it, as on the product page).
    const now = Date.now();
    const p = pick(
      (x) =>
        x.type_id === 'simple' &&
        Number(x.special_price) > 0 &&
        Number(x.special_price) < Number(x.price) &&
        (!x.special_from_date || Date.parse(x.special_from_date) <= now) &&
        (!x.special_to_date || Date.parse(x.special_to_date) >= now + 86_400_000),
      'a simple product on special price',
    );
    const gbp = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);
    await view(page, p);
    const c = await createCustomer(request);
    await openSignIn(page);
    await loginInDialog(page, c.email, c.password);
    await page.goto('/my-account/recently-viewed');
    await hydrated(page);
    const item = page.getByRole('main').locator(`[data-recently-viewed-item="${p.sku}"]`);
    await expect(item).toContainText(p.name);
    await expect(item).toContainText(gbp(Number(p.special_price)));
    await expect(item).toContainText(gbp(Number(p.price)));
    await expect(item.getByRole('link')).toHaveAttribute('href', new RegExp(`${p.url_key}`));
  });
});
