/**
 * A route needs only what its factory's type names (server/context.ts): the cart routes built from a
 * hand-made `CartDeps` (the test shop's database and nothing else of its ShopContext), wrapped so that
 * reading any other field throws. Prices' parts are the test's own (a 25% rate, a 10.00 method, a
 * 40.00 coupon), so the totals show that the route used what it was given, not the shop's snapshot.
 */
import { describe, expect, it } from 'vitest';
import { Hono, type MiddlewareHandler } from 'hono';
import { cartRoutes, type CartDeps } from '../../server/routes/cart';
import type { Coupon, PaymentMethod, ShippingMethod, TaxRate } from '../../src/lib/schemas';
import { config } from '../../src/lib/config';
import { useTestShop } from './fixture';

const shop = useTestShop();

/** `deps` as a route sees it, where reading a field it does not have throws (a plain object would give undefined). */
function only<T extends object>(deps: T, read: Set<string>): T {
  return new Proxy(deps, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        if (!(key in target)) throw new Error(`the route read ${key}, which its deps type does not name`);
        read.add(key);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

const RATE: TaxRate = { rate: 25, code: 'test 25%', tax_country_id: 'GB', region_name: '*', tax_region_id: 0, product_tax_class_ids: [2] };
const METHOD: ShippingMethod = {
  carrier_code: 'handmade',
  method_code: 'van',
  carrier_title: 'Hand',
  method_title: 'Van',
  amount: 10,
  base_amount: 10,
  available: true,
  error_message: '',
  price_excl_tax: 8,
  price_incl_tax: 10,
};
const PAYMENT: PaymentMethod = { title: 'Test', code: 'handpay', cost: 0, costInclTax: 0, default: true, offline: false, is_server_method: true };
const COUPON: Coupon = { code: 'HAND40', type: 'fixed', amount: 40, description: '', active: true };

describe('a route built from only its declared dependencies', () => {
  it('cart: create, add, choose methods, apply a coupon and total with the hand-made parts only', async () => {
    const limited: string[] = [];
    const pass: MiddlewareHandler = async (_c, next) => {
      await next();
    };
    const deps: CartDeps = {
      db: shop().db,
      customerOf: () => Promise.resolve(null),
      taxRates: () => [RATE],
      shippingMethods: () => [METHOD],
      paymentMethods: () => [PAYMENT],
      coupon: (code) => (code.toUpperCase() === COUPON.code ? COUPON : undefined),
      priceGroup: () => undefined,
      storeViews: () => [config.storeViews.default],
      limit: (group) => (limited.push(group), pass),
    };
    const read = new Set<string>();
    const app = new Hono().route('/cart', cartRoutes(only(deps, read)));
    const post = async (path: string, body?: unknown) => {
      const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
      return { status: res.status, body: (await res.json()) as { code: number; result: any } };
    };

    const created = await post('/cart/create');
    expect(created.status).toBe(200);
    const cartId = created.body.result as string;
    // The fixture's RING-101 costs 120.00 (VAT included).
    expect((await post(`/cart/update?cartId=${cartId}`, { cartItem: { sku: 'RING-101', qty: 2 } })).body.result).toMatchObject({
      sku: 'RING-101',
      qty: 2,
      price: 120,
    });
    expect((await post(`/cart/apply-coupon?cartId=${cartId}&coupon=hand40`)).body.result).toBe(true);
    const totals = await post(`/cart/collect-totals?cartId=${cartId}`, {
      methods: { paymentMethod: { method: 'handpay' }, shippingCarrierCode: 'handmade', shippingMethodCode: 'van' },
    });
    expect(totals.status).toBe(200);
    // 2 x 120.00 - 40.00 + 10.00; VAT at 25% of 200.00 (40.00) and of the 10.00 delivery (2.00).
    expect(totals.body.result).toMatchObject({
      grand_total: 210,
      subtotal_incl_tax: 240,
      discount_amount: -40,
      shipping_incl_tax: 10,
      shipping_amount: 8,
      tax_amount: 42,
      coupon_code: 'HAND40',
    });
    expect(limited).toEqual(['apply-coupon']);
    expect([...read].sort()).toEqual(['coupon', 'customerOf', 'db', 'limit', 'paymentMethods', 'priceGroup', 'shippingMethods', 'storeViews', 'taxRates']);
  });

  it('built without a part its type names (limit), the cart routes fail at once, not on a later request', () => {
    const read = new Set<string>();
    const deps = only({ db: shop().db } as unknown as CartDeps, read);
    expect(() => cartRoutes(deps)).toThrow(/the route read limit/);
  });
});
