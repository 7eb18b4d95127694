/**
 * The one URL of each page, as the CDN edge (./worker.ts) and the shop's server (server/static.ts)
 * answer it. The build writes a page as `dir/index.html` and every link, canonical tag, sitemap entry,
 * redirect target and the service worker name it `/dir`: that form answers 200 itself. The other
 * forms move there with a 301: `/dir/`, `/dir/index.html`, `/index.html`. A store view's home is
 * the exception (`/de/`, like `/`): `/de` and `/de/index.html` move to it.
 *
 * Cloudflare Pages (and Netlify) put a slash after a folder's name with their own redirect
 * (`/dir` -> `/dir/`, 308); the edge function therefore fetches the folder form of a page from the
 * asset server (`assetPaths`) and never passes that redirect on. Pure: no Node APIs.
 */

/** The canonical path a request path moves to; null when it is canonical already. `storeRoots`: the store views' homes (`/`, `/de/`). */
export function canonicalMove(path: string, storeRoots: readonly string[] = ['/']): string | null {
  // One leading slash: `//host/` must never become a Location another host would be read from.
  const single = path.replace(/^\/{2,}/, '/');
  const bare = single.replace(/\/index\.html$/, '/').replace(/\/+$/, '') || '/';
  const root = storeRoots.find((r) => r !== '/' && r.replace(/\/+$/, '') === bare);
  const canonical = root ?? bare;
  return canonical === path ? null : canonical;
}

/** The last segment has no extension: a page's path (`/rings`), not a file's (`/sw.js`, `/pwa.html`). */
const isPagePath = (path: string): boolean => !/\.[^/]*$/.test(path);

/**
 * The asset-server paths a canonical path is fetched as, in order: a page's folder form first
 * (`/rings` -> `/rings/`, its `index.html`), then the path itself (a file, or `/about` as `about.html`).
 */
export function assetPaths(path: string): string[] {
  return isPagePath(path) && !path.endsWith('/') ? [`${path}/`, path] : [path];
}

/**
 * The page-not-found page at its own URL (`/page-not-found`, `/de/page-not-found`) and the 404 body's
 * file (`/404.html`, `/404`): their status is 404 wherever they are asked for, as Vue Storefront
 * answers its page-not-found route, so a crawler never takes them for a page (a "soft 404").
 */
export function isNotFoundPage(path: string, storeRoots: readonly string[] = ['/']): boolean {
  return storeRoots.some((root) => {
    const base = root.endsWith('/') ? root : `${root}/`;
    return path === `${base}page-not-found` || path === `${base}404.html` || path === `${base}404`;
  });
}

/**
 * The lower-case form of a path that has capitals (`/RINGS`, `/About-Us`), null when it has none: every
 * page, category and CMS address the shop makes is lower case, so an address typed or linked with
 * capitals that answers nothing moves there (or where that old URL moves) with a 301, rather than
 * ending on the 404 page. Only a path that answers nothing as it is: a SKU route keeps its capitals.
 */
export function lowerCasePath(path: string): string | null {
  const lower = path.toLowerCase();
  return lower === path ? null : lower;
}
