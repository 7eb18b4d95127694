/**
 * The cart's actions only change the cart and record what happened ($lastCartOutcome); the shopper's
 * notice is a reaction of src/lib/state/stores/cart-outcome.ts (nanostores' "separate changes and reaction").
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $cart, addToCart, applyCoupon, loadCart, removeFromCart } from '../../src/lib/state/stores/cart';
import { $lastCartOutcome } from '../../src/lib/state/stores/cart-outcome';
import { setSyncFetch } from '../../src/lib/state/sync';
import { fakeCartApi, freshState } from './stores-fixtures';

const ring = { sku: 'R-1042', name: 'Evermore Platinum Solitaire Ring', price: 1250 };

beforeEach(async () => {
  freshState();
  setSyncFetch(fakeCartApi().handler);
  await loadCart();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('cart notices are a reaction to what the actions record', () => {
  it('the reaction turns each recorded outcome into the notice the shopper sees', async () => {
    addToCart(ring);
    expect($lastCartOutcome.get()).toEqual({ kind: 'added', sku: 'R-1042' });
    expect($notifications.get().map((n) => [n.type, n.message])).toEqual([['success', 'Product has been added to the cart!']]);
    addToCart({ ...ring, price: null });
    expect($notifications.get().at(-1)).toMatchObject({
      type: 'error',
      message: 'Product price is unknown, product cannot be added to the cart!',
      action1: { label: 'OK' },
    });
    removeFromCart(ring);
    expect($notifications.get().at(-1)).toMatchObject({ type: 'success', message: 'Product has been removed from the cart.' });
  });

  // Last in this file: it stops the reaction for good (cleanStores drops the outcome store's listeners).
  it('the actions themselves notify nothing: with the reaction stopped they change the cart and record the outcome only', async () => {
    cleanStores($lastCartOutcome);
    expect(addToCart(ring)).toBe(true);
    expect($cart.get().items.map((i) => i.sku)).toEqual(['R-1042']);
    expect($lastCartOutcome.get()).toEqual({ kind: 'added', sku: 'R-1042' });
    expect(addToCart({ ...ring, qty: 0 })).toBe(false);
    expect($lastCartOutcome.get()).toEqual({ kind: 'refused', reason: 'quantity' });
    removeFromCart(ring);
    expect($lastCartOutcome.get()).toEqual({ kind: 'removed', sku: 'R-1042' });
    expect(await applyCoupon('  ')).toBe(false);
    expect($lastCartOutcome.get()).toEqual({ kind: 'refused', reason: 'coupon-incorrect' });
    expect($notifications.get()).toEqual([]);
  });
});
