/**
 * The search results page (/search?q=…) on the built site: Enter in the panel shows
 * every match there; the category listing's filters, sorts and infinite scroll work on the matches;
 * a child sku opens its parent with that child chosen; nothing found says so; the page works offline
 * after a first visit; without JavaScript its search box searches and the server's answer shows the
 * first screen of matches, which the page's script adopts without drawing them again; it is noindex. Expected matches
 * come from the same index, engine and listing the build wrote (SNAPSHOT_DIR or the sample).
 */
import { expect, test } from './fixture';
import { stockAsks } from './category-helpers';
import { type Page } from '@playwright/test';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { searchListingFile } from '../../src/lib/build/listing-file';
import { loadSearchResults } from '../../src/lib/search/results';
import type { ListingFile } from '../../src/lib/catalog/listing/client';
import { config } from '../../src/lib/config';
import { messages, fill } from '../../src/lib/messages';

const index = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const engine = createSearchEngine(index, config.constants.search);
const full = searchListingFile();

/** The listing the page should show for a query. */
async function expected(q: string): Promise<ListingFile> {
  const state = await loadSearchResults(q, {
    search: (query, paging) => Promise.resolve({ ...engine.search(query, paging), cache: false, offline: false }),
    loadListing: () => Promise.resolve(full),
  });
  if (state.kind !== 'results') throw new Error(`no results for ${q}`);
  return state.file;
}

const PAGE_SIZE = config.constants.categoryPageSize;
const itemsText = (n: number) => fill(n === 1 ? messages.itemCount : messages.itemsCount, { count: n });
const tiles = (page: Page) => page.locator('#product-grid .tile');
const count = (page: Page) => page.locator('[data-listing-count]');
const searchButton = (page: Page) => page.locator('#site-header').getByRole('button', { name: messages.headerSearch });
const dialog = (page: Page) => page.getByRole('dialog', { name: messages.searchLabel });

/**
 * The page shows the matches of 'ring' (`want`): heading, title, box, count, and the first page of
 * tiles best match first, in the engine's order, with the category listing's links and prices.
 */
async function expectRingResults(page: Page, want: ListingFile): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(messages.searchResultsFor, { query: 'ring' }));
  await expect(page).toHaveTitle(new RegExp(`^${fill(messages.searchResultsFor, { query: 'ring' })}`));
  await expect(pageBox(page)).toHaveValue('ring');
  await expect(count(page)).toHaveText(itemsText(want.total));
  const shown = Math.min(PAGE_SIZE, want.total);
  await expect(tiles(page)).toHaveCount(shown);
  expect(await tiles(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.sku))).toEqual(want.products.slice(0, shown).map((p) => p.sku));
  const first = want.products[0]!;
  await expect(tiles(page).first().locator('.tile__link')).toHaveAttribute('href', first.url);
  await expect(tiles(page).first().locator('.price')).toHaveAttribute('data-price', String(first.price[2]));
}
const pageBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: messages.searchLabel });

/** Opens the results page and waits for the listing to show. */
async function results(page: Page, q: string): Promise<void> {
  await page.goto(`/search?${new URLSearchParams({ q })}`);
  await expect(page.locator('[data-listing][data-listing-ready]')).toHaveCount(1);
}

