/**
 * The smaller features of the spec-coverage issue, in the built site: social feed, URL dispatcher,
 * video player, finance call to action, takeover banner, category promo block, stores and FAQ list
 * panels, promo strip. Screenshots at 375 and 1280 go to test-results/screenshots/spec-*.png.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { messages, fill } from '../../src/lib/messages';
import { catalog, hasProductPage } from '../../src/lib/routing/routes';
import { productUrl } from '../../src/lib/catalog/urls';
import { financeInfo, categoryPromoFor } from '../../src/lib/build/promo';
import { formatPrice } from './oracle';
import { readShops, readSocial } from '../../src/lib/snapshot/read';
import { pagePath, visit } from './helpers';
import { ampProductUrl } from '../../src/lib/catalog/urls';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

/** Requests that leave the shop (anything not on localhost). */
function watchExternal(page: Page): string[] {
  const external: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(u.hostname) && !u.protocol.startsWith('data')) external.push(r.url());
  });
  return external;
}

async function shoot(page: Page, name: string, width: number, fullPage = false) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForTimeout(350);
  await page.screenshot({ path: `test-results/screenshots/spec-${name}-${width}.png`, fullPage });
}

const products = () => catalog().products.filter(hasProductPage);

test.describe('social photo feed', () => {
  test('the home page shows the social feed with 7 pictures served by the shop', async ({ page }) => {
    const external = watchExternal(page);
    await visit(page, '/');
    const feed = page.locator('[data-social-feed]');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed.getByRole('heading', { name: readSocial().title })).toBeVisible();
    const imgs = feed.locator('[data-social-list] img');
    await expect(imgs).toHaveCount(7);
    for (const src of await imgs.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).currentSrc || e.getAttribute('src')!))) {
      expect(new URL(src, 'http://localhost').pathname).toMatch(/^\/img\/310\/300\/resize\/social\//);
    }
    await expect(feed).toHaveAttribute('data-feed-source', /extension|snapshot/);
    for (const w of [375, 1280]) {
      await page.setViewportSize({ width: w, height: 900 });
      await feed.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await feed.screenshot({ path: `test-results/screenshots/spec-social-feed-${w}.png` });
    }
    expect(external).toEqual([]);
  });

  test('the social feed shows the pictures the social-settings extension answers', async ({ page }) => {
    const base = readSocial();
    const images = [...base.images].reverse().map((i, n) => ({ ...i, caption: `Fresh ${n + 1}` }));
    await page.route('**/api/ext/social-settings', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, result: { ...base, images: [...images, ...images] } }) }),
    );
    await visit(page, '/');
    const feed = page.locator('[data-social-feed]');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed).toHaveAttribute('data-feed-source', 'extension');
    await expect(feed.locator('[data-social-list] img')).toHaveCount(7);
    await expect(feed.locator('[data-social-list] img').first()).toHaveAttribute('alt', 'Fresh 1');
  });

  test('the social feed keeps the snapshot pictures when the extension fails', async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/ext/social-settings', 500);
    await page.route('**/api/ext/social-settings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"result":"down"}' }),
    );
    await visit(page, '/');
    const feed = page.locator('[data-social-feed]');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed).toHaveAttribute('data-feed-source', 'snapshot');
    await expect(feed.locator('[data-social-list] img').first()).toHaveAttribute('alt', readSocial().images[0]!.caption);
  });
});

