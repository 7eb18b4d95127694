import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/lib/config';
import {
  collection,
  collectionDbName,
  memoryEngine,
  roughSize,
  setStorageEngine,
  setStorageStoreCode,
  type StorageEngine,
  type StorageDriver,
} from '../../src/lib/state/storage';

/** An engine whose chosen operations misbehave: 'hang' never answers, 'fail' rejects. */
function faultyEngine(faults: Partial<Record<keyof StorageDriver, 'hang' | 'fail'>>) {
  const inner = memoryEngine();
  const calls: Record<string, number> = {};
  const opened: string[] = [];
  const engine: StorageEngine = {
    name: 'faulty',
    open(name, o) {
      opened.push(name);
      const d = inner.open(name, o);
      const wrap = <K extends keyof StorageDriver>(k: K): StorageDriver[K] =>
        ((...args: unknown[]) => {
          calls[k] = (calls[k] ?? 0) + 1;
          if (faults[k] === 'hang') return new Promise(() => {});
          if (faults[k] === 'fail') return Promise.reject(new Error(`${k} failed`));
          return (d[k] as (...a: unknown[]) => unknown)(...args);
        }) as StorageDriver[K];
      return {
        getItem: wrap('getItem'),
        setItem: wrap('setItem'),
        removeItem: wrap('removeItem'),
        clear: wrap('clear'),
        keys: wrap('keys'),
        iterate: wrap('iterate'),
      };
    },
  };
  return { engine, calls, opened, inner };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  setStorageStoreCode('gb');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setStorageEngine(null);
});

describe('collection names', () => {
  it('names collections per store code', () => {
    expect(collectionDbName('carts', 'gb')).toBe('shop-gb-carts');
    expect(collectionDbName('recently-viewed', 'de')).toBe('shop-de-recently-viewed');
  });

  it('uses one shared name when the common cache is on', () => {
    const common = loadConfig({ PUBLIC_COMMON_CACHE: 'true' });
    expect(collectionDbName('carts', 'gb', common)).toBe('shop-shop-carts');
    expect(collectionDbName('carts', 'de', common)).toBe('shop-shop-carts');
  });

  it('persists into the database named after the current store view', async () => {
    const mem = memoryEngine();
    setStorageEngine(mem);
    await collection('user').setItem('current-token', 'abc');
    setStorageStoreCode('de');
    await collection('user').setItem('current-token', 'xyz');
    expect(mem.dbs.get('shop-gb-user')?.get('current-token')).toBe('abc');
    expect(mem.dbs.get('shop-de-user')?.get('current-token')).toBe('xyz');
  });
});

describe('drivers (§3 localForage.defaultDrivers)', () => {
  it('opens orders, user and carts with the configured driver and the other collections with the default', async () => {
    const mem = memoryEngine();
    const opened = new Map<string, string | undefined>();
    setStorageEngine({ ...mem, name: 'recording', open: (name, o) => (opened.set(name, o?.driver), mem.open(name, o)) });
    setStorageStoreCode('it');
    const cfg = loadConfig({});
    for (const name of ['orders', 'user', 'carts', 'compare', 'syncTasks'] as const) await collection(name).getItem('x');
    expect(opened.get('shop-it-orders')).toBe(cfg.localForage.defaultDrivers.orders);
    expect(opened.get('shop-it-user')).toBe(cfg.localForage.defaultDrivers.user);
    expect(opened.get('shop-it-carts')).toBe(cfg.localForage.defaultDrivers.carts);
    expect(cfg.localForage.defaultDrivers.orders).toBe('INDEXEDDB');
    expect(opened.get('shop-it-compare')).toBeUndefined();
    expect(opened.get('shop-it-syncTasks')).toBeUndefined();
  });
});

