/** In-memory storage engine: the unit tests' engine, and the fallback where no browser storage exists. */
import type { StorageDriver, StorageEngine } from './engine';

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** A memory engine; `dbs` is exposed so tests can inspect what was persisted. */
export function memoryEngine(): StorageEngine & { dbs: Map<string, Map<string, unknown>> } {
  const dbs = new Map<string, Map<string, unknown>>();
  const db = (name: string) => {
    let m = dbs.get(name);
    if (!m) dbs.set(name, (m = new Map()));
    return m;
  };
  return {
    name: 'memory',
    dbs,
    open(dbName): StorageDriver {
      return {
        async getItem<T>(key: string) {
          const m = db(dbName);
          return m.has(key) ? (clone(m.get(key)) as T) : null;
        },
        async setItem<T>(key: string, value: T) {
          db(dbName).set(key, clone(value));
          return value;
        },
        async removeItem(key) {
          db(dbName).delete(key);
        },
        async clear() {
          db(dbName).clear();
        },
        async keys() {
          return [...db(dbName).keys()];
        },
        async iterate<T>(fn: (value: T, key: string, n: number) => unknown) {
          let n = 0;
          for (const [k, v] of [...db(dbName).entries()]) {
            const r = fn(clone(v) as T, k, ++n);
            if (r !== undefined) return r;
          }
          return undefined;
        },
      };
    },
  };
}
