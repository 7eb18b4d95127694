/**
 * Product options and add to cart (spec §2 product page, §4 Configurable product and
 * Option prices, §5, §8) against the built site and the reference API.
 */
import { expect, test } from './fixture';
import { formatPrice, shopperPrice } from './oracle';
import {
  addToCart,
  cartBadge,
  engravingProduct,
  missingCombination,
  openMicrocart,
  openProduct,
  pick,
  productForm,
  productUrl,
  shots,
  simpleProduct,
  sizedRing,
  wakeProductOptions,
} from './product-cart-helpers';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

test.describe('product options', () => {
  test('the form is static HTML until touched: nothing of React loads, and the first click on Add to cart still adds', async ({ page }) => {
    const p = simpleProduct();
    const islandCode: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/(ProductOptions|AddToCart|react|client)\.[\w-]+\.js$/.test(new URL(r.url()).pathname)) islandCode.push(r.url());
    });
    const res = await page.goto(productUrl(p));
    expect(res?.status()).toBe(200);
    // A shopper who only looks: after load and a while of idle time, the island is still the static form.
    await page.waitForLoadState('load');
    await page.waitForTimeout(2000);
    expect(islandCode).toEqual([]);
    await expect(page.locator('.pf[data-live]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
    // The first click wakes the island; it is held and replayed once React owns the form.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('[data-notifications]')).toContainText('Product has been added to the cart!');
    await expect(cartBadge(page)).toHaveText('1');
    expect(islandCode.some((u) => u.includes('/ProductOptions.'))).toBe(true);
  });

  test("on a phone, the first tap on the still static form counts: a bundle's other choice is chosen and priced", async ({ browser }) => {
    // BND-1021 (the charm starter gift set): the Bracelet radio defaults to DL1320 (£249), the set costs
    // £281.99; the other bracelet is the first thing the shopper touches on the page.
    const p = pick((x) => x.sku === 'BND-1021', 'the charm starter gift set');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      expect((await page.goto(productUrl(p)))?.status()).toBe(200);
      await page.waitForLoadState('load');
      await expect(page.locator('.pf[data-live]')).toHaveCount(0);
      const option = page.locator('[data-bundle-option="10211"]');
      const link = p.bundle_options.find((o) => o.option_id === 10211)!.product_links.find((l) => !l.is_default)!;
      const other = option.getByRole('radio', { name: link.product!.name });
      await expect(other).not.toBeChecked();
      await other.scrollIntoViewIfNeeded();
      await other.tap();
      await expect(page.locator('.pf[data-live]')).toHaveCount(1);
      await expect(other).toBeChecked();
      await expect(page.locator('[data-product-price]')).not.toContainText('£281.99');
      await expect(option.locator('input[type="radio"]:checked')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test("choosing a colour shows that child's own picture in the gallery", async ({ page }) => {
    // A configurable ring whose children carry their own pictures, part of its gallery.
    const p = pick(
      (x) =>
        x.type_id === 'configurable' &&
        (x.configurable_options ?? []).some((o) => o.attribute_code === 'color') &&
        new Set((x.configurable_children ?? []).map((c) => c.image).filter(Boolean)).size > 1,
      'a configurable product with a picture per colour',
    );
    await openProduct(page, p);
    const colour = p.configurable_options!.find((o) => o.attribute_code === 'color')!;
    const shown = () =>
      page.evaluate(() => {
        const i = Number(document.querySelector('[data-gallery-goto][aria-current="true"]')?.getAttribute('data-gallery-goto'));
        return document.querySelector(`.gallery__slide[data-index="${i}"] img`)?.getAttribute('src') ?? '';
      });
    // Each colour in turn: the gallery shows a picture of that colour's child.
    let moved = 0;
    for (const v of colour.values) {
      const child = p.configurable_children!.find((c) => String(c.color) === String(v.value_index) && c.image && c.status === 1);
      const button = page.getByRole('button', { name: v.label, exact: true });
      if (!child || !(await button.isEnabled())) continue;
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      const file = child.image!.split('/').pop()!;
      const inGallery = await page.locator(`.gallery__slide img[src*="${file}"]`).count();
      if (!inGallery) continue;
      await expect.poll(shown).toContain(file);
      moved++;
    }
    expect(moved).toBeGreaterThan(1);
  });

  test('choosing a size reconfigures the ring: sku, price and address follow the child', async ({ page }) => {
    const { product, size, child } = sizedRing();
    await openProduct(page, product);
    const button = page.getByRole('button', { name: size.label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
    await expect(productForm(page)).toHaveAttribute('data-child-sku', child.sku);
    await expect(page.locator('[data-product-price]')).toContainText(formatPrice(shopperPrice(child)));
    const expected = new URL(productUrl(product, { childSku: child.sku }), page.url());
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(expected.pathname + expected.search);
  });

  test("a child named in the address shows its price (the page's one price markup) before the options wake; a malformed embedded blob leaves the page as built", async ({
    page,
  }) => {
    const available = (x: ReturnType<typeof pick>) => (x.configurable_children ?? []).filter((c) => c.status === 1 && c.stock.is_in_stock);
    const p = pick(
      (x) => x.type_id === 'configurable' && new Set(available(x).map((c) => shopperPrice(c))).size > 1,
      'configurable whose available children cost different amounts',
    );
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const box = page.locator('[data-product-price] > .price');
    // Opened without a touch: the options island stays static HTML, only the page's script runs.
    const open = async (childSku?: string) => expect((await page.goto(productUrl(p, childSku ? { childSku } : {})))?.status()).toBe(200);
    await open();
    const built = { price: await box.textContent(), sku: await page.locator('[data-sku-text]').textContent() };
    const child = available(p).find((c) => !built.price!.includes(formatPrice(shopperPrice(c))))!;

    await open(child.sku);
    await expect(box).toHaveCount(1);
    await expect(box).toHaveClass(/\bprice--lg\b/);
    await expect(box).toContainText(formatPrice(shopperPrice(child)));
    await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
    await expect(page.locator('.pf[data-live]')).toHaveCount(0);

    // The same address with the embedded data cut short: no script error, the build's price and sku stay.
    await page.route(
      (url) => url.pathname === new URL(page.url()).pathname,
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/(<script[^>]*id="product-data"[^>]*>)[^<]*/, '$1{"sku":');
        await route.fulfill({ response: res, body: html });
      },
    );
    await open(child.sku);
    await expect(page.locator('[data-sku-text]')).toHaveText(built.sku!);
    await expect(box).toHaveText(built.price!);
    expect(errors).toEqual([]);
  });

  test('a choice without a variant keeps the previous one and shows the wrong-attributes notice', async ({ page }) => {
    const { product, label } = missingCombination();
    await openProduct(page, product);
    const sku = await page.locator('[data-sku-text]').textContent();
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.locator('[data-notifications]')).toContainText(
      'No such configuration for the product. Please do choose another combination of attributes.',
    );
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-sku-text]')).toHaveText(sku!);
  });

  test('choosing a size and adding it puts that ring in the cart', async ({ page }) => {
    const { product, size, child } = sizedRing();
    await openProduct(page, product);
    await page.getByRole('button', { name: size.label, exact: true }).click();
    await expect(page.locator('.pf-checking')).toHaveCount(0);
    await addToCart(page);
    await expect(cartBadge(page)).toHaveText('1');
    const cart = await openMicrocart(page);
    const line = cart.locator(`[data-cart-line="${child.sku}"]`);
    await expect(line).toContainText(product.name);
    await expect(line).toContainText(size.label.replace(/^(\S+) /, '$1: '));
  });

  test("a required engraving says 'Field is required.' first, then adds with the text and its price", async ({ page }) => {
    const p = engravingProduct();
    await openProduct(page, p);
    const field = p.custom_options.find((o) => o.is_require && o.type === 'field')!;
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const input = page.getByLabel(field.title);
    await expect(page.getByText('Field is required.', { exact: true })).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-notifications]')).toContainText('Please configure product custom options and fix the validation errors');
    await expect(cartBadge(page)).toBeHidden();
    await shots(page, 'product-options-required', async () => {
      await page.locator('[data-custom-options]').scrollIntoViewIfNeeded();
    });
    await input.fill('Forever yours');
    await expect(page.getByText('Field is required.', { exact: true })).toHaveCount(0);
    const update = page.waitForRequest((r) => r.url().includes('/api/cart/update'));
    await addToCart(page);
    const body = (await update).postDataJSON() as {
      cartItem: { sku: string; product_option: { extension_attributes: { custom_options: Array<{ option_id: number; option_value: string }> } } };
    };
    expect(body.cartItem.sku).toBe(p.sku);
    expect(body.cartItem.product_option.extension_attributes.custom_options).toContainEqual({ option_id: field.option_id, option_value: 'Forever yours' });
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('custom option prices change the price live (fixed amounts and percents)', async ({ page }) => {
    const p = engravingProduct();
    const base = shopperPrice(p);
    await openProduct(page, p);
    const price = page.locator('[data-product-price]');
    await expect(price).toContainText(formatPrice(base));
    const radio = p.custom_options.find((o) => o.type === 'radio')!;
    const fixed = radio.values.find((v) => Number(v.price) > 0 && v.price_type === 'fixed')!;
    await page.getByRole('radio', { name: fixed.title }).check();
    await expect(price).toContainText(formatPrice(base + Number(fixed.price)));
    const drop = p.custom_options.find((o) => o.type === 'drop_down')!;
    const percent = drop.values.find((v) => v.price_type === 'percent' && Number(v.price) > 0)!;
    await page.getByLabel(drop.title).selectOption(String(percent.option_type_id));
    await expect(price).toContainText(formatPrice(base + Number(fixed.price) + (base * Number(percent.price)) / 100));
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await expect(price).toContainText(formatPrice(2 * (base + Number(fixed.price) + (base * Number(percent.price)) / 100)));
  });

  test("a bundle prices its selections and refuses quantity 0 on a required option with 'Must be greater than 0'", async ({ page }) => {
    const p = pick((x) => x.type_id === 'bundle' && x.bundle_options.some((o) => o.required && o.product_links.length > 1), 'bundle with a choice');
    await openProduct(page, p);
    const option = p.bundle_options.find((o) => o.required && o.product_links.length > 1)!;
    const group = page.locator(`[data-bundle-option="${option.option_id}"]`);
    const qty = group.locator('input[type="number"]:not([disabled])');
    await expect(qty).toHaveValue('1');
    await expect(qty).toHaveAttribute('min', '0');
    await qty.fill('0');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(group.getByText('Must be greater than 0')).toBeVisible();
    await expect(page.locator('[data-notifications]')).toContainText('Please configure product bundle options and fix the validation errors');
    await qty.fill('1');
    await addToCart(page);
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('a bundle shows, and the cart charges, the price of its default choices; the optional charm stays out until ticked', async ({ page }) => {
    // BND-1021 in the snapshot: Bracelet (required, radio) defaults to DL1320 at £249 (its special
    // price ended 21/9/2026), Charms (required, checkbox) to LL1168 at £32.99; "Add a charm" is
    // optional with nothing flagged default: 249 + 32.99 = £281.99 on the tile, the page and the cart.
    const p = pick((x) => x.sku === 'BND-1021', 'the charm starter gift set');
    await openProduct(page, p);
    const priceBox = page.locator('[data-product-price]');
    await expect(priceBox).toContainText('£281.99');
    await expect(priceBox).not.toContainText('£300.99');
    const charms = page.locator('[data-bundle-option="10212"]');
    await expect(charms.locator('input[type="checkbox"]')).toHaveCount(3);
    await expect(charms.locator('input[type="radio"]')).toHaveCount(0);
    const extra = page.locator('[data-bundle-option="10213"]');
    await expect(extra.locator('input:checked')).toHaveCount(0);
    await addToCart(page);
    const cart = await openMicrocart(page);
    await expect(cart).toContainText('£281.99');
    await expect(cart).not.toContainText('£300.99');
    await page.keyboard.press('Escape');
    // Ticking a second charm (LL1124, £25.99) adds it: 281.99 + 25.99 = 307.98.
    await charms.locator('input[value="102111"]').check();
    await expect(priceBox).toContainText('£307.98');
  });

  test('what the page says is out of stock is refused, never "added"', async ({ page }) => {
    // SW1019 is out of stock in the snapshot (and, in the next test, EV1001 in platinum size Q: EV1001-P-Q).
    await openProduct(
      page,
      pick((x) => x.sku === 'SW1019', 'the out-of-stock pearl studs'),
    );
    await expect(page.getByText('This product is out of stock.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toasts = page.locator('[data-notifications]');
    await expect(toasts).toContainText('The product is out of stock and cannot be added to the cart!');
    await expect(toasts).not.toContainText('Product has been added to the cart!');
  });

  test('an out-of-stock size of a ring is refused, never "added"', async ({ page }) => {
    await openProduct(
      page,
      pick((x) => x.sku === 'EV1001', 'the evermore ring'),
      'EV1001-P-Q',
    );
    const toasts = page.locator('[data-notifications]');
    await expect(page.locator('[data-sku-text]')).toHaveText('EV1001-P-Q');
    await expect(productForm(page).getByText('This product is out of stock.')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toasts).toContainText('The product is out of stock and cannot be added to the cart!');
    await expect(toasts).not.toContainText('Product has been added to the cart!');
    await expect(cartBadge(page)).toHaveText('');
  });

  test('a size sold out since the build, opened at its own address, is refused at the add, not at the order', async ({ page }) => {
    // EV1001's default child EV1001-P-O is in stock in the snapshot; the API now says none is left.
    await page.route('**/api/stock/check**', async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      if (new URL(route.request().url()).searchParams.get('sku') === 'EV1001-P-O') Object.assign(body.result, { is_in_stock: false, qty: 0 });
      await route.fulfill({ response: answer, json: body });
    });
    await openProduct(
      page,
      pick((x) => x.sku === 'EV1001', 'the evermore ring'),
      'EV1001-P-O',
    );
    await expect(page.locator('[data-sku-text]')).toHaveText('EV1001-P-O');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('[data-notifications]')).toContainText('The product is out of stock and cannot be added to the cart!');
    await expect(page.locator('[data-notifications]')).not.toContainText('Product has been added to the cart!');
    await expect(cartBadge(page)).toHaveText('');
  });

  test("on a phone, the add-to-bag bar's refused add brings the field at fault into view and focus at once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, engravingProduct());
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = page.locator('[data-sticky-buy]');
    await expect(bar).toHaveClass(/is-shown/);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    const field = productForm(page).locator('[aria-invalid="true"]').first();
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(cartBadge(page)).toBeHidden();
  });

  test('more than max_sale_qty (5 in the sample) is refused on the page and in the cart', async ({ page }) => {
    // EV1001's default child EV1001-P-O: 7 in stock, max_sale_qty 5.
    await openProduct(
      page,
      pick((x) => x.sku === 'EV1001', 'the evermore ring'),
    );
    const qty = productForm(page).getByLabel('Quantity', { exact: true });
    await qty.fill('9');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('[data-notifications]')).toContainText('Some of the ordered products are not available!');
    await expect(productForm(page).getByText('You can order at most 5 of this item.')).toBeVisible();
    await expect(cartBadge(page)).toHaveText('');
    await qty.fill('5');
    await addToCart(page);
    await expect(cartBadge(page)).toHaveText('5');
    const cart = await openMicrocart(page);
    const line = cart.locator('[data-cart-line="EV1001-P-O"]');
    const lineQty = line.getByRole('spinbutton');
    await lineQty.fill('9');
    await lineQty.press('Enter');
    await expect(page.locator('[data-notifications]')).toContainText('Some of the ordered products are not available!');
    await expect(lineQty).toHaveValue('5');
    await expect(cartBadge(page)).toHaveText('5');
  });

  test("quantity 0 refuses with 'Quantity must be above 0'", async ({ page }) => {
    await openProduct(page, simpleProduct());
    await page.getByLabel('Quantity', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Quantity must be above 0')).toBeVisible();
    await expect(page.locator('[data-notifications]')).toContainText('Please fix the validation errors');
    await expect(cartBadge(page)).toBeHidden();
  });

  test('adding while the stock check runs says the stock check is in progress', async ({ page }) => {
    const { product, size } = sizedRing();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/stock/check**', async (route) => {
      await held;
      await route.continue();
    });
    await openProduct(page, product);
    await page.getByRole('button', { name: size.label, exact: true }).click();
    await expect(page.getByText('Checking stock…')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('[data-notifications]')).toContainText('Stock check in progress, please wait while available stock quantities are checked');
    await expect(cartBadge(page)).toBeHidden();
    release();
    await expect(page.getByText('Checking stock…')).toHaveCount(0);
    await addToCart(page);
    await expect(cartBadge(page)).toHaveText('1');
  });

  test('the live form looks like the static one at 375px and 1280px', async ({ page }) => {
    const { product } = sizedRing();
    await openProduct(page, product);
    await shots(page, 'product-options-configurable', async () => {
      await productForm(page).scrollIntoViewIfNeeded();
    });
    const size = page.locator('.pf .size').first();
    expect(await size.evaluate((b) => b.getBoundingClientRect().height)).toBe(40);
    expect((await page.getByLabel('Quantity', { exact: true }).boundingBox())!.width).toBe(90);
  });
});

