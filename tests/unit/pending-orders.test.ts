import { describe, expect, it } from 'vitest';
import { isWaiting, ordersAtStart, owesBag, showOrdersNotice } from '../../src/lib/pwa/pending-orders';

/** A Storage over a Map (what localforage's localStorage driver writes to). */
function storage(entries: Record<string, string>): Storage {
  const m = new Map(Object.entries(entries));
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

describe('what the stored orders ask of a page start', () => {
  it('an order waits while neither transmitted nor cancelled; it owes its bag while marked full and not cancelled', () => {
    expect(isWaiting({ order_id: 'a', transmited: false })).toBe(true);
    expect(isWaiting({ order_id: 'a', transmited: true })).toBe(false);
    expect(isWaiting({ order_id: 'a', transmited: false, cancelled: true })).toBe(false);
    expect(isWaiting({ transmited: false })).toBe(false);
    expect(isWaiting(null)).toBe(false);
    expect(owesBag({ order_id: 'a', transmited: true, bag: 'full' })).toBe(true);
    expect(owesBag({ order_id: 'a', transmited: true, bag: 'emptied' })).toBe(false);
    expect(owesBag({ order_id: 'a', cancelled: true, bag: 'full' })).toBe(false);
    // Cancelled after its bag was emptied: its lines go back (src/lib/state/sync/order-bag.ts), unless a 409 (ordered elsewhere).
    expect(owesBag({ order_id: 'a', transmited: true, cancelled: true, bag: 'emptied', resultCode: 400 })).toBe(true);
    expect(owesBag({ order_id: 'a', transmited: true, cancelled: true, bag: 'emptied', resultCode: 409 })).toBe(false);
    expect(owesBag({ order_id: 'a', transmited: true, cancelled: true, bag: 'restored' })).toBe(false);
  });

  it("reads the orders localforage keeps in localStorage for this store's database only, with no hint needed", async () => {
    const ls = storage({
      'shop-gb-orders/keyvaluepairs/o1': JSON.stringify({ order_id: 'o1', transmited: false }),
      'shop-gb-orders/keyvaluepairs/o2': JSON.stringify({ order_id: 'o2', transmited: true, bag: 'full' }),
      'shop-gb-orders/keyvaluepairs/o3': JSON.stringify({ order_id: 'o3', transmited: true, bag: 'emptied' }),
      'shop-de-orders/keyvaluepairs/o4': JSON.stringify({ order_id: 'o4', transmited: false }),
      'shop-gb-orders/keyvaluepairs/broken': '{not json',
    });
    expect(await ordersAtStart('shop-gb-orders', { localStorage: ls })).toEqual({ waiting: 1, unknown: 0, owing: 1 });
    expect(await ordersAtStart('shop-nl-orders', { localStorage: ls })).toEqual({ waiting: 0, unknown: 0, owing: 0 });
  });

  it('the notice says how many orders wait to be sent, and hides at none', () => {
    const text = { textContent: '' };
    const el = {
      hidden: true,
      dataset: {
        one: '1 order is waiting to be sent',
        many: '{count} orders are waiting to be sent',
        unknownOne: 'one unknown',
        unknownMany: '{count} unknown',
      },
      querySelector: () => text,
    } as unknown as HTMLElement;
    showOrdersNotice(el, { waiting: 2, unknown: 0 });
    expect(el.hidden).toBe(false);
    expect(text.textContent).toBe('2 orders are waiting to be sent');
    showOrdersNotice(el, { waiting: 1, unknown: 0 });
    expect(text.textContent).toBe('1 order is waiting to be sent');
    // An order whose send had no answer is not "waiting to be sent": it may have reached the shop.
    showOrdersNotice(el, { waiting: 3, unknown: 1 });
    expect(text.textContent).toBe('2 orders are waiting to be sent');
    showOrdersNotice(el, { waiting: 1, unknown: 1 });
    expect(el.hidden).toBe(false);
    expect(text.textContent).toBe('one unknown');
    showOrdersNotice(el, { waiting: 2, unknown: 2 });
    expect(text.textContent).toBe('2 unknown');
    showOrdersNotice(el, { waiting: 0, unknown: 0 });
    expect(el.hidden).toBe(true);
  });

  it('counts the waiting orders whose send had no answer apart, from the stored fields', async () => {
    const ls = storage({
      'shop-gb-orders/keyvaluepairs/a': JSON.stringify({ order_id: 'a', transmited: false }),
      'shop-gb-orders/keyvaluepairs/b': JSON.stringify({ order_id: 'b', transmited: false, send_began_at: '2026-11-28T10:00:00.000Z' }),
      'shop-gb-orders/keyvaluepairs/c': JSON.stringify({ order_id: 'c', transmited: true, send_began_at: '2026-11-28T10:00:00.000Z' }),
      'shop-gb-orders/keyvaluepairs/d': JSON.stringify({ order_id: 'd', transmited: false, cancelled: true, send_began_at: '2026-11-28T10:00:00.000Z' }),
    });
    expect(await ordersAtStart('shop-gb-orders', { localStorage: ls })).toEqual({ waiting: 2, unknown: 1, owing: 0 });
  });
});
