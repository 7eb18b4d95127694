/**
 * Tabs share cart and wishlist changes: a BroadcastChannel named 'shop-sync', or where that is
 * missing a localStorage key of the same name whose 'storage' events the other tabs receive.
 */

/** A change one tab tells the others about. */
export interface TabMessage {
  topic: string;
  value: unknown;
  /** The sending tab (a tab ignores its own messages). */
  from: string;
}

/** The transport between tabs (injectable with `setTabChannel`). */
export interface TabChannel {
  post(msg: TabMessage): void;
  subscribe(cb: (msg: TabMessage) => void): () => void;
}

export const CHANNEL_NAME = 'shop-sync';

/** This tab's id. */
export const TAB_ID = Math.random().toString(36).slice(2) + Date.now().toString(36);

/** A channel over BroadcastChannel. */
export function broadcastTabChannel(name = CHANNEL_NAME): TabChannel {
  const bc = new BroadcastChannel(name);
  return {
    post: (msg) => bc.postMessage(msg),
    subscribe(cb) {
      const on = (e: MessageEvent) => cb(e.data as TabMessage);
      bc.addEventListener('message', on);
      return () => bc.removeEventListener('message', on);
    },
  };
}

type StorageWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & { localStorage: Pick<Storage, 'setItem'> };

/** A channel over localStorage 'storage' events (browsers without BroadcastChannel). */
export function storageEventTabChannel(win: StorageWindow, name = CHANNEL_NAME): TabChannel {
  return {
    post(msg) {
      try {
        // A unique stamp so that two equal messages in a row still fire an event.
        win.localStorage.setItem(name, JSON.stringify({ ...msg, stamp: `${Date.now()}-${Math.random()}` }));
      } catch (err) {
        console.error('[cross-tab] could not post', err);
      }
    },
    subscribe(cb) {
      const on = (e: Event) => {
        const { key, newValue } = e as StorageEvent;
        if (key !== name || !newValue) return;
        try {
          cb(JSON.parse(newValue) as TabMessage);
        } catch {
          // not ours
        }
      };
      win.addEventListener('storage', on);
      return () => win.removeEventListener('storage', on);
    },
  };
}

let channel: TabChannel | null | undefined;
const topics = new Map<string, Set<(value: unknown) => void>>();
let unsubscribe: (() => void) | null = null;

function defaultChannel(): TabChannel | null {
  if (typeof window === 'undefined') return null;
  if (typeof BroadcastChannel !== 'undefined') return broadcastTabChannel();
  if (typeof localStorage !== 'undefined') return storageEventTabChannel(window as unknown as StorageWindow);
  return null;
}

function current(): TabChannel | null {
  if (channel === undefined) channel = defaultChannel();
  if (channel && !unsubscribe) {
    unsubscribe = channel.subscribe((msg) => {
      if (!msg || msg.from === TAB_ID) return;
      for (const cb of topics.get(msg.topic) ?? []) cb(msg.value);
    });
  }
  return channel;
}

/** Replaces the channel (tests: a fake one; null: no other tabs). */
export function setTabChannel(next: TabChannel | null): void {
  unsubscribe?.();
  unsubscribe = null;
  channel = next;
  current();
}

/** Tells the other tabs about a change. */
export function publishToTabs(topic: string, value: unknown): void {
  current()?.post({ topic, value, from: TAB_ID });
}

/** Receives the other tabs' changes of a topic; returns the unsubscribe function. */
export function onTabMessage(topic: string, cb: (value: unknown) => void): () => void {
  let set = topics.get(topic);
  if (!set) topics.set(topic, (set = new Set()));
  set.add(cb);
  current();
  return () => set.delete(cb);
}
