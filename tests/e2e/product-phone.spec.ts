/**
 * The product page on a phone (390 px): the first screen shows the picture, the name and the price;
 * once the form's Add to cart has scrolled away, a bar at the foot of the screen offers it again
 * (keyboard and screen reader reach it only while it is shown; showing it moves nothing on the page).
 * On a desktop there is no bar.
 */
import { expect, test } from './fixture';
import { cartBadge, pick, productUrl, simpleProduct } from './product-cart-helpers';
import { productPageData } from '../../src/lib/build/product-page-data';
import { formatPrice, shopperPrice } from './oracle';

test.use({ serviceWorkers: 'block' });

/** The bar: a region named by the product's name. */
const bar = (page: import('@playwright/test').Page) => page.getByRole('region', { name: simpleProduct().name, exact: true });

test.describe('product page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first screen shows the name and the price', async ({ page }) => {
    const p = simpleProduct();
    await page.goto(productUrl(p));
    const price = await page.locator('[data-product-price]').boundingBox();
    const name = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(name!.y + name!.height).toBeLessThanOrEqual(844);
    expect(price!.y + price!.height).toBeLessThanOrEqual(844);
    // The price follows the name.
    expect(price!.y).toBeGreaterThan(name!.y);
    expect(price!.y - (name!.y + name!.height)).toBeLessThan(40);
  });

  test('a sticky add-to-bag bar appears once Add to cart scrolls away, moves nothing, and adds with the keyboard', async ({ page }) => {
    const p = simpleProduct();
    await page.goto(productUrl(p));
    await page.evaluate(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number }>) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    // Not shown (nor reachable by keyboard or screen reader) while the form's button is on the screen or below it.
    await expect(bar(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(1);

    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText(formatPrice(shopperPrice(p)));
    // Fully on the screen, at its foot.
    const box = await bar(page).boundingBox();
    await expect.poll(async () => Math.round((await bar(page).boundingBox())!.y + box!.height)).toBe(844);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);

    const add = bar(page).getByRole('button', { name: 'Add to cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-notifications]')).toContainText('Product has been added to the cart!');
    await expect(cartBadge(page)).toHaveText('1');

    // Back up at the form: the bar goes (and out of the tab order with it).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar(page)).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('product-390.png') });
  });

  test('with a special price and before the web fonts arrive, the bar keeps its height and the price one line', async ({ page }) => {
    const p = pick(
      (x) => x.type_id === 'simple' && x.stock.is_in_stock && x.custom_options.length === 0 && productPageData(x.id).prices.special !== null,
      'simple, in stock, with a special price',
    );
    // The fallback font, wider than the web font, is the longest the price line can be.
    await page.route(/\.woff2?(\?|$)/, (route) => route.abort());
    await page.goto(productUrl(p));
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const region = page.getByRole('region', { name: p.name, exact: true });
    await expect(region).toBeVisible();
    await expect(region.locator('.price__special')).toBeVisible();
    // The room the page keeps at its foot (76 px) is the bar's height: taller, it would hide the page's end and meet the toasts.
    expect((await region.boundingBox())!.height).toBeLessThanOrEqual(76);
    // The bar slides in: both amounts measured once it stands still, in one frame (two measures taken
    // apart during the slide differ by the distance it moved between them).
    await region.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const [original, special] = await region.evaluate((el) =>
      ['.price__original', '.price__special'].map((s) => el.querySelector(s)!.getBoundingClientRect().bottom),
    );
    expect(Math.abs(original! - special!), 'both amounts on one line').toBeLessThan(8);
    await page.screenshot({ path: test.info().outputPath('product-special-390.png') });
  });

  test('the bar shows at once when the shopper scrolled past Add to cart before the page scripts started', async ({ page }) => {
    // The bar's script held back until the page has been scrolled (page scripts start after the first paint).
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/StickyBuy\.astro_astro_type_script[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(productUrl(simpleProduct()));
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await expect(bar(page)).toBeHidden();
    const started = page.waitForResponse(/StickyBuy\.astro_astro_type_script/);
    release();
    await started;
    // No further scroll: the script measures where the form's button is when it starts.
    await expect(bar(page)).toBeVisible();
  });
});

test.describe('product page on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('has no add-to-bag bar, scrolled or not', async ({ page }) => {
    await page.goto(productUrl(simpleProduct()));
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await expect(bar(page)).toBeHidden();
  });
});
