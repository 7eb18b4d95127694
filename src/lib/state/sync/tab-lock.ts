/** A lock shared by the shop's tabs (Web Locks API), so only one tab sends a queue at a time. */

type Locks = {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { signal?: AbortSignal }, cb: () => Promise<T>): Promise<T>;
};

/**
 * Runs `fn` holding the named cross-tab lock; without Web Locks (Node without them, old browsers)
 * runs it directly. With `waitMs`, a lock not granted within that time is given up and `fn` runs
 * without it (a warning says so): for work that is better done unserialised than not at all, so that
 * a tab stuck while holding the lock never holds up the others for good.
 */
export function withTabLock<T>(name: string, fn: () => Promise<T>, opts: { waitMs?: number } = {}): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
  if (!locks) return fn();
  if (!opts.waitMs) return locks.request(name, fn);
  const gaveUp = new AbortController();
  let granted = false;
  const timer = setTimeout(() => gaveUp.abort(), opts.waitMs);
  return locks
    .request(name, { signal: gaveUp.signal }, () => {
      granted = true;
      clearTimeout(timer);
      return fn();
    })
    .catch((err: unknown) => {
      if (granted || !gaveUp.signal.aborted) throw err;
      console.warn(`[lock] ${name} not granted within ${opts.waitMs} ms: going on without it`);
      return fn();
    });
}