test.describe('url dispatcher', () => {
  test('a legacy url moves the shopper to the category page', async ({ page }) => {
    await page.goto('/engagement-rings.html');
    await page.waitForURL('**/rings/engagement-rings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog().categoryById.get(11)!.name);
  });

  test('a renamed product url moves the shopper to the product page', async ({ page }) => {
    const p = products().find((x) => x.type_id === 'simple')!;
    await page.goto(`/${p.sku}/an-old-name-of-it`);
    await page.waitForURL((u) => u.pathname === productUrl(p));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  });

  test("an unknown url stays on the page-not-found page and logs 'No mapping found'", async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await visit(page, '/no-such-page-anywhere', 404);
    await expect(page.locator('[data-url-dispatcher]')).toHaveAttribute('data-state', 'not-found');
    expect(page.url()).toMatch(/\/no-such-page-anywhere$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.notFound404);
    expect(logs).toContain(`${messages.noMappingFound}: /no-such-page-anywhere`);
  });

  test("logs 'Route not found' when the url map cannot be read", async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.route('**/_url-map.json', (route) => route.abort());
    // A path only the script can map (a url_key under an old category path): legacy paths such as
    // /engagement-rings.html now answer 301 from the redirect map (dist/_cdn/edge/) before any page loads.
    const old = '/old/category/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001.html';
    await visit(page, old, 404);
    await expect(page.locator('[data-url-dispatcher]')).toHaveAttribute('data-state', 'not-found');
    expect(logs).toContain(`${messages.routeNotFound}: ${old}`);
  });

  test('a gone product is not looked up', async ({ page }) => {
    const gone = catalog().products.find((p) => p.discontinued === 1 && p.visibility >= 2)!;
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('_url-map')) asked = true;
    });
    await visit(page, `/${gone.url_path}`, 410);
    await page.waitForTimeout(300);
    expect(asked).toBe(false);
  });
});

test.describe('video player', () => {
  test('the campaign video loads nothing from another site until play is pressed', async ({ page }) => {
    const external = watchExternal(page);
    await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }));
    await visit(page, '/launch-campaign');
    const player = page.locator('[data-video-player]');
    await expect(player).toHaveCSS('max-width', '640px');
    for (const w of [375, 1280]) {
      await page.setViewportSize({ width: w, height: 900 });
      await player.scrollIntoViewIfNeeded();
      await player.screenshot({ path: `test-results/screenshots/spec-video-${w}.png` });
    }
    expect(external).toEqual([]);
    await page.getByRole('button', { name: fill(messages.videoPlayLabel, { title: (await player.getAttribute('data-title')) ?? '' }) }).click();
    const frame = player.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?autoplay=1&controls=1/);
    await expect(player).toHaveAttribute('data-state', 'playing');
  });
});

test.describe('finance, takeover and promo blocks', () => {
  test('a financeable product shows from £X a month and links to the finance pages', async ({ page }) => {
    const p = products().find((x) => financeInfo(x)?.monthlyFrom && financeInfo(x)?.klarna)!;
    await visit(page, pagePath(p));
    const box = page.locator('[data-finance]');
    await expect(box.locator('[data-finance-from]')).toContainText(fill(messages.financeFrom, { price: formatPrice(Number(p.lowest_possible_finance)) }));
    await expect(box.getByRole('link', { name: messages.financeOptionsLink })).toHaveAttribute('href', '/finance-options');
    await expect(box.locator('[data-klarna-cta]')).toContainText(messages.klarnaAvailable);
    await expect(box.getByRole('link', { name: messages.klarnaInfoLink })).toHaveAttribute('href', '/klarna-info');
    await expect(box.getByRole('link', { name: messages.klarnaFaqsLink })).toHaveAttribute('href', '/klarna-faqs');
    await box.getByRole('link', { name: messages.klarnaFaqsLink }).click();
    await expect(page).toHaveURL(/\/klarna-faqs$/);
    await page.goBack();
    for (const w of [375, 1280]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.locator('.product__info').screenshot({ path: `test-results/screenshots/spec-finance-${w}.png` });
    }
  });

  test('a product without finance shows no finance lines', async ({ page }) => {
    const p = products().find((x) => !financeInfo(x))!;
    await visit(page, pagePath(p));
    await expect(page.locator('[data-finance]')).toHaveCount(0);
  });

  test('a product with category_promo_block shows that block', async ({ page }) => {
    const p = products().find((x) => categoryPromoFor(x))!;
    const promo = categoryPromoFor(p)!;
    await visit(page, pagePath(p));
    await expect(page.locator(`[data-category-promo="${promo.identifier}"]`)).toBeVisible();
  });

  test('the engagement rings category shows its takeover banner with its button title', async ({ page }) => {
    const c = catalog().categories.find((x) => x.url_path === 'rings/engagement-rings')!;
    await visit(page, '/rings/engagement-rings');
    const tk = page.locator('[data-takeover]');
    await expect(tk.locator('img')).toHaveAttribute('src', /\/img\/1024\/230\/resize\/banners\/takeover-engagement-rings\.jpg$/);
    await expect(tk.getByRole('link', { name: c.button_title! })).toHaveAttribute('href', '/evermore');
    // titled with the category's name (not the CMS block's lower-case admin title)
    await expect(tk).toHaveAttribute('aria-label', c.name);
    await expect(tk.locator('.takeover__title')).toHaveText(c.name);
    for (const w of [375, 1280]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `test-results/screenshots/spec-takeover-${w}.png` });
    }
  });

  test('a category without a takeover has no takeover banner', async ({ page }) => {
    await visit(page, '/charms');
    await expect(page.locator('[data-takeover]')).toHaveCount(0);
  });
});

