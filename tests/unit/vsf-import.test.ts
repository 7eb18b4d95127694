/**
 * The catalogue importer on a VSF dump in the shapes vue-storefront indexers write
 * (tests/fixtures/vsf-dump: NDJSON of hits, concatenated pretty objects, one array; every product type
 * and the quirks of real dumps), its reports, its price rule and its all-or-nothing write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { ImportError } from '../../src/lib/import/import-error';
import { importFromDump, type ImportSummary } from '../../src/lib/import/vsf-import';
import { parseDump } from '../../src/lib/import/dump';
import { ImportConfigSchema } from '../../src/lib/import/config';
import type { Problem } from '../../src/lib/import/from-vsf/common';
import type { Product } from '../../src/lib/schemas';

const DUMP = join(__dirname, '..', 'fixtures', 'vsf-dump');
const MEDIA = join(__dirname, '..', 'fixtures', 'vsf-media');
let work = '';
let out = '';
let r: ImportSummary;
let products: Map<string, Product>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'vsf-import-'));
  out = join(work, 'snapshot');
  r = await importFromDump(DUMP, { out, mediaDir: MEDIA });
  products = new Map(snap.readProducts(out).map((p) => [p.sku, p]));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const problem = (file: string, id: string, field: string): Problem | undefined => r.problems.find((p) => p.file === file && p.id === id && p.field === field);

describe('dump files', () => {
  const a = { id: 1, name: 'A' };
  const b = { id: 2, name: 'B "quoted" {brace}' };
  const hit = (s: object) => ({ _index: 'vue_storefront_catalog', _type: 'product', _id: String((s as { id: number }).id), _source: s });
  it.each([
    ['NDJSON of hits', `${JSON.stringify(hit(a))}\n${JSON.stringify(hit(b))}\n`],
    ['NDJSON of bare sources', `${JSON.stringify(a)}\n${JSON.stringify(b)}`],
    ['concatenated pretty objects', `${JSON.stringify(hit(a), null, 2)}\n${JSON.stringify(b, null, 2)}\n`],
    ['one array', JSON.stringify([hit(a), b], null, 2)],
    ['a saved _search answer', JSON.stringify({ took: 1, hits: { total: 2, hits: [hit(a), hit(b)] } })],
  ])('%s', (_name, text) => {
    const problems: Problem[] = [];
    expect(parseDump(text, 'catalog_product.json', problems).map((x) => x.source)).toEqual([a, b]);
    expect(problems).toEqual([]);
  });
  it('a line that is not JSON, or a hit without its source, is reported', () => {
    const problems: Problem[] = [];
    const recs = parseDump(`${JSON.stringify(a)}\nnot json\n{"_id":"9","_source":null}\n${JSON.stringify(b)}`, 'f.json', problems);
    expect(recs.map((x) => x.source)).toEqual([a, b]);
    expect(problems).toEqual([
      expect.objectContaining({ file: 'f.json', reason: expect.stringContaining('not a JSON object'), skipped: true }),
      expect.objectContaining({ file: 'f.json', id: '9', field: '_source', skipped: true }),
    ]);
  });
});

describe('import from a dump', () => {
  it('writes a snapshot the snapshot readers accept, with counts written and skipped per entity', () => {
    expect(r.counts).toEqual({
      taxrule: { written: 1, skipped: 0 },
      attribute: { written: 2, skipped: 1 },
      category: { written: 4, skipped: 3 },
      product: { written: 6, skipped: 2 },
      cms_page: { written: 2, skipped: 3 },
      cms_block: { written: 1, skipped: 0 },
      review: { written: 2, skipped: 1 },
    });
    expect([...products.keys()]).toEqual(['PJ-RING-11', 'PJ-BANGLE-21', 'PJ-SET-31', 'PJ-GROUP-41', 'PJ-ENGRAVE-51', 'PJ-EAR-61']);
    expect(snap.readManifest(out)).toMatchObject({ version: 1, store_code: 'gb', counts: { products: 6 } });
  });

  it('reports each record it cannot map with file, id, field and reason', () => {
    expect(problem('catalog_product.json', '71', 'name')).toMatchObject({ reason: 'a product needs a name', skipped: true });
    expect(problem('catalog_product.json', '81', 'type_id')?.reason).toContain("'giftcard'");
    expect(problem('catalog_product.json', '', '')?.reason).toContain('this line is not JSON');
    expect(problem('catalog_attribute.json', 'image', 'frontend_input')?.reason).toContain('media_image');
    expect(problem('catalog_category.json', '41', 'parent_id')?.reason).toContain('not below the root category 2');
    expect(problem('catalog_cms_page.json', '7', 'store_id')?.skipped).toBe(true);
    expect(problem('catalog_cms_page.json', '9', 'identifier')?.skipped).toBe(true);
    expect(problem('catalog_review.json', '3', 'product_id')?.reason).toBe('no product with id 999');
    // Parts of a record that is written: reported, not skipped.
    expect(problem('catalog_product.json', '11', 'media_gallery.2.image')?.skipped).toBe(false);
    expect(problem('catalog_product.json', '51', 'custom_options.3')?.reason).toContain("'file'");
    expect(problem('catalog_product.json', '31', 'bundle_options.0.product_links.1.sku')?.reason).toContain('PJ-NOPE-99');
    // The site's content routes need their CMS pages: the dump has none for /contact-us.
    expect(problem('cms-pages.json', 'contact-us', 'identifier')).toMatchObject({ skipped: false, reason: expect.stringContaining('/contact-us') });
  });

  it('simple: string ids and flags, price per customer group, special price, stock, media with video, URLs without .html', () => {
    const p = products.get('PJ-RING-11')!;
    expect(p).toMatchObject({ id: 11, tax_class_id: 2, category_ids: [3, 2], status: 1, visibility: 4, new: 1, sale: 0, pj_features: [12, 13], color: 4001 });
    expect(p).toMatchObject({ price: 1000, special_price: 800, special_from_date: '2026-01-01 00:00:00' });
    // The other group's price is a tier from 1; the dump's own tier keeps its quantity.
    expect(p.tier_prices).toEqual([
      { customer_group_id: 0, qty: 2, value: 900 },
      { customer_group_id: 1, qty: 1, value: 950 },
    ]);
    expect(p.stock).toEqual({ is_in_stock: true, qty: 7, min_sale_qty: 1, max_sale_qty: 10000, manage_stock: true });
    expect(p).toMatchObject({ url_key: 'solitaire-diamond-ring', url_path: 'rings/solitaire-diamond-ring', slug: 'solitaire-diamond-ring' });
    expect(p.image).toBe('/catalog/product/s/o/solitaire.jpg');
    expect(p.thumbnail).toBeUndefined(); // no_selection
    expect(p.media_gallery).toEqual([
      { image: '/catalog/product/s/o/solitaire.jpg', pos: 1, typ: 'image' },
      {
        image: '/catalog/product/s/o/solitaire-video.jpg',
        pos: 2,
        typ: 'video',
        lab: 'Turn',
        vid: { url: 'https://www.youtube.com/watch?v=abc123', title: 'Ring', desc: '', video_id: 'abc123', type: 'youtube' },
      },
    ]);
    // The old .html address redirects to the product.
    expect(snap.readUrlMap(out)).toContainEqual({ from: '/rings/solitaire-diamond-ring.html', to_type: 'product', to_id: 11 });
    expect(readFileSync(join(out, 'media/catalog/product/s/o/solitaire.jpg')).equals(readFileSync(join(MEDIA, 'catalog/product/s/o/solitaire.jpg')))).toBe(
      true,
    );
  });

  it('configurable: option labels and codes from the attributes, children with numeric ids, values and prices', () => {
    const p = products.get('PJ-BANGLE-21')!;
    expect(p.price).toBe(0);
    expect(p.configurable_options).toEqual([
      {
        id: 7,
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Colour',
        position: 0,
        product_id: 21,
        values: [
          { value_index: 4001, label: 'Yellow Gold' },
          { value_index: 4002, label: 'Rose Gold' },
        ],
      },
    ]);
    expect(p.configurable_children!.map((c) => [c.id, c.sku, c.price, c.color, c.status, c.stock.is_in_stock, c.image ?? null])).toEqual([
      [22, 'PJ-BANGLE-21-Y', 250, 4001, 1, true, '/catalog/product/t/w/twist-y.jpg'],
      [23, 'PJ-BANGLE-21-R', 260, 4002, 2, false, null],
    ]);
  });

  it('bundle and grouped: links carry the linked product for their price', () => {
    const b = products.get('PJ-SET-31')!;
    expect(b.bundle_options.map((o) => [o.option_id, o.title, o.required, o.type])).toEqual([
      [1, 'Ring', true, 'radio'],
      [2, 'Earrings', false, 'checkbox'],
    ]);
    expect(b.bundle_options[0]!.product_links[0]).toMatchObject({ id: 101, qty: 1, is_default: true, product: { id: 11, price: 1000, special_price: 800 } });
    expect(b.bundle_options[1]!.product_links[0]).toMatchObject({ id: 103, is_default: true, product: { id: 61, price: 50 } });
    const g = products.get('PJ-GROUP-41')!;
    expect(g.price).toBe(0);
    expect(g.product_links.map((l) => [l.linked_product_sku, l.extension_attributes?.qty, l.product?.price])).toEqual([
      ['PJ-RING-11', 1, 1000],
      ['PJ-EAR-61', 2, 50],
    ]);
  });

  it('virtual and downloadable: custom options typed, Magento multiple as checkbox', () => {
    const v = products.get('PJ-ENGRAVE-51')!;
    expect(v.type_id).toBe('virtual');
    expect(
      v.custom_options.map((o) => [o.option_id, o.type, o.is_require, o.price ?? null, o.values.map((x) => [x.option_type_id, x.price, x.price_type])]),
    ).toEqual([
      [1, 'field', true, 5, []],
      [
        2,
        'drop_down',
        false,
        null,
        [
          [21, 0, 'fixed'],
          [22, 10, 'percent'],
        ],
      ],
      [3, 'checkbox', false, null, [[31, 2.5, 'fixed']]],
    ]);
    expect(products.get('PJ-EAR-61')).toMatchObject({ type_id: 'downloadable', price: 50, tax_class_id: 0 });
  });

  it('categories: tree flattened, string counts and flags read, VSF display_mode dropped, only the root 2 subtree', () => {
    const cats = snap.readCategories(out);
    expect(cats.map((c) => [c.id, c.parent_id, c.url_path, c.path, c.children_count, c.include_in_menu, c.display_mode ?? null])).toEqual([
      [2, 1, 'default-category', '1/2', 3, true, null],
      [3, 2, 'rings', '1/2/3', 1, true, null],
      [4, 2, 'services', '1/2/4', 0, false, null],
      [5, 3, 'rings/engagement-rings', '1/2/3/5', 0, true, null],
    ]);
    expect(cats.find((c) => c.id === 3)!.product_count).toBe(6);
    expect(snap.readUrlMap(out)).toContainEqual({ from: '/rings.html', to_type: 'category', to_id: 3 });
  });

  it('menus from include_in_menu; attributes, CMS, reviews and tax rules in the snapshot shapes', () => {
    const menus = snap.readMenus(out);
    expect(menus['1'].map((n) => [n.node_id, n.content, n.parent_id, n.title, n.classes])).toEqual([
      [3, '/rings', null, 'Rings', 'has-children'],
      [5, '/rings/engagement-rings', 3, 'Engagement Rings', ''],
    ]);
    expect(menus['6'].map((n) => n.title)).toEqual(['Rings']);
    expect(menus['2']).toEqual([]);
    const attrs = snap.readAttributes(out);
    expect(
      attrs.map((a) => [a.attribute_code, a.frontend_label, a.is_visible_on_front, a.is_comparable, a.is_filterable, a.options.map((o) => o.value)]),
    ).toEqual([
      ['color', 'Colour', true, false, true, ['4001', '4002']],
      ['size', 'Ring size', false, true, false, ['4105']],
    ]);
    const pages = snap.readCmsPages(out);
    expect(pages.map((p) => [p.id, p.identifier, p.title, p.layout, p.store_id, p.active])).toEqual([
      [6, 'about-us', 'About Pendle & James', 'default', 1, true],
      [8, 'gift-guide', 'Gift guide', 'minimal', 1, true],
    ]);
    expect(snap.readCmsBlocks(out)).toEqual([
      { id: 3, identifier: 'footer-about', title: 'Footer', content: '<p>Footer text.</p>', store_id: 0, active: true },
    ]);
    expect(snap.readReviews(out).map((x) => [x.id, x.product_id, x.review_status, x.review_type, x.ratings])).toEqual([
      [1, 11, 1, 2, [{ percent: 100, value: 5, rating_name: 'Quality' }]],
      [2, 11, 2, undefined, []],
    ]);
    expect(snap.readTaxRates(out)).toEqual([
      { rate: 20, code: 'GB VAT 20%', tax_country_id: 'GB', region_name: '*', tax_region_id: 0, product_tax_class_ids: [2] },
    ]);
  });

  it('what the dump lacks comes from the configuration defaults, not from the sample', () => {
    expect(snap.readShops(out)).toEqual([]);
    expect(snap.readBlogPosts(out)).toEqual([]);
    expect(snap.readBanners('gb', out)).toEqual({ mainBanners: [], smallBanners: [], productBanners: [] });
    expect(snap.readShippingMethods(out).map((m) => m.method_title)).toEqual(['Free standard delivery']);
    expect(snap.readPaymentMethods(out).map((m) => m.code)).toEqual(['card']);
    expect(snap.readCoupons(out)).toEqual([]);
  });
});

describe('prices from a dump without VAT (include_tax false)', () => {
  it('adds the tax rule rate of the product tax class to simple, configurable, bundle and grouped prices; class 0 pays none', async () => {
    const o = join(work, 'excl');
    await importFromDump(DUMP, { out: o, config: ImportConfigSchema.parse({ prices: { include_tax: false } }) });
    const ps = new Map(snap.readProducts(o).map((p) => [p.sku, p]));
    expect(ps.get('PJ-RING-11')).toMatchObject({ price: 1200, special_price: 960 });
    expect(ps.get('PJ-RING-11')!.tier_prices).toEqual([
      { customer_group_id: 0, qty: 2, value: 1080 },
      { customer_group_id: 1, qty: 1, value: 1140 },
    ]);
    expect(ps.get('PJ-BANGLE-21')!.configurable_children!.map((c) => c.price)).toEqual([300, 312]);
    expect(ps.get('PJ-SET-31')!.bundle_options[0]!.product_links[0]!.product).toMatchObject({ price: 1200, special_price: 960 });
    expect(ps.get('PJ-GROUP-41')!.product_links.map((l) => l.product?.price)).toEqual([1200, 50]);
    expect(ps.get('PJ-ENGRAVE-51')!.custom_options[0]!.price).toBe(6); // fixed option prices too; percent ones stay
    expect(ps.get('PJ-EAR-61')!.price).toBe(50);
  });

  it('takes vue-storefront-api computed prices (originalPriceInclTax, specialPriceInclTax) as they are', async () => {
    const dir = join(work, 'computed');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'catalog_product.json'),
      JSON.stringify({
        id: 1,
        sku: 'C-1',
        name: 'Computed',
        type_id: 'simple',
        price: 100,
        special_price: 90,
        priceInclTax: 108,
        originalPriceInclTax: 120,
        specialPriceInclTax: 108,
        tax_class_id: 2,
        stock: { is_in_stock: true, qty: 1 },
      }),
    );
    cpSync(join(DUMP, 'catalog_category.json'), join(dir, 'catalog_category.json'));
    const o = join(work, 'computed-out');
    await importFromDump(dir, { out: o, config: ImportConfigSchema.parse({ prices: { include_tax: false } }) });
    expect(snap.readProducts(o)[0]).toMatchObject({ price: 120, special_price: 108 });
  });
});

describe('nothing is written when no shop can be built', () => {
  it('no root category', async () => {
    const o = join(work, 'no-root');
    await expect(importFromDump(DUMP, { out: o, config: ImportConfigSchema.parse({ root_category_id: 999 }) })).rejects.toThrow(/no root category.*999/);
    expect(existsSync(o)).toBe(false);
  });
  it('no product, and an existing snapshot stays as it was', async () => {
    const dir = join(work, 'cats-only');
    mkdirSync(dir);
    cpSync(join(DUMP, 'catalog_category.json'), join(dir, 'catalog_category.json'));
    const o = join(work, 'kept');
    cpSync(out, o, { recursive: true });
    const before = readFileSync(join(o, 'manifest.json'), 'utf8');
    const err = await importFromDump(dir, { out: o }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toMatch(/no product/);
    expect(readFileSync(join(o, 'manifest.json'), 'utf8')).toBe(before);
  });
});
