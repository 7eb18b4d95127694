/**
 * Build-time switches: the site built with multistore on (/de and /it
 * in EUR with their own canonical URLs) and with short catalogue URLs and the URL dispatcher off
 * (/p/..., /c/..., /amp/p/..., /amp/c/...), the second build also with group price tiers, the
 * external checkout and a precache cut below the search index. Each describe builds into its own
 * dist-e2e-* folder, reads the files and serves it where a browser is needed; set
 * E2E_SKIP_BUILDS=1 to leave these two builds out of a quick run.
 */
import { bucketFile, EDGE_INDEX, EdgeLookup } from '../../src/lib/build/cdn/edge-map';
import { expect, test } from './fixture';
import type { Page } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalog, productsWithPages, SITE } from './helpers';
import { ampCategoryUrl, ampProductUrl, categoryUrl, productUrl } from '../../src/lib/catalog/urls';
import { productPageData } from '../../src/lib/build/product-page-data';
import { config } from '../../src/lib/config';
import { formatPrice, shopperPrice } from './oracle';
import { build, canonicalOf, ldProduct, page, pageLinksIn, serveBuild, url0 } from './build-helpers';
import { cartLine, createCustomer, loginInDialog, openSignIn, readStored, simpleProducts, writeStored } from './account-helpers';
import { messages } from '../../src/lib/messages';
import { CACHE_NAMES } from '../../src/lib/pwa/sw-config';
import { canonicalMove } from '../../src/lib/build/cdn/canonical-url';

/** The precache cut of the long-urls build (bytes). */
const PRECACHE_CUT = 40_000;

/** The euro amount a text shows ('1.281,15 €' -> 1281.15), NaN when none. */
const euros = (text: string | null) => {
  const m = /([\d.]+,\d\d)\s€/.exec(text ?? '');
  return m ? Number(m[1]!.replace(/\./g, '').replace(',', '.')) : NaN;
};
const cents = (n: number) => Math.round(n * 100) / 100;

test.describe.configure({ mode: 'serial' });
test.skip(!!process.env.E2E_SKIP_BUILDS, 'E2E_SKIP_BUILDS is set');

