/** Names and limits shared by the service worker (src/sw.ts), its tests and docs/offline.md. */

/** Run-time caches (the precache is Workbox's own). */
export const CACHE_NAMES = {
  pages: 'pj-pages',
  assets: 'pj-assets',
  images: 'pj-images',
} as const;

/** The offline page (precached): shown for a page that is neither online nor cached. */
export const OFFLINE_PAGE = '/offline';

/** A page request waits this long for the network before the cached copy answers. */
export const NETWORK_TIMEOUT_S = 3;

const DAY_S = 24 * 60 * 60;
/** Visited pages kept for offline use. */
export const PAGE_CACHE_LIMITS = { maxEntries: 80, maxAgeSeconds: 14 * DAY_S };
/** Hashed assets of earlier versions (the current ones are precached). */
export const ASSET_CACHE_LIMITS = { maxEntries: 400, maxAgeSeconds: 60 * DAY_S };
/** Product and content images. */
export const IMAGE_CACHE_LIMITS = { maxEntries: 400, maxAgeSeconds: 30 * DAY_S };

/** Start URL of the installed app (web app manifest). */
export const START_URL = '/pwa.html';

/** Pages fetched into the page cache at install: each store's home and the app's start URL. */
export function startUrls(storePrefixes: string[]): string[] {
  const homes = storePrefixes.map((p) => (p ? `${p.replace(/\/$/, '')}/` : '/'));
  return [...new Set([...homes, START_URL])];
}

/** Precache patterns (relative to dist/): hashed assets, the offline page, the search index, manifest and icons. Not the HTML pages. */
export const PRECACHE_GLOBS = [
  '_astro/**/*.{js,css,woff2}',
  'offline/index.html',
  'search-index.json',
  'favicon.svg',
  'icons/*.png',
];