test.describe('search results page', () => {
  test('enter in the search panel shows every match on the results page', async ({ page }) => {
    const want = await expected('ring');
    expect(want.total).toBeGreaterThan(config.constants.search.defaultSize);
    await page.goto('/');
    await searchButton(page).click();
    const box = dialog(page).getByRole('searchbox', { name: messages.searchLabel });
    await box.fill('ring');
    await expect(dialog(page).locator('a.sp-hit').first()).toBeVisible();
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'ring');
    await expectRingResults(page, want);
  });

  test('the script adopts the tiles the server wrote: none is drawn again', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { removed: number; first: Element | null };
      w.removed = 0;
      w.first = null;
      new MutationObserver((records) => {
        for (const r of records) for (const n of Array.from(r.removedNodes)) if (n instanceof Element && n.matches('.grid__cell')) w.removed++;
        w.first ??= document.querySelector('#product-grid .tile');
      }).observe(document, { childList: true, subtree: true });
    });
    const want = await expected('ring');
    const html = await (await page.goto('/search?q=ring'))!.text();
    await expect(page.locator('[data-listing][data-listing-ready]')).toHaveCount(1);
    // The first tile came with the HTML: the one the page shows is that node.
    const grid = html.slice(html.indexOf('data-product-grid'), html.indexOf('</ul>', html.indexOf('data-product-grid')));
    expect(grid).toContain(`data-sku="${want.products[0]!.sku}"`);
    const kept = () =>
      page.evaluate(() => {
        const w = window as unknown as { removed: number; first: Element | null };
        return { parsed: w.first !== null, same: w.first === document.querySelector('#product-grid .tile'), removed: w.removed };
      });
    expect(await kept()).toEqual({ parsed: true, same: true, removed: 0 });
    await expect(page.locator('[data-search-status]')).toHaveText('');
    // The listing goes on from them: the next matches at the bottom.
    await tiles(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(tiles(page)).toHaveCount(Math.min(want.total, 2 * PAGE_SIZE));
    expect(await kept()).toEqual({ parsed: true, same: true, removed: 0 });
  });

  test('the tiles the browser makes are the markup of those the server wrote', async ({ page }) => {
    await results(page, 'ring');
    const cells = () => tiles(page).evaluateAll((els) => els.map((e) => e.closest('li')!.outerHTML));
    const served = await cells();
    await tiles(page)
      .first()
      .evaluate((e) => e.setAttribute('data-test-served', ''));
    // Another sort and back: the listing draws the same first page again, with its own tiles.
    await page.locator('#sort-desktop').selectOption('position:desc');
    await expect(page).toHaveURL(/sort=/);
    await page.locator('#sort-desktop').selectOption('relevance');
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.locator('#product-grid [data-test-served]')).toHaveCount(0);
    await expect.poll(cells).toEqual(served);
  });

  test("another query's answer, from a cache that ignores the query, is drawn again for the page's own", async ({ page }) => {
    const want = await expected('gold');
    // A cache keyed without the query answers ?q=gold with the server's answer for ?q=ring.
    await page.route(/\/search\?q=gold$/, async (route) =>
      route.fulfill({ response: await route.fetch({ url: route.request().url().replace('q=gold', 'q=ring') }) }),
    );
    await results(page, 'gold');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(messages.searchResultsFor, { query: 'gold' }));
    await expect(page).toHaveTitle(new RegExp(`^${fill(messages.searchResultsFor, { query: 'gold' })} \\|`));
    await expect(count(page)).toHaveText(itemsText(want.total));
    const shown = Math.min(PAGE_SIZE, want.total);
    await expect
      .poll(() => tiles(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.sku)))
      .toEqual(want.products.slice(0, shown).map((p) => p.sku));
  });

  test('the page as built asks for its index with the HTML; one answered with its results when its script starts; each search file once', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/search-(index|listing)\.json$/.test(path)) asked.push(path);
    });
    // The server wrote the first screen: the index is not among the first round trips' requests (the
    // fonts and pictures are), and the script asks for it once it starts.
    await results(page, 'ring');
    await expect(page.locator('[data-search-served="results"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="preload"][as="fetch"]')).toHaveCount(0);
    await expect.poll(() => asked.slice().sort()).toEqual(['/search-index.json', '/search-listing.json']);
    // The page as built (no query: its script draws the suggestions from the index) preloads it with
    // the HTML, and the script's own fetch takes that download (no second request).
    asked.length = 0;
    await page.goto('/search');
    expect(await page.locator('head link[rel="preload"][as="fetch"]').getAttribute('href')).toBe('/search-index.json');
    await expect(page.locator('[data-search-popular] a').first()).toBeVisible();
    await expect.poll(() => asked.slice().sort()).toEqual(['/search-index.json']);
  });

  test('a result chosen with the arrow keys still opens with enter', async ({ page }) => {
    await page.goto('/');
    await searchButton(page).click();
    const box = dialog(page).getByRole('searchbox', { name: messages.searchLabel });
    await box.fill('ring');
    const link = dialog(page).locator('a.sp-hit').first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    await box.press('ArrowDown');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname + u.search === href);
  });

  test('filters are built from the matches, and filters and sort work on them', async ({ page }) => {
    const want = await expected('ring');
    await results(page, 'ring');
    // Only values some match has: the whole catalogue offers more brands than 'ring' matches.
    const visibleValues = page.locator('[data-filters-panel] li:not([hidden]) input[data-filter-code]');
    await expect(visibleValues).toHaveCount(want.facets.reduce((n, f) => n + f.values.length, 0));
    const facet = want.facets.find((f) => f.code !== 'price' && f.values.some((v) => v.count > 1 && v.count < want.total))!;
    const value = facet.values.find((v) => v.count > 1 && v.count < want.total)!;
    await page.locator(`input[data-filter-code="${facet.code}"][data-filter-id="${value.id}"]`).check();
    await expect(count(page)).toHaveText(itemsText(value.count));
    await expect(tiles(page)).toHaveCount(Math.min(PAGE_SIZE, value.count));
    expect(new URL(page.url()).searchParams.get('q')).toBe('ring');
    expect(new URL(page.url()).searchParams.get(facet.code)).toBe(value.id);
    await expect(page.getByRole('group', { name: messages.filtersActive })).toContainText(value.label);

    await page.locator('#sort-desktop').selectOption('final_price:asc');
    await expect(page).toHaveURL(/sort=final_price:asc/);
    await expect
      .poll(async () => {
        const prices = await tiles(page).evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.finalPrice)));
        return prices.length === Math.min(PAGE_SIZE, value.count) && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
      })
      .toBe(true);

    // The back button restores the unfiltered matches; a reload keeps the query, filter and sort.
    await page.reload();
    await expect(page.locator('#sort-desktop')).toHaveValue('final_price:asc');
    await expect(count(page)).toHaveText(itemsText(value.count));
    await page.goBack();
    await page.goBack();
    await expect(count(page)).toHaveText(itemsText(want.total));
    await expect(page.locator('#sort-desktop')).toHaveValue('relevance');
  });

  test('scrolling to the bottom loads the next matches', async ({ page }) => {
    const want = await expected('ring');
    await results(page, 'ring');
    await expect(tiles(page)).toHaveCount(PAGE_SIZE);
    await tiles(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(tiles(page)).toHaveCount(Math.min(want.total, 2 * PAGE_SIZE));
  });

  test('the stock prefetch of the tiles waits for the first move over the results, then asks for their children', async ({ page }) => {
    test.skip(!config.switches.prefetchStockOnTiles, 'stock prefetch is switched off');
    const want = await expected('ring');
    const configurable = want.products.slice(0, PAGE_SIZE).filter((p) => p.kids?.length);
    test.skip(configurable.length === 0, 'no configurable product among the first matches');
    const asked = stockAsks(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await results(page, 'ring');
    // Longer than a category page waits for idle (2 s at most): nothing is asked, and the prefetch's code is not downloaded.
    await page.waitForTimeout(3000);
    expect(asked).toEqual([]);
    expect(scripts.filter((s) => /\/(CategoryStock|stock|storage|localforage)\./.test(s))).toEqual([]);

    // The pointer over a tile starts it: the first configurable tiles' children are asked for, each once.
    await tiles(page).first().hover();
    const first = configurable.slice(0, config.constants.staticStockPrefetchCount).flatMap((p) => p.kids!);
    await expect.poll(() => first.every((sku) => asked.includes(sku))).toBe(true);
    expect(asked.length).toBe(new Set(asked).size);
  });

  test('a scroll of the results starts the stock prefetch of the tiles too', async ({ page }) => {
    test.skip(!config.switches.prefetchStockOnTiles, 'stock prefetch is switched off');
    const configurable = (await expected('ring')).products.slice(0, PAGE_SIZE).filter((p) => p.kids?.length);
    test.skip(configurable.length === 0, 'no configurable product among the first matches');
    const asked = stockAsks(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await results(page, 'ring');
    await page.waitForTimeout(2500);
    expect(asked).toEqual([]);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => configurable[0]!.kids!.every((sku) => asked.includes(sku))).toBe(true);
  });

  test('a child sku lists its parent, which opens with that child chosen', async ({ page }) => {
    await results(page, 'EV1001-WG-S');
    const link = tiles(page).first().locator('.tile__link');
    await expect(link).toHaveAttribute('href', /\?childSku=EV1001-WG-S$/);
    await link.click();
    await expect(page).toHaveURL(/\?childSku=EV1001-WG-S$/);
    await expect(page.locator('[data-sku-text]')).toHaveText('EV1001-WG-S');
  });

  test('nothing found says so from the message catalogue, with help and suggestions; no query asks for one', async ({ page }) => {
    await page.goto('/search?q=zzzqqqxx');
    await expect(page.getByRole('status').filter({ hasText: messages.searchNoResults })).toBeVisible();
    await expect(page.getByText(messages.searchNoResultsHelp)).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.searchCategories })).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    await expect(page.locator('.listing__toolbar')).toBeHidden();

    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.searchPageTitle);
    await expect(page.getByText(messages.searchPageEmpty)).toBeVisible();
    await expect(pageBox(page)).toBeFocused();
    // The box is a GET form: typing and Enter search.
    await pageBox(page).fill('raymond weil');
    await pageBox(page).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'raymond weil');
    await expect(count(page)).toHaveText(itemsText((await expected('raymond weil')).total));
  });

  test('on a phone the filters open full screen and show the filtered matches', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const want = await expected('ring');
    await results(page, 'ring');
    await page.getByRole('button', { name: messages.filtersButton }).click();
    const panel = page.locator('[data-filters-panel]');
    await expect(panel).toBeVisible();
    const price = want.facets.find((f) => f.code === 'price')!.values[0]!;
    await panel.getByText(price.label, { exact: true }).click();
    await panel.getByRole('button', { name: `${messages.filtersShowResults} (${price.count})` }).click();
    await expect(panel).toBeHidden();
    await expect(count(page)).toHaveText(itemsText(price.count));
    await page.locator('#sort-mobile').selectOption('final_price:desc');
    await expect(page).toHaveURL(/sort=final_price:desc/);
  });

  test('the page is noindex and not in the sitemap', async ({ page, request }) => {
    await results(page, 'ring');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search$/);
    const index = await (await request.get('/sitemap-index.xml')).text();
    for (const loc of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const xml = await (await request.get(new URL(loc[1]!).pathname)).text();
      expect(xml).not.toMatch(/\/search<\/loc>/);
    }
  });
});