test.describe('multistore on', () => {
  let out = '';
  test.beforeAll(() => {
    test.setTimeout(360_000);
    out = build('dist-e2e-multistore', { PUBLIC_MULTISTORE: 'true' });
  });

  test('de and it store views build under /de and /it with their own language and canonical urls', () => {
    for (const store of ['de', 'it']) {
      const view = config.storeViews.others.find((s) => s.storeCode === store)!;
      const home = page(out, `/${store}`);
      expect(home).toContain(`<html lang="${view.i18n.defaultLocale}"`);
      expect(canonicalOf(home)).toEqual([`${SITE}/${store}/`]);
      const rings = page(out, `/${store}/rings`);
      // The banners lead to the store view's own pages, as its menus do.
      const bannerLinks = [...home.matchAll(/<a class="banner [^"]*" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(bannerLinks.length).toBeGreaterThan(2);
      for (const href of bannerLinks.filter((h) => h.startsWith('/'))) expect(href, href).toMatch(new RegExp(`^/${store}/`));
      // Shared links name the store view's language too (de_DE), not the default store's.
      for (const html of [home, rings]) expect(html).toContain(`<meta property="og:locale" content="${view.i18n.defaultLocale.replace('-', '_')}"`);
      expect(canonicalOf(rings)).toEqual([`${SITE}/${store}/rings`]);
      expect(rings).toContain(`href="/${store}/rings/engagement-rings"`);
      expect(rings).not.toMatch(/href="\/rings\/engagement-rings"/);
      expect(page(out, `/${store}/amp/rings`)).toContain(`<link rel="canonical" href="${SITE}/${store}/rings"`);
    }
  });

  test("the sitemap names every page by the URL that answers it, each page's own canonical: the store homes with their slash", () => {
    const locs = [...readFileSync(join(out, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const roots = ['/', '/de/', '/it/'];
    for (const store of ['de', 'it']) expect(locs).toContain(`${SITE}/${store}/`);
    const moved = locs.filter((u) => canonicalMove(new URL(u).pathname, roots) !== null);
    expect(moved).toEqual([]);
    // Each entry is the canonical URL its page names (one page of each store view's home and a sample of the rest).
    const sample = locs.filter((u, i) => roots.some((r) => u === `${SITE}${r}`) || i % 97 === 0);
    expect(sample.length).toBeGreaterThan(5);
    for (const u of sample) expect(canonicalOf(page(out, new URL(u).pathname)), u).toEqual([u]);
  });

  test('each page names its version in every store view (hreflang), each a page of the build whose canonical it is; a noindex page none', () => {
    const alternatesOf = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as const);
    const langs = [config.storeViews.default, ...config.storeViews.others].map((v) => v.i18n.defaultLocale);
    const p = productsWithPages().find((x) => x.type_id === 'simple')!;
    for (const path of ['/de/', '/it/rings', `/de/${p.url_path}`, '/about-us', '/de/pjworld']) {
      const alternates = alternatesOf(page(out, path));
      expect(
        alternates.map(([l]) => l),
        path,
      ).toEqual([...langs, 'x-default']);
      for (const [, href] of alternates) expect(canonicalOf(page(out, new URL(href).pathname)), `${path} -> ${href}`).toEqual([href]);
      // The page itself is one of them.
      expect(alternates.map(([, h]) => h)).toContain(canonicalOf(page(out, path))[0]);
    }
    expect(alternatesOf(page(out, '/de/checkout'))).toEqual([]);
  });

  test('each store view has its own 404 page (its language, its links), kept out of the sitemap', () => {
    const sitemap = readFileSync(join(out, 'sitemap-0.xml'), 'utf8');
    for (const store of ['de', 'it']) {
      const view = config.storeViews.others.find((s) => s.storeCode === store)!;
      const html = page(out, `/${store}/404.html`);
      expect(html).toContain(`<html lang="${view.i18n.defaultLocale}"`);
      expect(html).toContain('data-page-not-found');
      expect(html).toContain('<meta name="robots" content="noindex');
      const links = [...html.matchAll(/<ul class="not-found__links"[^>]*>([\s\S]*?)<\/ul>/g)].flatMap((m) =>
        [...m[1]!.matchAll(/href="([^"]+)"/g)].map((l) => l[1]!),
      );
      expect(links.length).toBeGreaterThan(2);
      for (const href of links) expect(href).toMatch(new RegExp(`^/${store}/`));
      expect(sitemap).not.toContain(`/${store}/404`);
    }
  });

  test("content pages build per store view too: blog, a brand, a shop page and CMS pages under /de and /it, their links (the editors', the booking block's shops) in it", () => {
    for (const store of ['de', 'it']) {
      for (const path of ['/pjworld', '/brands/evermore', '/stores/jewellers-preston', '/about-us', '/repairs']) {
        const html = page(out, `/${store}${path}`);
        expect(
          pageLinksIn(html, 'main').filter((href) => !href.startsWith(`/${store}/`)),
          `${store}${path}`,
        ).toEqual([]);
        expect(canonicalOf(html), `${store}${path}`).toEqual([`${SITE}/${store}${path}`]);
        expect(html).toContain(`<html lang="${config.storeViews.others.find((s) => s.storeCode === store)!.i18n.defaultLocale}"`);
      }
    }
  });

  test('each store view has its own search index: its links and its currency (§7)', () => {
    const read = (path: string) =>
      JSON.parse(readFileSync(join(out, path), 'utf8')) as {
        d: { s: string; p: number; u: string | [string, string] }[];
        sg: { categories: [string, string][] };
      };
    const gb = read('search-index.json');
    const rate = config.storeViews.others.find((s) => s.storeCode === 'de')!.i18n.exchangeRate;
    for (const store of ['de', 'it']) {
      const idx = read(`${store}/search-index.json`);
      expect(idx.d.length).toBe(gb.d.length);
      const url = (u: string | [string, string]) => (typeof u === 'string' ? u : u[0]);
      expect(idx.d.every((d) => url(d.u).startsWith(`/${store}/`))).toBe(true);
      expect(idx.sg.categories.every(([, href]) => href.startsWith(`/${store}/`))).toBe(true);
    }
    const de = read('de/search-index.json');
    expect(de.d[0]!.p).toBeCloseTo(Math.round(gb.d[0]!.p * rate * 100) / 100, 2);
    expect(gb.d.every((d) => !url0(d.u).startsWith('/de/'))).toBe(true);
  });

  test('store view prices are in euros, the default store keeps pounds', () => {
    const p = productsWithPages().find((x) => x.type_id === 'simple' && productPageData(x.id).prices.special === null)!;
    const gbp = shopperPrice(p);
    const rate = config.storeViews.others.find((s) => s.storeCode === 'de')!.i18n.exchangeRate;
    const de = page(out, `/de/${p.url_path}`);
    expect(canonicalOf(de)).toEqual([`${SITE}/de/${p.url_path}`]);
    const ld = ldProduct(de);
    expect(ld.offers.priceCurrency).toBe('EUR');
    expect(Number(ld.offers.price)).toBeCloseTo(Math.round(gbp * rate * 100) / 100, 2);
    expect(de).toMatch(/class="price__final"[^>]*>[\d.]+,\d\d €</);
    const gb = page(out, `/${p.url_path}`);
    expect(ldProduct(gb).offers.priceCurrency).toBe('GBP');
    expect(gb).toContain('>£');
    // The data layer's ecommerce events name the store view's currency, and its cookie notice links the store view's page.
    const layer = (h: string) => /id="datalayer-settings">[^<]*"currency":"(\w+)"[^<]*"policyHref":"([^"]+)"/.exec(h)?.slice(1);
    expect([de, gb].map((h) => layer(h)?.join(' ')).join(', ')).toBe('EUR /de/enable-cookies, GBP /enable-cookies');
  });

  test("a de product page keeps euros once the shopper chooses: the price with a custom option's surcharge, the surcharge's label", async ({ browser }) => {
    test.setTimeout(120_000);
    const rate = config.storeViews.others.find((s) => s.storeCode === 'de')!.i18n.exchangeRate;
    const p = productsWithPages().find(
      (x) =>
        x.type_id === 'simple' &&
        x.stock.is_in_stock &&
        productPageData(x.id).prices.special === null &&
        x.custom_options.some((o) => o.type === 'radio' && o.values.some((v) => Number(v.price) > 0 && v.price_type === 'fixed')),
    )!;
    const radio = p.custom_options.find((o) => o.type === 'radio' && o.values.some((v) => Number(v.price) > 0 && v.price_type === 'fixed'))!;
    const fixed = radio.values.find((v) => Number(v.price) > 0 && v.price_type === 'fixed')!;
    const shop = await serveBuild(out);
    const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}`, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      expect((await page.goto(`/de/${p.url_path}`))?.status()).toBe(200);
      const price = page.locator('[data-product-price]');
      expect(euros(await price.innerText())).toBeCloseTo(cents(shopperPrice(p) * rate), 2);
      // The surcharge's label names euros (the static HTML and the live form alike).
      const label = page.locator('.pf').getByText(/\+\s/).first();
      await expect(label).toContainText('€');
      await expect(page.locator('.pf')).not.toContainText('£');
      await page.locator('.pf').dispatchEvent('pointerdown');
      await expect(page.locator('.pf[data-live]')).toHaveCount(1);
      await page.getByRole('radio', { name: fixed.title }).check();
      await expect.poll(async () => euros(await price.innerText())).toBeCloseTo(cents((shopperPrice(p) + Number(fixed.price)) * rate), 2);
      await expect(price).not.toContainText('£');
      await expect(page.locator('.pf')).not.toContainText('£');
    } finally {
      await context.close();
      await shop.close();
    }
  });

  test('a de bag shows the euro amounts of the product page: the mini-cart and the checkout, lines and totals', async ({ browser }) => {
    test.setTimeout(120_000);
    const rate = config.storeViews.others.find((s) => s.storeCode === 'de')!.i18n.exchangeRate;
    const p = productsWithPages().find(
      (x) => x.type_id === 'simple' && x.stock.is_in_stock && x.custom_options.length === 0 && productPageData(x.id).prices.special === null,
    )!;
    // The de page's unit price, to the cent, and two of them: what the bag and its totals must say.
    const unit = cents(shopperPrice(p) * rate);
    const line = cents(unit * 2);
    const shop = await serveBuild(out, { multistore: true });
    const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}`, serviceWorkers: 'block' });
    const shots = async (tab: Page, name: string) => {
      for (const width of [390, 1366]) {
        await tab.setViewportSize({ width, height: 900 });
        await tab.waitForTimeout(300);
        await tab.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results/screenshots'}/${name}-${width}.png` });
      }
    };
    try {
      const tab = await context.newPage();
      expect((await tab.goto(`/de/${p.url_path}`))?.status()).toBe(200);
      expect(euros(await tab.locator('[data-product-price]').innerText())).toBeCloseTo(unit, 2);
      await tab.locator('.pf').dispatchEvent('pointerdown');
      await expect(tab.locator('.pf[data-live]')).toHaveCount(1);
      await tab.getByRole('button', { name: 'Add to compare' }).click(); // its link to the compare page stays in the store view
      await expect(tab.locator('.pf [data-compare-link]')).toHaveAttribute('href', '/de/compare');
      await tab.getByLabel('Quantity', { exact: true }).fill('2');
      const totals = tab.waitForResponse((r) => r.url().includes('/api/cart/totals') && r.status() === 200);
      await tab.getByRole('button', { name: 'Add to cart' }).click();
      // The cart calls name the page's store view, as vue-storefront's do.
      expect(new URL((await totals).url()).searchParams.get('storeCode')).toBe('de');

      await tab.getByRole('link', { name: /^Cart/ }).click();
      const cart = tab.getByRole('dialog', { name: /Shopping cart/ });
      await expect(cart).toBeVisible({ timeout: 15_000 });
      await expect(cart.locator('[data-total="grand_total"]')).toContainText('€');
      expect(euros(await cart.locator(`[data-cart-line="${p.sku}"] .hp-line__price`).textContent())).toBeCloseTo(line, 2);
      expect(euros(await cart.locator('[data-total="subtotal"]').textContent())).toBeCloseTo(line, 2);
      expect(euros(await cart.locator('[data-total="grand_total"]').textContent())).toBeCloseTo(line, 2);
      await expect(cart).not.toContainText('£');
      await shots(tab, 'multistore-de-microcart');

      await cart.getByRole('link', { name: messages.goToCheckout }).click();
      await tab.waitForURL((u) => u.pathname.replace(/\/$/, '') === '/de/checkout');
      const bag = tab.locator('.co-bag');
      await expect(bag.locator('[data-total="grand_total"]')).toContainText('€');
      expect(euros(await bag.locator('.co-line__price').first().textContent())).toBeCloseTo(line, 2);
      expect(euros(await bag.locator('[data-total="subtotal"]').textContent())).toBeCloseTo(line, 2);
      expect(euros(await bag.locator('[data-total="grand_total"]').textContent())).toBeCloseTo(line, 2);
      await expect(bag).not.toContainText('£');
      await shots(tab, 'multistore-de-checkout');
    } finally {
      await context.close();
      await shop.close(2000);
    }
  });

  test("the finance line's monthly amount is in the store view's currency too, converted as its prices", () => {
    const rate = config.storeViews.others.find((s) => s.storeCode === 'de')!.i18n.exchangeRate;
    const p = productsWithPages().find((x) => x.can_be_financed === 1 && Number(x.lowest_possible_finance) > 0)!;
    const line = (html: string) => /data-finance-from[^>]*>\s*<span[^>]*>([^<]+)<\/span>/.exec(html)?.[1] ?? '';
    const de = line(page(out, `/de/${p.url_path}`));
    const euros = /([\d.]+,\d\d)\s€/.exec(de);
    expect(euros, de).not.toBeNull();
    expect(Number(euros![1]!.replace(/\./g, '').replace(',', '.'))).toBeCloseTo(Math.round(Number(p.lowest_possible_finance) * rate * 100) / 100, 2);
    expect(line(page(out, `/${p.url_path}`))).toContain(formatPrice(Number(p.lowest_possible_finance)));
  });
});

