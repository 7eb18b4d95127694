/**
 * The lock around every order send, shared by the tabs and the service worker: the Web Locks API.
 * Every browser the queue's guarantees are given for has it (Chrome and Edge 69+, Firefox 96+,
 * Safari 15.4+; docs/offline.md). Where it is missing, pages fall back to an in-process mutex plus a
 * lease in localStorage, which every tab of the origin shares; a service worker has no localStorage,
 * so there it refuses (`orderLockAvailable` false: the worker leaves the sending to the pages; only
 * Chromium has Background Sync anyway, and Chromium has Web Locks). No tab and worker ever use two
 * different lock stores.
 */

/** An async key-value store the lease lock writes to. */
export interface LeaseStore {
  get(key: string): Promise<Lease | null>;
  set(key: string, value: Lease): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A lease: who holds the lock and until when (ms since epoch). */
export interface Lease {
  owner: string;
  expires: number;
}

export interface LeaseOptions {
  /** How long a lease lasts without renewal (a crashed holder frees the lock after this). */
  leaseMs?: number;
  /** Wait between writing a lease and reading it back (another writer in that window wins). */
  settleMs?: number;
  /** Pause before trying again while another holder has the lease. */
  retryMs?: number;
  now?: () => number;
}

type Locks = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Runs `fn` holding a lease in `store` (write, wait, read back; renewed while `fn` runs). */
export async function withLeaseLock<T>(store: LeaseStore, name: string, fn: () => Promise<T>, opts: LeaseOptions = {}): Promise<T> {
  const leaseMs = opts.leaseMs ?? 10_000;
  const settleMs = opts.settleMs ?? 40;
  const retryMs = opts.retryMs ?? 60;
  const now = opts.now ?? Date.now;
  const key = `lock:${name}`;
  const me = randomId();
  for (;;) {
    const cur = await store.get(key).catch(() => null);
    if (!cur || cur.expires <= now()) {
      await store.set(key, { owner: me, expires: now() + leaseMs });
      await sleep(settleMs);
      const check = await store.get(key).catch(() => null);
      if (check?.owner === me) break;
    }
    await sleep(retryMs + Math.random() * retryMs);
  }
  const renew = setInterval(() => void store.set(key, { owner: me, expires: now() + leaseMs }).catch(() => {}), Math.max(10, leaseMs / 3));
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    const cur = await store.get(key).catch(() => null);
    if (cur?.owner === me) await store.remove(key).catch(() => {});
  }
}

/** A lease store over localStorage (pages only). */
export function localStorageLeaseStore(ls: Storage): LeaseStore {
  return {
    async get(key) {
      const raw = ls.getItem(key);
      try {
        return raw ? (JSON.parse(raw) as Lease) : null;
      } catch {
        return null;
      }
    },
    async set(key, value) {
      ls.setItem(key, JSON.stringify(value));
    },
    async remove(key) {
      ls.removeItem(key);
    },
  };
}

const chains = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier `fn` of the same name in this JavaScript context. */
function inProcess<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(name) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const tail = next.catch(() => undefined);
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return next;
}

let override: { locks?: Locks | null; lease?: LeaseStore | null } | null = null;

/** Replaces the lock sources (tests): `locks` null forces the fallback; `lease` the store it writes to. */
export function setOrderLockSources(next: { locks?: Locks | null; lease?: LeaseStore | null } | null): void {
  override = next;
}

function defaultLease(): LeaseStore | null {
  const g = globalThis as { localStorage?: Storage };
  try {
    if (g.localStorage) return localStorageLeaseStore(g.localStorage);
  } catch {
    // localStorage can throw when storage is blocked
  }
  return null;
}

function sources(): { locks: Locks | null | undefined; lease: LeaseStore | null } {
  const locks = override && 'locks' in override ? override.locks : (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
  const lease = override && 'lease' in override ? (override.lease ?? null) : defaultLease();
  return { locks, lease };
}

/** True where an order lock shared with every other sender exists (Web Locks, or a page's localStorage lease). */
export function orderLockAvailable(): boolean {
  const { locks, lease } = sources();
  return !!locks || !!lease;
}

/** Runs `fn` holding the named lock across tabs and the service worker; rejects where no shared lock exists. */
export function withOrderLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const { locks, lease } = sources();
  if (locks) return locks.request(name, fn);
  if (!lease) return Promise.reject(new Error('withOrderLock: no Web Locks and no localStorage here; orders are not sent from this context'));
  return inProcess(name, () => withLeaseLock(lease, name, fn));
}
