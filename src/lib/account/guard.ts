/**
 * Login required (spec §2): every /my-account route sends a visitor who is not logged in to the home
 * path with 'You need to be logged in to see this page'. The message survives the page change
 * (./flash); the home page shows it in the sign-in modal, opened on the login form.
 */
import { messages } from '../messages';
import { setFlash } from './flash';

/**
 * The account guard: with a token, true; without, leaves the login-required message (opening the
 * login form) and replaces the location with the home path, then false.
 */
export function requireLogin(
  token: string | null,
  env: { storage: Pick<Storage, 'setItem'> | null | undefined; home: string; replace: (url: string) => void; returnTo?: string },
): boolean {
  if (token) return true;
  setFlash(env.storage, { message: messages.loginRequired, type: 'error', auth: 'login', ...(env.returnTo ? { returnTo: env.returnTo } : {}) });
  env.replace(env.home);
  return false;
}