test.describe('search results page without javascript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search button opens the results page, whose box searches by GET', async ({ page }) => {
    await page.goto('/');
    await searchButton(page).click();
    await page.waitForURL((u) => u.pathname === '/search');
    await pageBox(page).fill('ring');
    await pageBox(page).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'ring');
    // The server wrote the query's first screen of matches into the page (server/search-page.ts).
    await expect(tiles(page).first()).toBeVisible();
  });

  test("a query's first screen of matches is in the page's HTML", async ({ page }) => {
    const want = await expected('ring');
    await page.goto('/search?q=ring');
    await expectRingResults(page, want);
    await expect(tiles(page).first().locator('img.tile__img').first()).toBeVisible();
    // The results work without the script (links to the products), as a category page's do: no "script required".
    expect(await page.content()).not.toContain(messages.scriptRequired);
    // Nothing found: the help and the suggestions, as the script shows them.
    await page.goto('/search?q=zzqqxxnothing');
    await expect(page.locator('[data-search-status]')).toHaveText(messages.searchNoResults);
    await expect(page.locator('[data-search-help]')).toBeVisible();
    await expect(page.locator('[data-search-popular] a').first()).toBeVisible();
  });
});

test.describe('search results page offline', () => {
  test.describe.configure({ timeout: 90_000 });

  test('after a first visit, any query shows its matches offline', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
    await context.setOffline(true);
    // Never visited: the worker answers the search page's shell, the precached index and listing.
    const want = await expected('raymond weil');
    await page.goto('/search?q=raymond+weil');
    await expect(count(page)).toHaveText(itemsText(want.total));
    await expect(page.getByText(messages.offlinePageUnavailable)).toHaveCount(0);
    // Enter in the panel, offline too.
    await searchButton(page).click();
    const box = dialog(page).getByRole('searchbox', { name: messages.searchLabel });
    await box.fill('EV1001-WG-S');
    await box.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === 'EV1001-WG-S');
    await expect(tiles(page).first().locator('.tile__link')).toHaveAttribute('href', /\?childSku=EV1001-WG-S$/);
    await context.setOffline(false);
  });
});
