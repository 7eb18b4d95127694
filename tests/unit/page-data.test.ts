import { describe, expect, it, vi } from 'vitest';
import { catalog, hasProductPage, buildTime } from '../../src/lib/routing/routes';
import { ampCategoryData, ampCategoryListing, categoryListing, categoryPageData, homePageData } from '../../src/lib/build/page-data';
import { productPageData, shareProductTexts, sharedTextsSize } from '../../src/lib/build/product-page-data';
import { listProducts } from '../../src/lib/catalog/listing/listing';
import { productPrices } from '../../src/lib/catalog/price';
import { defaultChild } from '../../src/lib/catalog/variants';
import { config } from '../../src/lib/config';
import { product } from './catalog-fixtures';
import { AttributeSchema } from '../../src/lib/schemas';

const byPath = (url_path: string) => catalog().categories.find((c) => c.url_path === url_path)!;

describe('category pages', () => {
  const rings = byPath('rings');
  const d = categoryPageData(rings.id);

  it('lists the category and its descendants with the §5 filters, first 50 in the html', () => {
    const ids = new Set(
      catalog()
        .categories.filter((c) => c.path.split('/').includes(String(rings.id)))
        .map((c) => c.id),
    );
    const expected = catalog().products.filter((p) => p.visibility >= 2 && p.status <= 1 && p.discontinued === 0 && p.category_ids.some((id) => ids.has(id)));
    expect(d.listing.total).toBe(expected.length);
    expect(d.listing.products.length).toBe(Math.min(config.constants.categoryPageSize, expected.length));
  });

  it('uses the meta title or the name, and a canonical at the url_path', () => {
    expect(d.title).toBe(rings.meta_title || rings.name);
    expect(d.canonical).toBe('/rings');
    expect(d.ampHref).toBe('/amp/rings');
    expect(d.breadcrumbs).toEqual([{ name: 'Home', href: '/' }, { name: 'Rings' }]);
  });

  it('facets count products per value, price ranges included, and show one brand filter', () => {
    const codes = d.listing.facets.map((f) => f.code);
    expect(codes).toContain('price');
    expect(codes).toContain('color');
    expect(d.listing.facets.filter((f) => f.label === 'Brand')).toHaveLength(1);
    for (const f of d.listing.facets) for (const v of f.values) expect(v.count).toBeGreaterThan(0);
    const price = d.listing.facets.find((f) => f.code === 'price')!;
    expect(price.values.reduce((s, v) => s + v.count, 0)).toBe(d.listing.total);
    expect(d.listing.facets.find((f) => f.code === 'color')!.values.some((v) => v.swatch)).toBe(true);
  });

  it('a subcategory has a breadcrumb link per ancestor and an active last item', () => {
    const sub = categoryPageData(byPath('rings/engagement-rings').id);
    expect(sub.breadcrumbs).toEqual([{ name: 'Home', href: '/' }, { name: 'Rings', href: '/rings' }, { name: 'Engagement Rings' }]);
    expect(sub.jsonLd[0]).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('the amp category page sorts by updated_at descending', () => {
    const amp = ampCategoryData(rings.id);
    const times = amp.products.map((p) => Date.parse(String(p.updated_at).replace(' ', 'T')));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(amp.total).toBe(d.listing.total);
  });

  it('sorts a category for its AMP page once: the key, the tags and the page read the same listing', () => {
    expect(ampCategoryData(rings.id).products).toBe(ampCategoryData(rings.id).products);
    expect(ampCategoryListing(rings.id, config.storeViews.default.storeCode)).toBe(ampCategoryListing(rings.id));
  });
});

describe('listing rules', () => {
  const attrs = [
    AttributeSchema.parse({
      attribute_code: 'color',
      attribute_id: 93,
      frontend_label: 'Colour',
      frontend_input: 'select',
      is_visible_on_front: true,
      is_comparable: true,
      options: [
        { value: '49', label: 'Gold' },
        { value: '50', label: 'Silver' },
      ],
    }),
  ];

  it('leaves out hidden, disabled and discontinued products and counts colours', () => {
    const list = listProducts(
      [
        product({ color: 49 }),
        product({ color: 50 }),
        product({ color: 49, visibility: 1 }),
        product({ color: 49, status: 2 }),
        product({ color: 49, discontinued: 1 }),
      ],
      { attributes: attrs, now: new Date('2026-06-01T12:00:00Z') },
    );
    expect(list.total).toBe(2);
    expect(list.facets.find((f) => f.code === 'color')!.values).toEqual([
      { id: '49', label: 'Gold', count: 1, swatch: config.colorMappings.Gold },
      { id: '50', label: 'Silver', count: 1, swatch: config.colorMappings.Silver },
    ]);
  });
});

describe('product pages', () => {
  const products = catalog().products.filter(hasProductPage);

  it('a configurable product shows its default child price and sku, with one option value selected', () => {
    const p = products.find((x) => x.type_id === 'configurable')!;
    const d = productPageData(p.id);
    const child = defaultChild(p)!;
    expect(d.sku).toBe(child.sku);
    expect(d.prices).toEqual(productPrices(child, buildTime()));
    for (const o of d.options) expect(o.values.filter((v) => v.selected)).toHaveLength(1);
    expect(d.canonical).toBe(`/${p.url_path}`);
  });

  it("a configurable product's option values come in the attribute's option order, as Magento lists them, whatever the record's order", () => {
    // The sample holds products whose records list sizes out of order (a ring in W, Y and L).
    const { attributes } = catalog();
    const rankOf = (code: string) => {
      const a = attributes.get(code)!;
      return new Map(a.options.map((o, i) => [String(o.value), o.sort_order ?? i]));
    };
    const unordered = catalog().products.filter(
      (p) =>
        hasProductPage(p) &&
        (p.configurable_options ?? []).some((o) => {
          const r = rankOf(o.attribute_code);
          const ranks = o.values.map((v) => r.get(String(v.value_index))!);
          return ranks.some((x, i) => i > 0 && x < ranks[i - 1]!);
        }),
    );
    expect(unordered.length).toBeGreaterThan(0);
    for (const p of unordered) {
      for (const o of productPageData(p.id).options) {
        const r = rankOf(o.code);
        const ranks = o.values.map((v) => r.get(String(v.id))!);
        expect(ranks, `${p.sku} ${o.code}`).toEqual([...ranks].sort((a, b) => a - b));
        expect(o.values).toHaveLength(p.configurable_options!.find((c) => c.attribute_code === o.code)!.values.length);
      }
    }
  });

  it('breadcrumbs link every ancestor and end with the product name', () => {
    const p = products.find((x) => x.url_path.startsWith('rings/engagement-rings/'))!;
    const d = productPageData(p.id);
    expect(d.breadcrumbs).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Rings', href: '/rings' },
      { name: 'Engagement Rings', href: '/rings/engagement-rings' },
      { name: p.name },
    ]);
  });

  it('an out-of-stock product is flagged and its json-ld says so', () => {
    const p = products.find((x) => x.type_id === 'simple' && !x.stock.is_in_stock)!;
    const d = productPageData(p.id);
    expect(d.inStock).toBe(false);
    expect((d.jsonLd[0] as { offers: { availability: string } }).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('grouped products list their linked products with prices', () => {
    const p = products.find((x) => x.type_id === 'grouped')!;
    const d = productPageData(p.id);
    expect(d.grouped.length).toBeGreaterThan(0);
    for (const g of d.grouped) expect(g.prices.final).toBeGreaterThan(0);
  });

  it('related products exclude the product itself and products without a page', () => {
    for (const p of products.slice(0, 40)) {
      const d = productPageData(p.id);
      expect(d.related.some((r) => r.id === p.id)).toBe(false);
      expect(d.related.every(hasProductPage)).toBe(true);
    }
  });

  it('the attribute list shows option labels, not ids', () => {
    const p = products.find((x) => x.pj_material != null)!;
    const rows = productPageData(p.id).attributes;
    const material = rows.find((r) => r.label === 'Material')!;
    expect(material.value).toMatch(/[A-Za-z]/);
    expect(material.value).not.toBe(String(p.pj_material));
  });

  it('a product’s AMP pages keep the texts made from its HTML for its page, which takes them; the same data as made afresh', () => {
    const p = products.find((x) => (x.description ?? '').length > 0 && x.type_id === 'simple')!;
    const fresh = productPageData(p.id);
    const before = sharedTextsSize().entries;
    const amp = productPageData(p.id, undefined, 'amp');
    expect(sharedTextsSize().entries).toBe(before + 1);
    // A second AMP page of the product (a child's) and then its page get the very strings kept.
    expect(productPageData(p.id, undefined, 'amp').descriptionHtml).toBe(amp.descriptionHtml);
    const page = productPageData(p.id, undefined, 'page');
    expect(sharedTextsSize().entries).toBe(before);
    for (const d of [amp, page]) {
      expect(d.descriptionHtml).toBe(fresh.descriptionHtml);
      expect(d.shortDescriptionHtml).toBe(fresh.shortDescriptionHtml);
      expect(d.description).toBe(fresh.description);
      expect(d.jsonLd).toEqual(fresh.jsonLd);
    }
  });

  it('kept texts serve only the record they were made from', () => {
    const p = products.find((x) => (x.description ?? '').length > 0)!;
    shareProductTexts(p, 'gb', 'amp');
    // The same product id with another record (a later snapshot in the persistent renderer): made afresh.
    const changed = { ...p, description: '<p>Changed <b>text</b><script>x()</script></p>' };
    expect(shareProductTexts(changed, 'gb', 'page').descriptionHtml).toBe('<p>Changed <b>text</b></p>');
    expect(shareProductTexts(p, 'gb', 'page').descriptionHtml).toBe(productPageData(p.id).descriptionHtml);
  });

  it('descriptions are sanitised: no script, handler or javascript url', () => {
    for (const p of products) {
      const html = productPageData(p.id).descriptionHtml;
      expect(html).not.toMatch(/<script|onclick|javascript:/i);
    }
  });
});

describe('home page', () => {
  it('features the top-level menu categories and eight products with prices', () => {
    const d = homePageData();
    expect(d.categories.map((c) => c.category.name)).toContain('Rings');
    expect(d.categories.length).toBeLessThanOrEqual(8);
    expect(d.products).toHaveLength(8);
    expect(d.banners.mainBanners.length).toBeGreaterThan(0);
    expect(d.jsonLd[0]).toMatchObject({ '@type': 'Organization' });
    expect(categoryListing(d.categories[0]!.category.id).total).toBe(d.categories[0]!.count);
  });

  it("made in an editor's change (kept keys offered: no category listing at hand), shows what a whole build shows", async () => {
    const fresh = async (offered: boolean) => {
      vi.resetModules();
      const keys = await import('../../src/lib/build/key-store');
      if (offered) keys.offerPrevious({}, { ids: new Set(), skus: new Set(), categories: new Set() });
      const data = await import('../../src/lib/build/page-data');
      const home = data.homePageData();
      // Every category's first product and total (the sample's featured ones have pictures of their own).
      const heads = catalog()
        .categories.map((c) => data.categoryHead(c.id))
        .map((h) => [h.first?.sku, h.total]);
      // Worked out once: the home's three pages ask for the same categories.
      const id = home.categories[0]!.category.id;
      expect(data.categoryHead(id)).toBe(data.categoryHead(id));
      return { home, heads };
    };
    const whole = await fresh(false);
    const change = await fresh(true);
    expect(change.home.categories.map((c) => [c.category.id, c.image, c.count])).toEqual(whole.home.categories.map((c) => [c.category.id, c.image, c.count]));
    expect(change.home.products.map((p) => p.sku)).toEqual(whole.home.products.map((p) => p.sku));
    expect(change.heads).toEqual(whole.heads);
    expect(whole.heads.filter(([sku]) => sku !== undefined).length).toBeGreaterThan(10);
    vi.resetModules();
  });
});
