/**
 * Cart input rules: malformed options are refused before anything is written, deep
 * JSON is a 400, and quantities are positive whole numbers within the product's limits (the sample
 * catalogue's EV1001-WG-Q: max_sale_qty 5, 6 in stock).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { messages, fill } from '../../src/lib/messages';
import { useTestShop } from './fixture';

const shop = useTestShop({ snapshotDir: join(__dirname, '..', '..', 'src', 'content', 'sample') }, 60_000);

const newCart = async () => (await shop().call('POST', '/api/cart/create')).body.result as string;
const update = (cartId: string, cartItem: unknown) => shop().call('POST', '/api/cart/update', { query: { cartId }, body: { cartItem } });
const pull = async (cartId: string) => (await shop().call('GET', '/api/cart/pull', { query: { cartId } })).body.result as unknown[];

describe('malformed options are refused and the cart stays usable', () => {
  for (const bad of [5, {}, [null], 'abc']) {
    it(`custom_options ${JSON.stringify(bad)}: 400 naming the field, nothing saved, every later read works`, async () => {
      const cartId = await newCart();
      const r = await update(cartId, { sku: 'EV1001-WG-Q', qty: 1, product_option: { extension_attributes: { custom_options: bad } } });
      expect(r.status).toBe(400);
      expect(r.body.result).toMatch(/^cartItem\.product_option\.extension_attributes\.custom_options/);
      expect(await pull(cartId)).toEqual([]);
      for (const [method, path, body] of [
        ['GET', '/api/cart/totals', undefined],
        ['POST', '/api/cart/collect-totals', { methods: {} }],
        [
          'POST',
          '/api/cart/shipping-information',
          { addressInformation: { shippingAddress: { country_id: 'GB' }, shipping_method_code: 'freeshipping', shipping_carrier_code: 'freeshipping' } },
        ],
      ] as const) {
        expect((await shop().call(method, path, { query: { cartId }, body })).status).toBe(200);
      }
    });
  }

  it('configurable_item_options "abc" is a 400 naming the field', async () => {
    const cartId = await newCart();
    const r = await update(cartId, { sku: 'EV1001', qty: 1, product_option: { extension_attributes: { configurable_item_options: 'abc' } } });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^cartItem\.product_option\.extension_attributes\.configurable_item_options/);
  });

  it('JSON nested 10,000 levels deep in a field is a 400 naming the field, not a stack overflow', async () => {
    const cartId = await newCart();
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const raw = `{"cartItem":{"sku":"EV1001-WG-Q","qty":1,"product_option":{"extension_attributes":{"custom_options":${deep}}}}}`;
    const r = await shop().call('POST', '/api/cart/update', { query: { cartId }, raw });
    expect(r.status).toBe(400);
    expect(r.body.result).toMatch(/^cartItem\.product_option/);
    expect(await pull(cartId)).toEqual([]);
  });
});

describe('cart quantities', () => {
  for (const [qty, text] of [
    [1e308, fill(messages.quantityAtMost, { max: 10000 })],
    [0.5, messages.quantityWholeNumber],
    [1e-320, messages.quantityWholeNumber],
    [0, messages.quantityAboveZero],
    [-1, messages.quantityAboveZero],
  ] as const) {
    it(`qty ${qty} is refused with "${text}" and totals stay numbers`, async () => {
      const cartId = await newCart();
      const r = await update(cartId, { sku: 'EV1001-WG-Q', qty });
      expect(r.status).toBe(400);
      expect(r.body.result).toBe(`cartItem.qty: ${text}`);
      const totals = await shop().call('GET', '/api/cart/totals', { query: { cartId } });
      expect(totals.body.result.grand_total).toBe(0);
    });
  }

  it('max_sale_qty 5 of the sample is enforced: 6 refused, 5 accepted, adding 1 more refused', async () => {
    const cartId = await newCart();
    const six = await update(cartId, { sku: 'EV1001-WG-Q', qty: 6 });
    expect(six.status).toBe(400);
    expect(six.body.result).toBe(`cartItem.qty: ${fill(messages.quantityAtMost, { max: 5 })}`);
    expect(await pull(cartId)).toEqual([]);
    expect((await update(cartId, { sku: 'EV1001-WG-Q', qty: 5 })).status).toBe(200);
    const more = await update(cartId, { sku: 'EV1001-WG-Q', qty: 1 });
    expect(more.status).toBe(400);
    const totals = await shop().call('GET', '/api/cart/totals', { query: { cartId } });
    expect(totals.body.result.items_qty).toBe(5);
    expect(totals.body.result.grand_total).toBe(5 * 4045);
  });
});

describe("a configurable child with its parent's custom options", () => {
  it('is charged the options it carries, though the sample lists the child again as its own simple product (after its parent)', async () => {
    // EV1024 (a ring, configurable) offers engraving (+£10) and gift wrap (+£3.95); its child
    // EV1024-K is also a record of its own in the snapshot, which knows neither.
    const plain = await newCart();
    expect((await update(plain, { sku: 'EV1024-K', qty: 1 })).status).toBe(200);
    const base = (await shop().call('GET', '/api/cart/totals', { query: { cartId: plain } })).body.result.grand_total as number;
    expect(base).toBeGreaterThan(0);
    const extras = await newCart();
    const options = {
      extension_attributes: {
        custom_options: [
          { option_id: 102401, option_value: 'For ever' },
          { option_id: 102403, option_value: '1024004' },
        ],
      },
    };
    expect((await update(extras, { sku: 'EV1024-K', qty: 1, product_option: options })).status).toBe(200);
    const totals = (await shop().call('GET', '/api/cart/totals', { query: { cartId: extras } })).body.result as {
      grand_total: number;
      items: { price_incl_tax: number }[];
    };
    expect(totals.grand_total).toBeCloseTo(base + 10 + 3.95, 2);
    expect(totals.items[0]!.price_incl_tax).toBeCloseTo(base + 13.95, 2);
  });
});
