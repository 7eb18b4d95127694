import { describe, expect, it } from 'vitest';
import {
  storeOfPath,
  productUrl,
  productCanonicalUrl,
  productRouteParams,
  productRouteName,
  categoryUrl,
  cmsUrl,
  ampProductUrl,
  ampCategoryUrl,
  brandUrl,
  brandAllProductsUrl,
  storeUrl,
  blogUrl,
  localizedPath,
  localizeLinks,
  pageNotFoundUrl,
  homeUrl,
} from '../../src/lib/catalog/urls';
import { configureProduct } from '../../src/lib/catalog/variants';
import { config } from '../../src/lib/config';
import { product, ring, category } from './catalog-fixtures';

const simple = product({ sku: 'WB-77', slug: 'silver-bangle', url_path: 'bracelets/silver-bangle-77', type_id: 'simple' });
const conf = ring([{ sku: 'EVR-1042-L', color: 49, size: 167 }]);
const cat = category({ slug: 'engagement-rings', url_key: 'engagement-rings', url_path: 'rings/engagement-rings' });
const on = { dispatcher: false, short: true } as const;
const off = { dispatcher: false, short: false } as const;

describe('catalogue urls without the dispatcher', () => {
  it('simple product is /{parentSku}/{slug} with short urls on', () => {
    expect(productUrl(simple, on)).toBe('/WB-77/silver-bangle');
  });

  it('simple product is /p/{parentSku}/{slug} with short urls off', () => {
    expect(productUrl(simple, off)).toBe('/p/WB-77/silver-bangle');
  });

  it('configurable product is /{parentSku}/{slug}/{childSku} with short urls on', () => {
    expect(productUrl(conf, { ...on, childSku: 'EVR-1042-L' })).toBe('/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042-L');
  });

  it('configurable product is /p/{parentSku}/{slug}/{childSku} with short urls off', () => {
    expect(productUrl(conf, { ...off, childSku: 'EVR-1042-L' })).toBe('/p/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042-L');
  });

  it('configurable product without a chosen child uses its own sku as childSku', () => {
    expect(productUrl(conf, on)).toBe('/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042');
  });

  it('configured product links to its parent sku and child sku', () => {
    const { product: configured } = configureProduct(conf, { color: 49, size: 167 });
    expect(productUrl(configured, on)).toBe('/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042-L');
  });

  it('every product type other than configurable has no childSku', () => {
    for (const type_id of ['virtual', 'bundle', 'simple', 'downloadable', 'grouped'] as const) {
      expect(productUrl({ ...simple, type_id }, off)).toBe('/p/WB-77/silver-bangle');
    }
  });

  it('category is /{slug} with short urls on and /c/{slug} off', () => {
    expect(categoryUrl(cat, on)).toBe('/engagement-rings');
    expect(categoryUrl(cat, off)).toBe('/c/engagement-rings');
  });

  it('cms page is /i/{slug} in both positions of the switch', () => {
    expect(cmsUrl('about-us', on)).toBe('/i/about-us');
    expect(cmsUrl('About Us', off)).toBe('/i/about-us');
  });

  it('amp product is /amp/{parentSku}/{slug} or /amp/p/{parentSku}/{slug}', () => {
    expect(ampProductUrl(simple, on)).toBe('/amp/WB-77/silver-bangle');
    expect(ampProductUrl(simple, off)).toBe('/amp/p/WB-77/silver-bangle');
  });

  it('amp configurable product adds the childSku', () => {
    expect(ampProductUrl(conf, { ...on, childSku: 'EVR-1042-L' })).toBe('/amp/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042-L');
    expect(ampProductUrl(conf, { ...off, childSku: 'EVR-1042-L' })).toBe('/amp/p/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042-L');
  });

  it('amp category is /amp/{slug} or /amp/c/{slug}', () => {
    expect(ampCategoryUrl(cat, on)).toBe('/amp/engagement-rings');
    expect(ampCategoryUrl(cat, off)).toBe('/amp/c/engagement-rings');
  });

  it('escapes a sku that is not url-safe', () => {
    expect(productUrl({ ...simple, sku: 'A B/1' }, on)).toBe('/A%20B%2F1/silver-bangle');
  });
});

