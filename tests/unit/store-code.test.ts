/** VSF's multistore adjustment of API calls (src/lib/api/store-code.ts): cart, user, stock, order and review carry `storeCode`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, loadConfig } from '../../src/lib/config';
import { pageStoreView, setApiStoreCode, storeViewForPath, withStoreCode } from '../../src/lib/api/store-code';
import { apiUrl } from '../../src/lib/state/sync/fetch';
import { collectionDbName } from '../../src/lib/state/storage';
import { sendOrder } from '../../src/lib/state/sync/order-send';
import type { OfflineOrder } from '../../src/lib/schemas';
import { json } from './stores-fixtures';
import { payload } from './order-queue-fixtures';

afterEach(() => {
  config.storeViews.multistore = false;
  setApiStoreCode(null);
  vi.unstubAllGlobals();
});

describe('storeCode on the calls VSF adjusts per store view', () => {
  it.each([
    ['cart/update?token=&cartId=7', 'cart/update?token=&cartId=7&storeCode=de'],
    ['/api/cart/create', '/api/cart/create?storeCode=de'],
    ['user/order-history?token=t', 'user/order-history?token=t&storeCode=de'],
    ['stock/list?skus=a,b', 'stock/list?skus=a,b&storeCode=de'],
    ['https://vsfa.example.com/api/order', 'https://vsfa.example.com/api/order?storeCode=de'],
    ['review/create?token=&storeCode=de', 'review/create?token=&storeCode=de'],
    ['catalog/vue_storefront_catalog/product/_search', 'catalog/vue_storefront_catalog/product/_search'],
    ['ext/menus/nodes/1', 'ext/menus/nodes/1'],
  ])('%s -> %s (multistore on)', (url, want) => {
    expect(withStoreCode(url, 'de', true)).toBe(want);
  });

  it('adds nothing with multistore off', () => {
    expect(withStoreCode('cart/pull?cartId=1', 'de', false)).toBe('cart/pull?cartId=1');
  });

  it("the sync layer's cart calls carry the current store view's code", () => {
    config.storeViews.multistore = true;
    setApiStoreCode('it');
    expect(apiUrl('cart/pull?token=&cartId=3')).toMatch(/\/api\/cart\/pull\?token=&cartId=3&storeCode=it$/);
  });

  it("unset, the calls carry the code of the page's store view (its path), and its storage is named after it", () => {
    config.storeViews.multistore = true;
    vi.stubGlobal('location', { pathname: '/de/some-ring' });
    expect(apiUrl('cart/totals?token=&cartId=3')).toMatch(/\/api\/cart\/totals\?token=&cartId=3&storeCode=de$/);
    expect(collectionDbName('carts')).toBe('shop-de-carts');
    config.storeViews.multistore = false;
    expect(apiUrl('cart/totals?token=&cartId=3')).toMatch(/cartId=3$/);
    expect(collectionDbName('carts')).toBe('shop-gb-carts');
  });

  it("an order goes with its own store view's code, whichever page sends it", async () => {
    config.storeViews.multistore = true;
    setApiStoreCode('gb');
    const urls: string[] = [];
    const order = { ...payload({ store_code: 'de' }), transmited: false, transmited_at: null } as OfflineOrder;
    await sendOrder(order, { fetch: async (u) => (urls.push(u), json({ code: 200, result: { backendOrderId: 1 } })), session: null });
    expect(urls).toEqual([expect.stringMatching(/\/api\/order\?storeCode=de$/)]);
  });
});

describe("the page's store view", () => {
  it("a page's store view is the one of its path's prefix with multistore on, else the default; outside a page the default", () => {
    const multi = loadConfig({ PUBLIC_MULTISTORE: 'true' });
    const single = loadConfig({});
    expect(['/de/rings', '/it/', '/rings', '/', '/dex/rings'].map((p) => storeViewForPath(p, multi).storeCode)).toEqual(['de', 'it', 'gb', 'gb', 'gb']);
    expect(storeViewForPath('/de/rings', single).storeCode).toBe('gb');
    expect(pageStoreView(multi).storeCode).toBe('gb');
    vi.stubGlobal('location', { pathname: '/de/checkout' });
    expect(pageStoreView(multi).storeCode).toBe('de');
    expect(pageStoreView(single).storeCode).toBe('gb');
  });
});
