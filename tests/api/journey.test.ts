import { describe, expect, it } from 'vitest';
import { CartTotalsSchema, CustomerSchema, ShippingMethodSchema, PaymentMethodSchema, ExternalOrderResultSchema } from '../../src/lib/schemas';
import { messages } from '../../src/lib/messages';
import { orderPayload, useTestShop } from './fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';

const shop = useTestShop();

describe('guest and customer journey', () => {
  let guestCart = '';
  let token = '';
  let refreshToken = '';
  let customerCart = '';

  it('guest creates a cart and gets an opaque cart id', async () => {
    const r = await shop().call('POST', '/api/cart/create', { query: { token: '' } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(typeof r.body.result).toBe('string');
    expect(r.body.result.length).toBeGreaterThanOrEqual(16);
    guestCart = r.body.result;
  });

  it('guest adds, then updates a line by item id (qty is the new total)', async () => {
    const add = await shop().call('POST', '/api/cart/update', {
      query: { token: '', cartId: guestCart },
      body: { cartItem: { sku: 'RING-101', qty: 1, quoteId: guestCart } },
    });
    expect(add.status).toBe(200);
    expect(add.body.result).toMatchObject({ sku: 'RING-101', qty: 1, price: 120, name: 'Silver Ring', quote_id: guestCart });
    const upd = await shop().call('POST', '/api/cart/update', {
      query: { cartId: guestCart },
      body: { cartItem: { sku: 'RING-101', qty: 2, item_id: add.body.result.item_id } },
    });
    expect(upd.body.result).toMatchObject({ item_id: add.body.result.item_id, qty: 2 });
    const watch = await shop().call('POST', '/api/cart/update', { query: { cartId: guestCart }, body: { cartItem: { sku: 'WATCH-102', qty: 1 } } });
    expect(watch.body.result.price).toBe(150); // special price inside its dates
    const pull = await shop().call('GET', '/api/cart/pull', { query: { token: '', cartId: guestCart } });
    expect(pull.body.result.map((i: { sku: string; qty: number }) => [i.sku, i.qty])).toEqual([
      ['RING-101', 2],
      ['WATCH-102', 1],
    ]);
  });

  it('totals include uk vat at 20 percent', async () => {
    const r = await shop().call('GET', '/api/cart/totals', { query: { cartId: guestCart } });
    const t = CartTotalsSchema.parse(r.body.result);
    expect(t.subtotal_incl_tax).toBe(390);
    expect(t.subtotal).toBe(325);
    expect(t.tax_amount).toBe(65);
    expect(t.grand_total).toBe(390);
    expect(t.base_currency_code).toBe('GBP');
    expect(t.items_qty).toBe(3);
    expect(t.total_segments.find((s) => s.code === 'grand_total')?.value).toBe(390);
  });

  it('shipping methods are the seven of §9 with their amounts', async () => {
    const r = await shop().call('POST', '/api/cart/shipping-methods', { query: { cartId: guestCart }, body: { address: { country_id: 'GB' } } });
    const methods = r.body.result.map((m: unknown) => ShippingMethodSchema.parse(m));
    expect(methods.map((m: { method_title: string; amount: number }) => [m.method_title, m.amount])).toEqual([
      ['Free 2nd Class Delivery', 0],
      ['Express Delivery', 6],
      ['Free Express Delivery', 0],
      ['Preston', 0],
      ['Blackburn', 0],
      ['Bury', 0],
      ['Carlisle', 0],
    ]);
  });

  it('payment methods include cash on delivery at cost 0 and a card method', async () => {
    const r = await shop().call('GET', '/api/cart/payment-methods', { query: { cartId: guestCart } });
    const methods = r.body.result.map((m: unknown) => PaymentMethodSchema.parse(m));
    expect(methods.find((m: { code: string }) => m.code === 'cashondelivery')).toMatchObject({ cost: 0 });
    expect(methods.some((m: { code: string }) => m.code === 'card')).toBe(true);
  });

  it('shipping information sets express delivery and adds 6 to the totals', async () => {
    const r = await shop().call('POST', '/api/cart/shipping-information', {
      query: { cartId: guestCart },
      body: {
        addressInformation: { shippingAddress: { country_id: 'GB', postcode: 'PR1 2AD' }, shipping_method_code: 'express', shipping_carrier_code: 'flatrate' },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.totals).toMatchObject({ grand_total: 396, shipping_incl_tax: 6, shipping_amount: 5, tax_amount: 66 });
    expect(r.body.result.payment_methods.length).toBeGreaterThan(0);
  });

  it('the newsletter coupon takes 10 percent off; a wrong code is refused', async () => {
    const bad = await shop().call('POST', '/api/cart/apply-coupon', { query: { cartId: guestCart, coupon: 'NOPE' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.result).toMatch(/^coupon: /);
    const inactive = await shop().call('POST', '/api/cart/apply-coupon', { query: { cartId: guestCart, coupon: 'OLD20' } });
    expect(inactive.status).toBe(400);
    const good = await shop().call('POST', '/api/cart/apply-coupon', { query: { cartId: guestCart, coupon: 'welcome10' } });
    expect(good.body).toEqual({ code: 200, result: true });
    const t = await shop().call('POST', '/api/cart/collect-totals', {
      query: { cartId: guestCart },
      body: { methods: { paymentMethod: { method: 'cashondelivery' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'express' } },
    });
    expect(t.body.result).toMatchObject({ subtotal_incl_tax: 390, discount_amount: -39, grand_total: 357, tax_amount: 59.5, coupon_code: 'WELCOME10' });
    expect((await shop().call('GET', '/api/cart/coupon', { query: { cartId: guestCart } })).body.result).toBe('WELCOME10');
    await shop().call('POST', '/api/cart/delete-coupon', { query: { cartId: guestCart } });
    expect((await shop().call('GET', '/api/cart/totals', { query: { cartId: guestCart } })).body.result.grand_total).toBe(396);
    await shop().call('POST', '/api/cart/apply-coupon', { query: { cartId: guestCart, coupon: 'WELCOME10' } });
  });

  it('deleting a line removes it (the cartItem as VSFA clients send it: sku, item_id and quote_id)', async () => {
    const add = await shop().call('POST', '/api/cart/update', { query: { cartId: guestCart }, body: { cartItem: { sku: 'LAST-104', qty: 1 } } });
    const del = await shop().call('POST', '/api/cart/delete', {
      query: { cartId: guestCart },
      body: { cartItem: { item_id: add.body.result.item_id, sku: 'LAST-104', quote_id: guestCart } },
    });
    expect(del.body).toEqual({ code: 200, result: true });
    const pull = await shop().call('GET', '/api/cart/pull', { query: { cartId: guestCart } });
    expect(pull.body.result.map((i: { sku: string }) => i.sku)).toEqual(['RING-101', 'WATCH-102']);
  });

  it('a customer account is created and logged in', async () => {
    const c = await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'ada@example.org', firstname: 'Ada', lastname: 'Lovelace', addresses: [ADDRESS] }, password: 'correct horse' },
    });
    expect(c.status).toBe(200);
    const customer = CustomerSchema.parse(c.body.result);
    expect(customer).toMatchObject({ email: 'ada@example.org', firstname: 'Ada' });
    expect(JSON.stringify(c.body)).not.toContain('password');
    const bad = await shop().call('POST', '/api/user/login', { body: { username: 'ada@example.org', password: 'wrong password' } });
    expect(bad.status).toBe(401);
    const l = await shop().call('POST', '/api/user/login', { body: { username: 'ada@example.org', password: 'correct horse' } });
    expect(l.status).toBe(200);
    token = l.body.result;
    refreshToken = l.body.meta.refreshToken;
    expect(token).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    const me = await shop().call('GET', '/api/user/me', { query: { token } });
    expect(me.body.result.email).toBe('ada@example.org');
  });

  it('login merges the guest cart into the customer cart', async () => {
    // The customer already has a cart with one ring from an earlier visit.
    const earlier = await shop().call('POST', '/api/cart/create', { query: { token } });
    await shop().call('POST', '/api/cart/update', { query: { token, cartId: earlier.body.result }, body: { cartItem: { sku: 'RING-101', qty: 1 } } });
    const r = await shop().call('POST', '/api/cart/create', { query: { token }, body: { guestCartId: guestCart } });
    expect(r.status).toBe(200);
    customerCart = r.body.result;
    expect(customerCart).toBe(earlier.body.result);
    const pull = await shop().call('GET', '/api/cart/pull', { query: { token, cartId: customerCart } });
    expect(pull.body.result.map((i: { sku: string; qty: number }) => [i.sku, i.qty]).sort()).toEqual([
      ['RING-101', 3],
      ['WATCH-102', 1],
    ]);
    expect((await shop().call('GET', '/api/cart/coupon', { query: { token, cartId: customerCart } })).body.result).toBe('WELCOME10');
    const gone = await shop().call('GET', '/api/cart/pull', { query: { cartId: guestCart } });
    expect(gone.status).toBe(404);
    expect(gone.body.result).toContain(messages.noSuchEntityCartId);
  });

  it('the customer cart is refused without the token and to another customer', async () => {
    const anon = await shop().call('GET', '/api/cart/pull', { query: { cartId: customerCart } });
    expect(anon.status).toBe(401);
    await shop().call('POST', '/api/user/create', {
      body: { customer: { email: 'bob@example.org', firstname: 'Bob', lastname: 'B' }, password: 'bob password' },
    });
    const bob = (await shop().call('POST', '/api/user/login', { body: { username: 'bob@example.org', password: 'bob password' } })).body.result;
    const other = await shop().call('POST', '/api/cart/update', {
      query: { token: bob, cartId: customerCart },
      body: { cartItem: { sku: 'RING-101', qty: 9 } },
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(403);
  });

  it('the customer orders the cart and finds the order in the history', async () => {
    const lines = (await shop().call('GET', '/api/cart/pull', { query: { token, cartId: customerCart } })).body.result;
    const ring = lines.find((i: { sku: string }) => i.sku === 'RING-101');
    await shop().call('POST', '/api/cart/update', {
      query: { token, cartId: customerCart },
      body: { cartItem: { sku: 'RING-101', qty: 2, item_id: ring.item_id } },
    });
    const payload = orderPayload({
      cart_id: customerCart,
      products: [
        { sku: 'RING-101', qty: 2 },
        { sku: 'WATCH-102', qty: 1 },
      ],
      addressInformation: {
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        shipping_method_code: 'express',
        shipping_carrier_code: 'flatrate',
        payment_method_code: 'cashondelivery',
      },
    });
    const r = await shop().call('POST', '/api/order', { query: { token }, body: payload });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ order_id: payload.order_id, grand_total: 357 });
    expect(r.body.result.backendOrderId).toMatch(/^PJ\d+$/);
    expect(typeof r.body.result.token).toBe('string');

    const info = await shop().call('GET', `/api/ext/order-info/${r.body.result.token}`);
    const ext = ExternalOrderResultSchema.parse(info.body.result);
    expect(ext).toMatchObject({ order_id: r.body.result.backendOrderId, order_total: 357, order_shipping: 6, order_tax: 59.5 });
    expect(ext.order_lines.map((l) => [l.line_sku, l.line_qty, l.line_original_price])).toEqual([
      ['RING-101', 2, 120],
      ['WATCH-102', 1, 150],
    ]);

    const h = await shop().call('GET', '/api/user/order-history', { query: { token, pageSize: '10', currentPage: '1' } });
    expect(h.body.result.total_count).toBe(1);
    expect(h.body.result.items[0]).toMatchObject({ increment_id: r.body.result.backendOrderId, grand_total: 357, status: 'pending', coupon_code: 'WELCOME10' });
    expect(h.body.result.items[0].items.map((i: { sku: string; qty_ordered: number }) => [i.sku, i.qty_ordered])).toEqual([
      ['RING-101', 2],
      ['WATCH-102', 1],
    ]);
    // The ordered cart is closed: the shop starts a new one.
    expect((await shop().call('GET', '/api/cart/pull', { query: { token, cartId: customerCart } })).status).toBe(404);
    const next = await shop().call('POST', '/api/cart/create', { query: { token } });
    expect(next.body.result).not.toBe(customerCart);
    // The confirmation e-mail went to the outbox.
    const mails = (await shop().call('GET', '/api/__outbox')).body.result;
    expect(mails.some((m: { kind: string; to_addr: string }) => m.kind === 'order' && m.to_addr === 'ada@example.org')).toBe(true);
  });

  it('the refresh token gives a new access token', async () => {
    const r = await shop().call('POST', '/api/user/refresh', { body: { refreshToken } });
    expect(r.status).toBe(200);
    expect((await shop().call('GET', '/api/user/me', { query: { token: r.body.result } })).status).toBe(200);
  });
});
