/**
 * Login required (spec §2): every /my-account route sends a visitor who is not logged in to the home
 * path with 'You need to be logged in to see this page'. The message survives the page change
 * (./flash); the home page shows it in the sign-in modal, opened on the login form.
 */
import { messages } from '../messages';
import { $user, awaitStoredSession } from '../state/stores/user';
import { pageSession, setFlash } from './flash';

/**
 * The account guard: with a token, true; without, leaves the login-required message (opening the
 * login form) and replaces the location with the home path, then false.
 */
export function requireLogin(
  token: string | null,
  env: { storage: Pick<Storage, 'setItem'> | null | undefined; home: string; replace: (url: string) => void; returnTo?: string; from?: string },
): boolean {
  if (token) return true;
  setFlash(env.storage, {
    message: messages.loginRequired,
    type: 'error',
    auth: 'login',
    ...(env.returnTo ? { returnTo: env.returnTo } : {}),
    ...(env.from ? { from: env.from } : {}),
  });
  env.replace(env.home);
  return false;
}

/**
 * The account page's guard (the account island calls it once the session is read): the message waits
 * in this tab's sessionStorage for the next page (not this one, which may still start its header's
 * scripts while it leaves), and the page is replaced with `home`, coming back here after the login.
 */
export function requirePageLogin(token: string | null, home: string): boolean {
  const here = location.pathname;
  return requireLogin(token, { storage: pageSession(), home, replace: (url) => location.replace(url), returnTo: here, from: here });
}

/** Where an account page's guard left the shopper: on the page, sent home to sign in, or unknown. */
export type PageGate = 'allowed' | 'left' | 'unknown';

/**
 * The account page's gate: reads the stored session (waiting for a storage that answers late), then
 * applies `requirePageLogin`. 'unknown' when the storage never answered: the page must not send a
 * shopper who may well be signed in home as signed out; it says so and offers to try again.
 */
export async function accountPageGate(home: string): Promise<PageGate> {
  if (!(await awaitStoredSession())) return 'unknown';
  return requirePageLogin($user.get().token, home) ? 'allowed' : 'left';
}
