import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { generateSample, validateSnapshot, REFERENCE_DATE } from '../../scripts/sample-catalog';
import * as snap from '../../src/lib/build/snapshot';
import { slugify } from '../../src/lib/catalog/slug';
import { specialPriceApplies } from '../../src/lib/catalog/price';
import { config } from '../../src/lib/config';
import { mediaPath } from '../../src/lib/catalog/images';
import type { Product } from '../../src/lib/schemas';

const N = 200;
const root = mkdtempSync(join(tmpdir(), 'sample-catalog-'));
const dirA = join(root, 'a');
const dirB = join(root, 'b');
const dirC = join(root, 'c');

/** Every file under a folder, as relative path -> bytes. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

let products: Product[] = [];
const ref = new Date(REFERENCE_DATE);

beforeAll(() => {
  generateSample({ products: N, seed: 1, out: dirA });
  generateSample({ products: N, seed: 1, out: dirB, validate: false });
  generateSample({ products: N, seed: 2, out: dirC, validate: false });
  products = snap.readProducts(dirA);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sample catalogue generator', () => {
  it('same seed and product count give byte-identical files', () => {
    const a = files(dirA);
    const b = files(dirB);
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [path, bytes] of a) expect(bytes.equals(b.get(path)!), path).toBe(true);
  });

  it('a different seed gives different products', () => {
    const a = readFileSync(join(dirA, 'products/0000.json'), 'utf8');
    const c = readFileSync(join(dirC, 'products/0000.json'), 'utf8');
    expect(a).not.toEqual(c);
    expect(snap.readManifest(dirC).seed).toBe(2);
  });

  it('writes exactly the requested number of products and a manifest listing the shards', () => {
    expect(products).toHaveLength(N);
    const m = snap.readManifest(dirA);
    expect(m.product_shards).toEqual(['products/0000.json']);
    expect(m.generated_at).toBe(REFERENCE_DATE);
    expect(m.counts.products).toBe(N);
  });

  it('splits products into shards of at most 1000', () => {
    const dir = join(root, 'big');
    generateSample({ products: 2100, seed: 3, out: dir });
    const m = snap.readManifest(dir);
    expect(m.product_shards).toEqual(['products/0000.json', 'products/0001.json', 'products/0002.json']);
    expect(JSON.parse(readFileSync(join(dir, 'products/0002.json'), 'utf8'))).toHaveLength(100);
    expect(snap.readProducts(dir)).toHaveLength(2100);
  });

  it('every written file passes the schemas', () => {
    expect(validateSnapshot(dirA)).toBe(N);
  });

  it('all six product types are present', () => {
    const types = new Set(products.map((p) => p.type_id));
    expect([...types].sort()).toEqual(['bundle', 'configurable', 'downloadable', 'grouped', 'simple', 'virtual']);
  });

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

  it('product urls follow the contract: category url_path plus a unique url_key, slug from the name', () => {
    const cats = new Set(snap.readCategories(dirA).map((c) => c.url_path));
    const keys = new Set<string>();
    for (const p of products) {
      expect(keys.has(p.url_key), p.url_key).toBe(false);
      keys.add(p.url_key);
      expect(p.slug).toBe(slugify(p.name));
      expect(p.url_path.endsWith(`/${p.url_key}`)).toBe(true);
      expect(cats.has(p.url_path.slice(0, -p.url_key.length - 1)), p.url_path).toBe(true);
      expect(p.sku).toMatch(/^[A-Z0-9-]+$/);
    }
  });

  it('every image path points at a file under media/', () => {
    const paths = new Set<string>();
    for (const p of products) {
      for (const f of [p.image, p.small_image, p.thumbnail, p.hover_image]) if (f) paths.add(f);
      for (const g of p.media_gallery) paths.add(g.image);
    }
    for (const code of ['gb', 'de', 'it']) {
      const b = snap.readBanners(code, dirA);
      for (const x of [...b.mainBanners, ...b.smallBanners, ...b.productBanners, ...(b.headImage ? [b.headImage] : [])]) paths.add(x.image);
    }
    for (const post of snap.readBlogPosts(dirA)) {
      paths.add(post.featuredImage!.sourceUrl);
      paths.add(post.author.avatar!.url);
    }
    for (const s of snap.readSocial(dirA).images) paths.add(s.image);
    for (const s of snap.readShops(dirA)) paths.add(s.image!);
    for (const c of snap.readCategories(dirA)) {
      if (c.image) paths.add(c.image);
      if (c.takeover_banner) paths.add(c.takeover_banner);
    }
    for (const p of paths) {
      // Paths and absolute URLs on the shop's own media address, as a real backend sends both.
      const path = mediaPath(p);
      expect(path?.startsWith('/'), p).toBe(true);
      expect(existsSync(join(dirA, 'media', path!)), p).toBe(true);
    }
    const absolute = [...paths].filter((p) => p.startsWith('https://www.pendleandjames.co.uk/media/'));
    expect(absolute.length).toBeGreaterThan(10);
    expect(paths.size - absolute.length).toBeGreaterThan(10);
    // photographs (scripts/photos), not drawings: JPEG files, at most 1,600 px on the long side
    const first = readFileSync(join(dirA, 'media', products[0]!.image!));
    expect([...first.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(
      [...paths].filter((p) => p.endsWith('.svg')).every((p) => p.startsWith('/blog/authors/')),
      "only the authors' initials are drawn",
    ).toBe(true);
  });

  it('galleries hold one to four images, some products exactly one', () => {
    const counts = products.filter((p) => p.visibility !== 1 && p.type_id !== 'configurable').map((p) => p.media_gallery.length);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(4);
  });

  it('bundles, grouped sets and related links point at existing products', () => {
    const bySku = new Map(products.map((p) => [p.sku, p]));
    const bundles = products.filter((p) => p.type_id === 'bundle');
    for (const b of bundles) {
      expect(b.bundle_options.length).toBeGreaterThan(0);
      for (const o of b.bundle_options) {
        if (o.required) expect(o.product_links.filter((l) => l.is_default)).toHaveLength(1);
        for (const l of o.product_links) expect(bySku.get(l.product!.sku)?.price).toBe(l.product!.price);
      }
    }
    const grouped = products.filter((p) => p.type_id === 'grouped');
    for (const g of grouped) {
      const assoc = g.product_links.filter((l) => l.link_type === 'associated');
      expect(assoc.length).toBeGreaterThanOrEqual(2);
      for (const l of assoc) expect(bySku.has(l.linked_product_sku)).toBe(true);
    }
    const related = products.flatMap((p) => p.product_links.filter((l) => l.link_type === 'related'));
    expect(related.length).toBeGreaterThan(0);
    for (const l of related) expect(bySku.get(l.linked_product_sku)?.visibility).not.toBe(1);
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

  it('categories form a tree under root 2 with consistent paths, levels and counts', () => {
    const cats = snap.readCategories(dirA);
    const byId = new Map(cats.map((c) => [c.id, c]));
    expect(byId.get(2)?.level).toBe(1);
    for (const c of cats.filter((c) => c.id !== 2)) {
      const parent = byId.get(c.parent_id)!;
      expect(parent, c.name).toBeDefined();
      expect(c.level).toBe(parent.level + 1);
      expect(c.path).toBe(`${parent.path}/${c.id}`);
      expect(c.url_path).toBe(parent.id === 2 ? c.url_key : `${parent.url_path}/${c.url_key}`);
      expect(c.slug).toBe(c.url_key);
    }
    for (const c of cats) expect(c.children_count).toBe(cats.filter((d) => d.path.split('/').includes(String(c.id)) && d.id !== c.id).length);
    const visible = products.filter((p) => p.visibility !== 1);
    for (const c of cats.filter((c) => c.id !== 2)) expect(c.product_count).toBe(visible.filter((p) => p.category_ids.includes(c.id)).length);
    for (const path of [
      'rings/engagement-rings',
      'rings/wedding-rings',
      'watches/mens-watches',
      'watches/ladies-watches',
      'watches/smart-watches',
      'watches/luxury-watches',
      'charms',
      'gifts',
      'sale',
      'necklaces-and-pendants',
      'earrings',
      'bracelets',
    ]) {
      expect(
        cats.some((c) => c.url_path === path),
        path,
      ).toBe(true);
    }
    const takeovers = cats.filter((c) => c.takeover_banner_identifier);
    expect(takeovers.length).toBeGreaterThanOrEqual(2);
    const blocks = new Set(snap.readCmsBlocks(dirA).map((b) => b.identifier));
    for (const c of takeovers) expect(blocks.has(c.takeover_banner_identifier!)).toBe(true);
    expect(cats.some((c) => c.button_title)).toBe(true);
  });

  it('every content route of spec §2 has a cms page, plus the token, /i/ and /p/ pages', () => {
    const spec = [
      'clearance',
      'about-us',
      'contact-us',
      'corporate-services',
      'design-service',
      'engagement-rings',
      'engagement-rings-new',
      'repairs',
      'valuations',
      'engraving',
      'jewellery-re-modelling',
      'repair-or-renew',
      'scrap-gold',
      'bespoke-jewellery-design',
      'watch-battery-replacement',
      'part-exchange',
      'launch-campaign',
      'launch-campaign-dev',
      'launch-campaign/terms-and-conditions',
      'black-friday',
      'mothers-day',
      'fathers-day',
      'valentines-day',
      'christmas',
      'christmas-2022',
      '12-days-of-christmas',
      'january-sale',
      'evermore',
      'klarna-info',
      'klarna-faqs',
      'covid-19-statement',
      'careers',
      'delivery-and-shipping',
      'store-collection',
      'returns-info',
      'finance-options',
      'price-match',
      'faq',
      'contact',
      'terms-and-conditions',
      'privacy-policy',
      'enable-cookies',
      'insurance',
      'cleaning',
      'newsletter-subscription-thank-you',
      'evermore-subscription-thank-you',
      'thomas-sabo-outlet',
      'gift-wrap-service',
      'raymond-weil-prize-draw',
      'nomination-promotions',
      'shop-by-occasion',
      'shop-by-brand',
      'check-test',
    ];
    const pages = snap.readCmsPages(dirA);
    const ids = new Set(pages.map((p) => p.identifier));
    for (const route of [...spec, 'gift-guide', 'wedding-collection', 'ring-size-guide', 'our-story']) expect(ids.has(route), route).toBe(true);
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

  it('the command line writes a sample and prints the time it took', () => {
    const dir = join(root, 'cli');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/sample-catalog.ts', '--products', '50', '--seed', '4', '--out', dir], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/done in \d+\.\d+ s/);
    expect(snap.readProducts(dir)).toHaveLength(50);
  });

  it('rejects unknown command-line options', () => {
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/sample-catalog.ts', '--items', '5'], { encoding: 'utf8', stdio: 'pipe' })).toThrow(
      /Unknown option --items/,
    );
  });

  it('refuses to write into a folder that is not a snapshot', () => {
    const dir = join(root, 'not-a-snapshot');
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    expect(() => generateSample({ products: 10, seed: 1, out: dir })).toThrow(/refusing to write/);
    expect(existsSync(join(dir, 'media'))).toBe(true);
  });
});
