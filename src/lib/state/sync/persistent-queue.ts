/**
 * A persisted, strictly serial queue: items wait in a storage collection until sent; one run at a time
 * per tab (and across tabs with Web Locks); each item is re-read just before sending, so an item sent
 * or cleared meanwhile is skipped. Used by the sync task queue; built to carry the offline order queue too.
 */
import type { Collection } from '../storage';
import { withTabLock } from './tab-lock';

export interface PersistentQueueOptions<T> {
  /** Name of the cross-tab lock. */
  name: string;
  /** The collection holding the items (a function: it follows the store view). */
  collection: () => Collection;
  /** Storage key of an item. */
  key(item: T): string;
  /** True while an item still has to be sent. */
  isPending(item: T): boolean;
  /** Sending order. */
  order(a: T, b: T): number;
  /** Sends one item: the item to save back, or null to stop the run and leave it pending (offline). */
  send(item: T): Promise<T | null>;
  /**
   * Told of an item this tab's run sent while nobody here waited for it (its push's run had stopped
   * and answered it unsent, or another page or tab stored it): whoever queued it will not hear the answer.
   */
  unclaimed?(item: T): void;
  /**
   * Runs tried again after one stopped while `online()` says the browser is online (a dropped
   * connection, a server not answering, a send that cannot be made yet): each such stop waits the next
   * of `delaysMs` (the last one repeating) and runs again; a run that sends everything starts the
   * delays over. Without it, or offline, a stopped run waits for the next trigger (a push, coming back
   * online, a page start), and an item stays unsent however long the page stays open.
   */
  retry?: { online(): boolean; delaysMs: readonly number[] };
}

export interface PersistentQueue<T> {
  /** Stores an item (pending until a run sends it). */
  add(item: T): Promise<void>;
  /** Stores an item, runs the queue, and resolves with the item as saved after the run (still pending if the run stopped). */
  push(item: T): Promise<T>;
  /** Sends every pending item in order; a call during a run makes that run go round once more. */
  run(): Promise<void>;
  /** Every stored item, in order. */
  all(): Promise<T[]>;
  /** The items still to send, in order. */
  pending(): Promise<T[]>;
  /** Removes every item still pending; returns how many. */
  clearPending(): Promise<number>;
  /** True while a run is in progress in this tab. */
  readonly running: boolean;
}

/** Creates a persistent queue. */
export function createPersistentQueue<T>(opts: PersistentQueueOptions<T>): PersistentQueue<T> {
  let current: Promise<void> | null = null;
  let again = false;
  /** The stops in a row so far (which delay the next retry waits), and the retry waiting. */
  let stops = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const waiters = new Map<string, Array<(item: T) => void>>();

  const all = async () => (await opts.collection().entries<T>()).map(([, v]) => v).sort(opts.order);
  const pending = async () => (await all()).filter(opts.isPending);

  /** Answers the waiters of an item; false when nobody waited for it. */
  const settle = (key: string, item: T): boolean => {
    const ws = waiters.get(key);
    waiters.delete(key);
    for (const w of ws ?? []) w(item);
    return !!ws?.length;
  };

  /** One pass over the pending items; false when a send asked to stop. */
  const pass = async (): Promise<boolean> => {
    const c = opts.collection();
    for (const listed of await pending()) {
      const key = opts.key(listed);
      const item = await c.getItem<T>(key);
      if (!item || !opts.isPending(item)) {
        if (item) settle(key, item);
        continue;
      }
      const saved = await opts.send(item);
      if (saved === null) return false;
      // Forced logout may have cleared the queue while this item was in flight: do not bring it back.
      if ((await c.getItem<T>(key)) !== null) await c.setItem(key, saved);
      if (!settle(key, saved)) opts.unclaimed?.(saved);
    }
    return true;
  };

  const settleRest = async () => {
    if (waiters.size === 0) return;
    const c = opts.collection();
    for (const key of [...waiters.keys()]) {
      const item = await c.getItem<T>(key);
      if (item) settle(key, item);
    }
  };

  /** After a run: the next retry when it stopped online, none once everything is sent. */
  const retryAfter = (stopped: boolean) => {
    const retry = opts.retry;
    if (!retry) return;
    if (!stopped) {
      stops = 0;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      return;
    }
    if (retryTimer !== null || !retry.online() || !retry.delaysMs.length) return;
    const delay = retry.delaysMs[Math.min(stops++, retry.delaysMs.length - 1)]!;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void run();
    }, delay);
    // A Node process (tests, the build) does not wait for a retry.
    (retryTimer as { unref?: () => void }).unref?.();
  };

  const run = (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      let go = false;
      try {
        do {
          again = false;
          go = await withTabLock(opts.name, pass);
        } while (go && again);
        // Stopped (offline): whoever waits gets the item as it stays, unsent.
        if (!go) await settleRest();
      } finally {
        current = null;
        retryAfter(!go);
      }
      // A call that came once the run had stopped (while its waiters were being answered) was told to
      // wait for this run, which no longer looks at the queue: its item gets a run of its own, or its
      // waiter (a cart round holding up the bag and the checkout) would wait for the next trigger.
      if (again) {
        again = false;
        void run();
      }
    })();
    return current;
  };

  const add = async (item: T) => {
    await opts.collection().setItem(opts.key(item), item);
  };

  return {
    add,
    async push(item) {
      await add(item);
      const key = opts.key(item);
      const done = new Promise<T>((resolve) => {
        const list = waiters.get(key) ?? [];
        list.push(resolve);
        waiters.set(key, list);
      });
      void run();
      return done;
    },
    run,
    all,
    pending,
    async clearPending() {
      const c = opts.collection();
      const gone = await pending();
      for (const item of gone) {
        const key = opts.key(item);
        await c.removeItem(key);
        settle(key, item);
      }
      return gone.length;
    },
    get running() {
      return current !== null;
    },
  };
}
