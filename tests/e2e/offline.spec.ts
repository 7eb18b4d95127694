/**
 * Offline e2e: installability, offline browsing and search, the offline page, the order
 * queue's cancel paths and confirmation, Background Sync in the service worker, and update safety.
 * Runs against the built site on an own shop server (fault switch on; see offline-helpers.ts).
 */
import { expect, test } from './fixture';
import { type BrowserContext, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import {
  baseOf,
  clearFaults,
  dbOrders,
  nextDeploy,
  openControlled,
  orderPayload,
  placeOrder,
  setFaults,
  setStock,
  shopContext,
  startShop,
  stopShop,
  storedOrders,
  testProducts,
  DIST,
  faultState,
} from './offline-helpers';
import { NETWORK_TIMEOUT_S } from '../../src/lib/pwa/sw-config';
import { addToCart, cartBadge, openMicrocart, openProduct, simpleProduct } from './product-cart-helpers';

// Service worker installs precache the site: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

let shop: Awaited<ReturnType<typeof startShop>>;
const products = testProducts(6);
let seq = 0;
const newId = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}-${++seq}`;
const addressMessage = messages.orderAddressInvalid.replace('{email}', config.mailer.contactAddress);

test.beforeAll(async () => {
  shop = await startShop();
  for (const p of products) await setStock(shop, p.sku, 100_000);
});
test.afterAll(async () => {
  await stopShop(shop);
});
test.afterEach(async () => {
  await clearFaults(shop);
});

async function fresh(browser: import('@playwright/test').Browser): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await shopContext(browser, shop);
  const page = await openControlled(ctx, '/');
  return { ctx, page };
}

test('the shop is installable: manifest, service worker and an offline start url', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: config.shop.name, start_url: '/pwa.html', scope: '/', display: 'standalone', theme_color: config.shop.themeColor });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.shortcuts.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  // Chromium's own installability check (what Lighthouse's installable-manifest audit reported).
  const cdp = await ctx.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // 'in-incognito' only says the test browser's profile is a private one; nothing about the shop.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  // The start URL opens offline.
  await ctx.setOffline(true);
  const res = await page.goto('/pwa.html');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1, .hero, main').first()).toBeVisible();
  expect(await page.title()).toContain(config.shop.name);
  await ctx.close();
});

test('the precache holds the shell, assets, offline page and search index, not every page', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.includes('precache'))!;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  expect(cached).toContain('/offline');
  expect(cached).toContain('/search-index.json');
  expect(cached).toContain('/manifest.webmanifest');
  expect(cached.some((p) => p.startsWith('/_astro/') && p.endsWith('.js'))).toBe(true);
  const pages = cached.filter((p) => !p.startsWith('/_astro/') && !/\.(json|webmanifest|svg|png)$/.test(p));
  expect(pages.filter((p) => !p.startsWith('/panels/'))).toEqual(['/offline']);
  expect(pages.filter((p) => p.startsWith('/panels/')).sort()).toEqual(['/panels/faqList.html', '/panels/storeslist.html']);
  await ctx.close();
});

test('visited pages open offline; an unvisited page says it is not available offline, then goes home', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await page.goto('/rings');
  const title = await page.title();
  await ctx.setOffline(true);
  await expect(page.getByText(messages.offlineIndicator)).toBeVisible();
  await page.goto('/rings');
  expect(await page.title()).toBe(title);
  await page.goto('/watches');
  await expect(page.getByText(messages.offlinePageUnavailable)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/watches');
  await page.getByRole('button', { name: messages.ok, exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.locator('[data-offline-page]')).toHaveCount(0);
  // Without OK, it goes home on its own after the notification's time.
  await page.goto('/bracelets');
  await expect(page.getByText(messages.offlinePageUnavailable)).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/', { timeout: config.constants.notificationTtlMs + 5000 });
  await ctx.setOffline(false);
  await expect(page.getByText(messages.offlineIndicator)).toBeHidden();
  await ctx.close();
});

test('a slow network: a visited page comes from the cache after the network timeout; an unvisited one waits for the network', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await page.goto('/rings');
  const title = await page.title();
  // the server holds the next answers for 12 s (the connection stays open: slow, not offline)
  const HOLD_MS = 12_000;
  await clearFaults(shop);
  await setFaults(shop, [
    { path: '/rings', method: 'GET', mode: 'delay', delayMs: HOLD_MS, times: 1 },
    { path: '/bracelets', method: 'GET', mode: 'delay', delayMs: 4_000, times: 1 },
  ]);
  let t = Date.now();
  await page.goto('/rings');
  const waited = Date.now() - t;
  expect(await page.title()).toBe(title);
  // network first: the worker asked the server and waited its timeout, then answered from the cache
  expect((await faultState(shop)).counts['GET /rings']).toBe(1);
  expect(waited).toBeGreaterThanOrEqual(NETWORK_TIMEOUT_S * 1000 - 100);
  expect(waited).toBeLessThan(HOLD_MS - 2_000);
  // nothing cached for this page: the worker waits for the slow network past its timeout
  t = Date.now();
  await page.goto('/bracelets');
  expect(Date.now() - t).toBeGreaterThanOrEqual(4_000 - 100);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Bracelets/);
  await expect(page.getByText(messages.offlinePageUnavailable)).toHaveCount(0);
  await ctx.close();
});

test('search runs offline from the cached index', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await ctx.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: messages.headerSearch }).click();
  const input = page.getByRole('searchbox').or(page.getByPlaceholder(messages.searchPlaceholder)).first();
  await input.fill('ring');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link').first()).toBeVisible();
  await expect(dialog.getByText(messages.searchOfflineEmpty)).toHaveCount(0);
  await ctx.close();
});

test('a shopper who goes offline before ever opening the checkout can still open it with their bag', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  const p = simpleProduct();
  await openProduct(page, p);
  await addToCart(page);
  await expect(cartBadge(page)).toHaveText('1');
  await ctx.setOffline(true);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your bag' })).toContainText(p.name);
  await expect(page.getByText(messages.offlinePageUnavailable)).toHaveCount(0);
  await ctx.close();
});

test('the cart, wishlist and compare list work offline on visited pages', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  const p = simpleProduct();
  await openProduct(page, p);
  await addToCart(page);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.locator('[data-wishlist-count]')).toHaveText('1');
  // both lists took the product (and are being written) before the network goes
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await ctx.setOffline(true);
  await page.reload();
  await expect(page.locator('.pf[data-live]')).toHaveCount(1);
  await expect(cartBadge(page)).toHaveText('1');
  await expect(page.locator('[data-wishlist-count]')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  const cart = await openMicrocart(page);
  await expect(cart).toContainText(p.name);
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: /^Wishlist/ }).click();
  await expect(page.getByRole('dialog', { name: /Wishlist/ })).toContainText(p.name);
  await page.screenshot({ path: test.info().outputPath('offline-wishlist-1280.png') });
  await ctx.close();
});

test('a waiting order refused for its address is cancelled with the address message', async ({ browser, apiAnswers }) => {
  apiAnswers.expect('/api/order', 400);
  const { ctx, page } = await fresh(browser);
  await ctx.setOffline(true);
  const id = newId('bad-address');
  await placeOrder(page, orderPayload(id, [{ product: products[1]!, qty: 1 }], { postcode: '12345' }));
  await ctx.setOffline(false);
  // The §8 message is a notification with OK (src/browser/kit/Notifications.ts).
  const notice = page.getByRole('alert').filter({ hasText: addressMessage });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('cancelled-address-1280.png') });
  const stored = (await storedOrders(page)).find((o) => o.order_id === id);
  expect(stored).toMatchObject({ cancelled: true, transmited: true, resultCode: 400, cancel_reason: addressMessage });
  expect((await dbOrders(shop)).some((o) => o.order_id === id)).toBe(false);
  await notice.getByRole('button', { name: messages.ok, exact: true }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: messages.offlineOrdersResultTitle })).toHaveCount(0);
  await ctx.close();
});

test('on a thank-you page carrying the external thank-you element the queue is still sent, and its notifications stay hidden', async ({
  browser,
  apiAnswers,
}) => {
  apiAnswers.expect('/api/order', 400);
  const ctx = await shopContext(browser, shop);
  // An external checkout's thank-you page: the shop's order-success page with the external element in it (?external).
  await ctx.addInitScript(() => {
    if (!location.pathname.startsWith('/order-success') || !location.search.includes('external')) return;
    new MutationObserver((_, mo) => {
      if (!document.body) return;
      mo.disconnect();
      const el = document.createElement('div');
      el.id = 'external-thank-you';
      el.textContent = 'Thank you for your order (external checkout)';
      document.body.prepend(el);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const external of [false, true]) {
    const page = await openControlled(ctx, external ? '/order-success?external' : '/order-success');
    await expect(page.locator('#external-thank-you')).toHaveCount(external ? 1 : 0);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await ctx.setOffline(true);
    const id = newId(external ? 'thank-you-external' : 'thank-you');
    await placeOrder(page, orderPayload(id, [{ product: products[1]!, qty: 1 }], { postcode: '12345' }));
    await ctx.setOffline(false);
    // the queue goes out and the order is refused for its address on both pages ...
    await expect.poll(async () => (await storedOrders(page)).find((o) => o.order_id === id)?.cancelled ?? false, { timeout: 15_000 }).toBe(true);
    const notice = page.getByRole('alert').filter({ hasText: addressMessage });
    if (!external) {
      await expect(notice).toBeVisible();
    } else {
      // ... but with the external element the cancel message (an alert with OK and no time limit elsewhere) never shows
      await page.waitForTimeout(1_000);
      await expect(notice).toHaveCount(0);
      await expect(page.locator('[data-notifications] .ntf__item')).toHaveCount(0);
    }
    await page.close();
  }
  await ctx.close();
});

test('a waiting order with a product out of stock is cancelled with the out-of-stock message', async ({ browser, apiAnswers }) => {
  apiAnswers.expect('/api/order', 500);
  const soldOut = products[5]!;
  await setStock(shop, soldOut.sku, 0);
  const { ctx, page } = await fresh(browser);
  await page.setViewportSize({ width: 375, height: 740 });
  await ctx.setOffline(true);
  const id = newId('out-of-stock');
  await placeOrder(page, orderPayload(id, [{ product: soldOut, qty: 1 }]));
  await ctx.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: messages.orderProductsOutOfStock })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('cancelled-stock-375.png') });
  expect((await storedOrders(page)).find((o) => o.order_id === id)).toMatchObject({ cancelled: true, resultCode: 500 });
  expect((await dbOrders(shop)).some((o) => o.order_id === id)).toBe(false);
  await setStock(shop, soldOut.sku, 100_000);
  await ctx.close();
});

test('placing online answers sent, or cancelled with the §8 message, straight away', async ({ browser, apiAnswers }) => {
  apiAnswers.expect('/api/order', 400);
  const { ctx, page } = await fresh(browser);
  const ok = await placeOrder(page, orderPayload(newId('online'), [{ product: products[2]!, qty: 1 }]));
  expect(ok.status).toBe('sent');
  expect(ok.result).toMatchObject({ increment_id: expect.stringMatching(/^PJ\d+/), token: expect.any(String) });
  const bad = await placeOrder(page, orderPayload(newId('online-bad'), [{ product: products[2]!, qty: 1 }], { postcode: '12345' }));
  expect(bad).toMatchObject({ status: 'cancelled', message: addressMessage });
  await ctx.close();
});

test('the confirmation lists waiting orders and lets the shopper send or cancel each', async ({ browser, apiAnswers }) => {
  apiAnswers.expect('/api/order', 503);
  const { ctx, page } = await fresh(browser);
  // The API fails until cleared: the orders stay waiting (Background Sync's immediate try fails too,
  // and its next try is minutes away).
  await setFaults(shop, [{ path: '/api/order', method: 'POST', mode: 'error', code: 503, result: 'Service Unavailable' }]);
  const keep = newId('confirm-send');
  const drop = newId('confirm-cancel');
  expect(
    (
      await placeOrder(
        page,
        orderPayload(keep, [
          { product: products[3]!, qty: 1 },
          { product: products[4]!, qty: 2 },
        ]),
      )
    ).status,
  ).toBe('queued');
  expect((await placeOrder(page, orderPayload(drop, [{ product: products[4]!, qty: 1 }]))).status).toBe('queued');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.__orders.openConfirmation())).toBe(2);
  const panel = page.getByRole('dialog', { name: messages.offlineOrderConfirmTitle });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(messages.offlineOrderConfirmIntro)).toBeVisible();
  const orderRows = panel.locator('.oo-order');
  await expect(orderRows).toHaveCount(2);
  await expect(orderRows.first().getByRole('list', { name: 'Items: 3' }).getByRole('listitem')).toHaveText([
    `${products[3]!.name} × 1`,
    `${products[4]!.name} × 2`,
  ]);
  await page.screenshot({ path: test.info().outputPath('confirm-open-1280.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: test.info().outputPath('confirm-open-375.png') });
  await orderRows.nth(1).getByRole('button', { name: messages.offlineOrderCancelOne, exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: messages.offlineOrderCancelledByShopper })).toBeVisible();
  await expect(orderRows).toHaveCount(1);
  // Still failing: the order stays waiting and the shopper is told.
  await orderRows.first().getByRole('button', { name: messages.offlineOrderSendOne, exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: messages.offlineOrderStillWaiting })).toBeVisible();
  await clearFaults(shop);
  await orderRows.first().getByRole('button', { name: messages.offlineOrderSendOne, exact: true }).click();
  // Nothing waits any more: the panel tells what happened.
  const done = page.getByRole('dialog', { name: messages.offlineOrdersResultTitle });
  await expect(done.getByText(messages.offlineOrderSent)).toBeVisible();
  await expect(done.locator('.oo-order')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('confirm-done-375.png') });
  const rows = await dbOrders(shop);
  expect(rows.filter((o) => o.order_id === keep)).toHaveLength(1);
  expect(rows.filter((o) => o.order_id === drop)).toHaveLength(0);
  expect((await storedOrders(page)).find((o) => o.order_id === drop)).toMatchObject({ cancelled: true, transmited: false });
  await ctx.close();
});

test('background sync in the service worker sends the queue with no page open', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await ctx.setOffline(true);
  const id = newId('bg-sync');
  expect((await placeOrder(page, orderPayload(id, [{ product: products[0]!, qty: 1 }]))).status).toBe('queued');
  const tags = await page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.getRegistration()) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return reg.sync.getTags();
  });
  expect(tags).toContain('orderSync');
  // Keep the worker reachable through a blank page of the origin-less kind: close every shop page.
  const sw = ctx.serviceWorkers()[0]!;
  await page.close();
  await ctx.setOffline(false);
  // Chromium fires the sync when the connection returns; if it does not here, ask it through DevTools.
  const arrived = async () => (await dbOrders(shop)).filter((o) => o.order_id === id).length;
  await expect
    .poll(arrived, { timeout: 6000 })
    .toBe(1)
    .catch(async () => {
      const probe = await ctx.newPage();
      await probe.goto('about:blank');
      const cdp = await ctx.newCDPSession(probe);
      const regId = await sw.evaluate(() => (self as unknown as { registration: { scope: string } }).registration.scope);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseOf(shop), registrationId: regId, tag: 'orderSync', lastChance: false });
      await expect.poll(arrived, { timeout: 10_000 }).toBe(1);
    });
  const again = await openControlled(ctx, '/');
  expect((await storedOrders(again)).find((o) => o.order_id === id)).toMatchObject({ transmited: true });
  await ctx.close();
});

test('an update waits for the shopper, keeps the old page working, and never mixes versions', async ({ browser }) => {
  const { ctx, page } = await fresh(browser);
  await page.goto('/rings');
  const next = nextDeploy(DIST);
  try {
    shop.site.switchTo(next);
    // The open page (old version) finds the update; it waits, and the shopper is asked to refresh.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const notice = page.getByRole('alert').filter({ hasText: messages.swUpdated });
    // The new worker precaches the whole new version before it says so.
    await expect(notice).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: test.info().outputPath('update-notice-1280.png') });
    // Old assets are gone from the server, yet the old page still loads its lazy chunks (search panel).
    await page.getByRole('button', { name: messages.headerSearch }).click();
    await expect(page.getByPlaceholder(messages.searchPlaceholder)).toBeVisible();
    await page.keyboard.press('Escape');
    // Refresh: the new worker takes over and the page reloads with the new HTML and only new assets.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: messages.refresh }).click()]);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const assetUrls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"], link[rel="modulepreload"]')].map(
        (e) => (e as HTMLScriptElement).src || (e as HTMLLinkElement).href,
      ),
    );
    const astroAssets = assetUrls.filter((u) => u.includes('/_astro/'));
    expect(astroAssets.length).toBeGreaterThan(0);
    for (const u of astroAssets) expect(u, 'the new HTML loads only new assets').toMatch(/v2\.\w+$/);
    expect(failed).toEqual([]);
    // The offline page and the order queue still work with the new worker.
    await ctx.setOffline(true);
    await page.goto('/earrings');
    await expect(page.getByText(messages.offlinePageUnavailable)).toBeVisible();
    await page.goto('/rings');
    const id = newId('after-update');
    expect((await placeOrder(page, orderPayload(id, [{ product: products[1]!, qty: 1 }]))).status).toBe('queued');
    await ctx.setOffline(false);
    await expect.poll(async () => (await dbOrders(shop)).filter((o) => o.order_id === id).length, { timeout: 15_000 }).toBe(1);
  } finally {
    shop.site.switchTo(DIST);
    await ctx.close();
    rmSync(next, { recursive: true, force: true });
  }
});
