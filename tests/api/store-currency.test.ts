/**
 * Store view currencies (multistore): vue-storefront-api's cart and order calls name the store view
 * (`storeCode`), and the backend quotes that store view's cart in its currency, as Magento does. A de
 * cart is in euros at the configured rate, each unit converted as the de pages convert it; the default
 * cart keeps pounds; an order placed in de records EUR and the order history says so.
 */
import { describe, expect, it } from 'vitest';
import { config } from '../../src/lib/config';
import { orderPayload, useTestShop } from './fixture';

const de = config.storeViews.others.find((s) => s.storeCode === 'de')!;
const RATE = de.i18n.exchangeRate;
/** A pound amount in euros to the cent, as the de pages show it (the configured rate, rounded half up). */
const euros = (gbp: number) => Math.round(gbp * RATE * 100) / 100;
const cents = (n: number) => Math.round(n * 100) / 100;

/** The fixture's PENDANT-105 (£100) with gift wrap (+£3.95): £103.95 a piece. */
const PENDANT = { sku: 'PENDANT-105', product_option: { extension_attributes: { custom_options: [{ option_id: 3, option_value: '31' }] } } };
const PENDANT_GBP = 103.95;
const RING_GBP = 120;

type Shop = ReturnType<ReturnType<typeof useTestShop>>;

async function cartWith(s: Shop, query: Record<string, string>) {
  const cartId = (await s.call('POST', '/api/cart/create', { query })).body.result as string;
  const q = { ...query, cartId };
  const pendant = await s.call('POST', '/api/cart/update', { query: q, body: { cartItem: { ...PENDANT, qty: 7 } } });
  const ring = await s.call('POST', '/api/cart/update', { query: q, body: { cartItem: { sku: 'RING-101', qty: 1 } } });
  return { cartId, q, pendant, ring };
}

