/**
 * Browser storage: named collections (spec §3 "Local collections"), one database each, named
 * `shop-{storeCode}-{collection}`, or `shop-shop-{collection}` when config.storeViews.commonCache is on.
 * The engine is injectable (`setStorageEngine`): localforage in the browser, memory in Node and tests.
 */
import { config, type Config } from '../../config';
import { pageStoreView } from '../../api/store-code';
import { Collection } from './collection';
import type { StorageEngine } from './engine';
import { installLeaveGuard } from './leave-guard';
import { localforageEngine } from './localforage-engine';
import { memoryEngine } from './memory';

export { Collection, roughSize, type CollectionOptions, type QuotaReport } from './collection';
export type { StorageDriver, StorageEngine, OpenOptions } from './engine';
export { memoryEngine } from './memory';
export { localforageEngine } from './localforage-engine';

type Def = { driver?: keyof Config['localForage']['defaultDrivers']; quota?: boolean };

/** Every collection the shop keeps; `quota` ones are pure caches, trimmed to the §9 quota. */
export const COLLECTIONS = {
  compare: {},
  claims: {},
  'recently-viewed': {},
  url: { quota: true },
  navigation: { quota: true },
  mailchimp: {},
  user: { driver: 'user' },
  carts: { driver: 'carts' },
  orders: { driver: 'orders' },
  syncTasks: {},
  wishlist: {},
  stock: { quota: true },
} as const satisfies Record<string, Def>;

export type CollectionName = keyof typeof COLLECTIONS;

/** The keys the stores use inside their collections. */
export const KEYS = {
  /** user collection */
  userToken: 'current-token',
  refreshToken: 'current-refresh-token',
  currentUser: 'current-user',
  /** carts collection */
  cartToken: 'current-cart-token',
  cart: 'current-cart',
  /** what the server cart holds as far as this browser knows (sku, qty, item_id) */
  cartServer: 'current-cart-server',
  cartTotals: 'current-totals',
  /** wishlist collection */
  wishlist: 'current-wishlist',
  /** compare collection */
  compare: 'current-compare',
  /** recently-viewed collection */
  recentlyViewed: 'recently-viewed',
  /** mailchimp collection */
  newsletter: 'newsletter',
} as const;

let engine: StorageEngine | null = null;
let storeCode: string | null = null;
const open = new Map<string, Collection>();

/** The database name of a collection for a store view. */
export function collectionDbName(name: CollectionName, code: string = currentStorageStoreCode(), cfg: Config = config): string {
  return cfg.storeViews.commonCache ? `shop-shop-${name}` : `shop-${code}-${name}`;
}

/** The store code collections are named after: the one `setStorageStoreCode` set, else the page's store view's (its path). */
export function currentStorageStoreCode(): string {
  return storeCode ?? pageStoreView().storeCode;
}

/** Switches the store code used for collection names (called by the store-view store). */
export function setStorageStoreCode(code: string): void {
  storeCode = code;
}

/** The engine in use: the injected one, else localforage in a browser, else memory. */
export function storageEngine(): StorageEngine {
  if (!engine) {
    const browser = typeof indexedDB !== 'undefined' || typeof localStorage !== 'undefined';
    engine = browser ? localforageEngine() : memoryEngine();
  }
  return engine;
}

/** Replaces the engine (tests: `setStorageEngine(memoryEngine())`); open collections are forgotten. */
export function setStorageEngine(next: StorageEngine | null): void {
  resetCollections();
  engine = next;
}

/** Forgets every open collection (their memory copies and error counters) and stops quota timers. */
export function resetCollections(): void {
  for (const c of open.values()) c.dispose();
  open.clear();
}

/** The collection `name` of the current (or given) store view, opened once. */
export function collection(name: CollectionName, code?: string, cfg: Config = config): Collection {
  const dbName = collectionDbName(name, code, cfg);
  let c = open.get(dbName);
  if (!c) {
    const def: Def = COLLECTIONS[name];
    const cache = cfg.constants.cache;
    c = new Collection(dbName, storageEngine(), {
      timeoutMs: cache.timeoutMs,
      iterateTimeoutMs: cache.iterateTimeoutMs,
      maxSetErrors: cache.maxSetErrors,
      maxGetErrors: cache.maxGetErrors,
      quotaKb: def.quota ? cache.quotaKb : 0,
      quotaCheckIntervalMs: cache.quotaCheckIntervalMs,
      driver: def.driver ? cfg.localForage.defaultDrivers[def.driver] : undefined,
    });
    open.set(dbName, c);
    installLeaveGuard(writesRunning, flushWrites);
  }
  return c;
}

/** True while any open collection has a write running in the browser storage. */
export function writesRunning(): boolean {
  return [...open.values()].some((c) => c.writing);
}

/** Waits for every open collection's running writes (up to `ms`, else each collection's late-answer limit); true when all landed. */
export async function flushWrites(ms?: number): Promise<boolean> {
  const done = await Promise.all([...open.values()].map((c) => c.flush(ms)));
  return done.every(Boolean);
}
