/**
 * Forced logout (spec §4 Session token): the session is dropped silently, the signup modal opens, and
 * every registered clean-up runs (the sync queue clears its unsent tasks).
 */
import { logout } from '../stores/user';
import { openAuthModal } from '../stores/ui';

const cleanups = new Set<() => unknown>();

/** Registers a clean-up to run on forced logout; returns the unregister function. */
export function onForcedLogout(cb: () => unknown): () => void {
  cleanups.add(cb);
  return () => cleanups.delete(cb);
}

/** Logs out without a notice, runs the clean-ups and opens the signup modal. */
export async function forceLogout(): Promise<void> {
  await Promise.all(
    [...cleanups].map((cb) =>
      Promise.resolve()
        .then(cb)
        .catch((err) => console.error('[sync] logout clean-up failed', err)),
    ),
  );
  logout();
  openAuthModal('register');
}
