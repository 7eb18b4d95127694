/** A lock shared by the shop's tabs (Web Locks API), so only one tab sends a queue at a time. */

type Locks = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };

/** Runs `fn` holding the named cross-tab lock; without Web Locks (Node, old browsers) runs it directly. */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
  return locks ? locks.request(name, fn) : fn();
}
