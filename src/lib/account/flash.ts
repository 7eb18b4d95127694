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
    const f = JSON.parse(raw) as Flash;
    return typeof f?.message === 'string' && f.message ? f : null;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage, where a page's message for the next page waits (null where there is none: build, tests). */
export function pageSession(): Store | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

/** The page start's reading: takes the previous page's message from this tab's sessionStorage (none where there is none). */
export function takePageFlash(): Flash | null {
  return takeFlash(pageSession());
}
