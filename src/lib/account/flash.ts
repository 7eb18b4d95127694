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
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The notice shown at the top of the sign-in modal (e.g. 'You need to be logged in to see this page'); null for none. */
export const $authNotice = atom<Flash | null>(null);

/** Leaves a message for the next page. */
export function setFlash(storage: Pick<Storage, 'setItem'> | null | undefined, flash: Flash): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // No storage: the page change still happens, without the message.
  }
}

/** Takes (and removes) the message left by the previous page, or null. */
export function takeFlash(storage: Store | null | undefined): Flash | null {
  try {
    const raw = storage?.getItem(FLASH_KEY);
    if (!raw) return null;
    storage?.removeItem(FLASH_KEY);
    return readFlash(JSON.parse(raw));
  } catch {
    return null;
  }
}

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
  const { message, type, auth, returnTo } = value as Record<string, unknown>;
  if (typeof message !== 'string' || !message || typeof type !== 'string' || !TYPES.includes(type)) return null;
  if (auth !== undefined && (typeof auth !== 'string' || !FORMS.includes(auth))) return null;
  if (returnTo !== undefined && (typeof returnTo !== 'string' || !/^\/(?![/\\])/.test(returnTo))) return null;
  return {
    message,
    type: type as Flash['type'],
    ...(auth ? { auth: auth as Flash['auth'] } : {}),
    ...(returnTo ? { returnTo } : {}),
  };
}

/** This tab's sessionStorage, where a page's message for the next page waits (null where there is none: build, tests). */
export function pageSession(): Store | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

/** The page start's reading: takes the previous page's message from this tab's sessionStorage (none where there is none). */
export function takePageFlash(): Flash | null {
  return takeFlash(pageSession());
}
