/**
 * Category interactivity (spec §2 category page, §4 category listing) against the built site and
 * the reference API: filters by two facets and clearing one, the URL query and the back button,
 * sorts, infinite scroll, the mobile full-screen filter panel and sort, the empty result, stock
 * prefetch of configurable tiles. Expected products come from the §5 query rules run in Node.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { pricesFor } from '../../src/lib/routing/routes';
import { categoryListing } from '../../src/lib/build/page-data';
import { formatPrice } from './oracle';
import { config } from '../../src/lib/config';
import type { Facet } from '../../src/lib/catalog/listing/listing';
import type { Product } from '../../src/lib/schemas';
import { PER_PAGE, SHOTS, byPath, checkbox, countText, expected, stockAsks, tileSkus } from './category-helpers';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const rings = () => byPath('rings');
const facetOf = (id: number, code: string): Facet => categoryListing(id).facets.find((f) => f.code === code)!;

/** Waits until the grid shows this listing: the count, the number of tiles and their order. */
async function expectListing(page: Page, products: Product[], shown = Math.min(PER_PAGE, products.length)) {
  await expect(page.locator('[data-listing-count]')).toHaveText(countText(products.length));
  await expect(page.locator('#product-grid .tile')).toHaveCount(shown);
  expect(await tileSkus(page)).toEqual(products.slice(0, shown).map((p) => p.sku));
}

/** Two values of two filters of /rings that leave some products together. */
function twoFacets() {
  const id = rings().id;
  const color = facetOf(id, 'color');
  const size = facetOf(id, 'size');
  for (const a of color.values) {
    for (const b of size.values) {
      const both = expected(id, { color: [a.id], size: [b.id] });
      const onlyA = expected(id, { color: [a.id] });
      if (both.length > 0 && both.length < onlyA.length) return { id, a, b, both, onlyA, onlyB: expected(id, { size: [b.id] }) };
    }
  }
  throw new Error('the sample has no colour and size of rings that combine');
}

/**
 * The listing code's first download is held until `release()`, then fails (offline before it was
 * cached); later requests for it go through. `asked()`: how many times it was requested.
 */
async function failFirstListingDownload(page: Page): Promise<{ release: () => void; asked: () => number }> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let asked = 0;
  await page.route(/\/_astro\/CategoryListingRun\.[^/]*\.js$/, async (route) => {
    if (asked++ > 0) return route.continue();
    await held;
    return route.abort('internetdisconnected');
  });
  return { release, asked: () => asked };
}

