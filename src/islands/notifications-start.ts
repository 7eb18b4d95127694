/** Loads the notifications renderer (./Notifications.ts) when the first notification arrives; once per page. */
import { $notifications } from '../lib/stores/notifications';

export function startNotifications(doc: Document = document): void {
  const root = doc.documentElement as HTMLElement & { pjNotifications?: boolean };
  if (root.pjNotifications) return;
  root.pjNotifications = true;
  let loaded = false;
  const unbind = $notifications.subscribe((list) => {
    if (loaded || list.length === 0) return;
    loaded = true;
    import('./Notifications')
      .then((m) => m.mountNotifications(doc))
      .catch((err: unknown) => {
        loaded = false;
        console.error('Notifications could not be shown', err);
      });
    queueMicrotask(() => unbind());
  });
}