describe('catalogue urls with the dispatcher', () => {
  it('product links use the stored url_path', () => {
    expect(productUrl(simple, { dispatcher: true, short: false })).toBe('/bracelets/silver-bangle-77');
    expect(productUrl(simple, { dispatcher: true, short: true })).toBe('/bracelets/silver-bangle-77');
  });

  it('a configurable child adds ?childSku', () => {
    expect(productUrl(conf, { dispatcher: true, childSku: 'EVR-1042-L' })).toBe(
      '/rings/engagement-rings/evermore-platinum-solitaire-ring-1042?childSku=EVR-1042-L',
    );
  });

  it('a configurable parent has no childSku query', () => {
    expect(productUrl(conf, { dispatcher: true })).toBe('/rings/engagement-rings/evermore-platinum-solitaire-ring-1042');
  });

  it('category links use the stored url_path', () => {
    expect(categoryUrl(cat, { dispatcher: true })).toBe('/rings/engagement-rings');
  });

  it('amp links keep their route shapes', () => {
    expect(ampCategoryUrl(cat, { dispatcher: true, short: true })).toBe('/amp/engagement-rings');
  });

  it('defaults follow the config switches', () => {
    const expected = config.switches.urlDispatcher
      ? '/bracelets/silver-bangle-77'
      : config.switches.shortCatalogUrls
        ? '/WB-77/silver-bangle'
        : '/p/WB-77/silver-bangle';
    expect(productUrl(simple)).toBe(expected);
  });
});

describe('route names and params', () => {
  it('names a product route {type_id}-product', () => {
    expect(productRouteName(simple)).toBe('simple-product');
    expect(productRouteName(conf)).toBe('configurable-product');
  });

  it('gives parentSku, slug and childSku params', () => {
    expect(productRouteParams(simple)).toEqual({ parentSku: 'WB-77', slug: 'silver-bangle' });
    expect(productRouteParams(conf, 'EVR-1042-L')).toEqual({ parentSku: 'EVR-1042', slug: 'evermore-platinum-solitaire-ring', childSku: 'EVR-1042-L' });
  });

  it('canonical url is absolute and never carries a child', () => {
    const { product: configured } = configureProduct(conf, { color: 49, size: 167 });
    expect(productCanonicalUrl(configured, { dispatcher: true })).toBe(`${config.shop.siteUrl}/rings/engagement-rings/evermore-platinum-solitaire-ring-1042`);
    expect(productCanonicalUrl(configured, on)).toBe(`${config.shop.siteUrl}/EVR-1042/evermore-platinum-solitaire-ring/EVR-1042`);
  });
});

describe('other routes', () => {
  it('brand pages are /brands/{slug} and /brands/{slug}/all-products', () => {
    expect(brandUrl('Thomas Sabo')).toBe('/brands/thomas-sabo');
    expect(brandAllProductsUrl('Raymond Weil')).toBe('/brands/raymond-weil/all-products');
  });

  it('shop pages are /stores/jewellers-{location}', () => {
    expect(storeUrl('Preston')).toBe('/stores/jewellers-preston');
  });

  it('blog pages live under /pjworld', () => {
    expect(blogUrl()).toBe('/pjworld');
    expect(blogUrl({ category: 'style-guides' })).toBe('/pjworld/style-guides');
    expect(blogUrl({ post: 'how-to-choose-a-ring' })).toBe('/pjworld/post/how-to-choose-a-ring');
  });
});

