import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryEngine, type StorageEngine } from '../../src/lib/state/storage';
import { storageEventTabChannel, type TabChannel, type TabMessage } from '../../src/lib/state/stores/cross-tab';
import { fakeCartApi, flush, json } from './stores-fixtures';

/** A fake BroadcastChannel hub: what one channel posts, every other channel receives. */
function fakeHub() {
  const subscribers = new Set<{ owner: object; cb: (m: TabMessage) => void }>();
  const posted: TabMessage[] = [];
  return {
    posted,
    channel(): TabChannel {
      const owner = {};
      return {
        post(msg) {
          posted.push(msg);
          const copy = structuredClone(msg);
          for (const s of subscribers) if (s.owner !== owner) queueMicrotask(() => s.cb(copy));
        },
        subscribe(cb) {
          const entry = { owner, cb };
          subscribers.add(entry);
          return () => subscribers.delete(entry);
        },
      };
    },
  };
}

/** Loads a separate copy of the state modules, as a second browser tab has, on the shared storage and channel. */
async function openTab(engine: StorageEngine, hub: ReturnType<typeof fakeHub>, fetchFn: (url: string, init?: RequestInit) => Promise<Response>) {
  vi.resetModules();
  const storage = await import('../../src/lib/state/storage');
  storage.setStorageEngine(engine);
  const crossTab = await import('../../src/lib/state/stores/cross-tab');
  crossTab.setTabChannel(hub.channel());
  const sync = await import('../../src/lib/state/sync');
  sync.setSyncFetch(fetchFn);
  const wishlist = await import('../../src/lib/state/stores/wishlist');
  const cart = await import('../../src/lib/state/stores/cart');
  const user = await import('../../src/lib/state/stores/user');
  await user.loadUser();
  await cart.loadCart();
  await wishlist.loadWishlist();
  return { wishlist, cart, user, sync, tabId: crossTab.TAB_ID };
}

const ring = { sku: 'R-1042', name: 'Evermore Platinum Solitaire Ring', price: 1250 };
const watch = { sku: 'W-77', name: 'Halden Automatic Watch', price: 540 };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('two tabs', () => {
  it("see each other's wishlist changes", async () => {
    const engine = memoryEngine();
    const hub = fakeHub();
    const api = fakeCartApi();
    const a = await openTab(engine, hub, api.handler);
    const b = await openTab(engine, hub, api.handler);
    a.wishlist.addToWishlist(ring);
    await flush();
    expect(b.wishlist.$wishlist.get().items.map((i) => i.sku)).toEqual(['R-1042']);
    b.wishlist.removeFromWishlist(ring);
    await flush();
    expect(a.wishlist.$wishlist.get().items).toEqual([]);
    // a tab does not echo what it received
    expect(hub.posted.filter((m) => m.topic === 'wishlist').map((m) => m.from)).toEqual([a.tabId, b.tabId]);
  });

  it("see each other's cart, and only the changing tab talks to the server", async () => {
    const engine = memoryEngine();
    const hub = fakeHub();
    const api = fakeCartApi();
    const a = await openTab(engine, hub, api.handler);
    const b = await openTab(engine, hub, api.handler);
    a.cart.addToCart({ ...ring, qty: 2 });
    await a.cart.cartSettled();
    await flush();
    expect(b.cart.$cartCount.get()).toBe(2);
    expect(b.cart.$cart.get().token).toBe(a.cart.$cart.get().token);
    // A new line is sent after a pull (the server cart may hold it already: the send would add to it).
    expect(api.calls).toEqual(['cart/create', 'cart/pull', 'cart/update', 'cart/totals']);
    api.calls.length = 0;
    b.cart.updateCartQuantity({ sku: 'R-1042' }, 1);
    await b.cart.cartSettled();
    await flush();
    expect(a.cart.$cartCount.get()).toBe(1);
    expect(api.calls).toEqual(['cart/update', 'cart/totals']);
    expect([...api.carts.get(String(a.cart.$cart.get().token))!.values()].map((l) => l.qty)).toEqual([1]);
  });
});

