/** The order queue (src/lib/state/sync/order-queue.ts) placing an order: stored first, sent, answered, kept or cancelled. Sending the queue later: order-queue-sending.test.ts; the bag: order-queue-bag.test.ts. */
import { describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { fill, messages } from '../../src/lib/messages';
import { setOnline } from '../../src/lib/state/stores/network';
import { $notifications } from '../../src/lib/state/stores/notifications';
import {
  $queuedOrders,
  sendQueuedOrder,
  configureOrderQueue,
  listQueuedOrders,
  placeOrder,
  savedOnDevice,
  sendQueuedOrders,
} from '../../src/lib/state/sync/order-queue';
import { deferred, flush, json } from './stores-fixtures';
import { logout } from '../../src/lib/state/stores/user';
import { configureTokenLock } from '../../src/lib/state/sync/token-lock';
import { collection, memoryEngine, setStorageEngine } from '../../src/lib/state/storage';
import { address, api, calls, html, payload, registerSync, signIn, stored, systemNotes, useOrderQueueHarness } from './order-queue-fixtures';

useOrderQueueHarness();

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

  it.each([
    // vue-storefront-api's Magento order path: its own sentence, then Magento's reason.
    'Error while adding products. The requested qty is not available',
    'Error while adding products. Product that you are trying to add is not available.',
  ])("cancels the order on vue-storefront-api's wording of the add-products error (%s), with the same message", async (result) => {
    api(() => json({ code: 500, result }));
    const r = await placeOrder(payload());
    expect(r).toMatchObject({ status: 'cancelled', message: "Some products you've ordered are out of stock. Your order has been canceled." });
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

  it.each(['Error placing an order. Payment method is not available', 'Error while adding productsX'])(
    'keeps the order untransmitted on a 500 that is not the add-products error (%s)',
    async (result) => {
      api(() => json({ code: 500, result }));
      expect((await placeOrder(payload())).status).toBe('queued');
    },
  );

  it('an answer that is not json leaves the order unknown: stored, not sent again on its own', async () => {
    api(() => html());
    const p = payload();
    const r = await placeOrder(p);
    expect(r).toMatchObject({ status: 'unknown', message: fill(messages.orderUnknown) });
    expect(await stored(p.order_id)).toMatchObject({ transmited: false, transmited_at: null, send_began_at: expect.any(String) });
    expect(console.error).toHaveBeenCalledWith('[orders] Error with response - bad content-type!');
    await sendQueuedOrders();
    expect(calls).toHaveLength(1);
  });

  it('a send that fails without an answer says honestly that it is not known whether the shop has the order, and repeats nothing', async () => {
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('unknown');
    expect(await stored(p.order_id)).toMatchObject({ transmited: false, send_began_at: expect.any(String) });
    // Never claimed waiting-to-be-sent: it may have arrived.
    expect($notifications.get().map((n) => n.message)).not.toContain(`${messages.offlineOrderWaiting} ${messages.offlineOrderNotice}`);
    expect(systemNotes).toEqual([]);
    // The service worker may still look it up (§7: a failed send asks for Background Sync).
    expect(registerSync).toHaveBeenCalledTimes(1);
    expect($queuedOrders.get().map((o) => o.order_id)).toEqual([p.order_id]);
    // Every later run of the queue leaves it alone: the backend may not de-duplicate.
    api(() => json({ code: 200, result: { order_id: p.order_id, backendOrderId: '1' } }));
    await sendQueuedOrders();
    await sendQueuedOrders();
    expect(calls).toHaveLength(1);
    // The shopper's explicit choice (warned) sends it again, once.
    expect((await sendQueuedOrder(p.order_id, true))?.status).toBe('sent');
    expect(calls).toHaveLength(2);
    expect(await stored(p.order_id)).toMatchObject({ transmited: true, send_began_at: null });
  });

  it('queues the order while offline without calling the api, says the order is waiting and asks for a background sync', async () => {
    setOnline(false);
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(calls).toHaveLength(0);
    expect(await stored(p.order_id)).toMatchObject({ transmited: false });
    expect($notifications.get().at(-1)?.message).toContain('Order waiting!');
    expect(systemNotes).toEqual(['Order waiting!']);
    expect(registerSync).toHaveBeenCalledTimes(1);
    expect($queuedOrders.get().map((o) => o.order_id)).toEqual([p.order_id]);
  });

  it('an order the browser storage did not take (its write never answered) is not said to be saved or queued: the shopper is told to keep the page open', async () => {
    const mem = memoryEngine();
    setStorageEngine({
      name: 'stalled-orders',
      open(name, o) {
        const d = mem.open(name, o);
        // The orders database takes no write (as a stalled IndexedDB transaction); reads answer.
        return name.endsWith('-orders') ? { ...d, setItem: () => new Promise<never>(() => {}) } : d;
      },
    });
    setOnline(false);
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('queued');
    expect(r.message).toBe(messages.offlineOrderNotSaved);
    expect(r.onDevice).toBe(false);
    const notice = $notifications.get().at(-1)?.message ?? '';
    expect(notice).toContain(messages.offlineOrderNotSaved);
    expect(notice).not.toContain(messages.offlineOrderNotice);
    // Still waiting in this page: it goes when the connection returns.
    expect($queuedOrders.get().map((o) => o.order_id)).toEqual([p.order_id]);
    // The waiting-orders list tells the same (its notes: src/lib/pwa/storage-notes.ts).
    expect(savedOnDevice($queuedOrders.get())).toBe(false);
  });

  it('an order the browser storage took is saved on the device', async () => {
    setOnline(false);
    expect((await placeOrder(payload())).onDevice).toBe(true);
    expect($queuedOrders.get()).toHaveLength(1);
    expect(savedOnDevice($queuedOrders.get())).toBe(true);
  });

  it('does not notify nor register a background sync when the offline-order notification is off', async () => {
    config.orders.offline_orders.notification.enabled = false;
    setOnline(false);
    const r = await placeOrder(payload());
    expect(r.status).toBe('queued');
    expect($notifications.get()).toEqual([]);
    expect(registerSync).not.toHaveBeenCalled();
  });

  it('gives up waiting for an answer after the timeout: unknown, not queued for a resend', async () => {
    configureOrderQueue({ fetch: () => new Promise<Response>(() => {}), timeoutMs: 30, registerSync, showSystemNotification: async () => {} });
    const p = payload();
    const r = await placeOrder(p);
    expect(r.status).toBe('unknown');
    expect(await stored(p.order_id)).toMatchObject({ transmited: false, send_began_at: expect.any(String) });
  });

  it('an order whose send began before a reload (no answer stored) is unknown at the next start, never sent blindly', async () => {
    const p = payload();
    await collection('orders').setItem(p.order_id, { ...p, transmited: false, transmited_at: null, send_began_at: new Date().toISOString() });
    await sendQueuedOrders();
    expect(calls).toHaveLength(0);
    expect((await listQueuedOrders()).map((o) => o.order_id)).toEqual([p.order_id]);
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
