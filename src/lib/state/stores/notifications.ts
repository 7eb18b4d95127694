/**
 * Notifications (spec §3, §4, §5, §9): the rules of src/lib/state/notifications.ts (added unless the last one
 * has the same message; removed after its time to live, 5,000 ms by default, unless `hasNoTimeout`)
 * with the timers and an id per notification.
 */
import { atom } from 'nanostores';
import { addNotification, timeToLive, type ShownNotification } from '../notifications';

/** A button on a notification; `action` runs on click, then the notification closes. */
export interface NotificationAction {
  label: string;
  action?: () => void;
}

/** A notification as shown. */
export type ShopNotification = ShownNotification & {
  id: number;
  action1?: NotificationAction | null;
  action2?: NotificationAction | null;
};

/** What `notify` takes. */
export interface NotifyInput {
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  action1?: NotificationAction;
  action2?: NotificationAction;
  hasNoTimeout?: boolean;
  timeToLive?: number;
}

/** The notifications on screen, oldest first. */
export const $notifications = atom<ShopNotification[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** (Re)starts a notification's time to live from now. */
function schedule(n: ShopNotification): void {
  clearTimeout(timers.get(n.id));
  const ttl = timeToLive(n);
  if (ttl !== null)
    timers.set(
      n.id,
      setTimeout(() => removeNotification(n.id), ttl),
    );
}

/**
 * Shows a notification; returns it, or null when the last one already says the same. That one is
 * not added again but its time to live starts again: a shopper who adds twice sees the note for the
 * full time after the second add.
 */
export function notify(input: NotifyInput): ShopNotification | null {
  const list = $notifications.get();
  const next = addNotification(list, { ...input, id: nextId } as NotifyInput & { id: number }) as ShopNotification[];
  if (next === list) {
    const last = list[list.length - 1] as ShopNotification | undefined;
    if (last && timers.has(last.id)) schedule(last);
    return null;
  }
  nextId++;
  const n = next[next.length - 1]!;
  $notifications.set(next);
  schedule(n);
  return n;
}

/**
 * The renderer has put a notification on screen: its time to live counts from now (the renderer is
 * loaded with the first notification, so that one appears a moment after it was made).
 */
export function notificationShown(id: number): void {
  const n = $notifications.get().find((x) => x.id === id);
  if (n && timers.has(id)) schedule(n);
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
