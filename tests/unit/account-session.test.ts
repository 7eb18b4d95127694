/**
 * Sign-in and account calls (src/lib/account/session.ts) against the reference API (in-process server
 * on the fixture snapshot, real HTTP): login and create account, the guest cart merged on login, reset
 * password (offline refused), profile, address, order history, and an expired token refreshed.
 */
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { orderPayload, useTestShop } from '../api/fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';
import {
  answerText,
  changePassword,
  configureSession,
  customerOrder,
  login,
  logoutCustomer,
  orderHistory,
  PRICE_TIERS_REFRESH_EVENT,
  refreshCustomer,
  register,
  resetPassword,
  resetSession,
  saveProfile,
  saveShippingDetails,
  shippingAddressOf,
} from '../../src/lib/account/session';
import { config } from '../../src/lib/config';
import { collection, KEYS } from '../../src/lib/state/storage';
import { messages } from '../../src/lib/messages';
import { $cart, addToCart, cartSettled, loadCart, updateCartQuantity } from '../../src/lib/state/stores/cart';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { setOnline } from '../../src/lib/state/stores/network';
import { $ui, openAuthModal } from '../../src/lib/state/stores/ui';
import { $user } from '../../src/lib/state/stores/user';
import { onSyncEvent, setSyncFetch } from '../../src/lib/state/sync';
import { freshState } from './stores-fixtures';

let now = Date.now();
const requests: string[] = [];

const shop = useTestShop({ clock: () => now });

let seq = 0;
const email = () => `shopper${Date.now()}${++seq}@example.org`;

