/**
 * The product form's lib side: stock checks as store actions, the customer group as
 * a store, the add to cart with its data-layer reaction, and the option fields' rules. The island
 * (src/browser/product/ProductOptions.tsx) renders these and calls them; it fetches, stores and tracks nothing.
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { initDataLayer, resetDataLayer, type DataLayerEnv, type DataLayerSettings } from '../../src/lib/analytics/datalayer';
import { collection, KEYS, memoryEngine, setStorageEngine } from '../../src/lib/state/storage';
import { $cart, cartSettled } from '../../src/lib/state/stores/cart';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $liveStock, $stockPending, checkStock } from '../../src/lib/state/stores/live-stock';
import { getStock } from '../../src/lib/state/stores/stock';
import { $customerGroup, customerGroupOf, onCustomerGroupRefresh } from '../../src/lib/state/stores/customer-group';
import { setCurrentUser, setUserToken } from '../../src/lib/state/stores/user';
import { emitSyncEvent, PRICE_TIERS_REFRESH_EVENT } from '../../src/lib/state/sync/events';
import { addLinesToCart } from '../../src/lib/catalog/product/add-to-cart';
import {
  bundleLinkPrices,
  brandOf,
  customValueChosen,
  optionExtra,
  pickBundleLink,
  sortedCustomOptions,
  toggleCustomValue,
} from '../../src/lib/catalog/product/options-view';
import type { Customer } from '../../src/lib/schemas';
import { readdirSync, readFileSync } from 'node:fs';
import { deferred, flush, freshState, json } from './stores-fixtures';

beforeEach(() => {
  freshState();
});
afterEach(() => {
  cleanStores($customerGroup);
  vi.unstubAllGlobals();
  resetDataLayer();
});

describe('stock checks of the product form', () => {
  it('checkStock marks the sku pending while stock/check runs, then keeps the answer by sku and in the cache by id', async () => {
    const answer = deferred<Response>();
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return answer.promise;
    });
    const done = checkStock({ sku: 'EV1001-P-Q', id: 5011 });
    expect($stockPending.get()['EV1001-P-Q']).toBe(true);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(new URL(asked[0]!, 'http://shop.test').searchParams.get('sku')).toBe('EV1001-P-Q');
    answer.resolve(json({ code: 200, result: { sku: 'EV1001-P-Q', product_id: 5011, qty: 0, is_in_stock: false } }));
    expect(await done).toEqual({ is_in_stock: false, qty: 0 });
    expect($stockPending.get()['EV1001-P-Q']).toBe(false);
    expect($liveStock.get()['EV1001-P-Q']).toEqual({ is_in_stock: false, qty: 0 });
    expect(getStock(5011)).toMatchObject({ is_in_stock: false, qty: 0 });
    await flush();
    expect(await collection('stock').getItem('5011')).toMatchObject({ is_in_stock: false, qty: 0 });
  });

  it('a check that fails keeps the last answer and stops being pending', async () => {
    $liveStock.setKey('EV1001-P-O', { is_in_stock: true, qty: 7 });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkStock({ sku: 'EV1001-P-O', id: 5010 })).toBeNull();
    expect($stockPending.get()['EV1001-P-O']).toBe(false);
    expect($liveStock.get()['EV1001-P-O']).toEqual({ is_in_stock: true, qty: 7 });
  });

  it('a check that does not hold the form (after login or logout) marks nothing pending', async () => {
    const pendings: boolean[] = [];
    const off = $stockPending.listen((p) => pendings.push(!!p['R-1']));
    vi.stubGlobal('fetch', async () => json({ code: 200, result: { sku: 'R-1', product_id: 9, qty: 2, is_in_stock: true } }));
    expect(await checkStock({ sku: 'R-1', id: 9 }, false)).toEqual({ is_in_stock: true, qty: 2 });
    expect(pendings).toEqual([]);
    expect($liveStock.get()['R-1']).toEqual({ is_in_stock: true, qty: 2 });
    off();
  });
});

describe('the customer group store', () => {
  it('is the guest group without a token, else the customer’s (the customer group until known)', () => {
    expect(customerGroupOf({ token: null, current: null })).toBe(0);
    expect(customerGroupOf({ token: 't', current: null })).toBe(1);
    expect(customerGroupOf({ token: 't', current: { group_id: 4 } as Customer })).toBe(4);
  });

  it('stays unknown with price tiers off, and outside a browser', async () => {
    expect(config.switches.usePriceTiers).toBe(false);
    vi.stubGlobal('window', {});
    const off = $customerGroup.listen(() => {});
    await flush();
    expect($customerGroup.get()).toBeNull();
    off();
  });

  it('with price tiers on, follows the stored session, and login and logout set it again and run the refresh listeners', async () => {
    const was = config.switches.usePriceTiers;
    config.switches.usePriceTiers = true;
    // The store starts only in a browser (the build renders the guest's prices).
    vi.stubGlobal('window', {});
    try {
      await collection('user').setItem(KEYS.userToken, 'stored-token');
      const refreshed: Array<number | null> = [];
      const stopRefresh = onCustomerGroupRefresh(() => refreshed.push($customerGroup.get()));
      const off = $customerGroup.listen(() => {});
      await vi.waitFor(() => expect($customerGroup.get()).toBe(1));
      setUserToken('wholesale-token');
      setCurrentUser({ group_id: 2 } as Customer);
      emitSyncEvent(PRICE_TIERS_REFRESH_EVENT, { loggedIn: true });
      expect($customerGroup.get()).toBe(2);
      expect(refreshed).toEqual([2]);
      off();
      stopRefresh();
    } finally {
      config.switches.usePriceTiers = was;
    }
  });
});

describe('adding the product form’s lines to the cart', () => {
  const settings: DataLayerSettings = {
    containerId: '',
    pageViewDelayMs: 500,
    currency: 'GBP',
    noIdWarning: messages.tagManagerNoId,
    consent: { label: 'Cookies', text: 'text', accept: 'Accept', decline: 'No', policyLabel: 'Policy', policyHref: '/enable-cookies', claimDescription: 'd' },
  };
  const env = () =>
    ({ win: {} as { dataLayer?: Record<string, unknown>[] }, warn: () => {} }) as unknown as DataLayerEnv & { win: { dataLayer?: Record<string, unknown>[] } };

  it('puts each line in the cart and tells the data layer of each line the cart took, not of a refused one', async () => {
    vi.stubGlobal('fetch', async () => json({ code: 500, result: 'offline in this test' }));
    const e = env();
    initDataLayer(settings, e);
    const ok = await addLinesToCart(
      [
        { sku: 'W-1', name: 'Seiko Presage', price: 450, qty: 2 },
        { sku: 'W-2', name: 'Priceless', price: 0, qty: 1 },
      ],
      { categoryPath: '/watches/mens-watches/seiko-presage', brand: 'Seiko' },
    );
    expect(ok).toBe(true);
    expect($cart.get().items.map((i) => [i.sku, i.qty])).toEqual([['W-1', 2]]);
    expect(e.win.dataLayer).toEqual([
      {
        event: 'addToCart',
        ecommerce: {
          currencyCode: 'GBP',
          add: { products: [{ id: 'W-1', name: 'Seiko Presage', price: 450, quantity: 2, category: 'watch', brand: 'Seiko' }] },
        },
      },
    ]);
    expect($notifications.get().map((n) => n.message)).toEqual([messages.addedToCart, messages.cannotAddPriceUnknown]);
    await cartSettled();
  });
});

describe('adding from the product page', () => {
  it('the bag stored in this browser is read before the line goes in, so "added" means stored with the lines already there', async () => {
    // A stored ring from an earlier page; this browser's storage answers slowly.
    const mem = memoryEngine();
    const gate = deferred<void>();
    setStorageEngine({
      name: 'slow',
      open: (db, o) => {
        const d = mem.open(db, o);
        return { ...d, getItem: async <T>(k: string) => (await gate.promise, d.getItem<T>(k)) };
      },
    });
    await collection('carts').setItem(KEYS.cart, [{ sku: 'R-1', name: 'Ring', price: 120, qty: 1 }]);
    vi.stubGlobal('fetch', async () => json({ code: 500, result: 'offline in this test' }));
    let done = false;
    const adding = addLinesToCart([{ sku: 'W-1', name: 'Seiko Presage', price: 450, qty: 1 }], { categoryPath: '/watches', brand: 'Seiko' }).then(
      (ok) => ((done = true), ok),
    );
    await flush();
    expect(done).toBe(false);
    expect($notifications.get()).toEqual([]);
    gate.resolve();
    expect(await adding).toBe(true);
    expect($cart.get().loaded).toBe(true);
    expect($cart.get().items.map((i) => i.sku)).toEqual(['R-1', 'W-1']);
    expect($notifications.get().map((n) => n.message)).toEqual([messages.addedToCart]);
    await cartSettled();
    expect(((await collection('carts').getItem<Array<{ sku: string }>>(KEYS.cart)) ?? []).map((i) => i.sku)).toEqual(['R-1', 'W-1']);
  });
});

describe('option fields', () => {
  it('lists custom options by sort order', () => {
    const o = (option_id: number, sort_order?: number) => ({ option_id, sort_order }) as never;
    expect(sortedCustomOptions({ custom_options: [o(1, 3), o(2), o(3, 1)] }).map((x: { option_id: number }) => x.option_id)).toEqual([2, 3, 1]);
  });

  it('prices a value’s extra as a fixed amount or a percent of the unit’s original price', () => {
    expect(optionExtra('25', 'fixed', 400)).toBe(25);
    expect(optionExtra(10, 'percent', 400)).toBe(40);
    expect(optionExtra(null, null, 400)).toBe(0);
  });

  it('prices a bundle link from its product (special price included), else from its own price', () => {
    expect(bundleLinkPrices({ price: 10, product: { price: 249, special_price: 199, special_from_date: null, special_to_date: null } as never })).toEqual({
      original: 249,
      special: 199,
      final: 199,
    });
    expect(bundleLinkPrices({ price: 32.99, product: null } as never)).toEqual({ original: 32.99, special: null, final: 32.99 });
  });

  it('ticks bundle links: one for a single choice, several for checkbox and multi', () => {
    expect(pickBundleLink([1], 2, true, false)).toEqual([2]);
    expect(pickBundleLink([1], 1, false, false)).toEqual([]);
    expect(pickBundleLink([1, 2], 3, true, true)).toEqual([1, 2, 3]);
    expect(pickBundleLink([1, 2], 1, false, true)).toEqual([2]);
  });

  it('ticks custom checkbox values (true means the first value) and says which are chosen', () => {
    const box = { type: 'checkbox', values: [{ option_type_id: 7 }, { option_type_id: 8 }] } as never;
    expect(toggleCustomValue(box, true, 8, true)).toEqual([7, 8]);
    expect(toggleCustomValue(box, [8], 8, false)).toBe(false);
    expect(customValueChosen(box, true, 7)).toBe(true);
    expect(customValueChosen(box, [8], 7)).toBe(false);
    expect(customValueChosen({ type: 'radio', values: [] } as never, '8', 8)).toBe(true);
  });

  it('reads the brand from the comparable attributes', () => {
    expect(brandOf({ compare: [{ code: 'pj_brand', label: 'Brand', value: 'Seiko' }] as never })).toBe('Seiko');
    expect(brandOf({})).toBeNull();
  });
});

describe('the product options island', () => {
  it('renders and calls actions: no fetch, storage, sync or data layer of its own', () => {
    const files = [
      'src/browser/product/ProductOptions.tsx',
      ...readdirSync('src/browser/product/product-options').map((f) => `src/browser/product/product-options/${f}`),
    ];
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      expect(src, f).not.toMatch(/\bfetch\(|localStorage|indexedDB|lib\/(api|storage|sync|datalayer)\b|stores\/(cart|user)'|import\(/);
    }
  });
});
