import { describe, expect, it } from 'vitest';
import { loadConfig, defaults, ENV_OVERRIDES, enabledStoreViews, isFilterableAttribute } from '../../src/lib/config';

describe('config', () => {
  it('defaults to the GB store view in GBP and en-GB', () => {
    const c = loadConfig({});
    expect(c.storeViews.default.i18n.defaultCountry).toBe('GB');
    expect(c.storeViews.default.i18n.currencyCode).toBe('GBP');
    expect(c.storeViews.default.i18n.currencySign).toBe('£');
    expect(c.storeViews.default.i18n.defaultLocale).toBe('en-GB');
    expect(c.storeViews.default.i18n.dateFormat).toBe('HH:mm D/M/YYYY');
  });

  it('defines de and it in EUR, disabled, with multistore and common cache off', () => {
    const c = loadConfig({});
    expect(c.storeViews.multistore).toBe(false);
    expect(c.storeViews.commonCache).toBe(false);
    const codes = c.storeViews.others.map((s) => [s.storeCode, s.i18n.currencyCode, s.disabled]);
    expect(codes).toEqual([
      ['de', 'EUR', true],
      ['it', 'EUR', true],
    ]);
    expect(enabledStoreViews(c).map((s) => s.storeCode)).toEqual(['gb']);
  });

  it('multistore on enables the de and it views under their prefixes', () => {
    const c = loadConfig({ PUBLIC_MULTISTORE: 'true' });
    expect(enabledStoreViews(c).map((s) => [s.storeCode, s.url, s.disabled])).toEqual([
      ['gb', '', false],
      ['de', '/de', false],
      ['it', '/it', false],
    ]);
  });

  it('holds the §9 constants', () => {
    const k = defaults.constants;
    expect(k.search).toMatchObject({
      clientTimeoutMs: 5000,
      serverTimeoutMs: 1000,
      minScore: 0.02,
      fuzziness: 2,
      minimumShouldMatch: 0.75,
      defaultSize: 50,
      minTermLength: 3,
    });
    expect(k.search.boosts).toEqual({ name: 4, sku: 2, category_name: 1, c2c_supplier_code: 1 });
    expect(k.sorts.map((s) => s.value)).toEqual(['position:desc', 'final_price:asc', 'final_price:desc']);
    expect(k.ampCategoryDefaultSort).toBe('updated_at:desc');
    expect(k.images).toEqual({ gallery: { width: 600, height: 744 }, tile: { width: 310, height: 300 }, ampGallery: { width: 450, height: 500 } });
    expect(k.cache).toEqual({ timeoutMs: 800, iterateTimeoutMs: 2000, quotaCheckIntervalMs: 30000, quotaKb: 4096, maxSetErrors: 30, maxGetErrors: 1 });
    expect([k.tokenRefreshLimit, k.tokenLockRetryMs, k.outputCacheTtlS]).toEqual([20, 1000, 86400]);
    expect([k.categoryPageSize, k.reviewPageSize, k.notificationTtlMs, k.submenuPopDelayMs, k.tagManagerPageViewDelayMs]).toEqual([50, 50, 5000, 300, 500]);
    expect(k.video).toEqual({ width: 640, height: 320 });
    expect([k.filterAggregationSize, k.filterAggregationSizeSizeColor, k.staticStockPrefetchCount, k.cmsMaxCount, k.socialFeedImages]).toEqual([
      100, 10, 8, 500, 7,
    ]);
    expect(k.cashOnDelivery).toEqual({ code: 'cashondelivery', cost: 0 });
    expect(k.passwordMinLength).toBe(8);
    expect(k.badges).toEqual({ sale: 'Sale', new: 'New' });
  });

  it('lists the §9 shipping methods with their prices', () => {
    const list = defaults.constants.shippingMethods.map((m) => [m.title, m.amount]);
    expect(list).toEqual([
      ['Free 2nd Class Delivery', 0],
      ['Express Delivery', 6],
      ['Free Express Delivery', 0],
      ['Store Collection - Preston', 0],
      ['Store Collection - Blackburn', 0],
      ['Store Collection - Bury', 0],
      ['Store Collection - Carlisle', 0],
    ]);
  });

  it('environment variables override switches and addresses', () => {
    const c = loadConfig({
      PUBLIC_SHORT_CATALOG_URLS: 'false',
      PUBLIC_URL_DISPATCHER: '0',
      PUBLIC_API_BASE_URL: 'https://api.example.test/',
      PUBLIC_EXTERNAL_CHECKOUT: 'yes',
      PUBLIC_EXTERNAL_CHECKOUT_URL: 'https://shop.example.test',
      PUBLIC_MAILER_CONTACT: 'team@example.test',
      PUBLIC_ORDERS_ENDPOINT: '/api/order',
    });
    expect(c.switches.shortCatalogUrls).toBe(false);
    expect(c.switches.urlDispatcher).toBe(false);
    expect(c.api.baseUrl).toBe('https://api.example.test');
    expect(c.checkout.external).toEqual({ enabled: true, url: 'https://shop.example.test' });
    expect(c.mailer.contactAddress).toBe('team@example.test');
  });

  it('an invalid boolean stops with a message naming the variable', () => {
    expect(() => loadConfig({ PUBLIC_MULTISTORE: 'maybe' })).toThrow(/PUBLIC_MULTISTORE.*true or false/);
  });

  it('an invalid url or e-mail names the variable', () => {
    expect(() => loadConfig({ PUBLIC_API_BASE_URL: 'api.example' })).toThrow(/PUBLIC_API_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_EXTERNAL_CHECKOUT_URL: '/relative' })).toThrow(/PUBLIC_EXTERNAL_CHECKOUT_URL/);
    expect(() => loadConfig({ PUBLIC_MAILER_CONTACT: 'nobody' })).toThrow(/PUBLIC_MAILER_CONTACT.*e-mail/);
  });

  it('every documented variable maps to an existing config value', () => {
    for (const [name, { path }] of Object.entries(ENV_OVERRIDES)) {
      let node: unknown = defaults;
      for (const key of path) node = (node as Record<string, unknown>)[key];
      expect(node, name).not.toBeUndefined();
    }
  });

  it('color, size, price, brand and pj_ attributes are filterable by default', () => {
    for (const code of ['color', 'size', 'price', 'brand', 'pj_material', 'pj_stone']) expect(isFilterableAttribute(code)).toBe(true);
    expect(isFilterableAttribute('description')).toBe(false);
  });
});