describe('collection reads and writes', () => {
  it('round-trips values and returns copies', async () => {
    setStorageEngine(memoryEngine());
    const c = collection('compare');
    const list = [{ sku: 'A' }];
    await c.setItem('current-compare', list);
    list.push({ sku: 'B' });
    expect(await c.getItem('current-compare')).toEqual([{ sku: 'A' }]);
    expect(await c.getItem('missing')).toBeNull();
    await c.removeItem('current-compare');
    expect(await c.getItem('current-compare')).toBeNull();
  });

  it('sees values written by another tab into the same database', async () => {
    const mem = memoryEngine();
    setStorageEngine(mem);
    const c = collection('syncTasks');
    await c.setItem('1', { a: 1 });
    await mem.open('shop-gb-syncTasks').setItem('1', { a: 2 });
    expect(await c.getItem('1')).toEqual({ a: 2 });
    expect(await c.entries()).toEqual([['1', { a: 2 }]]);
  });
});

describe('cache timeout (800 ms)', () => {
  it('a read that does not answer in 800 ms logs an error, reconnects to the database (its data kept) and answers from memory', async () => {
    vi.useFakeTimers();
    const f = faultyEngine({ getItem: 'hang' });
    setStorageEngine(f.engine);
    const c = collection('carts');
    await c.setItem('current-cart-token', 'cart-1');
    let answered: unknown = 'pending';
    const read = c.getItem('current-cart-token').then((v) => (answered = v));
    await vi.advanceTimersByTimeAsync(799);
    expect(answered).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Cache not responding within 800 ms for key: current-cart-token'));
    // The new connection gets 3,200 ms more; it hangs too, so memory answers.
    await vi.advanceTimersByTimeAsync(3_199);
    expect(answered).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await read;
    expect(answered).toBe('cart-1');
    // A new connection, and nothing deleted: the next page reads what was stored.
    expect(f.opened).toEqual(['shop-gb-carts', 'shop-gb-carts']);
    expect(await f.inner.open('shop-gb-carts').getItem('current-cart-token')).toBe('cart-1');
    expect(c.persistent).toBe(false);
    // the shop goes on in memory
    await c.setItem('current-cart-token', 'cart-2');
    expect(await c.getItem('current-cart-token')).toBe('cart-2');
  });

  it('a storage still slow on the new connection (2 s, a busy phone) is waited for: the bag is read, not shown empty', async () => {
    vi.useFakeTimers();
    const inner = memoryEngine();
    await inner.open('shop-gb-carts').setItem('current-cart', [{ sku: 'R-1', qty: 2 }]);
    setStorageEngine({
      name: 'slow',
      open(name, o) {
        const d = inner.open(name, o);
        return { ...d, getItem: (k) => new Promise((r) => setTimeout(() => r(d.getItem(k)), 2_000)) as never };
      },
    });
    const c = collection('carts');
    let answered: unknown = 'pending';
    const read = c.getItem('current-cart').then((v) => (answered = v));
    await vi.advanceTimersByTimeAsync(800 + 2_000);
    await read;
    expect(answered).toEqual([{ sku: 'R-1', qty: 2 }]);
    expect(c.persistent).toBe(true);
  });

  it('a storage that was only slow answers on the new connection: the stored value is read and the cache stays on', async () => {
    vi.useFakeTimers();
    const inner = memoryEngine();
    await inner.open('shop-gb-user').setItem('current-token', 'tok-1');
    let opens = 0;
    setStorageEngine({
      name: 'slow-first',
      open(name, o) {
        const d = inner.open(name, o);
        // The first connection never answers a read (stuck while the page was busy); later ones do.
        return ++opens === 1 ? { ...d, getItem: () => new Promise(() => {}) } : d;
      },
    });
    const c = collection('user');
    let answered: unknown = 'pending';
    const read = c.getItem('current-token').then((v) => (answered = v));
    await vi.advanceTimersByTimeAsync(800);
    await read;
    expect(answered).toBe('tok-1');
    expect(c.persistent).toBe(true);
    expect(await c.getItem('current-token')).toBe('tok-1');
  });

  it('iteration that does not answer in 2,000 ms falls back to memory', async () => {
    vi.useFakeTimers();
    const f = faultyEngine({ iterate: 'hang' });
    setStorageEngine(f.engine);
    const c = collection('orders');
    await c.setItem('o1', { id: 1 });
    let done = false;
    const p = c.entries().then((e) => {
      done = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toEqual([['o1', { id: 1 }]]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('within 2000 ms'), expect.anything());
  });
});

describe('persistent caching cut-off', () => {
  it('one failed read switches persistent reads off (memory answers) while writes still reach the storage, as in Vue Storefront', async () => {
    const f = faultyEngine({ getItem: 'fail' });
    setStorageEngine(f.engine);
    const c = collection('wishlist');
    await c.setItem('current-wishlist', [{ sku: 'R1' }]);
    expect(c.persistent).toBe(true);
    expect(await c.getItem('other')).toBeNull();
    expect(c.persistent).toBe(false);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Persistent cache disabled because of previous errors [get]'));
    const readsBefore = f.calls.getItem;
    expect(await c.getItem('current-wishlist')).toEqual([{ sku: 'R1' }]);
    expect(f.calls.getItem).toBe(readsBefore);
    // What the shopper does next still reaches the storage, for the next page.
    await c.setItem('current-wishlist', []);
    expect(await f.inner.open('shop-gb-wishlist').getItem('current-wishlist')).toEqual([]);
    expect(c.onDevice('current-wishlist')).toBe(true);
    expect(await c.getItem('current-wishlist')).toEqual([]);
  });

  it('30 failed writes switch persistence off, no value lost', async () => {
    const f = faultyEngine({ setItem: 'fail' });
    setStorageEngine(f.engine);
    const c = collection('claims');
    for (let i = 1; i <= 29; i++) await c.setItem(`k${i}`, i);
    expect(c.persistent).toBe(true);
    expect(c.errorCounts.set).toBe(29);
    await c.setItem('k30', 30);
    expect(c.persistent).toBe(false);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Persistent cache disabled because of previous errors [set]'));
    await c.setItem('k31', 31);
    expect(f.calls.setItem).toBe(30);
    expect(await c.getItem('k1')).toBe(1);
    expect(await c.getItem('k31')).toBe(31);
  });

  it('a value whose write failed is read from memory, not from the stale storage', async () => {
    const mem = memoryEngine();
    let failWrites = false;
    setStorageEngine({
      ...mem,
      open(name, o) {
        const d = mem.open(name, o);
        return { ...d, setItem: (k, v) => (failWrites ? Promise.reject(new Error('quota')) : d.setItem(k, v)) };
      },
    });
    const c = collection('carts');
    await c.setItem('current-cart', [{ sku: 'A', qty: 1 }]);
    failWrites = true;
    await c.setItem('current-cart', [{ sku: 'A', qty: 2 }]);
    expect(await c.getItem('current-cart')).toEqual([{ sku: 'A', qty: 2 }]);
  });

  it('slow writes count as failed writes', async () => {
    vi.useFakeTimers();
    const f = faultyEngine({ setItem: 'hang' });
    setStorageEngine(f.engine);
    const c = collection('mailchimp');
    const p = c.setItem('newsletter', { isSubscribed: true });
    await vi.advanceTimersByTimeAsync(800);
    await p;
    expect(c.errorCounts.set).toBe(1);
    expect(await c.getItem('newsletter')).toEqual({ isSubscribed: true });
  });
});

describe('quota', () => {
  const big = 'x'.repeat(300 * 1024); // about 600 KB stored (UTF-16)

  it('is checked every 30 s and trims a cache collection back under 4,096 KB, oldest first', async () => {
    vi.useFakeTimers();
    const mem = memoryEngine();
    setStorageEngine(mem);
    const url = collection('url');
    for (let i = 0; i < 8; i++) await url.setItem(`page-${i}`, big);
    expect((8 * roughSize('page-0', big)) / 1024).toBeGreaterThan(4096);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(mem.dbs.get('shop-gb-url')?.size).toBe(8);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(0);
    const left = [...(mem.dbs.get('shop-gb-url')?.keys() ?? [])];
    expect(left).toEqual(['page-2', 'page-3', 'page-4', 'page-5', 'page-6', 'page-7']);
    expect((await url.checkQuota()).sizeKb).toBeLessThanOrEqual(4096);
  });

  it('leaves collections that are not caches alone', async () => {
    setStorageEngine(memoryEngine());
    const carts = collection('carts');
    for (let i = 0; i < 8; i++) await carts.setItem(`k${i}`, big);
    const report = await carts.checkQuota();
    expect(report.purged).toEqual([]);
    expect(await carts.keys()).toHaveLength(8);
  });
});