describe('multistore on: a cart is quoted in its store view currency', () => {
  const shop = useTestShop({ options: { multistore: true } });

  it('a de cart: lines, pull and totals in EUR at the configured rate, each unit converted before it is multiplied', async () => {
    expect(RATE).not.toBe(1);
    const { q, pendant, ring } = await cartWith(shop(), { storeCode: 'de' });
    expect(pendant.status).toBe(200);
    expect(pendant.body.result.price).toBe(euros(PENDANT_GBP));
    expect(ring.body.result.price).toBe(euros(RING_GBP));
    const pulled = (await shop().call('GET', '/api/cart/pull', { query: q })).body.result as { sku: string; price: number }[];
    expect(pulled.map((l) => [l.sku, l.price])).toEqual([
      ['PENDANT-105', euros(PENDANT_GBP)],
      ['RING-101', euros(RING_GBP)],
    ]);

    const totals = await shop().call('GET', '/api/cart/totals', { query: q });
    expect(totals.status).toBe(200);
    const t = totals.body.result;
    expect(t.quote_currency_code).toBe('EUR');
    expect(t.base_currency_code).toBe('GBP');
    // 7 × 121.62 = 851.34 (the page's unit times the quantity), not 727.65 × 1.17 = 851.35.
    const pendantRow = cents(euros(PENDANT_GBP) * 7);
    expect(t.items.map((l: { price_incl_tax: number; row_total_incl_tax: number }) => [l.price_incl_tax, l.row_total_incl_tax])).toEqual([
      [euros(PENDANT_GBP), pendantRow],
      [euros(RING_GBP), euros(RING_GBP)],
    ]);
    expect(t.subtotal_incl_tax).toBe(cents(pendantRow + euros(RING_GBP)));
    expect(t.grand_total).toBe(cents(pendantRow + euros(RING_GBP)));
    expect(t.base_grand_total).toBe(cents(PENDANT_GBP * 7 + RING_GBP));
    // The VAT included (20%) is a part of the euro total.
    expect(t.tax_amount).toBeCloseTo(t.grand_total - t.grand_total / 1.2, 1);
  });

  it("a de cart's shipping methods and chosen shipping are in EUR too", async () => {
    const { q } = await cartWith(shop(), { storeCode: 'de' });
    const methods = (await shop().call('POST', '/api/cart/shipping-methods', { query: q, body: { address: { country_id: 'GB' } } })).body.result as {
      method_code: string;
      price_incl_tax: number;
      amount: number;
    }[];
    const express = methods.find((m) => m.method_code === 'express')!;
    expect([express.amount, express.price_incl_tax]).toEqual([euros(6), euros(6)]);
    const totals = await shop().call('POST', '/api/cart/collect-totals', {
      query: q,
      body: { methods: { shippingCarrierCode: 'flatrate', shippingMethodCode: 'express' } },
    });
    expect(totals.body.result.shipping_incl_tax).toBe(euros(6));
    expect(totals.body.result.grand_total).toBe(cents(cents(euros(PENDANT_GBP) * 7) + euros(RING_GBP) + euros(6)));
  });

  it('the default store view, named or not, keeps pounds and the amounts it always had', async () => {
    for (const query of [{}, { storeCode: config.storeViews.default.storeCode }] as Record<string, string>[]) {
      const { q, pendant } = await cartWith(shop(), query);
      expect(pendant.body.result.price).toBe(PENDANT_GBP);
      const t = (await shop().call('GET', '/api/cart/totals', { query: q })).body.result;
      expect(t).toMatchObject({
        quote_currency_code: 'GBP',
        base_currency_code: 'GBP',
        subtotal_incl_tax: cents(PENDANT_GBP * 7 + RING_GBP),
        grand_total: cents(PENDANT_GBP * 7 + RING_GBP),
        base_grand_total: cents(PENDANT_GBP * 7 + RING_GBP),
      });
    }
  });

  it('an unknown store code is a 400 naming it, on the cart and on the order', async () => {
    const cartId = (await shop().call('POST', '/api/cart/create')).body.result as string;
    for (const [method, path, body] of [
      ['GET', '/api/cart/totals', undefined],
      ['GET', '/api/cart/pull', undefined],
      ['POST', '/api/cart/update', { cartItem: { sku: 'RING-101', qty: 1 } }],
      ['POST', '/api/order', orderPayload()],
    ] as const) {
      const r = await shop().call(method, path, { query: { cartId, storeCode: 'fr' }, body });
      expect(r.status, path).toBe(400);
      expect(r.body.result, path).toMatch(/^query\.storeCode: .*'fr'/);
    }
  });

  it('an order placed from a de cart records EUR, and the order history answers it', async () => {
    const email = `de-${Date.now()}@example.org`;
    await shop().call('POST', '/api/user/create', { body: { customer: { email, firstname: 'Dora', lastname: 'Euro' }, password: 'password123' } });
    const token = (await shop().call('POST', '/api/user/login', { body: { username: email, password: 'password123' } })).body.result as string;
    const { cartId } = await cartWith(shop(), { storeCode: 'de', token });
    const products = [
      { ...PENDANT, qty: 7 },
      { sku: 'RING-101', qty: 1 },
    ];
    const placed = await shop().call('POST', '/api/order', {
      query: { token, storeCode: 'de' },
      body: orderPayload({ products, cart_id: cartId, store_code: 'de' }),
    });
    expect(placed.status).toBe(200);
    const euroTotal = cents(cents(euros(PENDANT_GBP) * 7) + euros(RING_GBP));
    expect(placed.body.result.grand_total).toBe(euroTotal);

    const history = await shop().call('GET', '/api/user/order-history', { query: { token, storeCode: 'de' } });
    const order = history.body.result.items[0];
    expect(order).toMatchObject({
      increment_id: placed.body.result.increment_id,
      order_currency_code: 'EUR',
      base_currency_code: 'GBP',
      grand_total: euroTotal,
      base_grand_total: cents(PENDANT_GBP * 7 + RING_GBP),
    });
    expect(order.items.map((l: { price_incl_tax: number }) => l.price_incl_tax)).toEqual([euros(PENDANT_GBP), euros(RING_GBP)]);
  });
});

describe('multistore off (the default)', () => {
  const shop = useTestShop({ options: { multistore: false } });

  it('a store code other than the default one is a 400; orders stay in pounds', async () => {
    const cartId = (await shop().call('POST', '/api/cart/create')).body.result as string;
    const r = await shop().call('GET', '/api/cart/totals', { query: { cartId, storeCode: 'de' } });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^query\.storeCode: .*'de'/);
    const placed = await shop().call('POST', '/api/order', { body: orderPayload() });
    expect(placed.body.result.grand_total).toBe(RING_GBP);
  });
});
