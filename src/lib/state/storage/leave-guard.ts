/**
 * A link pressed while browser-storage writes are still running waits for them before the page
 * changes: leaving a page aborts its unfinished IndexedDB transactions (WebKit does so at once), so
 * a bag line added, or a session stored, just before the click would be lost on a busy phone. The
 * wait ends when the writes land or after `LEAVE_WAIT_MS`; then the link is followed as pressed. A
 * storage that did not finish within that is taken as stuck, and later links on the page are not held. Links to other sites, new tabs, downloads, in-page anchors and links another
 * handler already took are left alone.
 */

/** The page's link handling, injected by ./index (the document and location in the browser). */
export interface LeaveGuardEnv {
  document: Pick<Document, 'addEventListener'>;
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'assign'>;
}

/** The link a click would follow on this page, or null when the guard must leave it alone. */
export function guardedLink(
  e: Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>,
  here: Pick<Location, 'href' | 'origin' | 'pathname' | 'search'>,
): URL | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const target = e.target as { closest?: (s: string) => Element | null } | null;
  const a = target?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
  if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(a.getAttribute('href') ?? '', here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/** The longest a link waits for running writes: long enough for a busy phone's IndexedDB, short enough to feel like a slow link. */
export const LEAVE_WAIT_MS = 3_000;

let installed = false;

/**
 * Installs the guard once per page (or on the given `env`, for tests): `writing()` tells whether writes
 * are running, `flush(ms)` waits for them up to `ms` and tells whether they all landed.
 */
export function installLeaveGuard(writing: () => boolean, flush: (ms: number) => Promise<boolean>, env?: LeaveGuardEnv): void {
  const page = env ?? (typeof document === 'undefined' ? null : { document, location });
  if (!page || (installed && !env)) return;
  if (!env) installed = true;
  let stuck = false;
  page.document.addEventListener('click', (e) => {
    if (stuck || !writing()) return;
    const url = guardedLink(e, page.location);
    if (!url) return;
    e.preventDefault();
    void flush(LEAVE_WAIT_MS).then((landed) => {
      if (!landed) stuck = true;
      page.location.assign(url.href);
    });
  });
}
