/**
 * The §9 cache timeout (800 ms) counts from when the storage library is loaded: a first visit on a
 * slow connection must not switch the wishlist, compare and recently viewed lists to memory only
 * (they would then be lost on the next page). A database that does not answer still is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Collection, type StorageEngine } from '../../src/lib/state/storage';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const opts = { timeoutMs: 800, iterateTimeoutMs: 2000, maxSetErrors: 30, maxGetErrors: 1, quotaCheckIntervalMs: 30_000 };

function engine(loadMs: number, answerMs: number, withReady: boolean): StorageEngine {
  const data = new Map<string, unknown>([['current-wishlist', [{ sku: 'A', name: 'Ring A', qty: 1 }]]]);
  return {
    name: 'test',
    open() {
      const loaded = wait(loadMs);
      const call = async <T>(fn: () => T) => {
        await loaded;
        await wait(answerMs);
        return fn();
      };
      return {
        ...(withReady ? { ready: loaded } : {}),
        getItem: <T>(key: string) => call(() => (data.get(key) ?? null) as T | null),
        setItem: (key, value) => call(() => data.set(key, value)),
        removeItem: (key) => call(() => void data.delete(key)),
        clear: () => call(() => data.clear()),
        keys: () => call(() => [...data.keys()]),
        iterate: (fn) => call(() => [...data.entries()].forEach(([k, v], i) => fn(v as never, k, i))),
      };
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('cache timeout and the storage library load', () => {
  it('a library that loads slowly does not count as the cache not responding', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = new Collection('shop-gb-wishlist', engine(1000, 10, true), opts);
    expect(await c.getItem('current-wishlist')).toEqual([{ sku: 'A', name: 'Ring A', qty: 1 }]);
    await c.setItem('current-wishlist', []);
    expect(c.persistent).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('a database that answers after 800 ms logs the §8 line and reconnects; its answer on the new connection is read', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = new Collection('shop-gb-wishlist', engine(10, 1000, true), opts);
    expect(await c.getItem('current-wishlist')).toEqual([{ sku: 'A', name: 'Ring A', qty: 1 }]);
    expect(c.persistent).toBe(true);
    expect(String(errors.mock.calls[0]?.[0])).toContain('Cache not responding within 800 ms for key: current-wishlist in shop-gb-wishlist');
  });

  it('a database that does not answer within 800 ms and then 3.2 s on a new connection switches to memory', async () => {
    vi.useFakeTimers();
    try {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const c = new Collection('shop-gb-wishlist', engine(10, 5000, true), opts);
      let answered: unknown = 'pending';
      const read = c.getItem('current-wishlist').then((v) => (answered = v));
      for (let t = 0; t < 4_100 && answered === 'pending'; t += 100) await vi.advanceTimersByTimeAsync(100);
      await read;
      expect(answered).toBeNull();
      expect(c.persistent).toBe(false);
      expect(String(errors.mock.calls[0]?.[0])).toContain('Cache not responding within 800 ms for key: current-wishlist in shop-gb-wishlist');
    } finally {
      vi.useRealTimers();
    }
  });
});
