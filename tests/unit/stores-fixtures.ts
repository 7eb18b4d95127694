/** Shared set-up for the client-state tests: a fresh memory engine, stores and sync state. */
import { vi } from 'vitest';
import { memoryEngine, setStorageEngine, setStorageStoreCode } from '../../src/lib/storage';
import { clearNotifications } from '../../src/lib/stores/notifications';
import { resetUi } from '../../src/lib/stores/ui';
import { resetUserStore } from '../../src/lib/stores/user';
import { setOnline } from '../../src/lib/stores/network';
import { configureTokenLock, resetTokenLock, setSyncFetch } from '../../src/lib/sync';

/** Resets everything and returns the new memory engine. */
export function freshState() {
  const mem = memoryEngine();
  setStorageEngine(mem);
  setStorageStoreCode('gb');
  clearNotifications();
  resetUi();
  resetUserStore();
  resetTokenLock();
  configureTokenLock();
  setSyncFetch(null);
  setOnline(true);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  return mem;
}

/** A JSON answer in the contract's envelope; HTTP status follows the code when numeric. */
export function json(body: { code: number | string; result?: unknown }, status?: number): Response {
  return new Response(JSON.stringify(body), {
    status: status ?? (typeof body.code === 'number' ? body.code : 500),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** A promise with its resolve exposed. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
export const flush = async (times = 20) => {
  for (let i = 0; i < times; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
};
