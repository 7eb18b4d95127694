/// <reference lib="webworker" />
/**
 * The service worker (spec §4 Service worker, §7; built by @vite-pwa/astro, injectManifest).
 * - Precache: the hashed assets, the offline page, the search index, the manifest and icons (the
 *   list comes from `injectManifest.globPatterns` in astro.config.mjs), never every HTML page.
 * - Run time: pages network first (3 s timeout, then the cached copy, then the offline page; the
 *   search results page keeps one shell for every query, fetched at install); hashed
 *   assets and product images cache first, bounded by count and age. The home pages and the
 *   installed app's start URL are fetched into the page cache at install, so the shop opens offline.
 * - Update safety: a new worker waits until the shopper accepts the refresh (no skipWaiting on its
 *   own); the hashed assets of the previous version are kept in the asset cache, so a page of the old
 *   version still finds its own scripts and styles; HTML is never served from the precache.
 * - Orders: Background Sync 'orderSync' really sends the queue (the same IndexedDB store and lock as
 *   the page: src/lib/state/sync/order-send.ts), then tells the open pages.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { config, enabledStoreViews } from './lib/config';
import { messages } from './lib/messages';
import { collection, KEYS } from './lib/state/storage';
import { ORDER_SYNC_TAG, ORDERS_CHANNEL, sendPendingOrders, type SendOutcome } from './lib/state/sync/order-send';
import { orderLockAvailable } from './lib/state/sync/order-lock';
import { WARM_DELAY_MS, warmSplitSearch } from './lib/pwa/search-warm';
import {
  CACHE_NAMES,
  OFFLINE_PAGE,
  PAGE_CACHE_LIMITS,
  ASSET_CACHE_LIMITS,
  IMAGE_CACHE_LIMITS,
  SEARCH_FILE_CACHE_LIMITS,
  isSplitSearchFile,
  NETWORK_TIMEOUT_S,
  searchShellKey,
  SEARCH_ANSWER_HEADER,
  searchShells,
  startUrls,
  checkoutPages,
} from './lib/pwa/sw-config';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const log = (...args: unknown[]) => console.info('[sw]', ...args);

// A split search index (a large catalogue): a few seconds after a page is opened (its own requests
// first), every file of the index and of the search listing, downloaded in bundles and put in the cache
// their cache-first route reads, so that any query is answered offline (src/lib/pwa/search-warm.ts). Once a worker's life; a build
// warmed whole is marked in the data cache and not looked at again. Listening before the routes
// below: a listener after the one that answers a request (respondWith) is not called.
let warming: Promise<void> | null = null;
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate' || warming) return;
  const pathname = new URL(event.request.url).pathname;
  warming = new Promise<void>((resolve) => setTimeout(resolve, WARM_DELAY_MS)).then(() => warmSearch(pathname));
  event.waitUntil(warming);
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [new ExpirationPlugin({ ...PAGE_CACHE_LIMITS, purgeOnQuotaError: true })],
});

// The search results page: one copy of its shell per store, whatever the query (it reads ?q= itself),
// fetched at install, so a search shows its results offline too. Before the pages route: first match wins.
const searchPages = new Set(searchShells(enabledStoreViews().map((s) => s.url)));
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && searchPages.has(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => searchShellKey(request.url),
        // A query's answer from the server is shown, not kept: the shell kept answers every query.
        cacheWillUpdate: async ({ response }) => (response.headers.has(SEARCH_ANSWER_HEADER) ? null : response),
      },
      new ExpirationPlugin({ ...PAGE_CACHE_LIMITS, purgeOnQuotaError: true }),
    ],
  }),
);

// Pages: network first; offline or too slow, the copy from the last visit.
// Not the API, nor the editors' publishing page (server-rendered, private: never kept in a cache).
registerRoute(({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/_publish'), pages);

// Hashed assets of any version (the precache holds the current ones): cache first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({ cacheName: CACHE_NAMES.assets, plugins: [new ExpirationPlugin({ ...ASSET_CACHE_LIMITS, purgeOnQuotaError: true })] }),
);

// Product and CMS images through the image proxy, and the snapshot's media: cache first.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && (request.destination === 'image' || url.pathname.startsWith('/img/')),
  new CacheFirst({ cacheName: CACHE_NAMES.images, plugins: [new ExpirationPlugin({ ...IMAGE_CACHE_LIMITS, purgeOnQuotaError: true })] }),
);

// The search index and the search page's listing when too big for the precache (a very large
// catalogue): cached on first use, refreshed in the background, so search keeps working offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.endsWith('/search-index.json') || url.pathname.endsWith('/search-listing.json')),
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.data }),
);

// The files of a split search index: named by a digest of their content, so cache first; a query
// searched online is answered offline afterwards from the files it fetched.
const searchFiles = new CacheFirst({
  cacheName: CACHE_NAMES.search,
  plugins: [new ExpirationPlugin({ ...SEARCH_FILE_CACHE_LIMITS, purgeOnQuotaError: true })],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && isSplitSearchFile(url.pathname), searchFiles);

// A page neither online nor cached: the offline page (it tells the shopper and goes home).
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' || request.destination === 'document') {
    const offline = (await matchPrecache(OFFLINE_PAGE)) ?? (await caches.match(OFFLINE_PAGE));
    if (offline) return offline;
  }
  return Response.error();
});

self.addEventListener('install', (event) => {
  log('installing');
  event.waitUntil(
    (async () => {
      // Keep the previous version's hashed assets: its open pages may still load a chunk lazily.
      const assets = await caches.open(CACHE_NAMES.assets);
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          const url = new URL(req.url);
          if (!url.pathname.startsWith('/_astro/')) continue;
          const res = await cache.match(req);
          if (res) await assets.put(url.pathname, res);
        }
      }
      // Bounded: versions older than the last few lose their assets first (keys are oldest first).
      const kept = await assets.keys();
      for (const old of kept.slice(0, Math.max(0, kept.length - ASSET_CACHE_LIMITS.maxEntries))) await assets.delete(old);
      // The homes, the installed app's start URL, the search page and the checkout work offline from the first visit.
      const pageCache = await caches.open(CACHE_NAMES.pages);
      const prefixes = enabledStoreViews().map((s) => s.url);
      await Promise.all(
        [...startUrls(prefixes), ...searchShells(prefixes), ...checkoutPages(prefixes)].map(async (u) => {
          try {
            const res = await fetch(u, { cache: 'no-cache' });
            if (res.ok) await pageCache.put(u, res);
          } catch (err) {
            log('could not cache', u, err);
          }
        }),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  log('activated');
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'SEND_ORDERS')
    event.waitUntil(
      sendAllOrders().then(
        () => undefined,
        () => undefined,
      ),
    );
});

async function warmSearch(pathname: string): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } };
  const marks = await caches.open(CACHE_NAMES.data);
  const files = await caches.open(CACHE_NAMES.search);
  // The files put from bundles count in the search files' limits as the route's own entries do.
  const expiry = new CacheExpiration(CACHE_NAMES.search, SEARCH_FILE_CACHE_LIMITS);
  const result = await warmSplitSearch({
    pathname,
    readHead: async (url) => ((await matchPrecache(url)) ?? (await fetch(url))).json(),
    isHeld: async (url) => !!(await files.match(url)),
    fetchBundle: async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return res.json();
    },
    putFile: async (url, text) => {
      await files.put(url, new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
      await expiry.updateTimestamp(url);
    },
    isOnline: () => nav.onLine !== false,
    saveData: () => !!nav.connection?.saveData,
    pause: async () => {
      await expiry.expireEntries();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    warmed: {
      has: async (key) => !!(await marks.match(`/__search-warmed/${key}`)),
      add: (key) => marks.put(`/__search-warmed/${key}`, new Response('')),
    },
  });
  log('search warmed', result);
}

// ---------------------------------------------------------------------------------------------
// Orders

async function tellPages(sent: string[], cancelled: Array<{ order_id: string; message: string }>): Promise<void> {
  const msg = { type: 'orders-changed', sent, cancelled };
  const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const c of open) c.postMessage(msg);
  try {
    const ch = new BroadcastChannel(ORDERS_CHANNEL);
    ch.postMessage(msg);
    ch.close();
  } catch {
    // BroadcastChannel missing: the pages were told by postMessage
  }
  // No page open to show the cancel messages: a system notification says it (when allowed).
  if (!open.length && cancelled.length && config.orders.offline_orders.notification.enabled) {
    for (const c of cancelled) await self.registration.showNotification(config.shop.name, { body: c.message, tag: `order-${c.order_id}` }).catch(() => {});
  }
}

/**
 * Sends the waiting orders of every enabled store view; rejects while some could not be sent (the
 * browser retries the sync). A customer's order goes only with that customer's stored session (no
 * token refresh here: an order whose session the API refuses is 'held' for a page to send). Without
 * Web Locks nothing is sent here: the pages send (see src/lib/state/sync/order-lock.ts).
 */
