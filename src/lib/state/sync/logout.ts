/**
 * Forced logout (spec §4 Session token): the session is dropped silently, the signup modal opens, and
 * every registered clean-up runs (the sync queue clears its unsent tasks; the cart store reads the
 * stored cart). The modal opens on its login form (§3 UI flags: authElem, default login), as Vue
 * Storefront's signup modal does: the shopper whose session ended is a customer, who signs in again.
 */
import { logout } from '../stores/user';
import { openAuthModal } from '../stores/ui';

const cleanups = new Set<() => unknown>();

/** Registers a clean-up to run on forced logout; returns the unregister function. */
export function onForcedLogout(cb: () => unknown): () => void {
  cleanups.add(cb);
  return () => cleanups.delete(cb);
}

/** Logs out without a notice, runs the clean-ups and opens the signup modal on its login form. */
export async function forceLogout(): Promise<void> {
  await Promise.all(
    [...cleanups].map((cb) =>
      Promise.resolve()
        .then(cb)
        .catch((err) => console.error('[sync] logout clean-up failed', err)),
    ),
  );
  logout();
  openAuthModal('login');
}
