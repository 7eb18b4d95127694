/**
 * cart/update without an item id as Magento adds to a quote: the same product with the same options
 * as an item of the cart raises that item's qty; with other options it is an item of its own, priced
 * with its own options (the sample catalogue's TI1034: engraving text and gift wrap add to its price).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestShop } from './fixture';

const sample = join(__dirname, '..', '..', 'src', 'content', 'sample');
const shop = useTestShop({ snapshotDir: sample }, 60_000);

interface Option {
  option_id: number;
  title: string;
  price?: number;
  values: Array<{ option_type_id: number; price: number; price_type: string; title: string }>;
}
const watch = (
  JSON.parse(readFileSync(join(sample, 'products', '0000.json'), 'utf8')) as Array<{ sku: string; final_price: number; custom_options: Option[] }>
).find((p) => p.sku === 'TI1034')!;
const engraving = watch.custom_options.find((o) => o.title === 'Engraving text')!;
const giftWrap = watch.custom_options.find((o) => o.title === 'Gift wrap')!;
const wrap = giftWrap.values[0]!;

const newCart = async () => (await shop().call('POST', '/api/cart/create')).body.result as string;
const update = (cartId: string, cartItem: unknown) => shop().call('POST', '/api/cart/update', { query: { cartId }, body: { cartItem } });
const pull = async (cartId: string) =>
  (await shop().call('GET', '/api/cart/pull', { query: { cartId } })).body.result as Array<{
    item_id: number;
    qty: number;
    price: number;
    product_option?: unknown;
  }>;
const engraved = (text: string, wrapped = false) => ({
  extension_attributes: {
    custom_options: [
      { option_id: engraving.option_id, option_value: text },
      ...(wrapped ? [{ option_id: giftWrap.option_id, option_value: String(wrap.option_type_id) }] : []),
    ],
  },
});

describe('cart/update without an item id', () => {
  it('the same product with other options is a new item with its own price', async () => {
    expect(wrap.price_type).toBe('fixed');
    const cartId = await newCart();
    const anna = await update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('For Anna') });
    const bea = await update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('For Bea', true) });
    expect([anna.status, bea.status]).toEqual([200, 200]);
    expect(bea.body.result.item_id).not.toBe(anna.body.result.item_id);
    const annaPrice = watch.final_price + engraving.price!;
    const beaPrice = watch.final_price + engraving.price! + wrap.price;
    expect((await pull(cartId)).map((l) => [l.qty, l.price, l.product_option])).toEqual([
      [1, annaPrice, engraved('For Anna')],
      [1, beaPrice, engraved('For Bea', true)],
    ]);
    const totals = (await shop().call('GET', '/api/cart/totals', { query: { cartId } })).body.result;
    expect(totals.subtotal_incl_tax).toBeCloseTo(annaPrice + beaPrice, 2);
  });

  it("the same options (in another order, with an empty one) raise the existing item's qty", async () => {
    const cartId = await newCart();
    const first = await update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('For Bea', true) });
    const [text, wrapped] = engraved('For Bea', true).extension_attributes.custom_options;
    const again = await update(cartId, {
      sku: 'TI1034',
      qty: 2,
      product_option: { extension_attributes: { custom_options: [wrapped, { option_id: 103404, option_value: '' }, text] } },
    });
    expect(again.body.result.item_id).toBe(first.body.result.item_id);
    expect((await pull(cartId)).map((l) => [l.item_id, l.qty])).toEqual([[first.body.result.item_id, 3]]);
  });

  it('a product without options and with options are two items', async () => {
    const cartId = await newCart();
    await update(cartId, { sku: 'TI1034', qty: 1 });
    await update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('For Anna') });
    await update(cartId, { sku: 'TI1034', qty: 1 });
    expect((await pull(cartId)).map((l) => [l.qty, l.price])).toEqual([
      [2, watch.final_price],
      [1, watch.final_price + engraving.price!],
    ]);
  });

  it("the totals name each item's chosen options as Magento's do (label and value), so a line only the server knew reads as it was chosen", async () => {
    const cartId = await newCart();
    await update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('For Bea', true) });
    await update(cartId, { sku: 'TI1034', qty: 1 });
    const totals = (await shop().call('GET', '/api/cart/totals', { query: { cartId } })).body.result as { items: Array<{ options: string }> };
    expect(totals.items.map((i) => JSON.parse(i.options))).toEqual([
      [
        { label: 'Engraving text', value: 'For Bea' },
        { label: 'Gift wrap', value: wrap.title },
      ],
      [],
    ]);
  });
});
