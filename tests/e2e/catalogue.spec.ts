/**
 * Catalogue pages of §2 against the built site: category (head tags, breadcrumbs, filters with
 * counts, sorts, mobile panel, 50 tiles), product pages of all six types (head tags, JSON-LD,
 * gallery and zoom, options, linked products, related and recently viewed), configurable child
 * URLs, 404 and 410.
 */
import { expect, test } from './fixture';
import { catalog, headFacts, ldOf, pagePath, productPageData, productsWithPages, sampleProduct, screenshots, SHOP, SITE, visit } from './helpers';
import { categoryPageData } from '../../src/lib/build/page-data';
import { expectedPrices, formatPrice, shopperPrice } from './oracle';
import { productUrl } from '../../src/lib/catalog/urls';
import { config } from '../../src/lib/config';
import { PRODUCT_TYPES } from '../../src/lib/schemas';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

/** A product's breadcrumb trail as text (ancestors and its name). */
const crumbText = (p: Parameters<typeof pagePath>[0]) =>
  productPageData(p.id)
    .breadcrumbs.map((c) => c.name)
    .join(' / ');

const rings = () => catalog().categories.find((c) => c.url_path === 'rings')!;

test.describe('category page', () => {
  test('has its title, description, canonical, social tags, breadcrumbs and json-ld', async ({ page }) => {
    const c = rings();
    const d = categoryPageData(c.id);
    await visit(page, '/rings');
    const f = await headFacts(page);
    expect(f.title).toBe(d.title.includes(SHOP) ? d.title : `${d.title} | ${SHOP}`);
    expect(f.canonicals).toEqual([`${SITE}/rings`]);
    expect(f.description).toBe(d.description);
    expect(f.og['og:title']).toBe(d.title);
    expect(f.og['og:url']).toBe(`${SITE}/rings`);
    expect(f.twitter['twitter:card']).toBeTruthy();
    expect(f.amphtml).toBe(`${SITE}/amp/rings`);
    expect(f.h1s).toEqual([c.name]);
    const crumbs = ldOf(f, 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Rings']);
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Rings');
  });

  test('shows the first 50 products as tiles with prices, badges and links', async ({ page }) => {
    const d = categoryPageData(rings().id);
    await visit(page, '/rings');
    const tiles = page.locator('#product-grid .tile');
    await expect(tiles).toHaveCount(Math.min(50, d.listing.total));
    await expect(page.locator('[data-listing-count]')).toHaveText(`${d.listing.total} items`);
    const special = d.listing.products.find((p) => productPageData(p.id).prices.special !== null && p.type_id !== 'configurable');
    if (special) {
      const prices = expectedPrices(special);
      expect(prices.special).not.toBeNull();
      const tile = page.locator(`.tile[data-sku="${special.sku}"]`);
      await expect(tile.locator('del')).toContainText(formatPrice(prices.original));
      await expect(tile.locator('.price__special')).toContainText(formatPrice(prices.special!));
    }
    const sale = d.listing.products.find((p) => p.sale === 1);
    if (sale) await expect(page.locator(`.tile[data-sku="${sale.sku}"] [data-badge]`)).toHaveText('Sale');
    const fresh = d.listing.products.find((p) => p.new === 1 && p.sale !== 1);
    if (fresh) await expect(page.locator(`.tile[data-sku="${fresh.sku}"] [data-badge]`)).toHaveText('New');
    const plain = d.listing.products.find((p) => p.new !== 1 && p.sale !== 1)!;
    await expect(page.locator(`.tile[data-sku="${plain.sku}"] [data-badge]`)).toHaveCount(0);
    const img = page.locator('.tile img.tile__img').first();
    await expect(img).toHaveAttribute('width', '310');
    await expect(img).toHaveAttribute('height', '300');
    await expect(img).toHaveAttribute('src', /^\/img\/310\/300\/resize\//);
    const first = d.listing.products[0]!;
    await expect(page.locator(`.tile[data-sku="${first.sku}"] a`)).toHaveAttribute('href', productUrl(first));
  });

  test('the filter sidebar is 242px wide on desktop and lists facet values with counts', async ({ page }) => {
    const d = categoryPageData(rings().id);
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/rings');
    const sidebar = page.locator('[data-filters-panel]');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())!.width).toBe(242);
    for (const facet of d.listing.facets) {
      const group = sidebar.locator(`[data-facet="${facet.code}"]`);
      await expect(group.locator('summary')).toContainText(facet.label);
      const v = facet.values[0]!;
      await expect(group.locator(`input[data-filter-id="${v.id}"]`)).toHaveCount(1);
      const label = group.locator('label', { has: page.locator(`input[data-filter-id="${v.id}"]`) });
      await expect(label.locator('.facet__label')).toHaveText(v.label);
      await expect(label.locator('.facet__count')).toHaveText(`(${v.count})`);
    }
    await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
  });

  test('the sort control offers Latest and the two price orders', async ({ page }) => {
    await visit(page, '/rings');
    const sort = page.getByLabel('Sort by').first();
    await expect(sort).toBeVisible();
    expect(await sort.locator('option').allTextContents()).toEqual(config.constants.sorts.map((s) => s.label));
    expect(await sort.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(config.constants.sorts.map((s) => s.value));
  });

  test('on a phone a filters button opens a full-screen panel and a separate sort shows', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, '/rings');
    const panel = page.locator('[data-filters-panel]');
    await expect(panel).toBeHidden();
    await expect(page.locator('#sort-desktop')).toBeHidden();
    await expect(page.locator('#sort-mobile')).toBeVisible();
    const button = page.getByRole('button', { name: 'Filters' });
    await button.click();
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.width).toBe(375);
    expect(box.height).toBe(812);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the grid has 12 columns: three per row, double-column mode by width', async ({ page }) => {
    const cellsPerRow = async () =>
      page.locator('#product-grid').evaluate((g) => {
        const tops = [...g.children].map((c) => (c as HTMLElement).offsetTop);
        return tops.filter((t) => t === tops[0]).length;
      });
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/rings');
    const cols = await page.locator('#product-grid').evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(12);
    expect(await cellsPerRow()).toBe(3);
    await page.setViewportSize({ width: 700, height: 900 });
    expect(await cellsPerRow()).toBe(2);

    // Double-column mode (the brand listings): two, three or four a row as the screen widens.
    const brand = catalog().categories.find((c) => c.display_mode === 'double' && (c.product_count ?? 0) >= 8)!;
    await visit(page, `/${brand.url_path}/all-products`);
    await expect(page.locator('#product-grid')).toHaveClass(/grid--double/);
    for (const [width, perRow] of [
      [800, 2],
      [1280, 3],
      [1700, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await cellsPerRow(), `${width}px`).toBe(perRow);
    }

    // One-column mode: one tile a row at every width.
    const single = catalog().categories.find((c) => c.display_mode === 'single' && (c.product_count ?? 0) >= 2)!;
    await visit(page, `/${single.url_path}`);
    await expect(page.locator('#product-grid')).toHaveClass(/grid--single/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await cellsPerRow(), `${width}px`).toBe(1);
    }
  });

  test('screenshots of a category page at 375px and 1280px', async ({ page }) => {
    await screenshots(page, '/rings', 'category');
  });
});

