/**
 * Notifications (spec §3, §4): added unless the last one has the same message, removed after their
 * time to live (config.constants.notificationTtlMs, 5,000 ms) unless `hasNoTimeout`.
 */
import { atom } from 'nanostores';
import { config } from '../config';

/** A button on a notification; `action` runs on click, then the notification closes. */
export interface NotificationAction {
  label: string;
  action?: () => void;
}

/** A notification as shown. */
export interface ShopNotification {
  id: number;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  action1?: NotificationAction;
  action2?: NotificationAction;
  hasNoTimeout: boolean;
  timeToLive: number;
}

/** What `notify` takes. */
export type NotifyInput = Omit<ShopNotification, 'id' | 'hasNoTimeout' | 'timeToLive'> &
  Partial<Pick<ShopNotification, 'hasNoTimeout' | 'timeToLive'>>;

/** The notifications on screen, oldest first. */
export const $notifications = atom<ShopNotification[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a notification; returns it, or null when the last one already says the same. */
export function notify(input: NotifyInput): ShopNotification | null {
  const list = $notifications.get();
  if (list.at(-1)?.message === input.message) return null;
  const n: ShopNotification = {
    ...input,
    id: nextId++,
    hasNoTimeout: input.hasNoTimeout ?? false,
    timeToLive: input.timeToLive ?? config.constants.notificationTtlMs,
  };
  $notifications.set([...list, n]);
  if (!n.hasNoTimeout) timers.set(n.id, setTimeout(() => removeNotification(n.id), n.timeToLive));
  return n;
}

/** Removes one notification. */
export function removeNotification(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

/** Runs a notification's button action and closes it. */
export function runNotificationAction(id: number, which: 'action1' | 'action2' = 'action1'): void {
  const n = $notifications.get().find((x) => x.id === id);
  removeNotification(id);
  n?.[which]?.action?.();
}

/** Removes every notification. */
export function clearNotifications(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  $notifications.set([]);
}