describe('store prefixes', () => {
  it('no prefix while multistore is off, whatever the store code', () => {
    expect(productUrl(simple, { ...on, storeCode: 'de', multistore: false })).toBe('/WB-77/silver-bangle');
  });

  it('prefixes /de and /it only when multistore is on', () => {
    expect(productUrl(simple, { ...on, storeCode: 'de', multistore: true })).toBe('/de/WB-77/silver-bangle');
    expect(categoryUrl(cat, { dispatcher: true, storeCode: 'it', multistore: true })).toBe('/it/rings/engagement-rings');
    expect(cmsUrl('about-us', { storeCode: 'de', multistore: true })).toBe('/de/i/about-us');
    expect(ampCategoryUrl(cat, { short: false, storeCode: 'de', multistore: true })).toBe('/de/amp/c/engagement-rings');
  });

  it("an editor's links to the shop's pages stay in the store view; files, other sites, anchors and links already in it do not move", () => {
    const html =
      '<p><a href="/repair-or-renew">Repairs</a> <a class="x" href="/i/hallmarking-explained?from=cms#marks">Marks</a> ' +
      '<a href="/media/wysiwyg/guide.pdf">Guide</a> <a href="https://example.com/x">Elsewhere</a> <a href="//cdn.example.com/y">CDN</a> ' +
      '<a href="#booking">Book</a> <a href="/de/insurance">Insurance</a> <a href="/">Home</a> <a href="/delivery">Delivery</a></p>';
    expect(localizeLinks(html, { storeCode: 'de', multistore: true })).toBe(
      '<p><a href="/de/repair-or-renew">Repairs</a> <a class="x" href="/de/i/hallmarking-explained?from=cms#marks">Marks</a> ' +
        '<a href="/media/wysiwyg/guide.pdf">Guide</a> <a href="https://example.com/x">Elsewhere</a> <a href="//cdn.example.com/y">CDN</a> ' +
        '<a href="#booking">Book</a> <a href="/de/insurance">Insurance</a> <a href="/de/">Home</a> <a href="/de/delivery">Delivery</a></p>',
    );
    expect(localizeLinks(html, { storeCode: 'de', multistore: false })).toBe(html);
    expect(localizeLinks(html, { storeCode: 'gb', multistore: true })).toBe(html);
  });

  it('the default store view has no prefix even with multistore on', () => {
    expect(productUrl(simple, { ...on, storeCode: 'gb', multistore: true })).toBe('/WB-77/silver-bangle');
  });

  it('a path belongs to the store view whose prefix it is under, as a whole segment', () => {
    const views = [
      { storeCode: 'gb', url: '' },
      { storeCode: 'de', url: '/de' },
      { storeCode: 'it', url: '/it/' },
    ];
    expect(storeOfPath('/de/rings/x', views)).toEqual({ view: views[1], prefix: '/de', rest: '/rings/x' });
    expect(storeOfPath('/de', views)).toEqual({ view: views[1], prefix: '/de', rest: '/' });
    expect(storeOfPath('/de/', views)).toEqual({ view: views[1], prefix: '/de', rest: '/' });
    expect(storeOfPath('/it/page-not-found', views)).toEqual({ view: views[2], prefix: '/it', rest: '/page-not-found' });
    // Not a store view's: no prefix, or one that only starts the same way.
    expect(storeOfPath('/rings', views)).toEqual({ view: null, prefix: '', rest: '/rings' });
    expect(storeOfPath('/design-service', views)).toEqual({ view: null, prefix: '', rest: '/design-service' });
    expect(storeOfPath('/', views)).toEqual({ view: null, prefix: '', rest: '/' });
  });

  it('page not found and home carry the store prefix', () => {
    expect(pageNotFoundUrl({ storeCode: 'de', multistore: true })).toBe('/de/page-not-found');
    expect(pageNotFoundUrl()).toBe('/page-not-found');
    expect(homeUrl({ storeCode: 'it', multistore: true })).toBe('/it/');
    expect(homeUrl()).toBe('/');
    expect(localizedPath('checkout', { storeCode: 'de', multistore: true })).toBe('/de/checkout');
  });
});