test.describe('product pages', () => {
  for (const type of PRODUCT_TYPES) {
    test(`a ${type} product page has its name, sku, canonical, breadcrumbs and product json-ld`, async ({ page }) => {
      const p = sampleProduct((x) => x.type_id === type, type);
      const d = productPageData(p.id);
      await visit(page, pagePath(p));
      const f = await headFacts(page);
      expect(f.h1s).toEqual([p.name]);
      expect(f.canonicals).toEqual([`${SITE}${d.canonical}`]);
      expect(f.og['og:type']).toBe('product');
      expect(f.og['og:image']).toMatch(/^https?:\/\/.+\/img\/600\/744\/resize\//);
      expect(f.amphtml).toBe(`${SITE}${d.ampHref}`);
      const ld = ldOf(f, 'Product')!;
      expect(ld).toMatchObject({ name: p.name, sku: p.sku });
      expect(ld.offers.priceCurrency).toBe('GBP');
      expect(ld.offers.availability).toBe(d.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
      if (d.brand) expect(ld.brand.name).toBe(d.brand);
      if (d.reviews.length) expect(ld.aggregateRating.reviewCount).toBe(d.reviews.length);
      expect(ldOf(f, 'BreadcrumbList')!.itemListElement.at(-1).name).toBe(p.name);
      await expect(page.locator('[data-sku-text]')).toHaveText(d.sku);
      const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(nav.getByRole('link')).toHaveCount(d.breadcrumbs.length - 1);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(p.name);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My Recently viewed products' })).toBeVisible();
      await expect(page.getByText('No products yet')).toBeVisible();
    });
  }

  test('a special price shows the original struck through', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'simple' && productPageData(x.id).prices.special !== null, 'simple with a special price');
    const prices = expectedPrices(p);
    expect(prices.special).not.toBeNull();
    await visit(page, pagePath(p));
    const price = page.locator('[data-product-price]');
    await expect(price.locator('del')).toContainText(formatPrice(prices.original));
    await expect(price.locator('.price__special')).toContainText(formatPrice(prices.special!));
  });

  test('an out-of-stock product says so', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'simple' && !x.stock.is_in_stock, 'out of stock');
    await visit(page, pagePath(p));
    await expect(page.getByText('This product is out of stock.')).toBeVisible();
  });

  test('several images make a carousel; the zoom overlay is full screen and escape closes it', async ({ page }) => {
    const p = sampleProduct((x) => productPageData(x.id).images.length > 1, 'with several images');
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, pagePath(p));
    await expect(page.locator('[data-gallery-track] li')).toHaveCount(productPageData(p.id).images.length);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(page.locator('[data-gallery-goto="1"]')).toHaveAttribute('aria-current', 'true');
    await page.locator('[data-gallery-track] [data-zoom]').first().click();
    const overlay = page.getByRole('dialog', { name: 'Zoom image' });
    await expect(overlay).toBeVisible();
    expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 900 });
    await expect(overlay.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('the zoom overlay keeps focus: tab stays inside, escape closes, focus returns to the opener', async ({ page }) => {
    const p = sampleProduct((x) => productPageData(x.id).images.length > 1, 'with several images');
    await visit(page, pagePath(p));
    const opener = page.locator('[data-gallery-track] [data-zoom]').first();
    await opener.click();
    const overlay = page.getByRole('dialog', { name: 'Zoom image' });
    await expect(overlay).toBeVisible();
    // The close button is the overlay's one control: Tab and Shift+Tab keep coming back to it.
    const close = overlay.getByRole('button', { name: 'Close' });
    for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
      await page.keyboard.press(key);
      await expect(close).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('one image shows alone with a zoom icon; the close button closes the zoom', async ({ page }) => {
    const p = sampleProduct((x) => productPageData(x.id).images.length === 1, 'with one image');
    await visit(page, pagePath(p));
    await expect(page.locator('[data-gallery-track]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Zoom image' }).click();
    const overlay = page.getByRole('dialog', { name: 'Zoom image' });
    await expect(overlay).toBeVisible();
    await overlay.getByRole('button', { name: 'Close' }).click();
    await expect(overlay).toBeHidden();
  });

  test('a configurable product has colour swatches, size buttons, a size guide and quantity', async ({ page }) => {
    const p = sampleProduct(
      (x) =>
        x.type_id === 'configurable' &&
        productPageData(x.id).options.some((o) => o.kind === 'size') &&
        productPageData(x.id).options.some((o) => o.kind === 'color'),
      'configurable with colour and size',
    );
    const d = productPageData(p.id);
    await visit(page, pagePath(p));
    const size = d.options.find((o) => o.kind === 'size')!;
    const swatch = page.locator('.swatch').first();
    expect(await swatch.evaluate((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])).toEqual([40, 40]);
    const sizeBtn = page.getByRole('button', { name: `${size.label} ${size.values[0]!.label}`, exact: true });
    const box = (await sizeBtn.boundingBox())!;
    expect(box.height).toBe(40);
    expect(box.width).toBeGreaterThanOrEqual(40);
    await expect(page.locator(`[data-option-code="${size.code}"][aria-pressed="true"]`)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Size guide' })).toBeVisible();
    const qty = page.getByLabel('Quantity');
    await expect(qty).toHaveValue('1');
    expect((await qty.boundingBox())!.width).toBe(90);
  });

  test('a configurable child url answers with that child preselected and the parent canonical', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'configurable' && (x.configurable_children?.length ?? 0) > 1, 'configurable with children');
    const d = productPageData(p.id);
    const child = p.configurable_children!.find((c) => c.sku !== d.defaultChildSku)!;
    for (const url of [productUrl(p, { childSku: child.sku }), productUrl(p, { childSku: child.sku, dispatcher: false })]) {
      await visit(page, url);
      const f = await headFacts(page);
      expect(f.canonicals).toEqual([`${SITE}${d.canonical}`]);
      await expect(page.locator('[data-sku-text]')).toHaveText(child.sku);
      await expect(page.locator('[data-product-form]')).toHaveAttribute('data-child-sku', child.sku);
    }
  });

  test('a grouped product lists its linked products with prices', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'grouped', 'grouped');
    const d = productPageData(p.id);
    await visit(page, pagePath(p));
    await expect(page.locator('[data-product-price]')).toHaveCount(0);
    const items = page.locator('[data-grouped] [data-linked-sku]');
    await expect(items).toHaveCount(d.grouped.length);
    await expect(items.first()).toContainText(d.grouped[0]!.product.name);
    await expect(items.first().locator('.price')).toContainText(formatPrice(shopperPrice(catalog().byId.get(d.grouped[0]!.product.id)!)));
  });

  test('a bundle product offers its options with quantities', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'bundle' && x.bundle_options.length > 0, 'bundle');
    await visit(page, pagePath(p));
    const first = p.bundle_options[0]!;
    const group = page.locator(`[data-bundle-option="${first.option_id}"]`);
    await expect(group.locator('legend')).toContainText(first.title);
    await expect(group.locator('input[type="number"]').first()).toHaveAttribute('min', '0');
  });

  test('custom options render as text, radio, checkbox or select inputs', async ({ page }) => {
    const p = sampleProduct((x) => x.custom_options.length > 0, 'with custom options');
    await visit(page, pagePath(p));
    const box = page.locator('[data-custom-options]');
    for (const o of p.custom_options) await expect(box).toContainText(o.title);
  });

  test("related products are titled 'You may also like' and link to product pages", async ({ page }) => {
    const p = sampleProduct((x) => productPageData(x.id).related.length > 0, 'with related products');
    await visit(page, pagePath(p));
    const related = page.locator('section', { has: page.getByRole('heading', { name: 'You may also like' }) });
    await expect(related.locator('.tile')).toHaveCount(productPageData(p.id).related.length);
    const href = await related.locator('.tile a').first().getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
  });

  test('on a phone the details are collapsed at 140px until read more', async ({ page }) => {
    const p = sampleProduct((x) => (x.description ?? '').length > 400, 'with a long description');
    await page.setViewportSize({ width: 375, height: 812 });
    await visit(page, pagePath(p));
    const body = page.locator('#product-description');
    expect((await body.boundingBox())!.height).toBeLessThanOrEqual(140);
    // A tap before the page scripts ran is held and replayed when they arrive: the details open then.
    await page.getByRole('button', { name: 'Read more' }).click();
    await expect.poll(async () => (await body.boundingBox())!.height).toBeGreaterThan(140);
  });

  test('on a phone a wrapped breadcrumb line starts with a name, not with a separator', async ({ page }) => {
    // The product with the longest breadcrumb trail: the one most likely to wrap at 360 px.
    const p = productsWithPages().reduce((a, b) => (crumbText(b).length > crumbText(a).length ? b : a));
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, pagePath(p));
    const rows = await page.locator('nav.breadcrumbs li').evaluateAll((items) =>
      items.map((li) => ({
        top: Math.round(li.getBoundingClientRect().top),
        before: getComputedStyle(li, '::before').content,
        after: getComputedStyle(li, '::after').content,
      })),
    );
    const tops = new Set(rows.map((r) => r.top));
    expect(tops.size, 'the trail wraps at 360 px (else this test proves nothing)').toBeGreaterThan(1);
    const lineStarts = rows.filter((r, i) => i === 0 || rows[i - 1]!.top !== r.top).map((r) => r.before);
    expect(
      lineStarts.every((c) => c === 'none' || c === 'normal'),
      `what the lines start with: ${lineStarts.join(' ')}`,
    ).toBe(true);
    // The separators are still there: every item but the last ends with one.
    expect(rows.map((r) => r.after)).toEqual(rows.map((_, i) => (i === rows.length - 1 ? 'none' : '"/"')));
  });

  test('screenshots of a product page at 375px and 1280px', async ({ page }) => {
    const p = sampleProduct((x) => x.type_id === 'configurable', 'configurable');
    await screenshots(page, pagePath(p), 'product');
  });
});

test.describe('not found and gone', () => {
  test('an unknown url answers 404 with the page-not-found page', async ({ page }) => {
    await visit(page, '/no-such-page-anywhere', 404);
    await expect(page.locator('h1')).toHaveCount(1);
  });

  test('a discontinued product answers 410 with the page-not-found body and cache tag', async ({ request }) => {
    const p = catalog().products.find((x) => x.discontinued === 1)!;
    const res = await request.get(productUrl(p));
    expect(res.status()).toBe(410);
    expect(res.headers()['x-cache-tags']).toBe('page-not-found');
  });

  test('every product page of the sample answers 200', async ({ request }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    for (const p of productsWithPages()) {
      const res = await request.get(pagePath(p));
      if (res.status() !== 200) failures.push(`${pagePath(p)} ${res.status()}`);
    }
    expect(failures).toEqual([]);
  });
});
