/**
 * AMP product and category pages (§2): structural AMP checks on the served HTML (⚡, charset,
 * viewport, boilerplate, runtime, canonical, amp-img sizes, inline CSS at most 75,000 bytes, no
 * custom JavaScript) and their content; canonical pages link them with rel="amphtml".
 */
import { expect, test } from './fixture';
import { catalog, pagePath, productPageData, sampleProduct, SITE } from './helpers';
import { ampCategoryData, categoryPageData } from '../../src/lib/build/page-data';
import { ampCategoryUrl, ampProductUrl } from '../../src/lib/catalog/urls';
import { expectedPrices, formatPrice } from './oracle';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

/** Problems that make a document invalid AMP (the structural subset checked here). */
function ampProblems(html: string): string[] {
  const problems: string[] = [];
  if (!/^<!doctype html>/i.test(html.trim())) problems.push('doctype');
  if (!/<html ⚡[\s>]/.test(html)) problems.push('⚡ attribute');
  if (!/<meta charset="utf-8"/i.test(html)) problems.push('charset');
  if (!/<meta name="viewport" content="width=device-width[^"]*"/.test(html)) problems.push('viewport');
  if (!/<style amp-boilerplate>body\{-webkit-animation:-amp-start 8s/.test(html)) problems.push('boilerplate');
  if (!/<noscript><style amp-boilerplate>body\{-webkit-animation:none/.test(html)) problems.push('noscript boilerplate');
  if (!html.includes('<script async src="https://cdn.ampproject.org/v0.js"></script>')) problems.push('runtime');
  if (!/<link rel="canonical" href="https?:\/\/[^"]+"/.test(html)) problems.push('canonical');
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  for (const attrs of scripts) {
    const runtime = /src="https:\/\/cdn\.ampproject\.org\//.test(attrs) && /\basync\b/.test(attrs);
    const ld = /type="application\/ld\+json"/.test(attrs);
    if (!runtime && !ld) problems.push(`custom script <script${attrs}>`);
  }
  for (const m of html.matchAll(/<amp-img\b([^>]*)>/g)) {
    if (!/\swidth="\d+"/.test(m[1]!) || !/\sheight="\d+"/.test(m[1]!)) problems.push(`amp-img without size: ${m[0]}`);
  }
  if (/<img\b/.test(html)) problems.push('img tag');
  if (/<link[^>]+rel="stylesheet"/.test(html)) problems.push('stylesheet link');
  if (/\sstyle="/.test(html)) problems.push('style attribute');
  if (/\son[a-z]+="/i.test(html)) problems.push('event handler');
  const custom = [...html.matchAll(/<style amp-custom>([\s\S]*?)<\/style>/g)];
  if (custom.length !== 1) problems.push(`amp-custom styles: ${custom.length}`);
  else if (Buffer.byteLength(custom[0]![1]!, 'utf8') > 75_000) problems.push('amp-custom over 75,000 bytes');
  const otherStyles = [...html.matchAll(/<style\b([^>]*)>/g)].filter((m) => !/amp-custom|amp-boilerplate/.test(m[1]!));
  if (otherStyles.length) problems.push('style without amp-custom');
  return problems;
}

test.describe('amp product pages', () => {
  test('pass the structural amp checks for every product type', async ({ request }) => {
    for (const type of ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'] as const) {
      const p = sampleProduct((x) => x.type_id === type, type);
      const res = await request.get(ampProductUrl(p));
      expect(res.status(), `${type} ${ampProductUrl(p)}`).toBe(200);
      const html = await res.text();
      expect(ampProblems(html), `${type} ${ampProductUrl(p)}`).toEqual([]);
      expect(html).toContain(`<link rel="canonical" href="${SITE}${productPageData(p.id).canonical}"`);
    }
  });

  test('the canonical product page links its amp twin', async ({ request }) => {
    const p = sampleProduct((x) => x.type_id === 'simple', 'simple');
    const html = await (await request.get(pagePath(p))).text();
    expect(html).toContain(`<link rel="amphtml" href="${SITE}${ampProductUrl(p)}"`);
  });

  test('shows a carousel, name, sku, price times quantity with the original struck through, and the details', async ({ request }) => {
    const p = sampleProduct(
      (x) => x.type_id === 'simple' && productPageData(x.id).prices.special !== null && productPageData(x.id).images.length > 1,
      'simple, special price, several images',
    );
    const d = productPageData(p.id);
    const html = await (await request.get(ampProductUrl(p))).text();
    expect(html).toMatch(/<amp-carousel[^>]*type="slides"/);
    expect(html).toContain('custom-element="amp-carousel"');
    expect((html.match(/<amp-img[^>]*width="450"[^>]*height="500"/g) ?? []).length).toBe(d.images.length);
    expect(html).toContain(`<h1>${p.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h1>`);
    expect(html).toContain(`SKU: ${p.sku}`);
    const qty = Math.max(1, p.stock.min_sale_qty ?? 1);
    const prices = expectedPrices(p);
    expect(prices.special).not.toBeNull();
    expect(html).toMatch(new RegExp(`<del class="price__original">.*${formatPrice(prices.original * qty).replace(/[£.]/g, '\\$&')}</del>`));
    expect(html).toContain(formatPrice(prices.special! * qty));
    expect(html).toContain('Check available sizes');
    expect(html).toContain('Product details');
  });

  test('a grouped product hides the price and links its products', async ({ request }) => {
    const p = sampleProduct((x) => x.type_id === 'grouped', 'grouped');
    const d = productPageData(p.id);
    const html = await (await request.get(ampProductUrl(p))).text();
    expect(html).not.toMatch(/class="price price--lg/);
    for (const g of d.grouped) if (g.href) expect(html).toContain(`href="${g.href}"`);
  });

  test("a configurable product with no child available shows 'No available product variants' (the configurable error messages)", async ({ request }) => {
    const soldOut = catalog().products.find(
      (p) =>
        p.type_id === 'configurable' &&
        p.visibility > 1 &&
        p.discontinued === 0 &&
        (p.configurable_children ?? []).length > 0 &&
        (p.configurable_children ?? []).every((c) => c.status >= 2),
    )!;
    expect(soldOut, 'the sample has a configurable product with every option withdrawn').toBeDefined();
    const html = await (await request.get(ampProductUrl(soldOut))).text();
    expect(ampProblems(html)).toEqual([]);
    expect(html).toMatch(/<ul class="errors">\s*<li>No available product variants<\/li>\s*<\/ul>/);
    expect(html).toContain('This product is out of stock.');
    const inStock = catalog().products.find(
      (p) => p.type_id === 'configurable' && p.visibility > 1 && p.discontinued === 0 && (p.configurable_children ?? []).some((c) => c.status < 2),
    )!;
    expect(await (await request.get(ampProductUrl(inStock))).text()).not.toContain('class="errors"');
  });

  test('an amp variant url shows, prices and links the child it names', async ({ request }) => {
    // EV1001-WG-Q in the snapshot: white gold, size Q, £4,045 (the default child EV1001-P-O is £4,495).
    const p = catalog().products.find((x) => x.sku === 'EV1001')!;
    const res = await request.get(`/amp/EV1001/${p.slug}/EV1001-WG-Q`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(ampProblems(html)).toEqual([]);
    expect(html).toContain('SKU: EV1001-WG-Q');
    expect(html).not.toContain('SKU: EV1001-P-O');
    expect(html).toContain('£4,045.00');
    expect(html).not.toContain('£4,495.00');
    expect(html).toMatch(/href="\/rings\/engagement-rings\/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001\?childSku=EV1001-WG-Q"/);
  });

  test("'N/A' stands in for empty custom attributes", async ({ request }) => {
    const p = sampleProduct((x) => productPageData(x.id).attributes.length === 0, 'without attributes');
    const html = await (await request.get(ampProductUrl(p))).text();
    expect(html).toContain('<p>N/A</p>');
  });

  test('the check available sizes link opens the full product page', async ({ page }) => {
    await page.route(/cdn\.ampproject\.org/, (r) => r.abort());
    const p = sampleProduct((x) => x.type_id === 'configurable', 'configurable');
    await page.goto(ampProductUrl(p));
    const href = await page.getByRole('link', { name: 'Check available sizes' }).getAttribute('href');
    expect((await page.request.get(href!)).status()).toBe(200);
  });
});

test.describe('amp category pages', () => {
  const rings = () => catalog().categories.find((c) => c.url_path === 'rings')!;

  test('the footer names the full category page, and a category longer than the amp page links to all its items', async ({ request }) => {
    // Rings in the sample: more products than the 50 an AMP category page shows (§9 category page size 50).
    const c = rings();
    const d = ampCategoryData(c.id);
    expect(d.total).toBeGreaterThan(50);
    const html = await (await request.get(ampCategoryUrl(c))).text();
    expect(html).not.toContain('View full product page');
    expect(html).toMatch(/<footer[^>]*>[\s\S]*View full category page[\s\S]*<\/footer>/);
    expect(html).toContain(`<a class="btn" href="/rings" data-amp-view-all>View all ${d.total} items</a>`);
    expect(ampProblems(html)).toEqual([]);
  });

  test('pass the structural amp checks and carry count, heading and breadcrumbs', async ({ request }) => {
    const c = rings();
    const d = ampCategoryData(c.id);
    const res = await request.get(ampCategoryUrl(c));
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(ampProblems(html)).toEqual([]);
    expect(html).toContain(`<link rel="canonical" href="${SITE}${d.canonical}"`);
    expect(html).toContain(`<h1>${c.name}</h1>`);
    expect(html).toContain(`${d.total} items`);
    expect(html).toMatch(/<nav class="crumbs"/);
    expect((html.match(/<li class="tile">/g) ?? []).length).toBe(d.products.length);
  });

  test('lays tiles out in 4 columns, newest update first', async ({ page }) => {
    await page.route(/cdn\.ampproject\.org/, (r) => r.abort());
    await page.setViewportSize({ width: 1280, height: 900 });
    const c = rings();
    await page.goto(ampCategoryUrl(c));
    const cols = await page.locator('ul.grid').evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(4);
    const names = await page.locator('li.tile h2').allTextContents();
    expect(names.slice(0, 5)).toEqual(
      ampCategoryData(c.id)
        .products.slice(0, 5)
        .map((p) => p.name),
    );
  });

  test("an empty category says 'No products found!' with the advice on the amp page; the full page says it without advice to change criteria never chosen", async ({
    request,
  }) => {
    const empty = catalog().categories.find((c) => c.level > 2 && c.is_active && !c.url_path.startsWith('brands/') && ampCategoryData(c.id).total === 0)!;
    expect(empty, 'the sample has an empty category').toBeDefined();
    const amp = await (await request.get(ampCategoryUrl(empty))).text();
    expect(ampProblems(amp)).toEqual([]);
    expect(amp).toContain('0 items');
    expect(amp).toMatch(/<div class="empty">\s*<p>No products found!<\/p>\s*<p>Please change your search criteria and try again.<\/p>/);
    expect(amp).not.toContain('<ul class="grid">');
    const full = await request.get(categoryPageData(empty.id).canonical);
    expect(full.status()).toBe(200);
    const html = await full.text();
    expect(html).toContain('No products found!');
    expect(html).not.toContain('Please change your search criteria and try again.');
  });

  test('the canonical category page links its amp twin', async ({ request }) => {
    const c = rings();
    const html = await (await request.get(categoryPageData(c.id).canonical)).text();
    expect(html).toContain(`<link rel="amphtml" href="${SITE}${ampCategoryUrl(c)}"`);
  });
});
