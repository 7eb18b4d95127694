/** Network state (spec §4 Network): the online/offline flag, fed by the window's online and offline events. */
import { atom, onMount } from 'nanostores';

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const startOnline = typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean' ? navigator.onLine : true;

/** True while the browser says it is online. */
export const $online = atom<boolean>(startOnline);

/** Sets the flag (the events do this; tests may too). */
export function setOnline(online: boolean): void {
  $online.set(online);
}

/** Listens to a target's online/offline events; returns the unsubscribe function. */
export function watchNetwork(target: EventSource): () => void {
  const on = () => setOnline(true);
  const off = () => setOnline(false);
  target.addEventListener('online', on);
  target.addEventListener('offline', off);
  return () => {
    target.removeEventListener('online', on);
    target.removeEventListener('offline', off);
  };
}

/** Calls `cb` each time the flag goes from offline to online; returns the unsubscribe function. */
export function onBackOnline(cb: () => void): () => void {
  let was = $online.get();
  return $online.listen((now) => {
    if (now && !was) cb();
    was = now;
  });
}

onMount($online, () => {
  if (typeof window === 'undefined') return;
  setOnline(typeof navigator === 'undefined' ? true : navigator.onLine);
  return watchNetwork(window);
});
