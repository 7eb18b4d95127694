/** Home (§2: / and /pwa.html, /home-dev): banners, featured categories, product tiles with prices; nothing leaves the machine. */
import { expect, test } from './fixture';
import { headFacts, ldOf, screenshots, SHOP, SITE, visit } from './helpers';
import { homePageData } from '../../src/lib/build/page-data';
import { formatPrice, shopperPrice } from './oracle';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

test.describe('home page', () => {
  test('shows the main banners, featured categories and product tiles with prices', async ({ page }) => {
    await visit(page, '/');
    const f = await headFacts(page);
    expect(f.title).toContain(SHOP);
    expect(f.canonicals).toEqual([`${SITE}/`]);
    expect(f.h1s).toHaveLength(1);
    expect(ldOf(f, 'Organization')).toMatchObject({ name: SHOP });
    const data = homePageData();
    const offers = page.locator('[data-offers-block]').first();
    await expect(offers.getByText(data.banners.mainBanners[0]!.title, { exact: true })).toBeVisible();
    for (const c of data.categories) await expect(page.getByRole('link', { name: new RegExp(`^${c.category.name}\\b`) }).first()).toBeVisible();
    const tiles = page.locator('.tile');
    await expect(tiles).toHaveCount(data.products.length);
    const first = data.products[0]!;
    const tile = page.locator(`.tile[data-sku="${first.sku}"]`);
    await expect(tile.getByRole('heading', { name: first.name })).toBeVisible();
    await expect(tile.locator('.price')).toContainText(formatPrice(shopperPrice(first)));
  });

  test('a tile link opens its product page', async ({ page }) => {
    await visit(page, '/');
    const link = page.locator('.tile a').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}/?$`));
    await expect(page.locator('h1')).toHaveCount(1);
  });

  test('fonts, styles and images all come from the shop itself', async ({ page }) => {
    const outside: string[] = [];
    const fonts: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!['localhost', '127.0.0.1'].includes(u.hostname)) outside.push(r.url());
      if (r.resourceType() === 'font') fonts.push(u.pathname);
    });
    await visit(page, '/');
    await page.waitForLoadState('networkidle');
    expect(outside).toEqual([]);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((p) => p.startsWith('/_astro/'))).toBe(true);
    // The page sets no character beyond the basic files' (src/lib/build/fonts.ts): the Latin-1 files are not downloaded.
    expect(fonts.map((p) => p.replace(/\.[\w-]+\.woff2$/, '')).sort()).toEqual(['/_astro/cormorant-display-basic', '/_astro/inter-text-basic']);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h2')!).fontFamily)).toContain('Cormorant Garamond');
  });

  test('/pwa.html is the home page with its canonical link on /', async ({ page }) => {
    await visit(page, '/pwa.html');
    const f = await headFacts(page);
    expect(f.canonicals).toEqual([`${SITE}/`]);
    await expect(page.locator('.tile').first()).toBeVisible();
  });

  test('/home-dev renders the home page and is kept out of search engines', async ({ page }) => {
    await visit(page, '/home-dev');
    const f = await headFacts(page);
    expect(f.robots).toContain('noindex');
    expect(f.canonicals).toEqual([`${SITE}/home-dev`]);
    await expect(page.locator('.tile').first()).toBeVisible();
  });

  test('screenshots of the home page at 375px and 1280px', async ({ page }) => {
    await screenshots(page, '/', 'home');
  });
});
