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
    expect(await ordersAtStart('shop-gb-orders', { localStorage: ls })).toEqual({ waiting: 1, owing: 1 });
    expect(await ordersAtStart('shop-nl-orders', { localStorage: ls })).toEqual({ waiting: 0, owing: 0 });
  });

  it('the notice says how many orders wait, and hides at none', () => {
    const text = { textContent: '' };
    const el = {
      hidden: true,
      dataset: { one: '1 order is waiting to be sent', many: '{count} orders are waiting to be sent' },
      querySelector: () => text,
    } as unknown as HTMLElement;
    showOrdersNotice(el, 2);
    expect(el.hidden).toBe(false);
    expect(text.textContent).toBe('2 orders are waiting to be sent');
    showOrdersNotice(el, 1);
    expect(text.textContent).toBe('1 order is waiting to be sent');
    showOrdersNotice(el, 0);
    expect(el.hidden).toBe(true);
  });
});