async function sendAllOrders(): Promise<SendOutcome[]> {
  const done: SendOutcome[] = [];
  let stopped = false;
  if (!orderLockAvailable()) {
    log('order sync: no Web Locks in this worker, the pages send the orders');
    return done;
  }
  for (const store of enabledStoreViews()) {
    const user = collection('user', store.storeCode);
    const [token, current] = await Promise.all([user.getItem<string>(KEYS.userToken), user.getItem<{ id?: string | number }>(KEYS.currentUser)]);
    const run = await sendPendingOrders(collection('orders', store.storeCode), { session: { token, customerId: current?.id ?? null } });
    done.push(...run.outcomes);
    stopped ||= run.stopped || run.outcomes.some((o) => o.kind === 'retry');
  }
  const cancelled = done.filter((o) => o.kind === 'cancelled').map((o) => ({ order_id: o.order.order_id, message: o.message ?? '' }));
  const sent = done.filter((o) => o.kind === 'sent').map((o) => o.order.order_id);
  if (done.length) await tellPages(sent, cancelled);
  log(`order sync: ${sent.length} sent, ${cancelled.length} cancelled${stopped ? ', some still waiting' : ''}`);
  if (stopped) {
    if (config.orders.offline_orders.notification.enabled) {
      await self.registration.showNotification(messages.offlineOrderWaiting, { body: messages.offlineOrderNotice, tag: ORDER_SYNC_TAG }).catch(() => {});
    }
    throw new Error('orders still waiting');
  }
  return done;
}

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };
self.addEventListener(
  'sync' as 'message',
  ((event: SyncEvent) => {
    if (event.tag === ORDER_SYNC_TAG) event.waitUntil(sendAllOrders());
  }) as unknown as (e: ExtendableMessageEvent) => void,
);
