/** The order queue (src/lib/state/sync/order-queue.ts) and the bag an order was placed from: emptied once placed, put back when refused or cancelled. */
import { describe, expect, it } from 'vitest';
import { collection } from '../../src/lib/state/storage';
import { setOnline } from '../../src/lib/state/stores/network';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { cancelQueuedOrder, configureOrderQueue, listQueuedOrders, placeOrder, sendQueuedOrders } from '../../src/lib/state/sync/order-queue';
import { json } from './stores-fixtures';
import { calls, payload, registerSync, stored, useOrderQueueHarness } from './order-queue-fixtures';

useOrderQueueHarness();

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
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 2 }], () => json({ code: 400, result: 'out of stock' }));
    const p = payload({ cart_id: 'cart-1', products: [{ sku: 'PJ-RING-1', qty: 2, name: 'Ring', price: 120 }] });
    setOnline(false);
    expect((await placeOrder(p)).status).toBe('queued');
    expect(bag.items).toEqual([]);
    setOnline(true);
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
    setOnline(false);
    expect((await placeOrder(p)).status).toBe('queued');
    expect(await cancelQueuedOrder(p.order_id)).toBe(true);
    expect(restored).toEqual([[{ sku: 'PJ-RING-1', qty: 1 }]]);
  });

  it('a 409 (the same cart ordered from another window) does not put the lines back: they are ordered', async () => {
    withBag('cart-1', [{ sku: 'PJ-RING-1', qty: 1 }], () => json({ code: 409, result: 'cart already ordered' }, 409));
    const p = payload({ cart_id: 'cart-1', products: [{ sku: 'PJ-RING-1', qty: 1 }] });
    setOnline(false);
    expect((await placeOrder(p)).status).toBe('queued');
    setOnline(true);
    const run = await sendQueuedOrders();
    expect(run.cancelled).toHaveLength(1);
    expect(restored).toEqual([]);
    expect(bag.items).toEqual([]);
  });
});