beforeEach(() => {
  freshState();
  resetSession();
  now = Date.now();
  requests.length = 0;
  setSyncFetch((input, init) => {
    const url = input.startsWith('http') ? input : `${shop().url}${input}`;
    requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return fetch(url, init);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function newCustomer(password = 'password123') {
  const address = email();
  const r = await shop().call('POST', '/api/user/create', { body: { customer: { email: address, firstname: 'Ada', lastname: 'Lovelace' }, password } });
  expect(r.status).toBe(200);
  return { email: address, password };
}

describe('sign-in', () => {
  it('the session is in storage before the modal closes and says "logged in" (a page change at once keeps the login)', async () => {
    const c = await newCustomer();
    const user = collection('user');
    const put = user.setItem.bind(user);
    const written = new Set<string>();
    // Slow storage, as on a busy phone: each write lands 100 ms after it was asked.
    vi.spyOn(user, 'setItem').mockImplementation(async (key: string, value: unknown) => {
      await new Promise((r) => setTimeout(r, 100));
      const out = await put(key, value);
      written.add(key);
      return out;
    });
    openAuthModal('login');
    let atClose: string[] | null = null;
    const off = $ui.subscribe((ui) => {
      if (!ui.authModal && atClose === null) atClose = [...written];
    });
    expect((await login(c.email, c.password)).ok).toBe(true);
    off();
    expect(atClose).toEqual(expect.arrayContaining([KEYS.userToken, KEYS.currentUser]));
    expect(await user.getItem(KEYS.userToken)).toBe($user.get().token);
  });

  it('login stores the tokens and the customer, closes the modal and says so', async () => {
    const c = await newCustomer();
    openAuthModal('login');
    const r = await login(c.email, c.password);
    expect(r).toEqual({ ok: true });
    const u = $user.get();
    expect(u.token).toBeTruthy();
    expect(u.refreshToken).toBeTruthy();
    expect(u.current?.email).toBe(c.email);
    expect($ui.get().authModal).toBe(false);
    expect($notifications.get().map((n) => n.message)).toContain(messages.loggedIn);
  });

  it('a wrong password gives the login message and keeps the visitor logged out', async () => {
    const c = await newCustomer();
    const r = await login(c.email, 'wrong-password');
    expect(r).toEqual({ ok: false, message: messages.loginFailed });
    expect($user.get().token).toBeNull();
  });

  it('create account logs in with the new account', async () => {
    const address = email();
    const r = await register({ email: address, firstname: 'Grace', lastname: 'Hopper', password: 'password123' });
    expect(r.ok).toBe(true);
    expect($user.get().current).toMatchObject({ email: address, firstname: 'Grace', lastname: 'Hopper' });
    expect($notifications.get().map((n) => n.message)).toContain(messages.accountCreated);
  });

  it('an e-mail already registered gives the server message without its field name', async () => {
    const c = await newCustomer();
    const r = await register({ email: c.email, firstname: 'Grace', lastname: 'Hopper', password: 'password123' });
    expect(r).toEqual({ ok: false, message: 'A customer with the same email address already exists' });
    expect($user.get().token).toBeNull();
  });

  it('the guest cart merges into the customer cart on login', async () => {
    const c = await newCustomer();
    // the customer's own cart already holds a ring
    const token = (await shop().call('POST', '/api/user/login', { body: { username: c.email, password: c.password } })).body.result as string;
    const cartId = (await shop().call('POST', '/api/cart/create', { query: { token } })).body.result as string;
    await shop().call('POST', '/api/cart/update', { query: { token, cartId }, body: { cartItem: { sku: 'RING-101', qty: 1 } } });
    // as a guest, the shopper adds a watch
    $cart.listen(() => {});
    await loadCart();
    addToCart({ sku: 'WATCH-102', name: 'Sale Watch', price: 150, qty: 2 });
    await cartSettled();
    const guestCart = $cart.get().token;
    expect(guestCart).toBeTruthy();
    expect((await login(c.email, c.password)).ok).toBe(true);
    const state = $cart.get();
    expect(state.token).toBe(cartId);
    expect(state.items.map((i) => [i.sku, i.qty]).sort()).toEqual([
      ['RING-101', 1],
      ['WATCH-102', 2],
    ]);
    const pulled = await shop().call('GET', '/api/cart/pull', { query: { token: $user.get().token!, cartId } });
    expect(pulled.body.result.map((l: { sku: string; qty: number }) => [l.sku, l.qty]).sort()).toEqual([
      ['RING-101', 1],
      ['WATCH-102', 2],
    ]);
  });

  it('logout forgets the session and leaves an empty guest cart', async () => {
    const c = await newCustomer();
    $cart.listen(() => {});
    await loadCart();
    addToCart({ sku: 'RING-101', name: 'Silver Ring', price: 120 });
    await cartSettled();
    await login(c.email, c.password);
    expect($cart.get().items).toHaveLength(1);
    await logoutCustomer();
    await cartSettled();
    expect($user.get().token).toBeNull();
    expect($cart.get()).toMatchObject({ items: [], token: null });
    expect($notifications.get().map((n) => n.message)).toContain(messages.loggedOut);
    // already in storage when the promise resolves (the page may change right after)
    expect(await collection('user').getItem(KEYS.userToken)).toBeNull();
    expect(await collection('carts').getItem(KEYS.cart)).toEqual([]);
    expect(await collection('carts').getItem(KEYS.cartToken)).toBeNull();
  });

  it('logout on a page whose cart has not been read yet still empties the stored cart', async () => {
    // what an earlier page of the customer's visit left in storage
    await collection('user').setItem(KEYS.userToken, 'customer-token');
    await collection('carts').setItem(KEYS.cartToken, 'customer-cart');
    await collection('carts').setItem(KEYS.cart, [{ sku: 'RING-101', qty: 1, name: 'Silver Ring', price: 120 }]);
    setSyncFetch(async () => new Response(JSON.stringify({ code: 200, result: [] }), { headers: { 'content-type': 'application/json' } }));
    await logoutCustomer();
    await cartSettled();
    expect($cart.get()).toMatchObject({ items: [], token: null, loaded: true });
    expect(await collection('carts').getItem(KEYS.cart)).toEqual([]);
    expect(await collection('carts').getItem(KEYS.cartToken)).toBeNull();
    expect(await collection('user').getItem(KEYS.userToken)).toBeNull();
  });

  it('with price tiers on, login and logout ask the product islands to refresh prices', async () => {
    const c = await newCustomer();
    const seen: unknown[] = [];
    const off = onSyncEvent(PRICE_TIERS_REFRESH_EVENT, (p) => seen.push(p));
    await login(c.email, c.password);
    expect(seen).toEqual([]);
    configureSession({ switches: { ...config.switches, usePriceTiers: true } });
    await logoutCustomer();
    await login(c.email, c.password);
    expect(seen).toEqual([{ loggedIn: false }, { loggedIn: true }]);
    off();
  });
});

describe('reset password', () => {
  it('asks the API for the reset e-mail and says it was sent', async () => {
    const c = await newCustomer();
    const r = await resetPassword(c.email);
    expect(r).toEqual({ ok: true, message: messages.resetPasswordSent });
    const outbox = await shop().call('GET', '/api/__outbox');
    expect(JSON.stringify(outbox.body.result)).toContain(c.email);
  });

  it('is refused offline without calling the API', async () => {
    setOnline(false);
    const r = await resetPassword('someone@example.org');
    expect(r).toEqual({ ok: false, message: 'Reset password feature does not work while offline!' });
    expect(requests).toEqual([]);
  });

  it('a failed call gives the reset error message', async () => {
    setSyncFetch(
      async () =>
        new Response(JSON.stringify({ code: 500, result: 'Internal Server Error' }), { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    expect(await resetPassword('someone@example.org')).toEqual({ ok: false, message: messages.resetPasswordError });
  });
});

describe('account calls', () => {
  it('profile, password and shipping details are saved through the API', async () => {
    const c = await newCustomer();
    await login(c.email, c.password);
    expect(await saveProfile({ firstname: 'Augusta', lastname: 'King', email: c.email })).toEqual({ ok: true, message: messages.accountDataChanged });
    expect($user.get().current?.firstname).toBe('Augusta');

    expect(await changePassword('nope-nope', 'newpassword1')).toEqual({ ok: false, message: 'The current password is not correct' });
    expect(await changePassword(c.password, 'newpassword1')).toEqual({ ok: true, message: messages.passwordChanged });
    expect((await shop().call('POST', '/api/user/login', { body: { username: c.email, password: 'newpassword1' } })).status).toBe(200);

    const address = { ...ADDRESS, email: undefined, vat_id: 'GB123', region: { region: 'Lancashire' } };
    delete (address as { email?: string }).email;
    // One street line: the API (as vue-storefront-api) wants the street and the house number or name.
    expect((await saveShippingDetails(address)).ok).toBe(false);
    expect(await saveShippingDetails({ ...address, street: ['Fishergate', '12'] })).toEqual({ ok: true, message: messages.shippingDetailsSaved });
    expect(shippingAddressOf($user.get().current)).toMatchObject({ postcode: 'PR1 2AD', default_shipping: true, vat_id: 'GB123' });
    // saved on the server too
    $user.setKey('current', null);
    expect(await refreshCustomer()).toBe(true);
    expect(shippingAddressOf($user.get().current)).toMatchObject({ city: 'Preston', street: ['Fishergate', '12'], region: { region: 'Lancashire' } });
  });

  it('order history and one order come from the API with their lines', async () => {
    const c = await newCustomer();
    await login(c.email, c.password);
    const token = $user.get().token!;
    const placed = await shop().call('POST', '/api/order', { query: { token }, body: orderPayload({ products: [{ sku: 'WATCH-102', qty: 2 }] }) });
    expect(placed.status).toBe(200);
    const history = await orderHistory();
    if (!history.ok) throw new Error('no history');
    expect(history.result.items).toHaveLength(1);
    const order = history.result.items[0]!;
    expect(order.items.map((i) => [i.sku, i.qty_ordered])).toEqual([['WATCH-102', 2]]);
    const seen = requests.length;
    const one = await customerOrder(order.increment_id);
    expect(one.ok && one.result.grand_total).toBe(order.grand_total);
    // vue-storefront-api has no single-order call: the detail comes from the history.
    expect(requests.slice(seen)).toEqual(['GET /api/user/order-history']);
    expect(await customerOrder('PJ999999999')).toMatchObject({ ok: false, code: 404, result: messages.orderNotFound });
  });

  it('an expired access token is refreshed once and the call goes through', async () => {
    const c = await newCustomer();
    await login(c.email, c.password);
    const before = $user.get().token;
    now += 2 * 3600 * 1000; // access tokens live an hour; refresh tokens a month
    const [a, b] = await Promise.all([orderHistory(), refreshCustomer()]);
    expect(a.ok).toBe(true);
    expect(b).toBe(true);
    expect($user.get().token).not.toBe(before);
    expect(requests.filter((r) => r === 'POST /api/user/refresh')).toHaveLength(1);
  });

  it('a token refresh during a cart update sends the update again and keeps the cart connected', async () => {
    const c = await newCustomer();
    $cart.listen(() => {});
    await loadCart();
    addToCart({ sku: 'RING-101', name: 'Silver Ring', price: 120 });
    await cartSettled();
    await login(c.email, c.password);
    await cartSettled();
    const cartId = $cart.get().token;
    now += 2 * 3600 * 1000;
    requests.length = 0;
    updateCartQuantity({ sku: 'RING-101' }, 3);
    await cartSettled();
    expect(requests).toEqual(['POST /api/cart/update', 'POST /api/user/refresh', 'POST /api/cart/update', 'GET /api/cart/totals']);
    expect($cart.get().token).toBe(cartId);
    const pulled = await shop().call('GET', '/api/cart/pull', { query: { token: $user.get().token!, cartId: cartId! } });
    expect(pulled.body.result.map((l: { sku: string; qty: number }) => [l.sku, l.qty])).toEqual([['RING-101', 3]]);
  });

  it('a refused refresh logs out silently and opens the signup modal on its login form', async () => {
    const c = await newCustomer();
    await login(c.email, c.password);
    $user.setKey('refreshToken', 'not-a-token');
    now += 2 * 3600 * 1000;
    const r = await orderHistory();
    expect(r).toMatchObject({ ok: false, code: 401, result: messages.tokenRefreshAborted });
    expect($user.get().token).toBeNull();
    expect($ui.get()).toMatchObject({ authModal: true, authElem: 'login' });
  });

  it('without a session the account calls are refused before any request', async () => {
    const r = await orderHistory();
    expect(r).toMatchObject({ ok: false, code: 401 });
    expect(requests).toEqual([]);
  });

  it('answerText strips the field path and falls back when there is no text', () => {
    expect(answerText('customer.email: a customer with the same email address already exists')).toBe('A customer with the same email address already exists');
    expect(answerText('Plain message')).toBe('Plain message');
    expect(answerText(null, 'fallback')).toBe('fallback');
    expect(answerText({ code: 1 }, 'fallback')).toBe('fallback');
  });
});