test.describe('short urls and dispatcher off; price tiers, external checkout and a small precache cut on', () => {
  let out = '';
  const opts = { short: false, dispatcher: false };
  test.beforeAll(() => {
    test.setTimeout(360_000);
    // Group price tiers on as well (§6), the external checkout (§2, §6), and a precache cut below the sample's search index (about
    // 50 KB) so that the index takes the service worker's run-time route, as it does from about
    // 65,000 products: more switches in the same build.
    // The external checkout is switched on here too (its hand-off test is below).
    out = build('dist-e2e-long-urls', {
      PUBLIC_SHORT_CATALOG_URLS: 'false',
      PUBLIC_URL_DISPATCHER: 'false',
      PUBLIC_PRICE_TIERS: 'true',
      PUBLIC_EXTERNAL_CHECKOUT: 'true',
      PWA_PRECACHE_MAX_BYTES: String(PRECACHE_CUT),
    });
  });

  test('categories live under /c and products under /p, with canonical links to match', () => {
    const rings = catalog().categories.find((c) => c.url_path === 'rings')!;
    expect(categoryUrl(rings, opts)).toBe('/c/rings');
    const html = page(out, '/c/rings');
    expect(canonicalOf(html)).toEqual([`${SITE}/c/rings`]);
    expect(existsSync(join(out, 'rings', 'index.html'))).toBe(false);
    const simple = productsWithPages().find((x) => x.type_id === 'simple')!;
    const path = productUrl(simple, opts);
    expect(path).toBe(`/p/${simple.sku}/${simple.slug}`);
    expect(canonicalOf(page(out, path))).toEqual([`${SITE}${path}`]);
    const listed = catalog().products.find((x) => html.includes(`data-sku="${x.sku}"`))!;
    expect(html).toContain(`href="${productUrl(listed, opts)}"`);
  });

  test('a configurable product page is at its named route and its children are rewritten to it', () => {
    const p = productsWithPages().find((x) => x.type_id === 'configurable' && (x.configurable_children?.length ?? 0) > 1)!;
    const path = productUrl(p, opts);
    expect(path).toBe(`/p/${p.sku}/${p.slug}/${p.sku}`);
    page(out, path);
    // The build's redirect map (dist/_cdn/edge/), read as the server and the edge function read it.
    const json = (f: string) => JSON.parse(readFileSync(join(out, f), 'utf8'));
    const map = new EdgeLookup(json(EDGE_INDEX), (i) => json(bucketFile(i)));
    const child = productUrl(p, { ...opts, childSku: p.configurable_children![1]!.sku });
    expect(map.match(child), child).toEqual({ to: `${path}/`, status: 200 });
  });

  test('amp pages live under /amp/p and /amp/c', () => {
    const rings = catalog().categories.find((c) => c.url_path === 'rings')!;
    expect(ampCategoryUrl(rings, opts)).toBe('/amp/c/rings');
    expect(page(out, '/amp/c/rings')).toContain(`<link rel="canonical" href="${SITE}/c/rings"`);
    const simple = productsWithPages().find((x) => x.type_id === 'simple')!;
    expect(ampProductUrl(simple, opts)).toBe(`/amp/p/${simple.sku}/${simple.slug}`);
    page(out, ampProductUrl(simple, opts));
  });

  test('a search index left out of the precache is cached on the first search and answers offline after it', async ({ browser }) => {
    test.setTimeout(120_000);
    // the build left the index out of the precache manifest (it is bigger than the cut)
    expect(statSync(join(out, 'search-index.json')).size).toBeGreaterThan(PRECACHE_CUT);
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).not.toMatch(/"url":"search-index\.json"/);
    const shop = await serveBuild(out);
    const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}` });
    const page = await context.newPage();
    const cachedIndex = () =>
      page.evaluate(async (name) => {
        const hit = await (await caches.open(name)).match('/search-index.json', { ignoreSearch: true });
        return hit ? (((await hit.json()) as { d?: unknown[] }).d?.length ?? -1) : 0;
      }, CACHE_NAMES.data);
    const search = async (text: string) => {
      await page.locator('#site-header').getByRole('button', { name: messages.headerSearch }).click();
      const dialog = page.getByRole('dialog', { name: messages.searchLabel });
      await dialog.getByRole('searchbox', { name: messages.searchLabel }).fill(text);
      return dialog;
    };
    try {
      await page.goto('/');
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
      // a second page view goes through the worker: assets left out of the precache by the small cut are cached too
      await page.reload();
      expect(await cachedIndex()).toBe(0);
      // the first search, online: the worker fetches the index and keeps a copy
      const online = await search('raymond weil');
      await expect(online.getByRole('link', { name: /Raymond Weil/ }).first()).toBeVisible();
      await expect.poll(cachedIndex).toBeGreaterThan(0);
      // offline, after a reload (nothing in memory): the same search answers from the copy
      await context.setOffline(true);
      await page.reload();
      const offline = await search('raymond weil');
      await expect(offline.getByRole('link', { name: /Raymond Weil/ }).first()).toBeVisible();
      await expect(offline.getByText(messages.searchOfflineEmpty)).toHaveCount(0);
    } finally {
      await context.close();
      await shop.close(2000);
    }
  });

  test('with group price tiers on, logging in shows the customer price and logging out the guest price again (§4, §6)', async ({ browser }) => {
    test.setTimeout(120_000);
    const p = productsWithPages().find((x) => x.type_id === 'simple' && (x.tier_prices ?? []).some((t) => t.customer_group_id === 1 && t.qty <= 1))!;
    const customerPrice = Math.min(...p.tier_prices.filter((t) => t.customer_group_id === 1 && t.qty <= 1).map((t) => Number(t.value)));
    const guestPrice = shopperPrice(p);
    expect(customerPrice).toBeLessThan(guestPrice);
    const shop = await serveBuild(out, { usePriceTiers: true });
    const base = `http://localhost:${shop.port}`;
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    try {
      const email = `tiers-${Date.now()}@example.org`;
      const created = await fetch(`${base}/api/user/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer: { email, firstname: 'Tia', lastname: 'Er' }, password: 'password123' }),
      });
      expect(created.status).toBe(200);
      await page.goto(productUrl(p, opts));
      const price = page.locator('[data-product-price]');
      await expect(page.locator('.pf[data-live]')).toHaveCount(1);
      await expect(price).toContainText(formatPrice(guestPrice));
      await openSignIn(page);
      await loginInDialog(page, email, 'password123');
      await expect(price).toContainText(formatPrice(customerPrice));
      await page.goto('/my-account');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto(productUrl(p, opts));
      await expect(page.locator('.pf[data-live]')).toHaveCount(1);
      await expect(price).toContainText(formatPrice(guestPrice));
    } finally {
      await context.close();
      await shop.close(2000);
    }
  });
  test('the external checkout switch hands over to the external shop with the user and cart tokens', async ({ browser }) => {
    test.setTimeout(120_000);
    const external = config.checkout.external.url.replace(/\/$/, '');
    expect(page(out, '/checkout')).toContain(`data-external="${external}"`);
    const shop = await serveBuild(out);
    const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}` });
    const tab = await context.newPage();
    try {
      // the external shop: never reached over the network, answered here
      const handedTo: string[] = [];
      await context.route(`${external}/**`, (route) => {
        handedTo.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>External checkout</title><h1>External checkout</h1>' });
      });

      // a guest with an empty bag, then with a bag: the hand-off waits for the server cart, then replaces the location
      await tab.goto('/checkout');
      await tab.waitForURL(`${external}/**`);
      expect(new URL(tab.url()).pathname).toBe('/vue/cart/sync/token//cart/');
      const [ring] = simpleProducts(1);
      await tab.goto('/pwa.html');
      await writeStored(tab, 'carts', 'current-cart', [cartLine(ring!)]);
      await tab.reload();
      await tab.goto('/checkout');
      await tab.waitForURL(`${external}/vue/cart/sync/token//cart/*`);
      const guestCart = new URL(tab.url()).pathname.split('/').pop()!;
      expect(guestCart.length).toBeGreaterThan(8);
      // the server cart holds the line before the hand-off
      const pulled = await (await context.request.get(`/api/cart/pull?token=&cartId=${guestCart}`)).json();
      expect(pulled.result.map((l: { sku: string }) => l.sku)).toEqual([ring!.sku]);
      // no history entry: Back does not bounce into the hand-off
      await tab.goBack();
      expect(new URL(tab.url()).pathname).toBe('/pwa.html');

      // a logged-in customer: both tokens in the address
      const c = await createCustomer(context.request);
      await openSignIn(tab);
      await loginInDialog(tab, c.email, c.password);
      await expect.poll(() => readStored<string>(tab, 'user', 'current-token')).toBeTruthy();
      await expect.poll(() => readStored<string>(tab, 'carts', 'current-cart-token')).not.toBe(guestCart);
      const userToken = await readStored<string>(tab, 'user', 'current-token');
      const customerCart = await readStored<string>(tab, 'carts', 'current-cart-token');
      expect(customerCart).toBeTruthy();
      await tab.goto('/checkout');
      await tab.waitForURL(`${external}/vue/cart/sync/token/**`);
      const [, tokenPart, cartPart] = /^\/vue\/cart\/sync\/token\/([^/]*)\/cart\/([^/]*)$/.exec(new URL(tab.url()).pathname) ?? [];
      expect(decodeURIComponent(tokenPart!)).toBe(userToken);
      expect(cartPart).toBe(customerCart);
      expect(handedTo.length).toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
      await shop.close(2000);
    }
  });
});
