/** Names and limits shared by the service worker (src/sw.ts), its tests and docs/offline.md. */

/** Run-time caches (the precache is Workbox's own). */
export const CACHE_NAMES = {
  pages: 'pj-pages',
  assets: 'pj-assets',
  images: 'pj-images',
  data: 'pj-data',
  search: 'pj-search',
} as const;

/**
 * Largest file the precache takes (raw bytes). The search index grows about 1.2 MB per 10,000
 * products (6 MB at 50,000, still precached); from about 65,000 products it stays out and the
 * worker caches it at run time the first time the shopper searches (src/sw.ts), so search still
 * works offline afterwards. Workbox's own 2 MiB cut failed the 50,000-product build.
 */
export const PRECACHE_MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Workbox's own size cut, set out of reach: `precacheUrls` is the one cut (with its warning). Above
 * Workbox's cut @vite-pwa/astro fails the build, and a fixed one only moves the failure: at 64 MB
 * the 1,000,000-product build failed on its 278 MB search listing after 16 minutes of pages.
 */
export const WORKBOX_FILE_SIZE_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The precache cut of this build: `PWA_PRECACHE_MAX_BYTES` (a build setting, raw bytes) or
 * PRECACHE_MAX_FILE_BYTES. Tests build with a small cut to send the search index through the
 * run-time route; a value that is not a positive whole number stops the build naming the variable.
 */
export function precacheMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PWA_PRECACHE_MAX_BYTES;
  if (raw === undefined || raw === '') return PRECACHE_MAX_FILE_BYTES;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new Error(`PWA_PRECACHE_MAX_BYTES: expected a positive whole number of bytes, got '${raw}'`);
  }
  return n;
}

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
/**
 * Files of a split search index and listing (search-index/{digest}/…, search-listing/{digest}/…,
 * named by their content, so never stale), fetched by queries and by the background warming
 * (./search-warm): a build of 100,000 generated products has about 24,100 of them (postings 1,024,
 * records 7,529, tile buckets 15,057, facet and price files 472), so two builds fit.
 */
export const SEARCH_FILE_CACHE_LIMITS = { maxEntries: 50_000, maxAgeSeconds: 30 * DAY_S };

/** A file of a split search index or of its split listing (docs/search.md "At scale"): /search-index/{digest}/p-3.json, /de/search-index/{digest}/d-12.json, /search-listing/{digest}/d-12.json, /search-listing/{digest}/facets/d-0.json, /search-listing/{digest}/prices/d-0.json. */
export function isSplitSearchFile(pathname: string): boolean {
  return /\/search-index\/[0-9a-f]+\/[pd]-\d+\.json$|\/search-listing\/[0-9a-f]+\/((facets|prices)\/)?d-\d+\.json$/.test(pathname);
}

/** Start URL of the installed app (web app manifest). */
export const START_URL = '/pwa.html';

/** Pages fetched into the page cache at install: each store's home and the app's start URL. */
export function startUrls(storePrefixes: string[]): string[] {
  const homes = storePrefixes.map((p) => (p ? `${p.replace(/\/$/, '')}/` : '/'));
  return [...new Set([...homes, START_URL])];
}

/**
 * The search results page of each store ('/search', '/de/search'). Its shell is the same for every
 * query (the page reads ?q= itself), so the worker fetches it at install and keeps one copy per store,
 * answered offline for any query: search works offline like the panel.
 */
export function searchShells(storePrefixes: string[]): string[] {
  return inEachStore(storePrefixes, '/search');
}

/** A page's path under each store's prefix ('/checkout' -> '/checkout', '/de/checkout'), once each. */
function inEachStore(storePrefixes: string[], path: string): string[] {
  return [...new Set(storePrefixes.map((p) => `${p.replace(/\/+$/, '')}${path}`))];
}

/**
 * The checkout of each store ('/checkout', '/de/checkout'): the same page for every shopper (the bag and
 * the steps are the browser's), fetched into the page cache at install, so a shopper who goes offline
 * before ever opening it can still check out and have the order queued (§1, §4 Offline order).
 */
export function checkoutPages(storePrefixes: string[]): string[] {
  return inEachStore(storePrefixes, '/checkout');
}

/**
 * The header of a search page the server answered for its query (server/search-page.ts: the query's
 * results written in). The worker keeps such an answer out of the page cache: the one copy it keeps
 * per store answers every query offline, so it must be the shell as built, not one query's results.
 */
export const SEARCH_ANSWER_HEADER = 'X-Search-Answer';

/** The page-cache key of a search page request: the shell's URL, without the query. */
export function searchShellKey(url: string): string {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  return u.href;
}

/**
 * Precache patterns (relative to dist/): hashed assets, the offline page, the list panels' fragments, the search index and the search page's listing, manifest and icons. Not the HTML pages.
 * The per-store files sit at the top or one folder down (`de/panels/...`), and the brace patterns
 * below reach exactly those two levels. A pattern starting with two stars made Workbox walk every page folder of the site (23,000 folders at 10,000
 * products, about 7 s of each build and rebuild) three times to find five files.
 */
export const PRECACHE_GLOBS = [
  '_astro/**/*.{js,css,woff2}',
  'offline/index.html',
  '{,*/}panels/*.html',
  '{,*/}search-index.json',
  '{,*/}search-listing.json',
  'favicon.svg',
  'icons/*.png',
];

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * Precache URLs as the shop serves them: `dir/index.html` is `/dir` (Astro's directory format),
 * a file named `x.html` (the list panels' fragments) stays `x.html`. Replaces @vite-pwa/astro's
 * own transform, which cuts every `.html` name down to its folder ('panels/faqList.html' became
 * 'panels', twice, and the install failed).
 */
export function precacheUrls(entries: ManifestEntry[], maxBytes = PRECACHE_MAX_FILE_BYTES): { manifest: ManifestEntry[]; warnings: string[] } {
  const warnings: string[] = [];
  const kept = entries.filter((e) => {
    if (e.size <= maxBytes) return true;
    // A warning, not a failure: the build goes on and the file is cached at run time instead.
    console.warn(`[pwa] ${e.url} (${(e.size / 1024 / 1024).toFixed(1)} MB) is left out of the precache; it is cached at run time when first used`);
    return false;
  });
  for (const e of kept) {
    const url = e.url.replace(/^\//, '');
    if (url === 'index.html') e.url = '/';
    else if (url.endsWith('/index.html')) e.url = url.slice(0, -'/index.html'.length);
  }
  // By URL, not in the order of the folder scan: a sharded build's merge unites the shards' lists
  // into this same order (mergePrecache, src/lib/build/merge.ts).
  kept.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { manifest: kept, warnings };
}

/**
 * The entries @vite-pwa/astro adds after the transforms (its web app manifest): they end the list,
 * after the sorted ones.
 */
export const APPENDED_PRECACHE_URLS: ReadonlySet<string> = new Set(['manifest.webmanifest']);

/** The built service worker's file, and the call Workbox writes its precache list into. */
export const SW_FILE = 'sw.js';
export const PRECACHE_CALL = 'precacheAndRoute([';
