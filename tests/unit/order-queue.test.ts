import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { config } from '../../src/lib/config';
import { fill, messages } from '../../src/lib/messages';
import type { OfflineOrder, OrderPayload } from '../../src/lib/schemas';
import { collection } from '../../src/lib/storage';
import { setOnline } from '../../src/lib/stores/network';
import { $notifications } from '../../src/lib/stores/notifications';
import {
  $offlineOrderConfirmation,
  $orderNotices,
  $queuedOrders,
  clearOrderNotices,
  sendQueuedOrder,
  cancelQueuedOrder,
  configureOrderQueue,
  listQueuedOrders,
  onlineAgain,
  placeOrder,
  sendQueuedOrders,
  setThankYouShowing,
  transmitOrAsk,
} from '../../src/lib/sync/order-queue';
import { setOrderLockSources } from '../../src/lib/sync/order-lock';
import { deferred, flush, freshState, json } from './stores-fixtures';
import { $user, logout, setCurrentUser, setUserToken } from '../../src/lib/stores/user';
import { configureTokenLock } from '../../src/lib/sync/token-lock';

/** Signs a customer in as the user store does (token, refresh token, current customer). */
async function signIn(id: number, token: string, refreshToken: string | null = null) {
  setUserToken(token, refreshToken);
  setCurrentUser({ id, email: `c${id}@example.com`, firstname: 'C', lastname: String(id) } as never);
  expect($user.get().token).toBe(token);
}

const address = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Fishergate'],
  city: 'Preston',
  postcode: 'PR1 2AB',
  country_id: 'GB',
  telephone: '01772 000000',
  email: 'ada@example.com',
};