test.describe('stores list and faq list panels', () => {
  test('the stores list panel opens from the footer, lists every shop and closes with escape', async ({ page }) => {
    await visit(page, '/');
    const trigger = page.getByRole('button', { name: messages.storesListOpen });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: messages.storesListTitle });
    await expect(dialog).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const s of readShops()) await expect(dialog.getByRole('link', { name: s.name })).toBeVisible();
    await expect(dialog.getByRole('button', { name: messages.listPanelClose })).toBeFocused();
    await shoot(page, 'stores-list', 1280);
    await shoot(page, 'stores-list', 375);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the page behind an open list panel does not scroll, and scrolls again once it is closed', async ({ page }) => {
    // At 1280 px the drawer leaves the page visible on its left, under the backdrop: the wheel goes there.
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/');
    await page.getByRole('button', { name: messages.storesListOpen }).click();
    const dialog = page.getByRole('dialog', { name: messages.storesListTitle });
    await expect(dialog).toBeVisible();
    // The trigger is in the footer: the page is scrolled down, so a wheel upwards would move it.
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(800);
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, -800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.mouse.wheel(0, -800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(before);
  });

  test('the faq list panel opens from the footer and closes with its close button', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('link', { name: messages.faqListOpen }).click();
    const dialog = page.getByRole('dialog', { name: messages.faqListTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: messages.faqListAll })).toHaveAttribute('href', '/faq');
    await expect(page).toHaveURL(/\/$/);
    await shoot(page, 'faq-list', 1280);
    await shoot(page, 'faq-list', 375);
    await dialog.getByRole('button', { name: messages.listPanelClose }).click();
    await expect(dialog).toBeHidden();
  });

  test('opening one list panel closes the other', async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: messages.storesListOpen }).click();
    // The panel comes from its fragment on the first open: Escape closes it once it is there.
    const stores = page.getByRole('dialog', { name: messages.storesListTitle });
    await expect(stores).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(stores).toBeHidden();
    await page.getByRole('link', { name: messages.faqListOpen }).click();
    await expect(page.getByRole('dialog', { name: messages.faqListTitle })).toBeVisible();
    await expect(page.getByRole('dialog', { name: messages.storesListTitle })).toBeHidden();
  });
});

test.describe('promo strip', () => {
  test('the promo strip closes and stays closed for the visit', async ({ page }) => {
    await visit(page, '/');
    const strip = page.locator('[data-promo-strip]');
    await expect(strip).toBeVisible();
    await page.getByRole('button', { name: messages.promoStripClose }).click();
    await expect(strip).toBeHidden();
    await visit(page, '/charms');
    await expect(page.locator('[data-promo-strip]')).toBeHidden();
  });
});

test.describe('image proxy sizes', () => {
  test('pages ask the image proxy for the §9 sizes: gallery 600x744, tiles 310x300, amp gallery 450x500', async ({ page, request }) => {
    const p = products().find((x) => x.type_id === 'simple' && x.media_gallery && x.media_gallery.length > 1)!;
    await visit(page, pagePath(p));
    const gallery = await page.locator('.gallery img').first().getAttribute('src');
    expect(gallery).toMatch(/^\/img\/600\/744\/resize\//);
    expect((await request.get(gallery!)).status()).toBe(200);
    const tile = await page.locator('[data-related] img.tile__img').first().getAttribute('src');
    expect(tile).toMatch(/^\/img\/310\/300\/resize\//);
    const amp = await (await request.get(ampProductUrl(p))).text();
    expect(amp).toMatch(/<amp-img[^>]+src="\/img\/450\/500\/resize\//);
  });
});
