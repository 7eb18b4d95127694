/** Loads the notifications renderer (./Notifications.ts) when the first notification arrives; once per page (src/lib/state/lazy-module.ts's retry rule). */
import { $notifications } from '../../lib/state/stores/notifications';
import { lazyModule } from '../../lib/state/lazy-module';

export function startNotifications(doc: Document = document): void {
  const root = doc.documentElement as HTMLElement & { pjNotifications?: boolean };
  if (root.pjNotifications) return;
  root.pjNotifications = true;
  // Mounted once, from the first download that succeeds; a failed one is tried again by the next notification.
  const mount = lazyModule(() => import('./Notifications').then((m) => m.mountNotifications(doc)));
  const unbind = $notifications.subscribe((list) => {
    if (list.length === 0) return;
    mount().then(
      () => unbind(),
      (err: unknown) => console.error('Notifications could not be shown', err),
    );
  });
}