let n = 0;
function payload(over: Partial<OrderPayload> = {}): OrderPayload {
  n++;
  return {
    order_id: `client-order-${String(n).padStart(4, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 10, 0, n)).toISOString(),
    transmited: false,
    products: [{ sku: 'PJ-RING-1', qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: 'freeshipping',
      shipping_carrier_code: 'freeshipping',
      payment_method_code: 'cashondelivery',
    },
    ...over,
  } as OrderPayload;
}

const stored = (id: string) => collection('orders').getItem<OfflineOrder>(id);
const html = () => new Response('<!doctype html><h1>502 Bad Gateway</h1>', { status: 200, headers: { 'content-type': 'text/html' } });

type Call = { url: string; body: { order_id: string } };
let calls: Call[];
let registerSync: Mock<() => Promise<void>>;
let systemNotes: string[];

function api(answer: (call: Call, i: number) => Response | Promise<Response>) {
  configureOrderQueue({
    fetch: async (url, init) => {
      const call = { url: String(url), body: JSON.parse(String(init?.body)) };
      calls.push(call);
      return answer(call, calls.length - 1);
    },
    registerSync,
    showSystemNotification: async (title) => void systemNotes.push(title),
    thankYouShowing: () => false,
  });
}

beforeEach(() => {
  freshState();
  calls = [];
  systemNotes = [];
  registerSync = vi.fn(async () => {});
  setOrderLockSources(null);
  setThankYouShowing(false);
  api(() => json({ code: 200, result: { order_id: 'x', increment_id: 'PJ100000001' } }));
});
afterEach(() => {
  configureOrderQueue();
  setOrderLockSources(null);
  config.orders.offline_orders.automatic_transmission_enabled = true;
  config.orders.offline_orders.notification.enabled = true;
  vi.restoreAllMocks();
});

describe('placing an order', () => {
  it('stores the order untransmitted before sending it', async () => {
    const gate = deferred<Response>();
    api(() => gate.promise);
    const p = payload();
    const placing = placeOrder(p);
    await flush();
    expect(calls).toHaveLength(1);
    const before = await stored(p.order_id);
    expect(before?.transmited).toBe(false);
    expect(before?.products).toEqual(p.products);
    gate.resolve(json({ code: 200, result: { increment_id: 'PJ100000001' } }));
    const r = await placing;
    expect(r.status).toBe('sent');
  });

  it('sends the full stored order to the orders endpoint and marks it transmitted with a timestamp', async () => {
    const p = payload();
    const r = await placeOrder(p);
    expect(calls[0]!.url).toBe(`${config.api.baseUrl}${config.orders.endpoint}`);
    expect(calls[0]!.body).toMatchObject({ order_id: p.order_id, products: p.products, addressInformation: p.addressInformation, transmited: false });
    expect(r).toMatchObject({ status: 'sent', result: { increment_id: 'PJ100000001' } });
    const s = await stored(p.order_id);
    expect(s?.transmited).toBe(true);
    expect(Date.parse(String(s?.transmited_at))).not.toBeNaN();
    expect(s?.resultCode).toBe(200);
    expect(await listQueuedOrders()).toEqual([]);
  });

  it("logs 'The server order id has been set to' with the backend's order id when the order is sent", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const p = payload();
    await placeOrder(p);
    expect(info.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining(`${messages.serverOrderIdSet}PJ100000001`));
  });

  it("sends a customer's order with that customer's token", async () => {
    await signIn(7, 'tok en');
    await placeOrder(payload({ user_id: 7 }));
    expect(calls[0]!.url).toBe(`${config.orders.endpoint}?token=tok%20en`);
  });

  it('sends a guest order without a token, even when a customer has signed in since', async () => {
    await signIn(7, 'tok');
    await placeOrder(payload());
    expect(calls[0]!.url).toBe(config.orders.endpoint);
  });

  it('refreshes a refused token once and sends again as the same customer, never as a guest', async () => {
    await signIn(7, 'expired', 'refresh-1');
    configureTokenLock({ refresh: async () => 'fresh' });
    api((c) => (c.url.endsWith('token=expired') ? json({ code: 401, result: 'token: the access token has expired' }) : json({ code: 200, result: { ok: 1 } })));
    const r = await placeOrder(payload({ user_id: 7 }));
    expect(calls.map((c) => c.url)).toEqual([`${config.orders.endpoint}?token=expired`, `${config.orders.endpoint}?token=fresh`]);
    expect(r.status).toBe('sent');
  });

  it('keeps the order waiting and says so when the refused session cannot be refreshed: no guest send', async () => {
    await signIn(7, 'expired', 'refresh-1');
    configureTokenLock({ refresh: async () => null });
    api(() => json({ code: 401, result: 'token: the access token has expired' }));
    const p = payload({ user_id: 7 });
    const r = await placeOrder(p);
    expect(calls.map((c) => c.url)).toEqual([`${config.orders.endpoint}?token=expired`]);
    expect(r).toMatchObject({ status: 'queued', message: fill(messages.offlineOrderHeldSession, { email: address.email }) });
    expect((await listQueuedOrders()).map((o) => o.order_id)).toEqual([p.order_id]);
  });

  it("never sends a customer's order under another customer's session, nor as a guest after a logout", async () => {
    setOnline(false);
    await signIn(7, 'tok-7');
    const p = payload({ user_id: 7 });
    await placeOrder(p);
    setOnline(true);
    // Somebody else signs in on this device.
    await signIn(8, 'tok-8');
    let run = await sendQueuedOrders();
    expect(calls).toEqual([]);
    expect(run.queued.map((o) => o.order_id)).toEqual([p.order_id]);
    const one = await sendQueuedOrder(p.order_id);
    expect(one).toMatchObject({ status: 'queued', message: fill(messages.offlineOrderHeldOwner, { email: address.email }) });
    // Nobody signed in.
    logout();
    run = await sendQueuedOrders();
    expect(calls).toEqual([]);
    // The customer who placed it signs in again: it goes, with their token.
    await signIn(7, 'tok-7b');
    run = await sendQueuedOrders();
    expect(calls.map((c) => c.url)).toEqual([`${config.orders.endpoint}?token=tok-7b`]);
    expect(run.sent.map((o) => o.order_id)).toEqual([p.order_id]);
  });

  it('cancels an order the API answers 409 (already placed from another window) instead of retrying it for ever', async () => {
    api(() => json({ code: 409, result: 'cart_id: this cart has already been ordered' }));
    const p = payload();
    const r = await placeOrder(p);
    expect(r).toMatchObject({ status: 'cancelled', message: messages.offlineOrderConflict });
    expect(await listQueuedOrders()).toEqual([]);
  });

  it('cancels the order on code 400 with the address message naming the contact e-mail', async () => {
    api(() => json({ code: 400, result: 'shippingAddress.postcode: not a UK postcode' }));
    const p = payload();
    const r = await placeOrder(p);
    const text = messages.orderAddressInvalid.replace('{email}', config.mailer.contactAddress);
    expect(text).toContain('contact us on hello@');
    expect(r).toMatchObject({ status: 'cancelled', message: text });
    const s = await stored(p.order_id);
    expect(s).toMatchObject({ transmited: true, cancelled: true, resultCode: 400 });
    expect($notifications.get().at(-1)).toMatchObject({ type: 'error', message: text, action1: { label: 'OK' } });
    expect(await listQueuedOrders()).toEqual([]);
  });

  it('cancels the order on code 500 with the add-products error and says products are out of stock', async () => {
    api(() => json({ code: 500, result: 'Error: Error while adding products' }));
    const r = await placeOrder(payload());
    expect(r).toMatchObject({ status: 'cancelled', message: "Some products you've ordered are out of stock. Your order has been canceled." });
    expect($notifications.get().at(-1)?.message).toBe("Some products you've ordered are out of stock. Your order has been canceled.");
  });

  it('keeps the order untransmitted on another 500, with the answer and its timestamp kept', async () => {
    api(() => json({ code: 500, result: 'Internal Server Error' }));
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(r.message).toBe(messages.offlineOrderQueued);
    const s = await stored(p.order_id);
    expect(s).toMatchObject({ transmited: false, resultCode: 500, result: 'Internal Server Error' });
    expect(s?.transmited_at).toBeTruthy();
    expect((await listQueuedOrders()).map((o) => o.order_id)).toEqual([p.order_id]);
  });

  it('keeps the order untransmitted when the answer is not json', async () => {
    api(() => html());
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(await stored(p.order_id)).toMatchObject({ transmited: false, transmited_at: null });
    expect(console.error).toHaveBeenCalledWith('[orders] Error with response - bad content-type!');
  });

  it('queues the order when the send fails, says the order is waiting and asks for a background sync', async () => {
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(await stored(p.order_id)).toMatchObject({ transmited: false });
    expect($notifications.get().at(-1)?.message).toContain('Order waiting!');
    expect(systemNotes).toEqual(['Order waiting!']);
    expect(registerSync).toHaveBeenCalledTimes(1);
    expect($queuedOrders.get().map((o) => o.order_id)).toEqual([p.order_id]);
  });

  it('does not notify nor register a background sync when the offline-order notification is off', async () => {
    config.orders.offline_orders.notification.enabled = false;
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    const r = await placeOrder(payload());
    expect(r.status).toBe('queued');
    expect($notifications.get()).toEqual([]);
    expect(registerSync).not.toHaveBeenCalled();
  });

  it('queues without calling the api while offline', async () => {
    setOnline(false);
    const r = await placeOrder(payload());
    expect(r.status).toBe('queued');
    expect(calls).toHaveLength(0);
  });

  it('gives up waiting for an answer after the timeout and keeps the order queued', async () => {
    configureOrderQueue({ fetch: () => new Promise<Response>(() => {}), timeoutMs: 30, registerSync, showSystemNotification: async () => {} });
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(await stored(p.order_id)).toMatchObject({ transmited: false });
  });

  it('placing the same order twice sends it once', async () => {
    const p = payload();
    const [a, b] = await Promise.all([placeOrder(p), placeOrder(p)]);
    expect(calls).toHaveLength(1);
    expect([a.status, b.status]).toEqual(['sent', 'sent']);
    const again = await placeOrder(p);
    expect(again.status).toBe('sent');
    expect(calls).toHaveLength(1);
  });
});

describe('sending the queue', () => {
  async function queueOffline(count: number): Promise<OrderPayload[]> {
    setOnline(false);
    const ps = Array.from({ length: count }, () => payload());
    for (const p of ps) await placeOrder(p);
    setOnline(true);
    return ps;
  }

  it('sends waiting orders oldest first and marks each transmitted', async () => {
    const ps = await queueOffline(3);
    const s = await sendQueuedOrders();
    expect(calls.map((c) => c.body.order_id)).toEqual(ps.map((p) => p.order_id));
    expect(s.sent).toHaveLength(3);
    expect(s.queued).toEqual([]);
    expect(await listQueuedOrders()).toEqual([]);
  });

  it('a run asked for while offline does not stop later runs: back online, the next call sends', async () => {
    const [p] = await queueOffline(1);
    setOnline(false);
    const offline = await sendQueuedOrders();
    expect(calls).toEqual([]);
    expect(offline.queued.map((o) => o.order_id)).toEqual([p!.order_id]);
    setOnline(true);
    const s = await sendQueuedOrders();
    expect(calls.map((c) => c.body.order_id)).toEqual([p!.order_id]);
    expect(s.sent.map((o) => o.order_id)).toEqual([p!.order_id]);
    expect(await listQueuedOrders()).toEqual([]);
  });

  it('tells the shopper which waiting orders were sent, once each', async () => {
    clearOrderNotices();
    const ps = await queueOffline(2);
    await sendQueuedOrders();
    await sendQueuedOrders();
    expect($orderNotices.get().map((x) => [x.order_id, x.message])).toEqual(ps.map((p) => [p.order_id, messages.offlineOrderSent]));
  });

  it('sending one waiting order from the confirmation answers sent even when another tab sent it first', async () => {
    clearOrderNotices();
    const [p] = await queueOffline(1);
    await sendQueuedOrders();
    const r = await sendQueuedOrder(p!.order_id);
    expect(r?.status).toBe('sent');
    expect(calls).toHaveLength(1);
  });

  it('stops at the first send without an answer and keeps the rest queued', async () => {
    const ps = await queueOffline(3);
    api((_, i) => (i === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ code: 200, result: {} })));
    const s = await sendQueuedOrders();
    expect(calls).toHaveLength(2);
    expect(s.sent.map((o) => o.order_id)).toEqual([ps[0]!.order_id]);
    expect(s.queued.map((o) => o.order_id)).toEqual([ps[1]!.order_id, ps[2]!.order_id]);
    expect(registerSync).toHaveBeenCalled();
  });

  it('shows the cancel messages of orders refused while sending the queue', async () => {
    await queueOffline(2);
    api((_, i) => (i === 0 ? json({ code: 400, result: 'bad address' }) : json({ code: 500, result: 'Error: Error while adding products' })));
    const s = await sendQueuedOrders();
    expect(s.cancelled).toHaveLength(2);
    const texts = $notifications.get().map((x) => x.message);
    expect(texts).toContain(messages.orderAddressInvalid.replace('{email}', config.mailer.contactAddress));
    expect(texts).toContain(messages.orderProductsOutOfStock);
  });

  it('never sends an order twice while a send is in progress', async () => {
    const ps = await queueOffline(2);
    const gates: Array<ReturnType<typeof deferred<Response>>> = [];
    api(() => {
      const d = deferred<Response>();
      gates.push(d);
      return d.promise;
    });
    const a = sendQueuedOrders();
    const b = sendQueuedOrders();
    await flush();
    expect(calls).toHaveLength(1);
    gates[0]!.resolve(json({ code: 200, result: {} }));
    await flush();
    expect(calls).toHaveLength(2);
    gates[1]!.resolve(json({ code: 200, result: {} }));
    await Promise.all([a, b]);
    expect(calls.map((c) => c.body.order_id)).toEqual(ps.map((p) => p.order_id));
  });

  it('never sends an order twice across tabs without web locks (storage lease)', async () => {
    const ps = await queueOffline(3);
    const leases = new Map<string, { owner: string; expires: number }>();
    setOrderLockSources({
      locks: null,
      lease: {
        get: async (k) => leases.get(k) ?? null,
        set: async (k, v) => void leases.set(k, v),
        remove: async (k) => void leases.delete(k),
      },
    });
    let inFlight = 0;
    let maxInFlight = 0;
    api(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 15));
      inFlight--;
      return json({ code: 200, result: {} });
    });
    // Two "tabs": the queue run and a placeOrder retry of the same orders, racing.
    await Promise.all([sendQueuedOrders(), ...ps.map((p) => placeOrder(p))]);
    expect(calls.map((c) => c.body.order_id).sort()).toEqual(ps.map((p) => p.order_id).sort());
    expect(maxInFlight).toBe(1);
    expect(leases.size).toBe(0);
  });

  it('cancelling a waiting order keeps it and never sends it', async () => {
    const [p1, p2] = await queueOffline(2);
    expect(await cancelQueuedOrder(p1!.order_id)).toBe(true);
    expect(await stored(p1!.order_id)).toMatchObject({ cancelled: true, transmited: false });
    await sendQueuedOrders();
    expect(calls.map((c) => c.body.order_id)).toEqual([p2!.order_id]);
    expect(await cancelQueuedOrder(p2!.order_id)).toBe(false);
  });

  it('a cancel during a send waits for it and refuses once the order was sent', async () => {
    const [p] = await queueOffline(1);
    const gate = deferred<Response>();
    api(() => gate.promise);
    const sending = sendQueuedOrders();
    await flush();
    const cancelling = cancelQueuedOrder(p!.order_id);
    await flush();
    gate.resolve(json({ code: 200, result: {} }));
    await sending;
    expect(await cancelling).toBe(false);
    expect(await stored(p!.order_id)).toMatchObject({ transmited: true });
  });
});

describe('coming back online', () => {
  it('runs the sync queue and cart first, then sends the orders when automatic transmission is on', async () => {
    setOnline(false);
    await placeOrder(payload());
    setOnline(true);
    const order: string[] = [];
    api(() => {
      order.push('order');
      return json({ code: 200, result: {} });
    });
    await onlineAgain(async () => void order.push('sync and cart'));
    expect(order).toEqual(['sync and cart', 'order']);
  });

  it('asks the shopper when automatic transmission is off', async () => {
    config.orders.offline_orders.automatic_transmission_enabled = false;
    setOnline(false);
    const p = payload();
    await placeOrder(p);
    setOnline(true);
    await transmitOrAsk();
    expect(calls).toHaveLength(0);
    expect($offlineOrderConfirmation.get().map((o) => o.order_id)).toEqual([p.order_id]);
    await sendQueuedOrders();
    expect($offlineOrderConfirmation.get()).toEqual([]);
  });

  it('sends without asking on the thank-you page even when automatic transmission is off', async () => {
    config.orders.offline_orders.automatic_transmission_enabled = false;
    setOnline(false);
    await placeOrder(payload());
    setOnline(true);
    setThankYouShowing(true);
    configureOrderQueue({
      fetch: async (url, init) => {
        calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return json({ code: 200, result: {} });
      },
      registerSync,
      showSystemNotification: async () => {},
    });
    await transmitOrAsk();
    expect(calls).toHaveLength(1);
    expect($offlineOrderConfirmation.get()).toEqual([]);
  });
});

describe('the bag an order was placed from', () => {
  let bag: { token: string | null; items: Array<{ sku: string; qty: number }> };
  let emptied: number;
  let restored: Array<{ sku: string; qty: number }>[];
  function withBag(
    token: string | null,
    items: Array<{ sku: string; qty: number }>,
    answer: () => Response | Promise<Response> = () => json({ code: 200, result: { increment_id: 'PJ1' } }),
  ) {
    bag = { token, items };
    emptied = 0;
    restored = [];
    configureOrderQueue({
      fetch: async (url, init) => {
        calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return answer();
      },
      registerSync,
      showSystemNotification: async () => {},
      thankYouShowing: () => false,
      bag: {
        read: async () => bag,
        empty: async () => {
          emptied++;
          bag = { token: null, items: [] };
        },
        restore: async (lines) => {
          restored.push(lines.map((l) => ({ sku: l.sku, qty: l.qty })));
          bag = { ...bag, items: [...bag.items, ...lines.map((l) => ({ sku: l.sku, qty: l.qty }))] };
        },
      },
    });
  }

  it('empties the bag once the order is placed', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }]);
    const p = payload({ cart_id: 'cart-1' });
    await placeOrder(p);
    expect(emptied).toBe(1);
    expect((await stored(p.order_id))?.bag).toBe('emptied');
  });

  it('empties it at the next start when a reload cut the placement short (order stored, bag still full)', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }]);
    const p = payload({ cart_id: 'cart-1' });
    // What a reload between storing the order and emptying the bag leaves (the answer came to nobody).
    await collection('orders').setItem(p.order_id, { ...p, transmited: true, transmited_at: new Date().toISOString(), bag: 'full' });
    await sendQueuedOrders();
    expect(emptied).toBe(1);
    expect(bag.items).toEqual([]);
    await sendQueuedOrders();
    expect(emptied).toBe(1);
  });

  it('a bag that cannot be read yet (slow storage) is emptied at the next refresh, not forgotten', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }]);
    const p = payload({ cart_id: 'cart-1' });
    await collection('orders').setItem(p.order_id, { ...p, transmited: true, transmited_at: new Date().toISOString(), bag: 'full' });
    let readable = false;
    const known = bag;
    configureOrderQueue({
      fetch: async () => json({ code: 200, result: { increment_id: 'PJ1' } }),
      registerSync,
      showSystemNotification: async () => {},
      thankYouShowing: () => false,
      bag: {
        read: async () => (readable ? known : null),
        empty: async () => void emptied++,
        restore: async () => {},
      },
    });
    await listQueuedOrders();
    await sendQueuedOrders();
    expect(emptied).toBe(0);
    expect((await stored(p.order_id))?.bag).toBe('full');
    readable = true;
    await sendQueuedOrders();
    expect(emptied).toBe(1);
    expect((await stored(p.order_id))?.bag).toBe('emptied');
  });

  it("leaves a bag alone that is not the order's: another server cart, or other lines", async () => {
    withBag('cart-2', [{ sku: 'PJ-RING-1', qty: 1 }]);
    const a = payload({ cart_id: 'cart-1' });
    await collection('orders').setItem(a.order_id, { ...a, transmited: false, transmited_at: null, bag: 'full' });
    await sendQueuedOrders();
    expect(emptied).toBe(0);
    withBag(null, [{ sku: 'PJ-RING-1', qty: 2 }]);
    const b = payload();
    await collection('orders').setItem(b.order_id, { ...b, transmited: false, transmited_at: null, bag: 'full' });
    await sendQueuedOrders();
    expect(emptied).toBe(0);
    expect((await stored(b.order_id))?.bag).toBe('emptied');
  });

  it('an order placed with no server cart empties a bag of exactly its lines', async () => {
    withBag(null, [{ sku: 'PJ-RING-1', qty: 1 }]);
    const p = payload();
    await collection('orders').setItem(p.order_id, { ...p, transmited: false, transmited_at: null, bag: 'full' });
    await sendQueuedOrders();
    expect(emptied).toBe(1);
  });

  it('keeps the bag when the API refuses the order at placement (the shopper fixes it)', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }]);
    configureOrderQueue({
      fetch: async () => json({ code: 400, result: 'postcode' }),
      registerSync,
      showSystemNotification: async () => {},
      thankYouShowing: () => false,
      bag: { read: async () => bag, empty: async () => void emptied++, restore: async (lines) => void restored.push(lines) },
    });
    const p = payload({ cart_id: 'cart-1' });
    const r = await placeOrder(p);
    expect(r.status).toBe('cancelled');
    expect(emptied).toBe(0);
    expect(restored).toEqual([]);
  });

  it('an order queued, then refused when sent later, puts its lines back in the emptied bag, once, and says so', async () => {
    let down = true;
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 2 }], () =>
      down ? Promise.reject(new TypeError('Failed to fetch')) : json({ code: 400, result: 'out of stock' }),
    );
    const p = payload({ cart_id: 'cart-1', products: [{ sku: 'PJ-RING-1', qty: 2, name: 'Ring', price: 120 }] });
    expect((await placeOrder(p)).status).toBe('queued');
    expect(bag.items).toEqual([]);
    down = false;
    const run = await sendQueuedOrders();
    expect(run.cancelled.map((o) => o.order_id)).toEqual([p.order_id]);
    expect(restored).toEqual([[{ sku: 'PJ-RING-1', qty: 2 }]]);
    expect(bag.items).toEqual([{ sku: 'PJ-RING-1', qty: 2 }]);
    expect((await stored(p.order_id))?.bag).toBe('restored');
    expect($notifications.get().map((n) => n.message)).toContain('The items of your cancelled order are back in your bag.');
    await sendQueuedOrders();
    await listQueuedOrders();
    expect(restored).toHaveLength(1);
  });

  it('a waiting order the shopper cancels puts its lines back in the bag', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }], () => Promise.reject(new TypeError('Failed to fetch')));
    const p = payload({ cart_id: 'cart-1', products: [{ sku: 'PJ-RING-1', qty: 1 }] });
    expect((await placeOrder(p)).status).toBe('queued');
    expect(await cancelQueuedOrder(p.order_id)).toBe(true);
    expect(restored).toEqual([[{ sku: 'PJ-RING-1', qty: 1 }]]);
  });

  it('a 409 (the same cart ordered from another window) does not put the lines back: they are ordered', async () => {
    let down = true;
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }], () =>
      down ? Promise.reject(new TypeError('Failed to fetch')) : json({ code: 409, result: 'cart already ordered' }, 409),
    );
    const p = payload({ cart_id: 'cart-1', products: [{ sku: 'PJ-RING-1', qty: 1 }] });
    expect((await placeOrder(p)).status).toBe('queued');
    down = false;
    const run = await sendQueuedOrders();
    expect(run.cancelled).toHaveLength(1);
    expect(restored).toEqual([]);
    expect(bag.items).toEqual([]);
  });
});
