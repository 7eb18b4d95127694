/**
 * The product form's cart lines and the microcart's coupon actions against the reference API
 * (server/ on the API test fixture, over HTTP): what the form adds is what the server prices, and
 * a refused coupon gives the 'incorrect coupon code' notice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshState, flush } from './stores-fixtures';
import { setSyncFetch } from '../../src/lib/state/sync';
import { $cart, addToCart, applyCoupon, cartSettled, loadCart, removeCoupon, removeFromCart } from '../../src/lib/state/stores/cart';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { loadUser } from '../../src/lib/state/stores/user';
import { formProduct, initialFormState, unitPrices } from '../../src/lib/catalog/product/form';
import { checkAdd } from '../../src/lib/catalog/product/form-add';
import { cartTotalsFigures, totalsRows } from '../../src/lib/checkout/totals';
import { ProductSchema } from '../../src/lib/schemas';
import { useTestShop } from '../api/fixture';
import { PRODUCTS } from '../api/fixture-data';

const shop = useTestShop({}, 60_000);
beforeEach(async () => {
  freshState();
  setSyncFetch((url, init) => fetch(new URL(url, shop().url).toString(), init));
  await loadUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const fixtureProduct = (sku: string) => formProduct(ProductSchema.parse((PRODUCTS as Array<Record<string, unknown>>).find((p) => p.sku === sku)));

async function settle() {
  await flush();
  await cartSettled();
  await flush();
}

describe('product form lines on the reference API', () => {
  it('a line with custom options is priced by the server as the form shows it', async () => {
    const p = fixtureProduct('PENDANT-105');
    const state = { ...initialFormState(p), custom: { 1: 'Ada', 2: 22, 3: true }, qty: 2 };
    const check = checkAdd(p, state);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    await loadCart();
    for (const line of check.lines) expect(addToCart(line)).toBe(true);
    await settle();
    const totals = $cart.get().totals!;
    // 100 + 10 (engraving) + 10% of 100 (Roman) + 3.95 (gift wrap) = 123.95, twice
    expect(unitPrices(p, state).final).toBeCloseTo(123.95, 2);
    expect(totals.items_qty).toBe(2);
    expect(totals.grand_total).toBeCloseTo(247.9, 2);
  });

  it('a configurable child is added by its own sku', async () => {
    const p = fixtureProduct('BANGLE-103');
    const check = checkAdd(p, initialFormState(p));
    expect(check.ok && check.lines[0]!.sku).toBe('BANGLE-103-GOLD');
    if (!check.ok) return;
    await loadCart();
    addToCart(check.lines[0]!);
    await settle();
    expect($cart.get().totals?.items[0]?.sku).toBe('BANGLE-103-GOLD');
    expect($cart.get().totals?.grand_total).toBe(80);
  });
});

describe('removing a line of the server cart', () => {
  it("the server removes it (cart/delete as the bag sends it, quote_id included), and only then does the shopper hear 'removed'", async () => {
    await loadCart();
    addToCart({ sku: 'RING-101', name: 'Silver Ring', price: 120 });
    addToCart({ sku: 'WATCH-102', name: 'Sale Watch', price: 150 });
    await settle();
    const cartId = $cart.get().token!;
    expect((await shop().call('GET', '/api/cart/pull', { query: { cartId } })).body.result).toHaveLength(2);
    $notifications.set([]);

    removeFromCart({ sku: 'RING-101' });
    expect($cart.get().items.map((i) => i.sku)).toEqual(['WATCH-102']);
    // Not yet said: the server has not answered.
    expect($notifications.get()).toEqual([]);
    await settle();

    const pull = await shop().call('GET', '/api/cart/pull', { query: { cartId } });
    expect(pull.body.result.map((i: { sku: string }) => i.sku)).toEqual(['WATCH-102']);
    expect($notifications.get().map((n) => [n.type, n.message])).toEqual([['success', 'Product has been removed from the cart.']]);
    expect($cart.get().items.map((i) => i.sku)).toEqual(['WATCH-102']);
    expect($cart.get().totals?.grand_total).toBe(150);
  });
});

describe('coupons', () => {
  it("a refused code says 'incorrect coupon code'; a valid one discounts; removing it restores the total", async () => {
    await loadCart();
    addToCart({ sku: 'RING-101', name: 'Silver Ring', price: 120 });
    await settle();
    expect($cart.get().totals?.grand_total).toBe(120);

    expect(await applyCoupon('NOPE')).toBe(false);
    expect($notifications.get().at(-1)).toMatchObject({ type: 'error', message: "You've entered an incorrect coupon code. Please try again." });
    expect(await applyCoupon('OLD20')).toBe(false); // inactive

    expect(await applyCoupon(' WELCOME10 ')).toBe(true);
    const t = $cart.get().totals!;
    expect(t.coupon_code).toBe('WELCOME10');
    expect(t.discount_amount).toBeCloseTo(-12, 2);
    expect(t.grand_total).toBeCloseTo(108, 2);
    // The microcart's rows: no method chosen there, so its shipping of 0 is an amount.
    expect(totalsRows(cartTotalsFigures(t, false)).map((r) => [r.key, r.label, r.value])).toEqual([
      ['subtotal', 'Subtotal', '£120.00'],
      ['discount', 'Discount (WELCOME10)', '-£12.00'],
      ['shipping', 'Shipping', '£0.00'],
      ['grand_total', 'Grand total', '£108.00'],
      ['tax', 'VAT (included)', '£18.00'],
    ]);

    expect(await removeCoupon()).toBe(true);
    expect($cart.get().totals?.discount_amount).toBe(0);
    expect($cart.get().totals?.grand_total).toBe(120);
    expect(totalsRows(cartTotalsFigures($cart.get().totals!, false)).some((r) => r.key === 'discount')).toBe(false);
  });

  it('a code cannot be checked without the server: a different notice, nothing applied', async () => {
    await loadCart();
    addToCart({ sku: 'RING-101', name: 'Silver Ring', price: 120 });
    await settle();
    setSyncFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await applyCoupon('WELCOME10')).toBe(false);
    expect($notifications.get().at(-1)?.message).toBe('The discount code could not be checked. Please try again when you are back online.');
  });
});
