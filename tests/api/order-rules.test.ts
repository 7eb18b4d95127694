/**
 * Order input rules: replays only for the same owner and payload, increment ids are
 * no keys, quantities within the product's limits, and only what the shop offers (GB, cart coupons,
 * a payload of known shape).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages, fill } from '../../src/lib/messages';
import { orderPayload, useTestShop, writeFixtureSnapshot } from './fixture';
import { fixtureFiles, PRODUCTS } from './fixture-data';
import { ADDRESS } from '../../scripts/lib/sample-order';

/** The fixture plus one product whose stock is not managed (qty 0, manage_stock false, max_sale_qty 10). */
function snapshotWithUnmanaged(): string {
  const files = fixtureFiles();
  const free = {
    ...(PRODUCTS[0] as Record<string, unknown>),
    id: 108,
    sku: 'FREE-108',
    name: 'Gift Card',
    slug: 'gift-card',
    url_key: 'gift-card-108',
    url_path: 'rings/gift-card-108',
    price: 25,
    tier_prices: [],
    stock: { is_in_stock: true, qty: 0, manage_stock: false, min_sale_qty: 1, max_sale_qty: 10 },
  };
  files['products/0000.json'] = [...PRODUCTS, free];
  (files['manifest.json'] as { counts: { products: number } }).counts.products = PRODUCTS.length + 1;
  return writeFixtureSnapshot(mkdtempSync(join(tmpdir(), 'api-unmanaged-')), files);
}

const shop = useTestShop({ snapshotDir: snapshotWithUnmanaged() });
const orders = async () => (await shop().call('GET', '/api/__orders')).body.result as { order_id: string; payload: string }[];

async function login(email: string): Promise<string> {
  await shop().call('POST', '/api/user/create', { body: { customer: { email, firstname: 'Test', lastname: 'Customer' }, password: 'password123' } });
  return (await shop().call('POST', '/api/user/login', { body: { username: email, password: 'password123' } })).body.result;
}

describe('replays', () => {
  it("a guest sending another customer's increment id as order_id gets no token of that order", async () => {
    const ann = await login('ann6@example.org');
    const placed = await shop().call('POST', '/api/order', { query: { token: ann }, body: orderPayload() });
    expect(placed.status).toBe(200);
    const inc = placed.body.result.increment_id as string;
    expect(inc).toMatch(/^PJ\d{9}$/);
    const probe = await shop().call('POST', '/api/order', { body: orderPayload({ order_id: inc }) });
    expect(JSON.stringify(probe.body)).not.toContain(placed.body.result.token);
    expect(probe.headers.get('x-order-replay')).toBeNull();
  });

  it("a guest replaying a customer's order_id is refused (403) and learns nothing", async () => {
    const ann = await login('ann6b@example.org');
    const payload = orderPayload();
    const placed = await shop().call('POST', '/api/order', { query: { token: ann }, body: payload });
    const replay = await shop().call('POST', '/api/order', { body: payload });
    expect(replay.status).toBe(403);
    expect(JSON.stringify(replay.body)).not.toContain(placed.body.result.token);
  });

  it('a different payload under a known order_id is a 409 with a message, not the first answer', async () => {
    const payload = orderPayload();
    const first = await shop().call('POST', '/api/order', { body: payload });
    expect(first.status).toBe(200);
    const other = await shop().call('POST', '/api/order', { body: { ...payload, products: [{ sku: 'WATCH-102', qty: 1 }] } });
    expect(other.status).toBe(409);
    expect(other.body.result).toMatch(/^order_id: /);
    expect(JSON.stringify(other.body)).not.toContain(first.body.result.token);
    // The same payload again (its answer lost) is still a replay, even with the queue's bookkeeping changed.
    const again = await shop().call('POST', '/api/order', { body: { ...payload, transmited_at: new Date().toISOString() } });
    expect(again.status).toBe(200);
    expect(again.body.result.token).toBe(first.body.result.token);
  });
});

describe('order quantities', () => {
  it('an unmanaged-stock product cannot be ordered 9,007,199,254,740,991 times', async () => {
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'FREE-108', qty: Number.MAX_SAFE_INTEGER }] }) });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^products\.0\.qty: /);
  });

  it("an order line above the product's max_sale_qty (10 in the fixture) is refused with the quantity text", async () => {
    const before = (await orders()).length;
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'FREE-108', qty: 11 }] }) });
    expect(r.status).toBe(400);
    expect(r.body.result).toBe(`products.0.qty: ${fill(messages.quantityAtMost, { max: 10 })}`);
    expect((await orders()).length).toBe(before);
    const split = await shop().call('POST', '/api/order', {
      body: orderPayload({
        products: [
          { sku: 'FREE-108', qty: 6 },
          { sku: 'FREE-108', qty: 5 },
        ],
      }),
    });
    expect(split.status).toBe(400);
    expect(split.body.result).toMatch(/^products\.0\.qty: /);
  });

  it('fractional and zero quantities are refused with the §5 texts', async () => {
    const half = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'RING-101', qty: 0.5 }] }) });
    expect(half.body.result).toBe(`products.0.qty: ${messages.quantityWholeNumber}`);
    const zero = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'RING-101', qty: 0 }] }) });
    expect(zero.body.result).toBe(`products.0.qty: ${messages.quantityAboveZero}`);
  });
});

