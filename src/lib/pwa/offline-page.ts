/**
 * The offline page's behaviour (§8): a page that is neither online nor cached shows 'The product,
 * category or CMS page is not available in Offline mode. Redirecting to Home.' with OK, then goes to
 * the home of the current store. The service worker answers such a request with this page, so the
 * location is still the address the shopper asked for: the store is read from its path.
 */

/** The home of the store whose prefix (e.g. '/de') starts the path; '/' for the default store. */
export function storeHome(pathname: string, storePrefixes: readonly string[]): string {
  for (const raw of storePrefixes) {
    const p = raw.replace(/\/$/, '');
    if (p && (pathname === p || pathname.startsWith(`${p}/`))) return `${p}/`;
  }
  return '/';
}

export interface OfflinePageOptions {
  /** Store URL prefixes of the other enabled store views ('/de', '/it'). */
  storePrefixes: readonly string[];
  /** Going home on its own after this long (the notification's time to live); OK goes at once. */
  delayMs: number;
  location?: Pick<Location, 'pathname' | 'replace'>;
}

/** Wires the OK button and the delayed redirect; returns the home it goes to (null: already home, nothing to do). */
export function startOfflinePage(ok: HTMLElement | null, opts: OfflinePageOptions): string | null {
  const loc = opts.location ?? window.location;
  const home = storeHome(loc.pathname, opts.storePrefixes);
  const atHome = loc.pathname === home || `${loc.pathname}/` === home;
  // Home itself is not cached: going there would only come back here. OK tries again.
  const go = () => loc.replace(atHome ? loc.pathname : home);
  ok?.addEventListener('click', go, { once: true });
  if (atHome) return null;
  setTimeout(go, opts.delayMs);
  return home;
}
