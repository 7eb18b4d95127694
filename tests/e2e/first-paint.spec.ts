/**
 * The page's scripts never stand before its first paint (src/lib/build/page-scripts.ts), and what a
 * shopper does before they (or an island) ran is not lost: the click is held and replayed. Against the
 * built site; the scripts' downloads are held by the test to make "before they ran" last.
 */
import type { Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { expect, test } from './fixture';
import { cartBadge, productUrl, simpleProduct } from './product-cart-helpers';

test.use({ serviceWorkers: 'block' });

/** Holds every script download of the page until `release()`. */
async function holdScripts(page: Page): Promise<{ release: () => void; asked: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  await page.route(/\/_astro\/[^?]+\.js(\?.*)?$/, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { release, asked };
}

test.describe('first paint', () => {
  // The search results page starts its scripts as soon as it has painted (no idle wait): after the first paint too.
  for (const path of ['/', '/rings', '/about-us', '/search?q=ring']) {
    test(`${path}: no script is requested before the first contentful paint, and the page's scripts then run`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(path);
      const timing = () =>
        page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          scripts: performance
            .getEntriesByType('resource')
            .filter((r) => /\/_astro\/.+\.js$/.test(new URL(r.name).pathname))
            .map((r) => r.startTime),
        }));
      // They start after the load event, in an idle moment (at the latest 8 s after the page opened).
      await expect.poll(async () => (await timing()).scripts.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const { fcp, scripts } = await timing();
      expect(fcp).not.toBeNull();
      for (const t of scripts) expect(t).toBeGreaterThanOrEqual(fcp!);
      // The header's script ran: the search button says it opens a dialog.
      await expect(page.locator('header [data-panel="search"]').first()).toHaveAttribute('aria-haspopup', 'dialog', { timeout: 20_000 });
    });
  }

  test("the header's search button pressed before the page's scripts ran opens the search panel, on the same page", async ({ page }) => {
    const held = await holdScripts(page);
    await page.goto('/rings', { waitUntil: 'commit' });
    const button = page.locator('header [data-panel="search"]').first();
    await button.click();
    // The press started the scripts' download (held here): the page did not leave for /search.
    await expect.poll(() => held.asked.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/rings');
    held.release();
    await expect(page.getByRole('dialog', { name: messages.searchLabel })).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/rings');
  });

  test('a plain link clicked before the page scripts ran is followed at once, without waiting for them', async ({ page }) => {
    const held = await holdScripts(page);
    await page.goto('/rings', { waitUntil: 'commit' });
    const tile = page.locator('#product-grid a[href]').first();
    const href = (await tile.getAttribute('href'))!;
    await tile.click();
    // The scripts' download is held for the whole test: the page changed all the same.
    await expect(page).toHaveURL(new URL(href, page.url()).href);
    expect(held.asked.length).toBeGreaterThan(0);
  });

  test('a filter ticked before the page scripts ran ticks at once, and the listing applies it once they have run', async ({ page }) => {
    const held = await holdScripts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings', { waitUntil: 'commit' });
    const box = page.locator('[data-facet] input[data-filter-code]').first();
    const code = (await box.getAttribute('data-filter-code'))!;
    const id = (await box.getAttribute('data-filter-id'))!;
    // check() fails when a click does not change the box's state.
    await box.check();
    await expect.poll(() => held.asked.length).toBeGreaterThan(0);
    await expect(box).toBeChecked();
    held.release();
    await expect(page).toHaveURL(`/rings?${code}=${id}`, { timeout: 20_000 });
    await expect(box).toBeChecked();
  });

  test('Add to cart pressed before the options island and the page scripts were downloaded still adds the product', async ({ page }) => {
    const held = await holdScripts(page);
    await page.goto(productUrl(simpleProduct()), { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => held.asked.length).toBeGreaterThan(0);
    held.release();
    // The island's code and the page's scripts download and run now: on a busy machine that takes a while.
    await expect(cartBadge(page)).toHaveText('1', { timeout: 20_000 });
    await expect(page.locator('[data-notifications]')).toContainText('Product has been added to the cart!');
  });
});
