/** The browser engine: localforage (IndexedDB first), imported lazily so Node never loads it. */
import type { StorageDriver, StorageEngine } from './engine';
import { lazyModule } from '../lazy-module';

type LocalForage = typeof import('localforage');
/** localforage, downloaded on the first open (a failed download: the next open tries again). */
const load = lazyModule(() => import('localforage').then((m) => ((m as { default?: LocalForage }).default ?? m) as LocalForage));

/** The localforage engine: one database per collection, the configured driver first. */
export function localforageEngine(): StorageEngine {
  return {
    name: 'localforage',
    open(dbName, options = {}): StorageDriver {
      // Each collection's instance follows the same rule: a failed download is tried again by the next call.
      const instance = lazyModule(() =>
        load().then((lf) => {
          const preferred = options.driver ? (lf as unknown as Record<string, string>)[options.driver] : undefined;
          const drivers = [lf.INDEXEDDB, lf.LOCALSTORAGE];
          return lf.createInstance({
            name: dbName,
            driver: preferred ? [preferred, ...drivers.filter((d) => d !== preferred)] : drivers,
          });
        }),
      );
      return {
        getItem: (key) => instance().then((i) => i.getItem(key)),
        setItem: (key, value) => instance().then((i) => i.setItem(key, value)),
        removeItem: (key) => instance().then((i) => i.removeItem(key)),
        clear: () => instance().then((i) => i.clear()),
        keys: () => instance().then((i) => i.keys()),
        iterate: (fn) => instance().then((i) => i.iterate(fn as (v: unknown, k: string, n: number) => unknown)),
        // Downloading localforage (first use on a page, slow networks) is not the cache failing to answer.
        ready: instance().then(
          () => undefined,
          () => undefined,
        ),
      };
    },
  };
}