describe('only what the shop offers', () => {
  it('a coupon_code on an order without a cart is refused and discounts nothing', async () => {
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ coupon_code: 'WELCOME10' }) });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^coupon_code: /);
  });

  it("the cart's coupon still applies to the order of that cart", async () => {
    const cartId = (await shop().call('POST', '/api/cart/create')).body.result;
    await shop().call('POST', '/api/cart/update', { query: { cartId }, body: { cartItem: { sku: 'RING-101', qty: 1 } } });
    expect((await shop().call('POST', '/api/cart/apply-coupon', { query: { cartId, coupon: 'WELCOME10' } })).status).toBe(200);
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ cart_id: cartId }) });
    expect(r.status).toBe(200);
    expect(r.body.result.grand_total).toBe(108); // 120 less 10 % (sample coupon WELCOME10), free 2nd class
  });

  it('a US address with free express delivery is refused: the shop ships to GB only (§9)', async () => {
    const us = { ...ADDRESS, country_id: 'US', postcode: '10001', city: 'New York' };
    const p = orderPayload();
    const r = await shop().call('POST', '/api/order', {
      body: {
        ...p,
        addressInformation: { ...p.addressInformation, shippingAddress: us, shipping_method_code: 'freeexpress', shipping_carrier_code: 'freeexpress' },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^addressInformation\.shippingAddress\.country_id: /);
  });

  it('extra JSON is refused, not stored verbatim', async () => {
    const before = (await orders()).length;
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ notes: 'x'.repeat(100_000) }) });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^notes: /);
    const p = orderPayload();
    const nested = await shop().call('POST', '/api/order', {
      body: { ...p, addressInformation: { ...p.addressInformation, shippingAddress: { ...ADDRESS, extra: { a: 1 } } } },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.result).toMatch(/^addressInformation\.shippingAddress\.extra: /);
    expect((await orders()).length).toBe(before);
  });
});

describe('an order belongs to its customer, and closes its cart', () => {
  it("an order naming a customer (user_id) is refused without that customer's token: never attached to someone else", async () => {
    const ann = await login('ann2@example.org');
    const me = (await shop().call('GET', '/api/user/me', { query: { token: ann } })).body.result as { id: number };
    const bob = await login('bob2@example.org');
    const asGuest = await shop().call('POST', '/api/order', { body: orderPayload({ user_id: String(me.id) }) });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.result).toMatch(/^user_id: /);
    const asBob = await shop().call('POST', '/api/order', { query: { token: bob }, body: orderPayload({ user_id: String(me.id) }) });
    expect(asBob.status).toBe(403);
    const asAnn = await shop().call('POST', '/api/order', { query: { token: ann }, body: orderPayload({ user_id: String(me.id) }) });
    expect(asAnn.status).toBe(200);
  });

  it("vue-storefront-api's order shapes: user_id and transmited_at are strings when present (a number or null is a 400 naming it)", async () => {
    const ann = await login('ann3@example.org');
    const me = (await shop().call('GET', '/api/user/me', { query: { token: ann } })).body.result as { id: number };
    const numeric = await shop().call('POST', '/api/order', { query: { token: ann }, body: orderPayload({ user_id: me.id }) });
    expect(numeric.status).toBe(400);
    expect(numeric.body.result).toMatch(/^user_id: /);
    const nullAt = await shop().call('POST', '/api/order', { query: { token: ann }, body: orderPayload({ transmited_at: null }) });
    expect(nullAt.status).toBe(400);
    expect(nullAt.body.result).toMatch(/^transmited_at: /);
  });

  it('a second order of an ordered cart (a stale tab) is refused with 409; the replay of the first still answers', async () => {
    const cartId = (await shop().call('POST', '/api/cart/create')).body.result;
    await shop().call('POST', '/api/cart/update', { query: { cartId }, body: { cartItem: { sku: 'RING-101', qty: 1 } } });
    const first = orderPayload({ cart_id: cartId });
    expect((await shop().call('POST', '/api/order', { body: first })).status).toBe(200);
    const before = (await orders()).length;
    const stale = await shop().call('POST', '/api/order', { body: orderPayload({ cart_id: cartId }) });
    expect(stale.status).toBe(409);
    expect(stale.body.result).toMatch(/^cart_id: /);
    expect((await orders()).length).toBe(before);
    expect((await shop().call('POST', '/api/order', { body: first })).status).toBe(200);
  });
});
