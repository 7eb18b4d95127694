/**
 * A message carried over a page change (sessionStorage), and the notice the sign-in modal shows.
 * Imports nanostores only: the header's modal launcher reads it on every page.
 */
import { atom } from 'nanostores';

/** sessionStorage key of a message to show after a page change. */
export const FLASH_KEY = 'shop-flash';

/** A message carried over a page change, and whether it opens the sign-in modal. */
export interface Flash {
  message: string;
  type: 'error' | 'info' | 'success';
  /** Open the sign-in modal on this form. */
  auth?: 'login' | 'register';
  /** Where to go after logging in (the account page that asked for it). */
  returnTo?: string;
  /**
   * The path of the page that left it. That page does not show it: its own start can run after it
   * left the message, while it is already on its way to the next page.
   */
  from?: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The notice shown at the top of the sign-in modal (e.g. 'You need to be logged in to see this page'); null for none. */
export const $authNotice = atom<Flash | null>(null);

/**
 * The notice to show while the modal shows `form`: a notice belongs to the form it opened with (the
 * login form unless it names another), not to a form the shopper switches to ('You need to be logged
 * in' has nothing to say above the register form). It is kept meanwhile: its `returnTo` still applies.
 */
export function noticeOnForm(notice: Flash | null, form: string): Flash | null {
  return notice && (notice.auth ?? 'login') === form ? notice : null;
}

/** Leaves a message for the next page. */
export function setFlash(storage: Pick<Storage, 'setItem'> | null | undefined, flash: Flash): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // No storage: the page change still happens, without the message.
  }
}

/** The message a previous page left for the page at `path`, still stored; null for none, a broken one, or one this page left itself. */
export function peekFlash(storage: Store | null | undefined, path: string): Flash | null {
  try {
    const raw = storage?.getItem(FLASH_KEY);
    if (!raw) return null;
    const flash = readFlash(JSON.parse(raw));
    return flash && flash.from !== path ? flash : null;
  } catch {
    return null;
  }
}

/**
 * Hands the message a previous page left to `show` (which puts it on screen: the sign-in dialog,
 * whose code is downloaded on demand) and removes it only once `show` has resolved. A download that
 * fails or has not finished when the shopper moves on (offline before it was cached, a slow phone)
 * leaves the message for the next page start instead of losing it; a message left by this very page
 * is not touched (it is for the page this one is going to). Resolves with the message shown, or
 * null; rejects with `show`'s failure (the message stays).
 */
export async function showFlash(storage: Store | null | undefined, path: string, show: (flash: Flash) => Promise<unknown>): Promise<Flash | null> {
  const flash = peekFlash(storage, path);
  if (!flash) return null;
  const raw = storage?.getItem(FLASH_KEY);
  await show(flash);
  try {
    // Only this message: one a later page change left in the meantime stays for its page.
    if (storage?.getItem(FLASH_KEY) === raw) storage?.removeItem(FLASH_KEY);
  } catch {
    // No storage: nothing to remove.
  }
  return flash;
}

/** A path of this site (`/…`), never a script or another origin (`//host`, `/\\host`). */
const sitePath = (v: unknown): v is string => typeof v === 'string' && /^\/(?![/\\])/.test(v);

const TYPES: readonly string[] = ['error', 'info', 'success'] satisfies Flash['type'][];
const FORMS: readonly string[] = ['login', 'register'] satisfies NonNullable<Flash['auth']>[];

/**
 * The stored value if it is what `setFlash` writes, else null. Checked field by field rather than
 * with zod, because every page loads this module and zod would cost each page's first load more
 * than its budget has left. `returnTo` is where the sign-in modal sends the shopper
 * (`location.assign`): only a path of this site, never a script or another origin.
 */
function readFlash(value: unknown): Flash | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { message, type, auth, returnTo, from } = value as Record<string, unknown>;
  if (typeof message !== 'string' || !message || typeof type !== 'string' || !TYPES.includes(type)) return null;
  if (auth !== undefined && (typeof auth !== 'string' || !FORMS.includes(auth))) return null;
  if (returnTo !== undefined && !sitePath(returnTo)) return null;
  if (from !== undefined && !sitePath(from)) return null;
  return {
    message,
    type: type as Flash['type'],
    ...(auth ? { auth: auth as Flash['auth'] } : {}),
    ...(returnTo ? { returnTo } : {}),
    ...(from ? { from } : {}),
  };
}

/** This tab's sessionStorage, where a page's message for the next page waits (null where there is none: build, tests). */
export function pageSession(): Store | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

/** The page start's `showFlash`: this tab's sessionStorage, this page's path. */
export function showPageFlash(show: (flash: Flash) => Promise<unknown>): Promise<Flash | null> {
  return showFlash(pageSession(), typeof location === 'undefined' ? '' : location.pathname, show);
}
