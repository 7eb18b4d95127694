/** The order queue (src/lib/state/sync/order-queue.ts) sending what waits: oldest first, once, across tabs, and on coming back online. */
import { describe, expect, it } from 'vitest';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import type { OrderPayload } from '../../src/lib/schemas';
import { setOnline } from '../../src/lib/state/stores/network';
import { $notifications } from '../../src/lib/state/stores/notifications';
import {
  $offlineOrderConfirmation,
  $orderNotices,
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
} from '../../src/lib/state/sync/order-queue';
import { setOrderLockSources } from '../../src/lib/state/sync/order-lock';
import { deferred, flush, json } from './stores-fixtures';
import { api, calls, payload, registerSync, stored, useOrderQueueHarness } from './order-queue-fixtures';

useOrderQueueHarness();

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
