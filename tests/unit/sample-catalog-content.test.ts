/**
 * What the sample catalogue (scripts/sample-catalog.ts) holds, for the spec's cases to be on show:
 * special-price windows, discontinued and disabled products, brands, filter labels, services, flags,
 * the content pages of spec §2, menus, shops, methods and the url map. Its shape: sample-catalog.test.ts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSample, REFERENCE_DATE } from '../../scripts/sample-catalog';
import * as snap from '../../src/lib/snapshot/read';
import { specialPriceApplies } from '../../src/lib/catalog/price';
import { config } from '../../src/lib/config';
import type { Product } from '../../src/lib/schemas';
import { CONTENT_PATHS, TOKEN_PAGE_IDENTIFIERS } from '../../src/lib/routing/content-routes';

const root = mkdtempSync(join(tmpdir(), 'sample-content-'));
const dirA = join(root, 'a');
let products: Product[] = [];
const ref = new Date(REFERENCE_DATE);

beforeAll(() => {
  generateSample({ products: 200, seed: 1, out: dirA });
  products = snap.readProducts(dirA);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sample catalogue content', () => {
  it('special prices have current, expired and future windows relative to the reference date', () => {
    const withSpecial = products.filter((p) => Number(p.special_price) > 0 && p.special_from_date && p.special_to_date);
    const day = (s: string) => Date.parse(s.replace(' ', 'T') + 'Z');
    const current = withSpecial.filter((p) => day(p.special_from_date!) <= ref.getTime() && ref.getTime() <= day(p.special_to_date!));
    const expired = withSpecial.filter((p) => day(p.special_to_date!) < ref.getTime());
    const future = withSpecial.filter((p) => day(p.special_from_date!) > ref.getTime());
    expect(current.length).toBeGreaterThan(0);
    expect(expired.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    // the price rules agree: only the current windows apply at the reference date
    for (const p of current) expect(specialPriceApplies(p, ref), p.sku).toBe(true);
    for (const p of [...expired, ...future]) expect(specialPriceApplies(p, ref), p.sku).toBe(false);
    for (const p of withSpecial) expect(Number(p.special_price)).toBeLessThan(Number(p.price));
  });

  it('discontinued products are present and out of stock', () => {
    const gone = products.filter((p) => p.discontinued === 1);
    expect(gone.length).toBeGreaterThanOrEqual(2);
    for (const p of gone) expect(p.stock.is_in_stock).toBe(false);
  });

  it('configurable children include out-of-stock and disabled ones, each also stored as a not-visible product', () => {
    const configurables = products.filter((p) => p.type_id === 'configurable');
    const children = configurables.flatMap((p) => p.configurable_children ?? []);
    expect(children.some((c) => !c.stock.is_in_stock && c.stock.qty === 0)).toBe(true);
    expect(children.some((c) => c.status === 2)).toBe(true);
    const bySku = new Map(products.map((p) => [p.sku, p]));
    for (const c of children) {
      expect(bySku.get(c.sku)?.visibility, c.sku).toBe(1);
      expect(bySku.get(c.sku)?.status).toBe(c.status);
    }
    for (const p of configurables) {
      expect(p.configurable_options?.some((o) => o.attribute_code === 'size')).toBe(true);
      const sizes = new Set(p.configurable_options!.find((o) => o.attribute_code === 'size')!.values.map((v) => v.value_index));
      for (const c of p.configurable_children ?? []) expect(sizes.has(c.size!)).toBe(true);
    }
    expect(configurables.some((p) => p.configurable_options!.some((o) => o.attribute_code === 'color'))).toBe(true);
  });

  it('has at least 15 brands including thomas sabo, raymond weil, nomination and evermore', () => {
    const attrs = snap.readAttributes(dirA);
    for (const code of ['brand', 'pj_brand']) {
      const labels = attrs.find((a) => a.attribute_code === code)!.options.map((o) => o.label);
      expect(labels.length).toBeGreaterThanOrEqual(15);
      expect(labels).toEqual(expect.arrayContaining(['Thomas Sabo', 'Raymond Weil', 'Nomination', 'Evermore']));
    }
  });

  it('attributes carry the filter labels of the spec and colour labels from config.colorMappings', () => {
    const attrs = snap.readAttributes(dirA);
    const labels = attrs.map((a) => a.frontend_label.toLowerCase());
    for (const l of [
      'colour',
      'size',
      'price',
      'stone',
      'gender',
      'brand',
      'material',
      'strap material',
      'features',
      'watch movement',
      'style',
      'bracelet size',
    ])
      expect(labels).toContain(l);
    const colour = attrs.find((a) => a.attribute_code === 'color')!;
    expect(colour.options.map((o) => o.label).sort()).toEqual(Object.keys(config.colorMappings).sort());
    const size = attrs.find((a) => a.attribute_code === 'size')!.options.map((o) => o.label);
    expect(size).toEqual(expect.arrayContaining(['H', 'N', 'Z', '19cm']));
    expect(attrs.find((a) => a.attribute_code === 'pj_features')!.frontend_input).toBe('multiselect');
    expect(attrs.filter((a) => a.is_comparable).length).toBeGreaterThanOrEqual(4);
    // every option id a product uses exists
    const ids = new Map(attrs.map((a) => [a.attribute_code, new Set(a.options.map((o) => Number(o.value)))]));
    for (const p of products) {
      for (const code of ['color', 'brand', 'pj_brand', 'pj_material', 'pj_stone', 'pj_gender']) {
        const v = (p as Record<string, unknown>)[code];
        if (typeof v === 'number') expect(ids.get(code)!.has(v), `${p.sku} ${code}`).toBe(true);
      }
    }
  });

  it('virtual services have a required engraving text field and priced options', () => {
    const services = products.filter((p) => p.type_id === 'virtual');
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) {
      const field = s.custom_options.find((o) => o.type === 'field');
      expect(field?.title).toBe('Engraving text');
      expect(field?.is_require).toBe(true);
      const types = new Set(s.custom_options.map((o) => o.type));
      for (const t of ['radio', 'checkbox', 'drop_down']) expect(types.has(t as never)).toBe(true);
      const priceTypes = new Set(s.custom_options.flatMap((o) => o.values.map((v) => v.price_type)));
      expect([...priceTypes].sort()).toEqual(['fixed', 'percent']);
    }
  });

  it('has sale, new, financeable, promo-block and tier-price products', () => {
    expect(products.some((p) => p.sale === 1)).toBe(true);
    expect(products.some((p) => p.new === 1)).toBe(true);
    const financed = products.filter((p) => p.can_be_financed === 1);
    expect(financed.length).toBeGreaterThan(0);
    for (const p of financed) expect(Number(p.lowest_possible_finance)).toBeGreaterThan(0);
    expect(products.some((p) => p.klarna_cta_available === 1)).toBe(true);
    const blocks = new Set(snap.readCmsBlocks(dirA).map((b) => b.identifier));
    const promos = products.filter((p) => p.category_promo_block);
    expect(promos.length).toBeGreaterThan(0);
    for (const p of promos) expect(blocks.has(p.category_promo_block!)).toBe(true);
    expect(products.some((p) => p.tier_prices.length > 0)).toBe(true);
    expect(products.some((p) => p.c2c_supplier_code)).toBe(true);
  });

  it('every content route of spec §2 has a cms page, plus the token, /i/ and /p/ pages', () => {
    const pages = snap.readCmsPages(dirA);
    const ids = new Set(pages.map((p) => p.identifier));
    // The routes the site serves (src/lib/routing), not a list of the generator's.
    const routes = [...CONTENT_PATHS.map((path) => path.slice(1)), ...TOKEN_PAGE_IDENTIFIERS];
    for (const route of [...routes, 'ring-size-guide', 'our-story']) expect(ids.has(route), route).toBe(true);
    for (const amp of ['raw-output-example.xml', 'append-prepend.html', 'no-js.html']) expect(ids.has(amp)).toBe(false);
    const booking = pages
      .filter((p) => p.booking_form)
      .map((p) => p.identifier)
      .sort();
    expect(booking).toEqual([
      'bespoke-jewellery-design',
      'design-service',
      'engraving',
      'jewellery-re-modelling',
      'part-exchange',
      'repairs',
      'scrap-gold',
      'valuations',
      'watch-battery-replacement',
    ]);
    expect(pages.filter((p) => p.video).length).toBe(1);
    for (const p of pages) expect(p.layout).toBe('default');
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
  });

  it('exactly one product and one cms page carry script, onclick and javascript: markup', () => {
    const unsafe = (html: string | null | undefined) => !!html && html.includes('<script') && html.includes('onclick=') && html.includes('javascript:');
    expect(products.filter((p) => unsafe(p.description))).toHaveLength(1);
    expect(
      snap
        .readCmsPages(dirA)
        .filter((p) => unsafe(p.content))
        .map((p) => p.identifier),
    ).toEqual(['check-test']);
  });

  it('writes the menus, shops, methods, tax, coupons, social feed and url map of the spec', () => {
    const menus = snap.readMenus(dirA);
    expect(Object.keys(menus).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    const header = menus['1']!;
    expect(header.some((n) => n.parent_id !== null)).toBe(true);
    const catPaths = new Set(snap.readCategories(dirA).map((c) => `/${c.url_path}`));
    expect(header.filter((n) => catPaths.has(n.content)).length).toBeGreaterThan(10);
    const shops = snap.readShops(dirA);
    expect(shops.map((s) => s.location)).toEqual(['preston', 'blackburn', 'bury', 'carlisle']);
    for (const s of shops) expect(s.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    const shipping = snap.readShippingMethods(dirA);
    expect(shipping.map((m) => [m.method_title, m.amount])).toEqual(config.constants.shippingMethods.map((m) => [m.title, m.amount]));
    expect(shipping.map((m) => m.method_title)).toEqual(expect.arrayContaining(['Free 2nd Class Delivery', 'Express Delivery', 'Free Express Delivery']));
    const cod = snap.readPaymentMethods(dirA).find((m) => m.code === 'cashondelivery')!;
    expect([cod.cost, cod.offline, cod.is_server_method]).toEqual([0, true, false]);
    expect(snap.readTaxRates(dirA)).toEqual([expect.objectContaining({ rate: 20, tax_country_id: 'GB' })]);
    expect(snap.readCoupons(dirA)).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: config.constants.newsletterCouponCode, type: 'percent', amount: 10 })]),
    );
    expect(snap.readSocial(dirA).images).toHaveLength(7);
    const map = snap.readUrlMap(dirA);
    expect(new Set(map.map((m) => m.to_type))).toEqual(new Set(['product', 'category', 'cms']));
    const reviews = snap.readReviews(dirA);
    expect(new Set(reviews.map((r) => r.review_status))).toEqual(new Set([1, 2]));
    const posts = snap.readBlogPosts(dirA);
    expect(posts.length).toBeGreaterThan(5);
    for (const p of posts) expect(p.uri).toBe(`/pjworld/post/${p.slug}`);
  });
});
