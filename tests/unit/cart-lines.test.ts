/**
 * A cart line is a product with the options the shopper chose: the same ring engraved for two people
 * is two lines, each with its own options and price; the same choices again raise the line's qty.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cartLineKey, optionsChecksum, optionsFromTotals, sameCartLine, withTotalsOptions } from '../../src/lib/catalog/cart-line';
import { $cart, $cartCount, addToCart, cartSettled, loadCart, removeFromCart, restoreCartLines, updateCartQuantity } from '../../src/lib/state/stores/cart';
import { loadUser } from '../../src/lib/state/stores/user';
import { setSyncFetch } from '../../src/lib/state/sync';
import { fakeCartApi, freshState } from './stores-fixtures';

const custom = (...options: Array<[number, string]>) => ({
  extension_attributes: { custom_options: options.map(([option_id, option_value]) => ({ option_id, option_value })) },
});
const bundle = (...options: Array<[number, number, number[]]>) => ({
  extension_attributes: {
    bundle_options: options.map(([option_id, option_qty, option_selections]) => ({ option_id, option_qty, option_selections })),
  },
});

describe('the line rule', () => {
  it('the same sku with other engraving texts is two lines; with the same choices one', () => {
    const anna = { sku: 'EV1024-Q', product_option: custom([102401, 'For Anna']) };
    const bea = { sku: 'EV1024-Q', product_option: custom([102401, 'For Bea'], [102403, '1024004']) };
    expect(sameCartLine(anna, bea)).toBe(false);
    expect(sameCartLine(anna, { sku: 'EV1024-Q', product_option: custom([102401, 'For Anna']) })).toBe(true);
    expect(sameCartLine(anna, { sku: 'EV1024-R', product_option: custom([102401, 'For Anna']) })).toBe(false);
  });

  it('the order the options come in does not matter, nor does an option left empty', () => {
    const a = { sku: 'S', product_option: custom([1, 'x'], [2, '7']) };
    expect(sameCartLine(a, { sku: 'S', product_option: custom([2, '7'], [1, 'x']) })).toBe(true);
    expect(sameCartLine(a, { sku: 'S', product_option: custom([2, '7'], [3, ''], [1, 'x']) })).toBe(true);
    // Magento answers option ids and values as strings or numbers alike.
    expect(
      sameCartLine(a, {
        sku: 'S',
        product_option: {
          extension_attributes: {
            custom_options: [
              { option_id: '2', option_value: 7 },
              { option_id: 1, option_value: 'x' },
            ],
          },
        },
      }),
    ).toBe(true);
    expect(optionsChecksum(custom([1, '  ']))).toBe('');
    expect(optionsChecksum(undefined)).toBe('');
    expect(sameCartLine({ sku: 'S' }, { sku: 'S', product_option: { extension_attributes: {} } })).toBe(true);
  });

  it('a bundle with other pieces is another line; the same pieces in another order are the same', () => {
    const a = { sku: 'BND-1021', product_option: bundle([10211, 1, [102100]], [10212, 1, [102110, 102111]]) };
    expect(sameCartLine(a, { sku: 'BND-1021', product_option: bundle([10212, 1, [102111, 102110]], [10211, 1, [102100]]) })).toBe(true);
    expect(sameCartLine(a, { sku: 'BND-1021', product_option: bundle([10211, 1, [102101]], [10212, 1, [102110, 102111]]) })).toBe(false);
    expect(sameCartLine(a, { sku: 'BND-1021', product_option: bundle([10211, 2, [102100]], [10212, 1, [102110, 102111]]) })).toBe(false);
  });

  it('the same server item is the same line', () => {
    expect(sameCartLine({ sku: 'S', item_id: 7, product_option: custom([1, 'a']) }, { sku: 'S', item_id: 7 })).toBe(true);
    expect(cartLineKey({ sku: 'S', product_option: custom([1, 'a']) })).not.toBe(cartLineKey({ sku: 'S' }));
  });
});

describe('the bag keeps a line per choice of options', () => {
  const ring = { sku: 'EV1024-Q', name: 'Heritage Ring', product_type: 'simple' };
  const anna = { ...ring, price: 879, options: 'Engraving text: For Anna', product_option: custom([102401, 'For Anna']) };
  const bea = {
    ...ring,
    price: 882.95,
    options: 'Engraving text: For Bea, Gift wrap: Luxury gift wrap and card',
    product_option: custom([102401, 'For Bea'], [102403, '1024004']),
  };
  let api: ReturnType<typeof fakeCartApi>;
  beforeEach(async () => {
    freshState();
    api = fakeCartApi();
    setSyncFetch(api.handler);
    await loadUser();
    await loadCart();
  });
  const lines = () => $cart.get().items.map((i) => [i.options, i.qty, i.price]);

  it('two engravings are two lines, each with its own options and price; the server cart holds two items', async () => {
    addToCart(anna);
    addToCart(bea);
    expect(lines()).toEqual([
      ['Engraving text: For Anna', 1, 879],
      ['Engraving text: For Bea, Gift wrap: Luxury gift wrap and card', 1, 882.95],
    ]);
    expect($cartCount.get()).toBe(2);
    await cartSettled();
    const held = [...api.carts.get(String($cart.get().token))!.values()];
    expect(held.map((l) => [l.sku, l.qty, l.product_option])).toEqual([
      ['EV1024-Q', 1, anna.product_option],
      ['EV1024-Q', 1, bea.product_option],
    ]);
    expect(new Set($cart.get().items.map((i) => i.item_id)).size).toBe(2);
  });

  it('the same choices twice are one line of qty 2', async () => {
    addToCart(anna);
    addToCart({ ...anna, product_option: custom([102401, 'For Anna'], [102403, '']) });
    expect(lines()).toEqual([['Engraving text: For Anna', 2, 879]]);
    await cartSettled();
    expect([...api.carts.get(String($cart.get().token))!.values()].map((l) => l.qty)).toEqual([2]);
  });

  it("changing one line's qty or removing it leaves the other line alone, here and on the server", async () => {
    addToCart(anna);
    addToCart(bea);
    await cartSettled();
    updateCartQuantity($cart.get().items[1]!, 3);
    expect(lines()).toEqual([
      ['Engraving text: For Anna', 1, 879],
      ['Engraving text: For Bea, Gift wrap: Luxury gift wrap and card', 3, 882.95],
    ]);
    await cartSettled();
    removeFromCart($cart.get().items[0]!);
    await cartSettled();
    expect(lines()).toEqual([['Engraving text: For Bea, Gift wrap: Luxury gift wrap and card', 3, 882.95]]);
    expect([...api.carts.get(String($cart.get().token))!.values()].map((l) => [l.product_option, l.qty])).toEqual([[bea.product_option, 3]]);
  });

  it("a cancelled order's lines come back to the line with their options", async () => {
    addToCart(anna);
    await restoreCartLines([
      { ...bea, qty: 1 },
      { ...anna, qty: 2 },
    ]);
    expect($cart.get().items.map((i) => [i.product_option, i.qty])).toEqual([
      [anna.product_option, 3],
      [bea.product_option, 1],
    ]);
  });
});

describe("a line only the server cart knew: its options in words from the totals (Magento's item options)", () => {
  const totals = {
    items: [
      {
        item_id: 7,
        options: JSON.stringify([
          { label: 'Engraving text', value: 'Kept?' },
          { label: 'Gift wrap', value: 'Luxury gift wrap and card' },
        ]),
      },
      { item_id: 8, options: '[]' },
      { item_id: 9, options: 'not json' },
    ],
  };
  it('reads label and value pairs, and nothing from an empty, missing or broken text', () => {
    expect(optionsFromTotals(totals.items[0]!.options)).toBe('Engraving text: Kept?, Gift wrap: Luxury gift wrap and card');
    expect(optionsFromTotals('[]')).toBe('');
    expect(optionsFromTotals(undefined)).toBe('');
    expect(optionsFromTotals('not json')).toBe('');
    expect(optionsFromTotals('[{"label":1,"value":"x"}]')).toBe('');
  });
  it("reads Magento's values as words: escapes read back, line breaks, prices' and the cut's markup out, a cut value whole", () => {
    // As Magento's ItemConverter writes them (PHP's json_encode: `\/`, `\u00a3`).
    const cut = ' <a href=\\"#\\" class=\\"dots tooltip toggle\\" onclick=\\"return false\\">...<\\/a>';
    const magento = [
      '{"value":"Ann &amp; Bob &lt;3 &#039;24","label":"Engraving text"}',
      `{"value":"To the moon and back, love from all of us at number for${cut}","full_view":"To the moon and back, love from all of us at number forty-two","label":"Card"}`,
      '{"value":"Line one<br />\\nLine two","label":"Note"}',
      '{"value":"2 x Knot &amp; Bar <span class=\\"price\\">\\u00a31,250.00<\\/span>","label":"Cufflinks"}',
    ];
    expect(optionsFromTotals(`[${magento.join(',')}]`)).toBe(
      "Engraving text: Ann & Bob <3 '24, Card: To the moon and back, love from all of us at number forty-two, Note: Line one\nLine two, Cufflinks: 2 x Knot & Bar £1,250.00",
    );
    // Our own API's values are plain text: left as they are.
    expect(optionsFromTotals('[{"value":"I <3 you > all","label":"Engraving text"}]')).toBe('Engraving text: I <3 you > all');
  });
  it('names the lines that have no words of their own, keeps those that have, and changes nothing when there is nothing to name', () => {
    const pulled = { sku: 'CL1001-P-V', qty: 1, item_id: 7 };
    const own = { sku: 'TI1034', qty: 1, item_id: 8, options: 'Engraving text: Mine' };
    const named = withTotalsOptions([pulled, own], totals);
    expect(named).toEqual([{ ...pulled, options: 'Engraving text: Kept?, Gift wrap: Luxury gift wrap and card' }, own]);
    const plain = [own, { sku: 'X', qty: 1, item_id: 9 }, { sku: 'Y', qty: 1 }];
    expect(withTotalsOptions(plain, totals)).toBe(plain);
  });
});
