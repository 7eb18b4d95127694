/**
 * How many orders wait in a store's `orders` collection, read straight from browser storage by every
 * page's start script (no storage library: a few hundred bytes). The stored orders are the truth: no
 * hint, no order of writes, reloads or tabs can make a page start miss an unsent order.
 *
 * localforage keeps a collection as the object store `keyvaluepairs` of the IndexedDB database named
 * after the collection (`shop-{store}-orders`), or, where IndexedDB is missing, as localStorage keys
 * `{db}/keyvaluepairs/{key}`. Both are read; an absent database is never created.
 */

/** localforage's object store (and localStorage key infix) of every instance. */
export const LOCALFORAGE_STORE = 'keyvaluepairs';

type Raw = { transmited?: unknown; cancelled?: unknown; bag?: unknown; resultCode?: unknown } | null;

/** True for a stored order that still has to be sent (the queue's isPendingOrder, on raw data). */
export function isWaiting(v: unknown): boolean {
  const o = v as Raw;
  return !!o && typeof o === 'object' && 'order_id' in o && !o.transmited && !o.cancelled;
}

/**
 * True for a stored order that owes the bag something (src/lib/state/sync/order-bag.ts): an emptying (a
 * reload cut its placement short) or its lines back (cancelled after the bag was emptied, not a 409).
 */
export function owesBag(v: unknown): boolean {
  const o = v as Raw;
  if (!o || typeof o !== 'object' || !('order_id' in o)) return false;
  return (o.bag === 'full' && !o.cancelled) || (o.bag === 'emptied' && o.cancelled === true && o.resultCode !== 409);
}

/** What the stored orders ask of a page start. */
export interface OrdersAtStart {
  /** Orders still to be sent. */
  waiting: number;
  /** Orders still owing their bag an emptying or their lines back. */
  owing: number;
}

function tally(into: OrdersAtStart, v: unknown): void {
  if (isWaiting(v)) into.waiting++;
  if (owesBag(v)) into.owing++;
}

function countIndexedDb(dbName: string, idb: IDBFactory, into: OrdersAtStart): Promise<void> {
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = idb.open(dbName);
    } catch {
      resolve();
      return;
    }
    // No such database: abort the creation (nothing was ever stored, nothing waits).
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = () => resolve();
    req.onblocked = () => resolve();
    req.onsuccess = () => {
      const db = req.result;
      const done = () => {
        db.close();
        resolve();
      };
      if (!db.objectStoreNames.contains(LOCALFORAGE_STORE)) return done();
      try {
        const cursor = db.transaction(LOCALFORAGE_STORE, 'readonly').objectStore(LOCALFORAGE_STORE).openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return done();
          tally(into, c.value);
          c.continue();
        };
        cursor.onerror = () => done();
      } catch {
        done();
      }
    };
  });
}

function countLocalStorage(dbName: string, ls: Storage, into: OrdersAtStart): void {
  const prefix = `${dbName}/${LOCALFORAGE_STORE}/`;
  for (let i = 0; i < ls.length; i++) {
    const key = ls.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      tally(into, JSON.parse(ls.getItem(key) ?? 'null'));
    } catch {
      // not a JSON value: not an order
    }
  }
}

/** What the stored orders of the collection database `dbName` ask of a page start (zeros when it cannot be read). */
export async function ordersAtStart(
  dbName: string,
  env: { indexedDB?: IDBFactory; localStorage?: Storage } = {
    indexedDB: typeof indexedDB === 'undefined' ? undefined : indexedDB,
    localStorage: (() => {
      try {
        return typeof localStorage === 'undefined' ? undefined : localStorage;
      } catch {
        return undefined;
      }
    })(),
  },
): Promise<OrdersAtStart> {
  const into: OrdersAtStart = { waiting: 0, owing: 0 };
  try {
    if (env.localStorage) countLocalStorage(dbName, env.localStorage, into);
  } catch {
    // blocked storage
  }
  if (env.indexedDB) await countIndexedDb(dbName, env.indexedDB, into);
  return into;
}

/** The header's order notice: '1 order is waiting to be sent' (texts carried by the element, from the catalogue). */
export function showOrdersNotice(el: HTMLElement | null | undefined, count: number): void {
  if (!el) return;
  el.hidden = count === 0;
  const text = el.querySelector<HTMLElement>('[data-orders-text]');
  if (text) text.textContent = count === 1 ? (el.dataset.one ?? '') : (el.dataset.many ?? '').replace('{count}', String(count));
}
