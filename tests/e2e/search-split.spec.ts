/**
 * The split search index in the browser: the sample built with SEARCH_SPLIT_ABOVE=0 (the sample is
 * small enough to keep one file otherwise) and parts of 16 files (its files in several folders, as a
 * large catalogue's are), served on its own port. The panel finds what the whole
 * index finds, fetching only the files a query needs, and offline afterwards answers that query from
 * the files the service worker kept, while a query needing a file never fetched gets the §8 offline
 * text. Set E2E_SPLIT_DIST to a folder already built that way to skip the build, E2E_SKIP_BUILDS=1 to
 * leave the spec out.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { createSplitEngine } from '../../src/lib/search/split-engine';
import { docUrl, type SearchSplitFile } from '../../src/lib/search/types';
import { searchListingFile } from '../../src/lib/build/listing-file';
import { searchListing } from '../../src/lib/search/hit-listing';
import { indexListing, runListing } from '../../src/lib/catalog/listing-engine';
import { CACHE_NAMES } from '../../src/lib/pwa/sw-config';
import { config } from '../../src/lib/config';
import { fill, messages } from '../../src/lib/messages';
import { build, serveBuild } from './build-helpers';

test.describe.configure({ mode: 'serial' });
test.skip(!!process.env.E2E_SKIP_BUILDS, 'E2E_SKIP_BUILDS is set');

const settings = config.constants.search;
const whole = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const oracle = createSearchEngine(whole, settings);
/** The panel's links for a query, as the whole index ranks them. */
const expectedLinks = (q: string) => oracle.search(q, { size: settings.defaultSize }).items.map((d) => docUrl(d, q));

let out = '';
let index: SearchSplitFile;
/** The files of the build a query needs (the split engine over the built files, as the browser runs it). */
function filesOf(q: string): string[] {
  const engine = createSplitEngine(index, settings);
  const names: string[] = [];
  for (let r = engine.step(q, { size: settings.defaultSize }); 'need' in r; r = engine.step(q, { size: settings.defaultSize })) {
    for (const name of r.need) {
      names.push(`/${engine.path(name)}`);
      engine.add(name, JSON.parse(readFileSync(join(out, engine.path(name)), 'utf8')));
    }
  }
  return names;
}

test.beforeAll(() => {
  test.setTimeout(600_000);
  out = process.env.E2E_SPLIT_DIST ?? build('dist-e2e-split', { SEARCH_SPLIT_ABOVE: '0', SEARCH_PART_FILES: '16' });
  index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as SearchSplitFile;
});

async function search(page: Page, text: string) {
  await page.locator('#site-header').getByRole('button', { name: messages.headerSearch }).click();
  const dialog = page.getByRole('dialog', { name: messages.searchLabel });
  await dialog.getByRole('searchbox', { name: messages.searchLabel }).fill(text);
  return dialog;
}

const hrefs = (page: Page) =>
  page
    .getByRole('dialog', { name: messages.searchLabel })
    .locator('a.sp-hit')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));

test("the build wrote the split index: statistics in /search-index.json, its files in their parts' folders search-index/{hs[k]}/", () => {
  expect(index.split.n).toBe(whole.d.length);
  expect(existsSync(join(out, 'search-index', index.split.hs[0]!, 'p-0.json'))).toBe(true);
  expect(existsSync(join(out, 'search-index', index.split.hs[0]!, 'bundle-0.json'))).toBe(true);
  const last = index.split.hs.length - 1;
  expect(existsSync(join(out, 'search-index', index.split.hs[last]!, `bundle-${last}.json`))).toBe(true);
  expect(readdirSync(join(out, 'search-index')).sort()).toEqual([...new Set(index.split.hs)].sort());
});