describe('one session in every tab', () => {
  it("a sign-in in one tab is the other's at once, and only the tab that signed in moves the bag to the customer's cart", async () => {
    const engine = memoryEngine();
    const hub = fakeHub();
    const api = fakeCartApi();
    const a = await openTab(engine, hub, api.handler);
    const b = await openTab(engine, hub, api.handler);
    a.cart.addToCart({ ...ring, qty: 1 });
    await a.cart.cartSettled();
    await flush();
    const guestCart = a.cart.$cart.get().token;
    api.calls.length = 0;
    a.user.setUserToken('customer-token', 'refresh-1');
    await a.cart.cartSettled();
    await flush();
    await b.cart.cartSettled();
    expect(b.user.$user.get()).toMatchObject({ token: 'customer-token', refreshToken: 'refresh-1' });
    const customerCart = a.cart.$cart.get().token;
    expect(customerCart).not.toBe(guestCart);
    expect(b.cart.$cart.get().token).toBe(customerCart);
    expect(b.cart.$cart.get().items.map((i) => [i.sku, i.qty])).toEqual([[ring.sku, 1]]);
    expect(api.calls.filter((c) => c === 'cart/create')).toHaveLength(1);
    // A sign-out there empties the bag here too, and signs this tab out.
    a.user.logout();
    await flush();
    expect(b.user.$user.get().token).toBeNull();
    expect(b.cart.$cart.get()).toMatchObject({ items: [], token: null });
  });

  it("two tabs refused the same expired token refresh it once: the second takes the first one's new tokens instead of spending the refresh token again", async () => {
    const engine = memoryEngine();
    const hub = fakeHub();
    const refreshes: string[] = [];
    let revoked = false;
    // As the API: a refresh token works once; sent again, it closes the session (reuse).
    const refresh = async (refreshToken: string | null) => {
      refreshes.push(String(refreshToken));
      await new Promise((r) => setTimeout(r, 20));
      if (refreshToken !== 'refresh-1' || refreshes.length > 1) {
        revoked = true;
        return null;
      }
      return 'token-2';
    };
    const handler = async (url: string) => {
      const token = new URL(url, 'http://shop.test').searchParams.get('token');
      return token === 'token-2' && !revoked ? json({ code: 200, result: { ok: true } }) : json({ code: 401, result: 'not authorized' }, 401);
    };
    const a = await openTab(engine, hub, handler);
    const b = await openTab(engine, hub, handler);
    for (const tab of [a, b]) tab.sync.configureTokenLock({ refresh: () => refresh(tab.user.$user.get().refreshToken) });
    a.user.setUserToken('token-1', 'refresh-1');
    await flush();
    expect(b.user.$user.get().token).toBe('token-1');
    const [ta, tb] = await Promise.all([a.sync.executeTask({ url: 'user/me?token={{token}}' }), b.sync.executeTask({ url: 'user/me?token={{token}}' })]);
    expect([ta.resultCode, tb.resultCode]).toEqual([200, 200]);
    expect(refreshes).toEqual(['refresh-1']);
    expect(revoked).toBe(false);
    for (const tab of [a, b]) expect(tab.user.$user.get().token).toBe('token-2');
  });
});

describe('two tabs sending the same new line', () => {
  // A line sent without an item id is added to the server's line of the same product (Magento), so
  // two tabs that both think the server lacks a line would double it (server W-77 x 10, bag x 5).
  it('the server cart ends with the bag, not the sum of both sends', async () => {
    const engine = memoryEngine();
    const hub = fakeHub();
    const api = fakeCartApi({ updateDelayMs: 30 });
    const a = await openTab(engine, hub, api.handler);
    const b = await openTab(engine, hub, api.handler);
    a.cart.addToCart({ ...ring, qty: 2 });
    await a.cart.cartSettled();
    await flush();
    // A cancelled order's lines go back into tab a's bag; tab b takes the new bag at once and, while
    // a's send is on its way, runs a round of its own (a reload, coming back online).
    await a.cart.restoreCartLines([{ sku: watch.sku, qty: 5, name: watch.name, price: watch.price }]);
    await flush();
    expect(b.cart.$cart.get().items.map((i) => [i.sku, i.qty])).toEqual([
      [ring.sku, 2],
      [watch.sku, 5],
    ]);
    await Promise.all([b.cart.syncCart(), a.cart.cartSettled()]);
    await Promise.all([a.cart.cartSettled(), b.cart.cartSettled()]);
    await flush();
    const server = [...api.carts.get(String(a.cart.$cart.get().token))!.values()].map((l) => [l.sku, l.qty]);
    expect(server).toEqual([
      [ring.sku, 2],
      [watch.sku, 5],
    ]);
    for (const tab of [a, b]) expect(tab.cart.$cart.get().items.map((i) => [i.sku, i.qty])).toEqual(server);
    // Whichever tab's send went second named the line the first one made: the qty was set, not added.
    expect(api.updates.filter((u) => u.sku === watch.sku)).toEqual([
      { sku: watch.sku, qty: 5 },
      { sku: watch.sku, qty: 5, item_id: expect.any(Number) },
    ]);
  });
});

describe('storage-event fallback', () => {
  it('carries messages between windows through localStorage and ignores other keys', () => {
    const windows: EventTarget[] = [];
    const makeWindow = () => {
      const w = new EventTarget() as EventTarget & { localStorage: { setItem(k: string, v: string): void } };
      w.localStorage = {
        setItem(key, value) {
          // browsers fire 'storage' in the other windows only
          for (const other of windows) if (other !== w) other.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value }));
        },
      };
      windows.push(w);
      return w;
    };
    const w1 = makeWindow();
    const w2 = makeWindow();
    const c1 = storageEventTabChannel(w1 as never);
    const c2 = storageEventTabChannel(w2 as never);
    const got1: TabMessage[] = [];
    const got2: TabMessage[] = [];
    c1.subscribe((m) => got1.push(m));
    c2.subscribe((m) => got2.push(m));
    c1.post({ topic: 'cart', value: { items: [] }, from: 'tab-1' });
    w2.dispatchEvent(Object.assign(new Event('storage'), { key: 'other-key', newValue: '{}' }));
    expect(got1).toEqual([]);
    expect(got2).toMatchObject([{ topic: 'cart', value: { items: [] }, from: 'tab-1' }]);
  });
});
