/** The storage engine contract: opens named key-value databases (one per collection). */

/** One open key-value database. Every method may hang or reject; `Collection` guards them. */
export interface StorageDriver {
  getItem<T>(key: string): Promise<T | null>;
  setItem<T>(key: string, value: T): Promise<unknown>;
  removeItem(key: string): Promise<void>;
  clear(): Promise<void>;
  keys(): Promise<string[]>;
  /** Calls `fn` for each entry; a non-undefined return value stops the iteration. */
  iterate<T>(fn: (value: T, key: string, n: number) => unknown): Promise<unknown>;
  /** Settles once the driver's code is loaded (a lazily imported library); the §9 timeouts start after it. Never rejects. */
  ready?: Promise<unknown>;
}

/** Options a collection passes when it opens its database. */
export interface OpenOptions {
  /** Preferred driver name from config.localForage.defaultDrivers ('INDEXEDDB', 'LOCALSTORAGE', 'WEBSQL'). */
  driver?: string;
}

/** Opens databases; injectable with `setStorageEngine`. */
export interface StorageEngine {
  readonly name: string;
  /** A connection to the database (a new one each call; the data is the database's). */
  open(dbName: string, options?: OpenOptions): StorageDriver;
}