test('the panel answers as the whole index, online and then offline; an unseen query offline says search is not available', async ({ browser }) => {
  test.setTimeout(120_000);
  const seen = 'raymnd weil';
  const expected = expectedLinks(seen);
  expect(expected.length).toBeGreaterThan(0);
  // A query that needs a file the first one did not fetch, and finds something online.
  const first = new Set(filesOf(seen));
  const unseen = ['silver bracelet', 'diamond ring', 'gold pendant', 'pearl earrings', 'watch'].find(
    (q) => expectedLinks(q).length > 0 && filesOf(q).some((f) => !first.has(f)),
  );
  expect(unseen, 'a query needing files the first did not fetch').toBeTruthy();
  const shop = await serveBuild(out);
  const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}` });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes('/search-index/')) asked.push(path);
  });
  try {
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
    await page.reload();
    const online = await search(page, seen);
    await expect(online.locator('a.sp-hit').first()).toBeVisible();
    await expect.poll(() => hrefs(page)).toEqual(expected);
    // Only the files this query needs, each once.
    expect([...new Set(asked)].sort()).toEqual([...first].sort());
    // Offline after a reload (nothing in memory): the same query from the files the worker kept.
    await context.setOffline(true);
    // As on a device whose background warming has not reached them yet: the files only the unseen query needs are not held.
    const lacking = filesOf(unseen!).filter((f) => !first.has(f));
    await page.waitForTimeout(500);
    await page.evaluate(
      async ([name, paths]) => {
        const cache = await caches.open(name);
        for (const p of paths) await cache.delete(new URL(p, location.href).href);
      },
      [CACHE_NAMES.search, lacking] as const,
    );
    await page.reload();
    const offline = await search(page, seen);
    await expect(offline.locator('a.sp-hit').first()).toBeVisible();
    await expect.poll(() => hrefs(page)).toEqual(expected);
    await expect(offline.getByText(messages.searchOfflineEmpty)).toHaveCount(0);
    // A query needing a file not held: the §8 offline text, no results.
    await offline.getByRole('searchbox', { name: messages.searchLabel }).fill(unseen!);
    await expect(offline.getByRole('status')).toHaveText(messages.searchOfflineEmpty);
    await expect(offline.locator('a.sp-hit')).toHaveCount(0);
  } finally {
    await context.close();
    await shop.close(2000);
  }
});

test('warmed in the background, the split index answers a query never searched on the device offline, in the panel and on the results page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const q = 'diamond ring';
  const links = expectedLinks(q);
  expect(links.length).toBeGreaterThan(0);
  const listed = searchListing(searchListingFile(), oracle.search(q, { size: Number.MAX_SAFE_INTEGER }).items, q);
  const shop = await serveBuild(out);
  const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}` });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
    await page.reload();
    // Once the page is loaded and idle, the worker downloads the build's bundles and puts every file
    // the build wrote under search-index/ and search-listing/ in its cache (not the bundles).
    const files = [
      ...readdirSync(join(out, 'search-index'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.json'))
        .map((f) => `/search-index/${f}`),
      ...readdirSync(join(out, 'search-listing'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.json'))
        .map((f) => `/search-listing/${f}`),
    ]
      .filter((f) => !/\/bundle-\d+\.json$/.test(f))
      .sort();
    expect(files.some((f) => f.includes('/prices/'))).toBe(true);
    const cached = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort(), CACHE_NAMES.search);
    await expect.poll(cached, { timeout: 90_000 }).toEqual(files);
    await context.setOffline(true);
    await page.reload();
    const offline = await search(page, q);
    await expect(offline.locator('a.sp-hit').first()).toBeVisible();
    await expect.poll(() => hrefs(page)).toEqual(links);
    await expect(offline.getByText(messages.searchOfflineEmpty)).toHaveCount(0);
    await page.goto(`/search?${new URLSearchParams({ q: 'gold pendant' })}`);
    const gold = searchListing(searchListingFile(), oracle.search('gold pendant', { size: Number.MAX_SAFE_INTEGER }).items, 'gold pendant');
    await expect(page.locator('[data-listing-count]')).toHaveText(fill(gold.total === 1 ? messages.itemCount : messages.itemsCount, { count: gold.total }));
    await expect(page.locator('#product-grid .tile .tile__link').first()).toHaveAttribute('href', gold.products[0]!.url);
    await page.goto(`/search?${new URLSearchParams({ q })}`);
    await expect(page.locator('[data-listing-count]')).toHaveText(fill(listed.total === 1 ? messages.itemCount : messages.itemsCount, { count: listed.total }));
    // Sorted by price offline: the price files came with the warming.
    await page.goto(`/search?${new URLSearchParams({ q, sort: 'final_price:asc' })}`);
    const cheapest = runListing(indexListing(listed), { filters: {}, sort: 'final_price:asc' }).order[0]!;
    await expect(page.locator('#product-grid .tile .tile__link').first()).toHaveAttribute('href', listed.products[cheapest]!.url);
  } finally {
    await context.close();
    await shop.close(2000);
  }
});