test.describe('configurable stock', () => {
  // Sample rings whose first child (status below 2) is out of stock while a later one is in stock.
  const rings = ['NM1015', 'DL1258', 'CL1314', 'EV1205'].map((sku) => pick((p) => p.sku === sku, sku));

  for (const product of rings) {
    test(`${product.sku}: the page, the options island and the JSON-LD agree on the first sellable child, in stock`, async ({ page }) => {
      // Oracle straight from the record: §4's first child with status below 2 that is in stock.
      const sellable = product.configurable_children!.find((c) => c.status < 2 && c.stock.is_in_stock)!;
      expect(product.configurable_children![0]!.sku).not.toBe(sellable.sku);
      const res = await page.goto(productUrl(product));
      expect(res?.status()).toBe(200);
      const outOfStock = page.getByText('This product is out of stock.');
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      const offers = ld.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'Product')?.offers;
      expect(offers?.availability).toBe('https://schema.org/InStock');
      // First render (static HTML), then the island once live.
      for (const phase of ['static', 'live']) {
        if (phase === 'live') await wakeProductOptions(page);
        await expect(page.locator('[data-sku-text]'), phase).toHaveText(sellable.sku);
        await expect(productForm(page), phase).toHaveAttribute('data-child-sku', sellable.sku);
        await expect(outOfStock, phase).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Add to cart' }), phase).toBeEnabled();
      }
    });
  }
});
