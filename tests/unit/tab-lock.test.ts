import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTabLock } from '../../src/lib/state/sync/tab-lock';

// Node 24's navigator.locks: the Web Locks API the browsers' tabs share.
describe('withTabLock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs one holder at a time', async () => {
    const order: string[] = [];
    let release!: () => void;
    const first = withTabLock('t-serial', async () => {
      order.push('first in');
      await new Promise<void>((r) => (release = r));
      order.push('first out');
    });
    const second = withTabLock('t-serial', async () => {
      order.push('second');
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
  });

  it('with a wait limit, goes on without a lock that a stuck holder keeps, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let release!: () => void;
    const stuck = withTabLock('t-stuck', () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 10));
    const ran = await withTabLock('t-stuck', async () => 'ran', { waitMs: 50 });
    expect(ran).toBe('ran');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('t-stuck not granted within 50 ms'));
    release();
    await stuck;
  });

  it('with a wait limit, a granted holder runs once, and its own failure is not retried', async () => {
    const fn = vi.fn(async () => {
      throw new Error('refused');
    });
    await expect(withTabLock('t-once', fn, { waitMs: 1_000 })).rejects.toThrow('refused');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
