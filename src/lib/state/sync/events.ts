/** Sync events: a task's `callback_event` is emitted with the saved task (spec §3 Sync task). */

/** Emitted after login and logout when group price tiers are on (§4, §6): product islands reload prices skipping the cache. */
export const PRICE_TIERS_REFRESH_EVENT = 'user-price-tiers-refresh';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

/** Subscribes to an event; returns the unsubscribe function. */
export function onSyncEvent<T = unknown>(name: string, cb: (payload: T) => void): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(cb as Listener);
  return () => set.delete(cb as Listener);
}

/** Emits an event to its listeners (a failing listener is logged, the others still run). */
export function emitSyncEvent(name: string, payload: unknown): void {
  for (const cb of [...(listeners.get(name) ?? [])]) {
    try {
      cb(payload);
    } catch (err) {
      console.error(`[sync] listener of ${name} failed`, err);
    }
  }
}