test.describe('category filters, sorts and infinite scroll', () => {
  test('filters by two facets, clears one, and the url and the back button follow', async ({ page }) => {
    const { a, b, both, onlyA, onlyB } = twoFacets();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    await expectListing(page, expected(rings().id));

    await checkbox(page, 'color', a.label).check();
    await expect(page).toHaveURL(`/rings?color=${a.id}`);
    await expectListing(page, onlyA);

    await checkbox(page, 'size', b.label).check();
    await expect(page).toHaveURL(`/rings?color=${a.id}&size=${b.id}`);
    await expectListing(page, both);
    await expect(page.getByRole('button', { name: `Remove filter: ${facetOf(rings().id, 'color').label}: ${a.label}` })).toBeVisible();

    // Clearing one filter: its chip removes it; the same value chosen again would too.
    await page.getByRole('button', { name: `Remove filter: ${facetOf(rings().id, 'color').label}: ${a.label}` }).click();
    await expect(page).toHaveURL(`/rings?size=${b.id}`);
    await expectListing(page, onlyB);
    await expect(checkbox(page, 'color', a.label)).not.toBeChecked();
    await expect(checkbox(page, 'size', b.label)).toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(`/rings?color=${a.id}&size=${b.id}`);
    await expectListing(page, both);
    await expect(checkbox(page, 'color', a.label)).toBeChecked();
    await page.goBack();
    await expect(page).toHaveURL(`/rings?color=${a.id}`);
    await expectListing(page, onlyA);
    await expect(checkbox(page, 'size', b.label)).not.toBeChecked();

    // Choosing the chosen value again removes it.
    await checkbox(page, 'color', a.label).uncheck();
    await expect(page).toHaveURL('/rings');
    await expectListing(page, expected(rings().id));
  });

  test('a shared link with filters shows the filtered listing', async ({ page }) => {
    const { a, b, both } = twoFacets();
    await page.goto(`/rings?size=${b.id}&color=${a.id}`);
    await expectListing(page, both);
    await expect(checkbox(page, 'color', a.label)).toBeChecked();
    await expect(checkbox(page, 'size', b.label)).toBeChecked();
    // Counts follow the choice: each filter counts the products the other filters leave.
    const colourCount = page
      .locator('[data-facet="color"] label')
      .filter({ has: page.getByRole('checkbox', { name: new RegExp(`^${a.label} \\(\\d+\\)$`) }) })
      .locator('.facet__count');
    await expect(colourCount).toHaveText(`(${both.length})`);
  });

  test('sorts by price both ways, back to latest, always from the first page', async ({ page }) => {
    const id = rings().id;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    const sort = page.locator('#sort-desktop');
    await sort.selectOption('final_price:asc');
    await expect(page).toHaveURL('/rings?sort=final_price:asc');
    await expect(page.locator('[data-listing-count]')).toHaveText(countText(expected(id).length));
    await expect(page.locator('#product-grid .tile')).toHaveCount(PER_PAGE);
    const asc = await page.locator('#product-grid .tile').evaluateAll((t) => t.map((x) => Number((x as HTMLElement).dataset.finalPrice)));
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    expect(asc).toEqual(
      expected(id, {}, 'final_price:asc')
        .slice(0, PER_PAGE)
        .map((p) => pricesFor(p).final),
    );

    await sort.selectOption('final_price:desc');
    await expect(page).toHaveURL('/rings?sort=final_price:desc');
    await expect(page.locator('#sort-mobile')).toHaveValue('final_price:desc');
    const desc = await page.locator('#product-grid .tile').evaluateAll((t) => t.map((x) => Number((x as HTMLElement).dataset.finalPrice)));
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    // Products of the same price may come in another order than the query rules' (ties keep the Latest order).
    expect(desc).toEqual(
      expected(id, {}, 'final_price:desc')
        .slice(0, PER_PAGE)
        .map((p) => pricesFor(p).final),
    );

    await sort.selectOption(config.constants.sorts[0]!.value);
    await expect(page).toHaveURL('/rings');
    await expectListing(page, expected(id));
  });

  test('scrolling to the bottom appends the next 50 until every product shows', async ({ page }) => {
    const brands = byPath('brands');
    const all = expected(brands.id);
    expect(all.length).toBeGreaterThan(3 * PER_PAGE);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brands');
    await expect(page.locator('#product-grid .tile')).toHaveCount(PER_PAGE);
    for (let shown = 2 * PER_PAGE; ; shown += PER_PAGE) {
      await page.locator('#product-grid .tile').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2000);
      await expect(page.locator('#product-grid .tile')).toHaveCount(Math.min(shown, all.length));
      if (shown >= all.length) break;
    }
    expect(await tileSkus(page)).toEqual(all.map((p) => p.sku));
    await expect(page.locator('[data-load-more]')).toBeHidden();

    // An appended tile has the name, link, image and price of its product.
    const p = all[PER_PAGE + 1]!;
    const tile = page.locator(`#product-grid .tile[data-sku="${p.sku}"]`);
    await expect(tile.locator('.tile__name')).toHaveText(p.name);
    const item = await page.evaluate(
      async ([src, sku]) => {
        const f = await (await fetch(src!)).json();
        return f.products.find((x: { sku: string }) => x.sku === sku);
      },
      [`/listing/${brands.id}.json`, p.sku],
    );
    await expect(tile.locator('a.tile__link')).toHaveAttribute('href', item.url);
    await expect(tile.locator('img.tile__img').first()).toHaveAttribute('src', `/img/310/300/resize${item.img}`);
    await expect(tile.locator('.price')).toContainText(formatPrice(item.price[2]));
  });

  test('on a phone, jumping straight to the bottom (End) loads the next 50', async ({ page }) => {
    const all = expected(byPath('brands').id);
    expect(all.length).toBeGreaterThan(2 * PER_PAGE);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/brands');
    await expect(page.locator('#product-grid .tile')).toHaveCount(PER_PAGE);
    // The phone's footer is taller than the screen: at the very bottom the grid's end is above the view.
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.querySelector('.site-footer')!.getBoundingClientRect().height > innerHeight)).toBe(true);
    await expect(page.locator('#product-grid .tile')).toHaveCount(2 * PER_PAGE);
    // The batch lands in view (the page does not follow the footer down and load batch after batch).
    const firstNew = page.locator('#product-grid .tile').nth(PER_PAGE);
    await expect(page.locator('.site-footer')).not.toBeInViewport();
    expect(await firstNew.evaluate((t) => t.getBoundingClientRect().top)).toBeLessThan(await page.evaluate(() => innerHeight));
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('#product-grid .tile').count()).toBeGreaterThan(2 * PER_PAGE);
  });

  test('back from a product page, the batches shown and the scroll position come back (§3 pagination)', async ({ page }) => {
    const all = expected(byPath('brands').id);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brands');
    await page.locator('#product-grid .tile').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(page.locator('#product-grid .tile')).toHaveCount(Math.min(2 * PER_PAGE, all.length));
    const tile = page.locator('#product-grid .tile').nth(PER_PAGE + 2);
    await tile.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => scrollY);
    expect(y).toBeGreaterThan(1000);
    const shown = await page.locator('#product-grid .tile').count();
    expect(shown).toBeGreaterThan(PER_PAGE);
    // An unload listener keeps the page out of the back-forward cache: the page is built again and must restore itself.
    await page.evaluate(() => addEventListener('unload', () => {}));
    await tile.locator('a.tile__link').click();
    await page.waitForURL((u) => u.pathname !== '/brands');
    await page.goBack();
    await expect(page.locator('#product-grid .tile')).toHaveCount(shown);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(y - 50);
    expect(await page.evaluate(() => scrollY)).toBeLessThan(y + 50);
  });

  test('a reload brings back the batches shown and the tile in view (§3 pagination)', async ({ page }) => {
    const all = expected(byPath('brands').id);
    expect(all.length).toBeGreaterThan(3 * PER_PAGE);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brands');
    const tiles = page.locator('#product-grid .tile');
    for (let shown = 2 * PER_PAGE; ; shown += PER_PAGE) {
      await tiles.last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2000);
      await expect(tiles).toHaveCount(Math.min(shown, all.length));
      if (shown >= all.length) break;
    }
    // Back up to a tile of the third batch, and reload there at once.
    const sku = all[2 * PER_PAGE + 10]!.sku;
    const tile = page.locator(`#product-grid .tile[data-sku="${sku}"]`);
    await tile.evaluate((t) => t.scrollIntoView({ block: 'center' }));
    const top = await tile.evaluate((t) => t.getBoundingClientRect().top);
    await page.reload();
    await expect(tiles).toHaveCount(all.length);
    await expect.poll(() => tile.evaluate((t) => Math.round(t.getBoundingClientRect().top))).toBeGreaterThan(top - 50);
    expect(await tile.evaluate((t) => t.getBoundingClientRect().top)).toBeLessThan(top + 50);
    // The browser's own restore did not scroll the first batch to its end: no batch more than before.
    expect(await tiles.count()).toBe(all.length);
  });

  test('tiles made in the browser are the same as the static tiles', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    // Each tile as tag, sorted attributes, text and children (attribute order and blank text aside).
    // fetchpriority aside: the page's one priority picture is a hint for its first load only.
    const html = () =>
      page.locator('#product-grid').evaluate((g) => {
        const norm = (n: Node): string => {
          if (n.nodeType === Node.TEXT_NODE) return (n.nodeValue ?? '').trim();
          const el = n as Element;
          const attrs = Array.from(el.attributes, (a) => `${a.name}="${a.value}"`)
            .filter((a) => !a.startsWith('fetchpriority='))
            .sort()
            .join(' ');
          return `<${el.tagName.toLowerCase()} ${attrs}>${Array.from(el.childNodes, norm).filter(Boolean).join('')}</>`;
        };
        return Array.from(g.children, norm);
      });
    const before = await html();
    await page.locator('#sort-desktop').selectOption('final_price:asc');
    await expect(page).toHaveURL(/sort=/);
    await page.locator('#sort-desktop').selectOption(config.constants.sorts[0]!.value);
    await expect(page).toHaveURL('/rings');
    await expect.poll(html).toEqual(before);
  });

  test('a combination without products says none were found', async ({ page }) => {
    const id = rings().id;
    const color = facetOf(id, 'color');
    const size = facetOf(id, 'size');
    const pair = color.values.flatMap((a) => size.values.map((b) => ({ a, b }))).find(({ a, b }) => expected(id, { color: [a.id], size: [b.id] }).length === 0);
    test.skip(!pair, 'every colour and size of the sample rings combine');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/rings?color=${pair!.a.id}&size=${pair!.b.id}`);
    await expect(page.getByText('No products found!')).toBeVisible();
    await expect(page.getByText('Please change your search criteria and try again.')).toBeVisible();
    await expect(page.locator('[data-listing-count]')).toHaveText(countText(0));
    await page.screenshot({ path: `${SHOTS}/category-filters-empty-1280.png` });
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await expectListing(page, expected(id));
  });

  test('when the listing cannot be loaded it says so and the next choice tries again', async ({ page }) => {
    const { a, b, both } = twoFacets();
    await page.route('**/listing/*.json', (r) => r.fulfill({ status: 500, body: 'down' }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    await checkbox(page, 'color', a.label).check();
    await expect(page.locator('[data-listing]').getByRole('alert')).toHaveText('Something went wrong ...');
    await expect(page.locator('[data-listing-count]')).toHaveText(countText(expected(rings().id).length));
    await page.screenshot({ path: `${SHOTS}/category-filters-error-1280.png` });
    await page.unroute('**/listing/*.json');
    await checkbox(page, 'size', b.label).check();
    await expect(page.locator('[data-listing]').getByRole('alert')).toBeHidden();
    await expectListing(page, both);
  });

  test('when the listing code cannot be downloaded the grid is not left busy, and the next choice downloads it and applies both', async ({ page }) => {
    const { a, b, both } = twoFacets();
    const { release, asked } = await failFirstListingDownload(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    const grid = page.locator('#product-grid');
    await checkbox(page, 'color', a.label).click();
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    // The pointer leaves the filters: coming back over them would start the download again (next test).
    await page.mouse.move(1, 1);
    release();
    await expect(page.locator('[data-listing]').getByRole('alert')).toHaveText('Something went wrong ...');
    await expect(grid).not.toHaveAttribute('aria-busy');
    await expect(page.locator('[data-listing-count]')).toHaveText(countText(expected(rings().id).length));
    expect(asked()).toBe(1);

    await checkbox(page, 'size', b.label).click();
    await expect(page.locator('[data-listing]').getByRole('alert')).toBeHidden();
    await expectListing(page, both);
    await expect(page).toHaveURL(`/rings?color=${a.id}&size=${b.id}`);
    await expect(grid).not.toHaveAttribute('aria-busy');
    expect(asked()).toBe(2);
  });

  test('after the listing code failed to download, the pointer coming back over the filters downloads it, applies the waiting choice and clears the error', async ({
    page,
  }) => {
    const { a, onlyA } = twoFacets();
    const { release, asked } = await failFirstListingDownload(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/rings');
    await checkbox(page, 'color', a.label).click();
    await page.mouse.move(1, 1);
    release();
    const alert = page.locator('[data-listing]').getByRole('alert');
    await expect(alert).toHaveText('Something went wrong ...');
    expect(asked()).toBe(1);
    await checkbox(page, 'color', a.label).hover();
    await expect(alert).toBeHidden();
    await expectListing(page, onlyA);
    await expect(page).toHaveURL(`/rings?color=${a.id}`);
    expect(asked()).toBe(2);
  });

  test('on a phone the full-screen panel filters and closes, and the mobile sort sorts', async ({ page }) => {
    const { a, onlyA } = twoFacets();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/rings');
    const panel = page.locator('[data-filters-panel]');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 375, 812]);
    await checkbox(page, 'color', a.label).check();
    await expect(panel.getByRole('button', { name: `Show results (${onlyA.length})` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/category-filters-panel-375.png` });
    await panel.getByRole('button', { name: `Show results (${onlyA.length})` }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(`/rings?color=${a.id}`);
    await expectListing(page, onlyA);

    await page.locator('#sort-mobile').selectOption('final_price:desc');
    await expect(page).toHaveURL(`/rings?color=${a.id}&sort=final_price:desc`);
    const desc = await page.locator('#product-grid .tile').evaluateAll((t) => t.map((x) => Number((x as HTMLElement).dataset.finalPrice)));
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    await page.screenshot({ path: `${SHOTS}/category-filters-375.png`, fullPage: false });
  });

  test('configurable tiles prefetch the stock of their children when visible', async ({ page }) => {
    test.skip(!config.switches.prefetchStockOnTiles, 'stock prefetch is switched off');
    const asked = stockAsks(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brands');
    const configurable = expected(byPath('brands').id)
      .slice(0, PER_PAGE)
      .filter((p) => p.type_id === 'configurable');
    const first = configurable[0]!;
    await expect.poll(() => asked.includes(first.configurable_children![0]!.sku)).toBe(true);
    // A configurable tile further down asks when it comes into view.
    const later = configurable.slice(config.constants.staticStockPrefetchCount).find((p) => !asked.includes(p.configurable_children![0]!.sku));
    test.skip(!later, 'no configurable tile below the first few');
    await page.locator(`.tile[data-sku="${later!.sku}"]`).scrollIntoViewIfNeeded();
    await expect.poll(() => later!.configurable_children!.every((c) => asked.includes(c.sku))).toBe(true);
    // Each child is asked for once.
    expect(asked.length).toBe(new Set(asked).size);
  });

  test('the first 8 configurable tiles prefetch at once, visible or not; the others wait until they are seen (§9 static prefetch 8)', async ({ page }) => {
    test.skip(!config.switches.prefetchStockOnTiles, 'stock prefetch is switched off');
    const asked = stockAsks(page);
    // A window so short that no tile is on screen: only the static prefetch asks.
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.goto('/brands');
    await expect(page.locator('#product-grid .tile').first()).not.toBeInViewport();
    const configurable = expected(byPath('brands').id)
      .slice(0, PER_PAGE)
      .filter((p) => p.type_id === 'configurable');
    const count = config.constants.staticStockPrefetchCount;
    expect(count).toBe(8);
    expect(configurable.length).toBeGreaterThan(count);
    const first = configurable.slice(0, count).flatMap((p) => p.configurable_children!.map((c) => c.sku));
    await expect.poll(() => new Set(asked).size, { timeout: 10_000 }).toBe(new Set(first).size);
    await page.waitForTimeout(1500);
    expect([...new Set(asked)].sort()).toEqual([...new Set(first)].sort());
    const ninth = configurable[count]!;
    await page.locator(`.tile[data-sku="${ninth.sku}"]`).scrollIntoViewIfNeeded();
    await expect.poll(() => ninth.configurable_children!.every((c) => asked.includes(c.sku))).toBe(true);
  });

  test('tiles the listing adds (the next 50) prefetch the stock of their children when they are seen', async ({ page }) => {
    test.skip(!config.switches.prefetchStockOnTiles, 'stock prefetch is switched off');
    const asked = stockAsks(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/brands');
    const all = expected(byPath('brands').id);
    const later = all.slice(PER_PAGE, 2 * PER_PAGE).find((p) => p.type_id === 'configurable');
    test.skip(!later, 'no configurable product in the second batch');
    // The prefetch has started (when the page was idle) before the next 50 come.
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await page.locator('#product-grid .tile').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(page.locator('#product-grid .tile')).toHaveCount(Math.min(2 * PER_PAGE, all.length));
    await page.locator(`.tile[data-sku="${later!.sku}"]`).scrollIntoViewIfNeeded();
    await expect.poll(() => later!.configurable_children!.every((c) => asked.includes(c.sku))).toBe(true);
    expect(asked.length).toBe(new Set(asked).size);
  });

  test('screenshots of a filtered category at 375px and 1280px', async ({ page }) => {
    const { a, b } = twoFacets();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/rings?color=${a.id}&size=${b.id}`);
      await expect(page.getByRole('button', { name: `Remove filter: ${facetOf(rings().id, 'color').label}: ${a.label}` })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/category-filters-${width}-filtered.png` });
    }
  });
});
