import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collection, type Collection } from '../../src/lib/state/storage';
import { createPersistentQueue, type PersistentQueueOptions } from '../../src/lib/state/sync/persistent-queue';
import { deferred, freshState } from './stores-fixtures';

interface Item {
  id: number;
  sent: boolean;
}

beforeEach(() => {
  freshState();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The syncTasks collection with a gate on reads: while `gate` is set, each read waits for it (after
 * `onRead` has seen the key), so a test can act while the queue is inside a read.
 */
function gatedCollection() {
  const base = collection('syncTasks');
  const control = { gate: null as Promise<void> | null, onRead: (_key: string) => {} };
  const gated = Object.create(base) as Collection;
  gated.getItem = (async (key: string) => {
    control.onRead(key);
    if (control.gate) await control.gate;
    return base.getItem(key);
  }) as Collection['getItem'];
  return { gated, control };
}

/** A queue of test items in the syncTasks collection, sent by `send`. */
const itemQueue = (name: string, send: PersistentQueueOptions<Item>['send'], more: Partial<PersistentQueueOptions<Item>> = {}) =>
  createPersistentQueue<Item>({
    name,
    collection: () => collection('syncTasks'),
    key: (i) => String(i.id),
    isPending: (i) => !i.sent,
    order: (a, b) => a.id - b.id,
    send,
    ...more,
  });

describe('persistent queue', () => {
  it('answers an item pushed while a stopped run answers its waiters (it does not wait for the next trigger)', async () => {
    const { gated, control } = gatedCollection();
    let online = false;
    const sends: number[] = [];
    const queue = itemQueue(
      'test-queue',
      async (i) => {
        sends.push(i.id);
        return online ? { ...i, sent: true } : null;
      },
      { collection: () => gated },
    );
    // The first push's run stops (offline) and, answering its waiter, reads item 1 again: the second
    // push lands during that read.
    const inSettle = deferred<void>();
    const release = deferred<void>();
    let reads = 0;
    control.onRead = (key) => {
      // Reads of item 1: before its send (1), then when the stopped run answers its waiter (2).
      if (key === '1' && ++reads === 2) {
        control.gate = release.promise;
        inSettle.resolve();
      }
    };
    const first = queue.push({ id: 1, sent: false });
    await inSettle.promise;
    const second = queue.push({ id: 2, sent: false });
    // Let the second push store its item and ask for a run while the first run is still answering.
    await new Promise((r) => setTimeout(r, 10));
    control.gate = null;
    release.resolve();
    await expect(first).resolves.toEqual({ id: 1, sent: false });
    const timeout = new Promise((r) => setTimeout(() => r('still waiting after 1 s'), 1_000));
    // Still offline: the second item is answered as it stays, unsent, after a run of its own tried it.
    await expect(Promise.race([second, timeout])).resolves.toEqual({ id: 2, sent: false });
    online = true;
    await queue.run();
    expect(await queue.pending()).toEqual([]);
    expect(sends.slice(-2)).toEqual([1, 2]);
  });
});

describe('persistent queue: answers nobody waits for', () => {
  it('tells of an item a later run sent after its own push was answered unsent, and of nothing that had a waiter', async () => {
    let online = false;
    const unclaimed: number[] = [];
    const queue = itemQueue('test-unclaimed', async (i) => (online ? { ...i, sent: true } : null), { unclaimed: (i) => unclaimed.push(i.id) });
    // Offline: the push is answered with its item unsent; nobody waits for it any more.
    expect(await queue.push({ id: 1, sent: false })).toEqual({ id: 1, sent: false });
    online = true;
    // The next push's run sends item 1 first (unclaimed), then item 2 (its pusher waits).
    expect(await queue.push({ id: 2, sent: false })).toEqual({ id: 2, sent: true });
    expect(unclaimed).toEqual([1]);
    // An item stored by another page (only added here) and sent by a run of this one.
    await queue.add({ id: 3, sent: false });
    await queue.run();
    expect(unclaimed).toEqual([1, 3]);
    expect(await queue.pending()).toEqual([]);
  });
});

describe('persistent queue: a run stopped online is tried again', () => {
  const waitFor = async (cond: () => boolean, ms = 2_000) => {
    const until = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('sends an item whose send failed online after the next delay, with no other trigger, and waits longer after each stop', async () => {
    const online = true;
    let reachable = false;
    const sends: number[] = [];
    const queue = itemQueue(
      'test-retry',
      async (i) => {
        sends.push(Date.now());
        return reachable ? { ...i, sent: true } : null;
      },
      { retry: { online: () => online, delaysMs: [40, 120] } },
    );
    // The server does not answer: the push is answered unsent (its caller is not held up) ...
    expect(await queue.push({ id: 1, sent: false })).toEqual({ id: 1, sent: false });
    // ... and the queue tries again by itself: after 40 ms, then after 120 ms (the last delay repeats).
    await waitFor(() => sends.length >= 3);
    expect(sends[1]! - sends[0]!).toBeGreaterThanOrEqual(35);
    expect(sends[2]! - sends[1]!).toBeGreaterThanOrEqual(110);
    reachable = true;
    await waitFor(() => sends.length >= 4);
    await waitFor(() => !queue.running);
    expect(await queue.pending()).toEqual([]);
    // Everything sent: no more tries.
    const after = sends.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(sends.length).toBe(after);
  });

  it('does not try again offline: the next trigger (coming back online, a push) sends', async () => {
    let online = false;
    const sends: number[] = [];
    const queue = itemQueue(
      'test-retry-offline',
      async (i) => {
        sends.push(i.id);
        return online ? { ...i, sent: true } : null;
      },
      { retry: { online: () => online, delaysMs: [20] } },
    );
    await queue.push({ id: 1, sent: false });
    await new Promise((r) => setTimeout(r, 150));
    expect(sends).toEqual([1]);
    online = true;
    await queue.run();
    expect(sends).toEqual([1, 1]);
    expect(await queue.pending()).toEqual([]);
  });
});
