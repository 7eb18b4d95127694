import { describe, expect, it } from 'vitest';
import { orderLockAvailable, setOrderLockSources, withLeaseLock, withOrderLock, type Lease, type LeaseStore } from '../../src/lib/state/sync/order-lock';

function sharedStore(): LeaseStore & { map: Map<string, Lease> } {
  const map = new Map<string, Lease>();
  return {
    map,
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => void map.set(k, { ...v }),
    remove: async (k) => void map.delete(k),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('storage lease lock (fallback without web locks)', () => {
  it('lets only one holder in at a time among racing contexts', async () => {
    const store = sharedStore();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        withLeaseLock(
          store,
          'orders',
          async () => {
            inside++;
            most = Math.max(most, inside);
            await sleep(10);
            order.push(i);
            inside--;
          },
          { settleMs: 5, retryMs: 5 },
        ),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(store.map.size).toBe(0);
  });

  it('takes over a lease its holder left to expire', async () => {
    const store = sharedStore();
    await store.set('lock:orders', { owner: 'crashed-tab', expires: Date.now() + 40 });
    const t0 = Date.now();
    const got = await withLeaseLock(store, 'orders', async () => 'mine', { settleMs: 5, retryMs: 10 });
    expect(got).toBe('mine');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(35);
  });

  it('renews its lease while the work runs so nobody takes it over', async () => {
    const store = sharedStore();
    let overlap = false;
    let busy = false;
    const long = withLeaseLock(
      store,
      'orders',
      async () => {
        busy = true;
        await sleep(120);
        busy = false;
      },
      { leaseMs: 30, settleMs: 5, retryMs: 5 },
    );
    await sleep(15);
    await withLeaseLock(
      store,
      'orders',
      async () => {
        if (busy) overlap = true;
      },
      { leaseMs: 30, settleMs: 5, retryMs: 5 },
    );
    await long;
    expect(overlap).toBe(false);
  });

  it('releases the lease when the work throws', async () => {
    const store = sharedStore();
    await expect(
      withLeaseLock(
        store,
        'orders',
        async () => {
          throw new Error('boom');
        },
        { settleMs: 1 },
      ),
    ).rejects.toThrow('boom');
    expect(store.map.size).toBe(0);
  });
});

describe('one lock for tabs and the service worker', () => {
  it('where Web Locks exist, every sender uses them', async () => {
    const names: string[] = [];
    setOrderLockSources({ locks: { request: async (name, fn) => (names.push(name), fn()) }, lease: null });
    try {
      expect(orderLockAvailable()).toBe(true);
      expect(await withOrderLock('shop-orders', async () => 'sent')).toBe('sent');
      expect(names).toEqual(['shop-orders']);
    } finally {
      setOrderLockSources(null);
    }
  });

  it('a context with neither Web Locks nor localStorage (a worker of an old browser) sends nothing, rather than a second lock store', async () => {
    setOrderLockSources({ locks: null, lease: null });
    try {
      expect(orderLockAvailable()).toBe(false);
      let ran = false;
      await expect(withOrderLock('shop-orders', async () => void (ran = true))).rejects.toThrow(/no Web Locks/);
      expect(ran).toBe(false);
    } finally {
      setOrderLockSources(null);
    }
  });
});
