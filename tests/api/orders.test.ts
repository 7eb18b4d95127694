import { describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import { orderPayload, useTestShop } from './fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';

const shop = useTestShop();

const stockOf = async (sku: string) => (await shop().call('GET', '/api/stock/check', { query: { sku } })).body.result as { qty: number; is_in_stock: boolean };
const ordersInDb = async () => (await shop().call('GET', '/api/__orders')).body.result as { order_id: string }[];

async function login(email: string): Promise<string> {
  await shop().call('POST', '/api/user/create', { body: { customer: { email, firstname: 'Test', lastname: 'Customer' }, password: 'password123' } });
  return (await shop().call('POST', '/api/user/login', { body: { username: email, password: 'password123' } })).body.result;
}

describe('order endpoint', () => {
  it('the same order id sent twice creates one order and answers the same result', async () => {
    const before = (await stockOf('RING-101')).qty;
    const payload = orderPayload({ products: [{ sku: 'RING-101', qty: 2 }] });
    const first = await shop().call('POST', '/api/order', { body: payload });
    const second = await shop().call('POST', '/api/order', { body: payload });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-order-replay')).toBe('1');
    expect((await ordersInDb()).filter((o) => o.order_id === payload.order_id)).toHaveLength(1);
    expect((await stockOf('RING-101')).qty).toBe(before - 2);
  });

  it("takes a product's sgn (vue-storefront-api's price signature, which the shop carries from the product record)", async () => {
    const payload = orderPayload({ products: [{ sku: 'RING-101', qty: 1, sgn: 'c2lnbmF0dXJl' } as never] });
    expect((await shop().call('POST', '/api/order', { body: payload })).body.code).toBe(200);
  });

  it('concurrent sends of one order id still create one order', async () => {
    const payload = orderPayload();
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop().call('POST', '/api/order', { body: payload })));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect((await ordersInDb()).filter((o) => o.order_id === payload.order_id)).toHaveLength(1);
  });

  it('an invalid address answers code 400 naming the field', async () => {
    const bad = orderPayload({
      addressInformation: { ...orderPayload().addressInformation, shippingAddress: { ...ADDRESS, firstname: '' } },
    });
    const r = await shop().call('POST', '/api/order', { body: bad });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(r.body.result).toMatch(/^addressInformation\.shippingAddress\.firstname: /);
    const postcode = orderPayload({ addressInformation: { ...orderPayload().addressInformation, billingAddress: { ...ADDRESS, postcode: 'NOT A CODE' } } });
    const r2 = await shop().call('POST', '/api/order', { body: postcode });
    expect(r2.body).toEqual({ code: 400, result: 'addressInformation.billingAddress.postcode: postcode is not a valid UK postcode' });
    expect((await ordersInDb()).some((o) => o.order_id === bad.order_id || o.order_id === postcode.order_id)).toBe(false);
  });

  it('an out of stock product answers code 500 with the add-products error and changes no stock', async () => {
    const ring = (await stockOf('RING-101')).qty;
    const payload = orderPayload({
      products: [
        { sku: 'RING-101', qty: 1 },
        { sku: 'BANGLE-103-SILVER', qty: 1 },
      ],
    });
    const r = await shop().call('POST', '/api/order', { body: payload });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 500, result: messages.orderAddProductsError });
    expect(r.body.result).toBe('Error: Error while adding products');
    // The same transaction: the ring's stock is untouched.
    expect((await stockOf('RING-101')).qty).toBe(ring);
    expect((await ordersInDb()).some((o) => o.order_id === payload.order_id)).toBe(false);
  });

  it('ordering more than the stock fails, and the last one sells once', async () => {
    const tooMany = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'LAST-104', qty: 2 }] }) });
    expect(tooMany.body).toEqual({ code: 500, result: 'Error: Error while adding products' });
    const a = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'LAST-104', qty: 1 }] }) });
    expect(a.status).toBe(200);
    expect(await stockOf('LAST-104')).toMatchObject({ qty: 0, is_in_stock: false });
    const b = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'LAST-104', qty: 1 }] }) });
    expect(b.body.result).toBe('Error: Error while adding products');
  });

  it('a configurable parent with options orders the matching child', async () => {
    const payload = orderPayload({
      products: [
        { sku: 'BANGLE-103', qty: 1, product_option: { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 4000 }] } } },
      ],
    });
    const r = await shop().call('POST', '/api/order', { body: payload });
    expect(r.status).toBe(200);
    expect(r.body.result.grand_total).toBe(80);
    expect((await stockOf('BANGLE-103-GOLD')).qty).toBe(2);
  });

  it('an option named by its code with its value as text orders the matching child; two values for one option match no child', async () => {
    const gold = (await stockOf('BANGLE-103-GOLD')).qty;
    const byCode = orderPayload({
      products: [
        { sku: 'BANGLE-103', qty: 1, product_option: { extension_attributes: { configurable_item_options: [{ option_id: 'color', option_value: '4000' }] } } },
      ],
    });
    const r = await shop().call('POST', '/api/order', { body: byCode });
    expect(r.status).toBe(200);
    expect(r.body.result.grand_total).toBe(80);
    expect((await stockOf('BANGLE-103-GOLD')).qty).toBe(gold - 1);

    const both = [
      { option_id: 93, option_value: 4000 },
      { option_id: 93, option_value: 4004 },
    ];
    const conflicting = orderPayload({
      products: [{ sku: 'BANGLE-103', qty: 1, product_option: { extension_attributes: { configurable_item_options: both } } }],
    });
    expect((await shop().call('POST', '/api/order', { body: conflicting })).body).toEqual({ code: 500, result: 'Error: Error while adding products' });
    expect((await stockOf('BANGLE-103-GOLD')).qty).toBe(gold - 1);
  });

  it('prices come from the server, with option prices added', async () => {
    const payload = orderPayload({
      products: [
        {
          sku: 'PENDANT-105',
          qty: 2,
          price: 0.01,
          product_option: {
            extension_attributes: {
              custom_options: [
                { option_id: 1, option_value: 'A & B' },
                { option_id: 2, option_value: '22' },
                { option_id: 3, option_value: '31' },
              ],
            },
          },
        },
      ],
    });
    const r = await shop().call('POST', '/api/order', { body: payload });
    // 100 + 10 engraving + 10% of 100 (Roman) + 3.95 gift wrap = 123.95 each.
    expect(r.body.result.grand_total).toBe(247.9);
  });

  it('a bundle costs the sum of its selections times their quantities', async () => {
    const payload = orderPayload({
      products: [
        {
          sku: 'SET-107',
          qty: 1,
          product_option: {
            extension_attributes: {
              bundle_options: [
                { option_id: 1, option_qty: 1, option_selections: [1071] },
                { option_id: 2, option_qty: 2, option_selections: [1072] },
              ],
            },
          },
        },
      ],
    });
    const r = await shop().call('POST', '/api/order', { body: payload });
    // 120 + 2 x 150 (the watch's special price).
    expect(r.body.result.grand_total).toBe(420);
  });

  it('an unknown shipping or payment method answers 400', async () => {
    const base = orderPayload().addressInformation;
    const ship = await shop().call('POST', '/api/order', { body: orderPayload({ addressInformation: { ...base, shipping_method_code: 'teleport' } }) });
    expect(ship.body.code).toBe(400);
    expect(ship.body.result).toMatch(/^addressInformation\.shipping_method_code: /);
    const pay = await shop().call('POST', '/api/order', { body: orderPayload({ addressInformation: { ...base, payment_method_code: 'iou' } }) });
    expect(pay.body.result).toMatch(/^addressInformation\.payment_method_code: /);
  });

  it('a customer is denied another customer order', async () => {
    const ann = await login('ann@example.org');
    const ben = await login('ben@example.org');
    const payload = orderPayload();
    const placed = await shop().call('POST', '/api/order', { query: { token: ann }, body: payload });
    expect(placed.status).toBe(200);
    const own = await shop().call('GET', `/api/order/${payload.order_id}`, { query: { token: ann } });
    expect(own.status).toBe(200);
    expect(own.body.result.order_id).toBe(payload.order_id);
    const other = await shop().call('GET', `/api/order/${payload.order_id}`, { query: { token: ben } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(403);
    const replay = await shop().call('POST', '/api/order', { query: { token: ben }, body: payload });
    expect(replay.status).toBe(403);
    const history = await shop().call('GET', '/api/user/order-history', { query: { token: ben } });
    expect(history.body.result.total_count).toBe(0);
    const guest = await shop().call('GET', `/api/order/${payload.order_id}`);
    expect(guest.status).toBe(401);
  });

  it('the order-info lookup answers 404 for an unknown token', async () => {
    const r = await shop().call('GET', '/api/ext/order-info/not-a-token');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
  });
});
