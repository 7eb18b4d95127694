/**
 * How many orders wait in a store's `orders` collection, read straight from browser storage by every
 * page's start script (no storage library: a few hundred bytes). The stored orders are the truth: no
 * hint, no order of writes, reloads or tabs can make a page start miss an unsent order.
 *
 * localforage keeps a collection as the object store `keyvaluepairs` of the IndexedDB database named
 * after the collection (`shop-{store}-orders`), or, where IndexedDB is missing, as localStorage keys
 * `{db}/keyvaluepairs/{key}`. Both are read; an absent database is never created.
 */
import { answerMissing, isPendingOrder } from '../state/sync/order-status';

/** localforage's object store (and localStorage key infix) of every instance. */
export const LOCALFORAGE_STORE = 'keyvaluepairs';

type Raw = { transmited?: unknown; cancelled?: unknown; bag?: unknown; resultCode?: unknown; send_began_at?: unknown } | null;

const isOrder = (v: unknown): v is NonNullable<Raw> => !!v && typeof v === 'object' && 'order_id' in v;
const statusOf = (o: NonNullable<Raw>) => ({
  transmited: !!o.transmited,
  cancelled: !!o.cancelled,
  send_began_at: typeof o.send_began_at === 'string' ? o.send_began_at : null,
});

/** True for a stored order that still has to be sent (the queue's isPendingOrder, on raw data). */
export function isWaiting(v: unknown): boolean {
  return isOrder(v) && isPendingOrder(statusOf(v));
}

/** True for a waiting order whose send had no answer: not known whether the shop has it (the queue's answerMissing, on raw data). */
export function isUnknown(v: unknown): boolean {
  return isOrder(v) && answerMissing(statusOf(v));
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
  /** Of those, the orders a send of which had no answer (not known whether the shop has them). */
  unknown: number;
  /** Orders still owing their bag an emptying or their lines back. */
  owing: number;
}

function tally(into: OrdersAtStart, v: unknown): void {
  if (isWaiting(v)) into.waiting++;
  if (isUnknown(v)) into.unknown++;
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
  const into: OrdersAtStart = { waiting: 0, unknown: 0, owing: 0 };
  try {
    if (env.localStorage) countLocalStorage(dbName, env.localStorage, into);
  } catch {
    // blocked storage
  }
  if (env.indexedDB) await countIndexedDb(dbName, env.indexedDB, into);
  return into;
}

/** The waiting orders a notice counts: all of them, and of those the ones whose send had no answer. */
export interface WaitingCounts {
  waiting: number;
  unknown: number;
}

/**
 * The header's order notice (texts carried by the element, from the catalogue): '1 order is waiting to
 * be sent' counts the orders still to send; an order whose send had no answer is not "waiting to be
 * sent" (it may have reached the shop), so when only such orders wait the notice says that instead.
 */
export function showOrdersNotice(el: HTMLElement | null | undefined, counts: WaitingCounts): void {
  if (!el) return;
  const toSend = counts.waiting - counts.unknown;
  el.hidden = counts.waiting === 0;
  const text = el.querySelector<HTMLElement>('[data-orders-text]');
  if (!text) return;
  const [count, one, many] = toSend > 0 ? [toSend, el.dataset.one, el.dataset.many] : [counts.unknown, el.dataset.unknownOne, el.dataset.unknownMany];
  text.textContent = count === 1 ? (one ?? '') : (many ?? '').replace('{count}', String(count));
}
