/** Account guard, carried messages, order pages (src/lib/account) and the order-success page (src/lib/checkout/order-success). */
import { describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import { $authNotice, FLASH_KEY, noticeOnForm, peekFlash, setFlash, showFlash, type Flash } from '../../src/lib/account/flash';
import { requireLogin } from '../../src/lib/account/guard';
import { addressLines, countryName, orderIdFromPath, orderLines, orderPath, orderTotals, statusLabel } from '../../src/lib/account/orders';
import type { CustomerOrder } from '../../src/lib/api/contract';
import { ADDRESS } from '../../scripts/lib/sample-order';
import {
  cartForTracking,
  hideNotificationsOnThankYou,
  loadOrderSuccess,
  readPlacedOrder,
  writePlacedOrder,
  PLACED_ORDER_KEY,
  THANK_YOU_ELEMENT,
} from '../../src/lib/checkout/order-success';
import { messages } from '../../src/lib/messages';
import type { ExternalOrderResult } from '../../src/lib/schemas';

/** A sessionStorage stand-in. */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

describe('login required', () => {
  it('a visitor without a token is sent home with the login message, which opens the login form there', () => {
    const storage = memoryStorage();
    const replace = vi.fn();
    expect(requireLogin(null, { storage, home: '/', replace, returnTo: '/my-account/orders', from: '/my-account/orders' })).toBe(false);
    expect(replace).toHaveBeenCalledWith('/');
    expect(peekFlash(storage, '/')).toEqual({
      message: 'You need to be logged in to see this page',
      type: 'error',
      auth: 'login',
      returnTo: '/my-account/orders',
      from: '/my-account/orders',
    });
  });

  it('the account page on its way home does not show the message it left: its header may start after the guard ran', async () => {
    const storage = memoryStorage();
    requireLogin(null, { storage, home: '/', replace: vi.fn(), returnTo: '/my-account/orders', from: '/my-account/orders' });
    const show = vi.fn(() => Promise.resolve());
    expect(peekFlash(storage, '/my-account/orders')).toBeNull();
    expect(await showFlash(storage, '/my-account/orders', show)).toBeNull();
    expect(show).not.toHaveBeenCalled();
    // Home shows it, once.
    expect(await showFlash(storage, '/', show)).toMatchObject({ message: 'You need to be logged in to see this page', auth: 'login' });
    expect(show).toHaveBeenCalledTimes(1);
    expect(await showFlash(storage, '/', show)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('the message is forgotten only once it shows: a sign-in dialog that could not be downloaded leaves it for the next page start', async () => {
    const storage = memoryStorage();
    setFlash(storage, { message: 'You need to be logged in to see this page', type: 'error', auth: 'login', from: '/my-account' });
    const offline = new TypeError('Failed to fetch dynamically imported module');
    await expect(showFlash(storage, '/', () => Promise.reject(offline))).rejects.toBe(offline);
    expect(storage.map.has(FLASH_KEY)).toBe(true);
    // Still there while the download is under way; gone once it has shown.
    let shown!: () => void;
    const showing = showFlash(storage, '/rings', () => new Promise<void>((r) => (shown = r)));
    await Promise.resolve();
    expect(storage.map.has(FLASH_KEY)).toBe(true);
    shown();
    expect(await showing).toMatchObject({ auth: 'login' });
    expect(storage.map.has(FLASH_KEY)).toBe(false);
  });

  it('a message another page change left while the dialog was loading stays for its page', async () => {
    const storage = memoryStorage();
    const first: Flash = { message: 'You need to be logged in to see this page', type: 'error', auth: 'login', from: '/my-account' };
    const second: Flash = { ...first, returnTo: '/my-account/orders', from: '/my-account/orders' };
    setFlash(storage, first);
    await showFlash(storage, '/', () => Promise.resolve(setFlash(storage, second)));
    expect(peekFlash(storage, '/')).toEqual(second);
  });

  it("the modal's notice shows on the form it opened with only, and is kept while another form shows", () => {
    const required: Flash = { message: 'You need to be logged in to see this page', type: 'error', returnTo: '/my-account' };
    expect(noticeOnForm(required, 'login')).toBe(required);
    expect(noticeOnForm(required, 'register')).toBeNull();
    expect(noticeOnForm(required, 'forgot-pass')).toBeNull();
    const welcome: Flash = { message: 'Create an account', type: 'info', auth: 'register' };
    expect(noticeOnForm(welcome, 'register')).toBe(welcome);
    expect(noticeOnForm(welcome, 'login')).toBeNull();
    expect(noticeOnForm(null, 'login')).toBeNull();
  });

  it('a logged-in customer stays', () => {
    const storage = memoryStorage();
    const replace = vi.fn();
    expect(requireLogin('token', { storage, home: '/', replace })).toBe(true);
    expect(replace).not.toHaveBeenCalled();
    expect(storage.map.size).toBe(0);
  });

  it('a broken or missing carried message is ignored', () => {
    const storage = memoryStorage();
    storage.setItem(FLASH_KEY, '{not json');
    expect(peekFlash(storage, '/')).toBeNull();
    setFlash(storage, { message: '', type: 'info' });
    expect(peekFlash(storage, '/')).toBeNull();
    expect(peekFlash(null, '/')).toBeNull();
    expect($authNotice.get()).toBeNull();
  });

  it('a carried message that is not what setFlash writes is ignored: no other type or form, and returnTo only a path of this site', () => {
    const storage = memoryStorage();
    const carried = (value: unknown) => {
      storage.setItem(FLASH_KEY, JSON.stringify(value));
      return peekFlash(storage, '/');
    };
    // The sign-in modal sends the shopper to returnTo after logging in (location.assign): never a script or another site.
    expect(carried({ message: 'Log in', type: 'error', auth: 'login', returnTo: 'javascript:alert(1)' })).toBeNull();
    expect(carried({ message: 'Log in', type: 'error', auth: 'login', returnTo: '//evil.example/my-account' })).toBeNull();
    expect(carried({ message: 'Log in', type: 'error', auth: 'login', returnTo: 'https://evil.example/' })).toBeNull();
    expect(carried({ message: 'Log in', type: 'error', auth: 'login', from: '//evil.example/' })).toBeNull();
    expect(carried({ message: 'Hello', type: 'shout' })).toBeNull();
    expect(carried({ message: 'Hello', type: 'info', auth: 'admin' })).toBeNull();
    expect(carried(['Hello'])).toBeNull();
    expect(carried({ message: 'Log in', type: 'error', auth: 'register', returnTo: '/my-account/orders?page=2', extra: 1 })).toEqual({
      message: 'Log in',
      type: 'error',
      auth: 'register',
      returnTo: '/my-account/orders?page=2',
    });
  });
});

const ORDER: CustomerOrder = {
  increment_id: 'PJ1000000042',
  order_id: 'client-1',
  created_at: '2026-11-22T09:05:00.000Z',
  status: 'pending',
  grand_total: 446,
  subtotal: 366.67,
  subtotal_incl_tax: 440,
  tax_amount: 74.33,
  discount_amount: -10,
  shipping_amount: 5,
  shipping_incl_tax: 6,
  items: [{ sku: 'RING-1', name: 'Silver Ring', qty_ordered: 2, price_incl_tax: 120, row_total_incl_tax: 240 }],
  shipping_address: ADDRESS,
};

describe('order pages', () => {
  it('the order id comes from /my-account/orders/{orderId}, with or without a store prefix', () => {
    expect(orderIdFromPath('/my-account/orders/PJ1000000042')).toBe('PJ1000000042');
    expect(orderIdFromPath('/de/my-account/orders/PJ1000000042/')).toBe('PJ1000000042');
    expect(orderIdFromPath('/my-account/orders')).toBeNull();
    expect(orderIdFromPath('/my-account/orders/order/')).toBeNull();
    expect(orderPath(ORDER)).toBe('/my-account/orders/PJ1000000042');
    expect(orderPath(ORDER, '/de/my-account/')).toBe('/de/my-account/orders/PJ1000000042');
  });

  it('an order shows its lines (name, sku, quantity, price) and totals incl. VAT', () => {
    expect(orderLines(ORDER)).toEqual([{ name: 'Silver Ring', sku: 'RING-1', qty: 2, price: 120, rowTotal: 240 }]);
    expect(orderTotals(ORDER)).toEqual({ subtotal: 440, tax: 74.33, discount: -10, shipping: 6, shippingChosen: true, grandTotal: 446 });
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('payment_review')).toBe('Payment review');
  });

  it('an address reads as lines with the country name', () => {
    expect(addressLines(ORDER.shipping_address, countryName)).toEqual(['Ada Lovelace', '1 Fishergate', 'Preston', 'PR1 2AD', 'United Kingdom', '01772 203481']);
    expect(addressLines(null)).toEqual([]);
  });
});

const EXTERNAL: ExternalOrderResult = {
  order_id: 'PJ1000000042',
  order_total: 446,
  order_tax: 74.33,
  order_shipping: 6,
  order_lines: [{ line_sku: 'RING-1', line_qty: 2, line_discount: 0, line_original_price: 120, line_name: 'Silver Ring' }],
};

function deps(over: Partial<Parameters<typeof loadOrderSuccess>[0]> = {}) {
  const calls: string[] = [];
  const d = {
    cartItems: [{ sku: 'RING-1', qty: 2 }],
    placed: null,
    search: '?o=tok1',
    fetchOrder: vi.fn(async (token: string) => (calls.push(`fetch ${token}`), { ok: true as const, code: 200 as const, result: EXTERNAL })),
    track: vi.fn((o: ExternalOrderResult) => calls.push(`track ${o.order_id}`)),
    clearCart: vi.fn(() => calls.push('clear')),
    forgetPlaced: vi.fn(() => calls.push('forget')),
    ...over,
  };
  return { d, calls };
}

describe('order success', () => {
  it('fetches the order by the token in o, tracks the purchase, then clears the cart', async () => {
    const { d, calls } = deps();
    expect(await loadOrderSuccess(d)).toEqual({ status: 'ready', order: EXTERNAL });
    expect(calls).toEqual(['fetch tok1', 'track PJ1000000042', 'clear', 'forget']);
  });

  it('is rejected without a token or with an empty cart: nothing fetched, tracked or cleared', async () => {
    const noToken = deps({ search: '' });
    expect(await loadOrderSuccess(noToken.d)).toEqual({ status: 'rejected', reason: 'no-token' });
    const empty = deps({ cartItems: [] });
    expect(await loadOrderSuccess(empty.d)).toEqual({ status: 'rejected', reason: 'empty-cart' });
    expect([...noToken.calls, ...empty.calls]).toEqual([]);
  });

  it('the order the checkout just placed stands for the cart it emptied, for that token only', async () => {
    const placed = { token: 'tok1', lines: [{ sku: 'RING-1', qty: 2 }] };
    expect(cartForTracking([], placed, 'tok1')).toEqual(placed.lines);
    expect(cartForTracking([], placed, 'other')).toEqual([]);
    const ok = deps({ cartItems: [], placed });
    expect((await loadOrderSuccess(ok.d)).status).toBe('ready');
    const other = deps({ cartItems: [], placed, search: '?o=someone-else' });
    expect(await loadOrderSuccess(other.d)).toEqual({ status: 'rejected', reason: 'empty-cart' });
  });

  it('without an order lookup (vue-storefront-api has none), the order this browser placed is shown as placed: nothing fetched', async () => {
    const placed = { token: 'order-uuid-1', lines: [{ sku: 'RING-1', qty: 2 }], order: EXTERNAL };
    const { d, calls } = deps({ cartItems: [], placed, search: '?o=order-uuid-1', fetchOrder: null });
    expect(await loadOrderSuccess(d)).toEqual({ status: 'ready', order: EXTERNAL });
    expect(calls).toEqual(['track PJ1000000042', 'clear', 'forget']);
    // Another key, and no lookup to ask: the lookup message, nothing cleared.
    const other = deps({ cartItems: [{ sku: 'RING-1', qty: 1 }], placed, search: '?o=someone-else', fetchOrder: null });
    expect(await loadOrderSuccess(other.d)).toEqual({ status: 'error', message: messages.orderLookupFailed });
    expect(other.calls).toEqual([]);
    // The stored order is read back through its schema.
    const storage = memoryStorage();
    writePlacedOrder(storage, placed);
    expect(readPlacedOrder(storage)).toEqual(placed);
    storage.setItem(PLACED_ORDER_KEY, JSON.stringify({ ...placed, order: { order_id: 'x' } }));
    expect(readPlacedOrder(storage)).toEqual({ token: 'order-uuid-1', lines: placed.lines });
  });

  it('a failed lookup shows the lookup message and keeps the cart', async () => {
    const { d, calls } = deps({ fetchOrder: vi.fn(async () => ({ ok: false as const, code: 404, result: 'token: no order with this token' })) });
    expect(await loadOrderSuccess(d)).toEqual({ status: 'error', message: messages.orderLookupFailed });
    expect(calls).toEqual([]);
  });

  it('the placed order survives in session storage until the page forgets it', () => {
    const storage = memoryStorage();
    writePlacedOrder(storage, { token: 't', lines: [{ sku: 'A', qty: 1 }] });
    expect(readPlacedOrder(storage)).toEqual({ token: 't', lines: [{ sku: 'A', qty: 1 }] });
    storage.removeItem(PLACED_ORDER_KEY);
    expect(readPlacedOrder(storage)).toBeNull();
    storage.setItem(PLACED_ORDER_KEY, '{"token":1}');
    expect(readPlacedOrder(storage)).toBeNull();
  });

  it('notifications stay hidden while the external thank-you element is present', () => {
    const list = atom<string[]>(['earlier']);
    const clear = vi.fn(() => list.set([]));
    const present = { querySelector: (s: string) => (s === THANK_YOU_ELEMENT ? ({} as Element) : null) };
    const stop = hideNotificationsOnThankYou(present, list, clear);
    expect(list.get()).toEqual([]);
    list.set(['new notice']);
    expect(list.get()).toEqual([]);
    stop?.();
    list.set(['after']);
    expect(list.get()).toEqual(['after']);
    // without the element nothing is hidden
    const absent = { querySelector: () => null };
    expect(hideNotificationsOnThankYou(absent, list, clear)).toBeNull();
    expect(list.get()).toEqual(['after']);
  });
});
