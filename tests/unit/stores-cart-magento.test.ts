/**
 * The bag's own code (the cart store and its server sync) against the stand-in of vue-storefront-api
 * over Magento (tests/vsfa/orders.ts, magento.ts), not against our reference API: its sync calls go
 * to the stand-in's routes in process. Lines of one sku with other options are other quote items in
 * Magento, and the bag must keep them apart through a pull, a quantity change and another page; a line
 * only the server cart holds is named from Magento's totals (`options`, HTML-escaped as Magento does).
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $cart, addToCart, cartSettled, loadCart, syncCart, updateCartQuantity } from '../../src/lib/state/stores/cart';
import { collection, KEYS } from '../../src/lib/state/storage';
import { setSyncFetch } from '../../src/lib/state/sync';
import { loadUser } from '../../src/lib/state/stores/user';
import { Magento, type MagentoProduct } from '../vsfa/magento';
import { defaultOrderSettings, vsfaOrderRoutes } from '../vsfa/orders';
import { freshState, newPage } from './stores-fixtures';

/** A watch engraved for £10 more (Magento's field option, up to 30 characters). */
const watch: MagentoProduct = {
  sku: 'TI1034',
  name: 'Halden Automatic Watch',
  price: 639,
  qty: 20,
  custom_options: [{ option_id: 103401, title: 'Engraving text', type: 'field', max_characters: 30, price: 10 }],
};
const engraved = (text: string) => ({ extension_attributes: { custom_options: [{ option_id: 103401, option_value: text }] } });
/** A line as the product page adds it (src/lib/catalog/product/form-add.ts `checkAdd`). */
const line = (text: string, qty = 1) => ({
  sku: 'TI1034',
  name: watch.name,
  qty,
  price: 649,
  product_type: 'simple',
  options: `Engraving text: ${text}`,
  product_option: engraved(text),
});

let magento: Magento;
beforeEach(async () => {
  freshState();
  magento = new Magento([watch]);
  const app = new Hono();
  vsfaOrderRoutes(magento, defaultOrderSettings())(app);
  setSyncFetch(async (url, init) => app.request(url, init));
  await loadUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The server cart's items as Magento holds them: engraving and qty. */
const quote = () =>
  magento
    .items(String($cart.get().token))
    .map((i) => [(i.product_option as ReturnType<typeof engraved> | undefined)?.extension_attributes.custom_options[0]?.option_value, i.qty]);
const bag = () => $cart.get().items.map((i) => [i.options, i.qty]);

describe('the bag against the Magento stand-in', () => {
  it('keeps two engravings of one sku as two lines, in the quote and in the bag after a pull', async () => {
    await loadCart();
    addToCart(line('For Anna'));
    addToCart(line('For Bea'));
    await cartSettled();
    expect(quote()).toEqual([
      ['For Anna', 1],
      ['For Bea', 1],
    ]);
    // Another page: the stored bag is pulled against the server cart and merged with it.
    newPage();
    await loadCart();
    await cartSettled();
    expect(bag()).toEqual([
      ['Engraving text: For Anna', 1],
      ['Engraving text: For Bea', 1],
    ]);
    const ids = $cart.get().items.map((i) => i.item_id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every(Boolean)).toBe(true);
  });

  it("changes one engraving's quantity and leaves the other's", async () => {
    await loadCart();
    addToCart(line('For Anna'));
    addToCart(line('For Bea'));
    await cartSettled();
    updateCartQuantity($cart.get().items[1]!, 3);
    await cartSettled();
    await syncCart();
    expect(quote()).toEqual([
      ['For Anna', 1],
      ['For Bea', 3],
    ]);
    expect(bag()).toEqual([
      ['Engraving text: For Anna', 1],
      ['Engraving text: For Bea', 3],
    ]);
    expect(magento.totals(String($cart.get().token)).subtotal_incl_tax).toBe(4 * 649);
  });

  it('names a line only the server cart knew from the totals, in words as the shopper wrote them', async () => {
    // Another device put two engraved watches in the cart; this browser holds only the cart's id.
    const cartId = magento.createCart();
    magento.update(cartId, { sku: 'TI1034', qty: 1, product_option: engraved('Ann & Bob <3') });
    magento.update(cartId, { sku: 'TI1034', qty: 2, product_option: engraved('For Cleo') });
    await collection('carts').setItem(KEYS.cartToken, cartId);
    newPage();
    await loadCart();
    await cartSettled();
    expect(bag()).toEqual([
      ['Engraving text: Ann & Bob <3', 1],
      ['Engraving text: For Cleo', 2],
    ]);
    expect(quote()).toEqual([
      ['Ann & Bob <3', 1],
      ['For Cleo', 2],
    ]);
  });
});
