/**
 * Notification rules (spec §4 Notification, §5, §9): a notification is added unless the last one
 * has the same message; it is removed after its time to live (default 5000 ms) unless it has no timeout.
 * Pure functions over a list; the store schedules the timers.
 */
import { config } from '../config';
import type { NotificationInput } from '../schemas';

/** A notification on screen, with the time it was added (ms since epoch). */
export type ShownNotification = NotificationInput & { addedAt: number };

/** Adds a notification unless the last one has the same message (then the same list is returned). */
export function addNotification(list: readonly ShownNotification[], n: NotificationInput, now: number = Date.now()): ShownNotification[] {
  const last = list[list.length - 1];
  if (last && last.message === n.message) return list as ShownNotification[];
  return [...list, { ...n, addedAt: now }];
}

/** How long a notification stays: its timeToLive or 5000 ms (config), null when it has no timeout. */
export function timeToLive(n: Pick<NotificationInput, 'hasNoTimeout' | 'timeToLive'>): number | null {
  if (n.hasNoTimeout) return null;
  return n.timeToLive ?? config.constants.notificationTtlMs;
}

/** When a notification goes away (ms since epoch), null when never by itself. */
export function expiresAt(n: ShownNotification): number | null {
  const ttl = timeToLive(n);
  return ttl === null ? null : n.addedAt + ttl;
}

/** The list without the notifications whose time to live has passed at `now`. */
export function removeExpired(list: readonly ShownNotification[], now: number = Date.now()): ShownNotification[] {
  const kept = list.filter((n) => {
    const at = expiresAt(n);
    return at === null || at > now;
  });
  return kept.length === list.length ? (list as ShownNotification[]) : kept;
}

/** The next moment a notification expires, for scheduling a timer; null when none will. */
export function nextExpiry(list: readonly ShownNotification[]): number | null {
  let next: number | null = null;
  for (const n of list) {
    const at = expiresAt(n);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/** The list without the notification at `index` (closed by the shopper or by its action). */
export function removeNotificationAt(list: readonly ShownNotification[], index: number): ShownNotification[] {
  return list.filter((_, i) => i !== index);
}
