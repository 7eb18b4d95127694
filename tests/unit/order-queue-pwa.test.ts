import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/lib/messages';
import { config } from '../../src/lib/config';
import { isLocalhost, registerServiceWorker, SW_STATES, workerFileIsValid } from '../../src/lib/pwa/register';
import { startOfflinePage, storeHome } from '../../src/lib/pwa/offline-page';
import {
  PRECACHE_GLOBS,
  PRECACHE_MAX_FILE_BYTES,
  precacheMaxBytes,
  precacheUrls,
  searchShellKey,
  searchShells,
  startUrls,
  checkoutPages,
  START_URL,
} from '../../src/lib/pwa/sw-config';
import { webAppManifest } from '../../src/lib/pwa/manifest';
import { watchOfflineIndicator } from '../../src/lib/pwa/indicator';
import { $notifications } from '../../src/lib/state/stores/notifications';
import { $orderNotices, clearOrderNotices, handleOrdersMessage } from '../../src/lib/state/sync/order-queue';
import { freshState } from './stores-fixtures';

/** A service worker as the registration code sees it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  unregistered = false;
  async unregister() {
    this.unregistered = true;
    return true;
  }
  findUpdate(w: FakeWorker) {
    this.installing = w;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registered: Array<{ url: string; scope?: string }> = [];
  constructor(
    public reg = new FakeRegistration(),
    public existing: FakeRegistration | undefined = undefined,
  ) {
    super();
  }
  async register(url: string, opts?: RegistrationOptions) {
    this.registered.push({ url, scope: opts?.scope });
    return this.reg as unknown as ServiceWorkerRegistration;
  }
  async getRegistration() {
    return this.existing as unknown as ServiceWorkerRegistration | undefined;
  }
}

const js = () => new Response('self.addEventListener("fetch",()=>{})', { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' } });

describe('service worker registration', () => {
  it('knows the localhost names', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'].map(isLocalhost)).toEqual([true, true, true, true]);
    expect(['shop.example', '10.0.0.1', 'localhost.example'].map(isLocalhost)).toEqual([false, false, false]);
  });

  it('accepts a worker file only when it exists and is javascript', async () => {
    expect(await workerFileIsValid('/sw.js', async () => js())).toBe(true);
    expect(await workerFileIsValid('/sw.js', async () => new Response('nope', { status: 404, headers: { 'content-type': 'text/javascript' } }))).toBe(false);
    expect(await workerFileIsValid('/sw.js', async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }))).toBe(false);
  });

  it('asks for the worker file with HEAD, and with GET only where HEAD is refused', async () => {
    const methods: string[] = [];
    const f = async (_: string, init?: RequestInit) => {
      methods.push(init?.method ?? 'GET');
      return init?.method === 'HEAD' ? new Response(null, { status: 405 }) : js();
    };
    expect(await workerFileIsValid('/sw.js', f)).toBe(true);
    expect(methods).toEqual(['HEAD', 'GET']);
  });

  it('on localhost unregisters and reloads instead of registering when the worker file is not javascript', async () => {
    const existing = new FakeRegistration();
    const container = new FakeContainer(undefined, existing);
    const reload = vi.fn();
    const reg = await registerServiceWorker({
      container: container as unknown as ServiceWorkerContainer,
      hostname: 'localhost',
      fetch: async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      reload,
      log: () => {},
    });
    expect(reg).toBeNull();
    expect(existing.unregistered).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(container.registered).toEqual([]);
  });

  it('registers from the root path and logs update found, installed and cached for offline on a first install', async () => {
    const container = new FakeContainer();
    const states: string[] = [];
    const fetchCheck = vi.fn(async () => js());
    await registerServiceWorker({
      container: container as unknown as ServiceWorkerContainer,
      hostname: 'shop.example',
      fetch: fetchCheck,
      onState: (s) => states.push(s),
      log: () => {},
    });
    expect(fetchCheck).not.toHaveBeenCalled();
    expect(container.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
    const w = new FakeWorker();
    container.reg.findUpdate(w);
    w.become('installed');
    expect(states).toEqual([SW_STATES.registered, 'update found', 'installed', 'cached for offline']);
  });

  it('an update installed while a worker controls the page is logged as updated and asks to refresh; refresh activates it and reloads', async () => {
    const container = new FakeContainer();
    container.controller = {};
    const states: string[] = [];
    const reload = vi.fn();
    let apply: (() => void) | null = null;
    await registerServiceWorker({
      container: container as unknown as ServiceWorkerContainer,
      hostname: 'localhost',
      fetch: async () => js(),
      onState: (s) => states.push(s),
      onNeedRefresh: (a) => (apply = a),
      reload,
      log: () => {},
    });
    const w = new FakeWorker();
    container.reg.findUpdate(w);
    w.become('installed');
    container.reg.waiting = w;
    expect(states.slice(1)).toEqual(['update found', 'installed', 'updated']);
    expect(apply).not.toBeNull();
    apply!();
    expect(w.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('refresh reloads at once when the update no longer waits (another tab applied it)', async () => {
    const container = new FakeContainer();
    container.controller = {};
    const reload = vi.fn();
    let apply: (() => void) | null = null;
    await registerServiceWorker({
      container: container as unknown as ServiceWorkerContainer,
      hostname: 'shop.example',
      onNeedRefresh: (a) => (apply = a),
      reload,
      log: () => {},
    });
    const w = new FakeWorker();
    container.reg.findUpdate(w);
    w.become('installed');
    container.reg.waiting = null;
    apply!();
    expect(w.posted).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an update already waiting when the page loads asks to refresh at once', async () => {
    const reg = new FakeRegistration();
    reg.waiting = new FakeWorker();
    const container = new FakeContainer(reg);
    container.controller = {};
    const ask = vi.fn();
    await registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, hostname: 'shop.example', onNeedRefresh: ask, log: () => {} });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('a registration that fails is only logged (§8): no error reaches the page', async () => {
    const container = new FakeContainer();
    const boom = new Error('SecurityError: the script has an unsupported MIME type');
    container.register = async () => {
      throw boom;
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, hostname: 'shop.example', log: () => {} }),
    ).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith('[sw] registration failed', boom);
    error.mockRestore();
  });

  it('without service worker support nothing happens', async () => {
    expect(await registerServiceWorker({ container: null })).toBeNull();
  });
});

describe('offline page', () => {
  afterEach(() => vi.useRealTimers());

  it('goes to the home of the store the path belongs to', () => {
    expect(storeHome('/de/rings/gold', ['/de', '/it'])).toBe('/de/');
    expect(storeHome('/it', ['/de', '/it'])).toBe('/it/');
    expect(storeHome('/rings', ['/de', '/it'])).toBe('/');
    expect(storeHome('/decor', ['/de'])).toBe('/');
    expect(storeHome('/de/rings', [])).toBe('/');
  });

  it('OK goes home at once, and without OK it goes after the delay', () => {
    vi.useFakeTimers();
    const ok = new EventTarget() as unknown as HTMLElement;
    const replace = vi.fn();
    const home = startOfflinePage(ok, { storePrefixes: ['/de'], delayMs: 5000, location: { pathname: '/de/watches', replace } as unknown as Location });
    expect(home).toBe('/de/');
    ok.dispatchEvent(new Event('click'));
    expect(replace).toHaveBeenCalledWith('/de/');
    const replace2 = vi.fn();
    startOfflinePage(null, { storePrefixes: [], delayMs: 5000, location: { pathname: '/watches', replace: replace2 } as unknown as Location });
    vi.advanceTimersByTime(4999);
    expect(replace2).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace2).toHaveBeenCalledWith('/');
  });

  it('on the home itself it does not loop: OK tries the same page again', () => {
    vi.useFakeTimers();
    const ok = new EventTarget() as unknown as HTMLElement;
    const replace = vi.fn();
    expect(startOfflinePage(ok, { storePrefixes: [], delayMs: 10, location: { pathname: '/', replace } as unknown as Location })).toBeNull();
    vi.advanceTimersByTime(100);
    expect(replace).not.toHaveBeenCalled();
    ok.dispatchEvent(new Event('click'));
    expect(replace).toHaveBeenCalledWith('/');
  });
});

describe('installability settings', () => {
  it('the manifest names the shop, its colours, icons for any purpose and maskable, and shortcuts', () => {
    const m = webAppManifest();
    expect(m).toMatchObject({
      name: config.shop.name,
      start_url: START_URL,
      scope: '/',
      display: 'standalone',
      theme_color: config.shop.themeColor,
      background_color: config.shop.backgroundColor,
    });
    expect(m.short_name).toBe('Pendle&James');
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    const sizes = (purpose: string) => m.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
    expect(m.shortcuts.map((s) => s.url)).toEqual(['/rings', '/watches', '/my-account']);
  });

  it('the install caches each store home and the start url', () => {
    expect(startUrls([''])).toEqual(['/', '/pwa.html']);
    expect(startUrls(['', '/de', '/it/'])).toEqual(['/', '/de/', '/it/', '/pwa.html']);
  });

  it('the search page keeps one shell per store, whatever the query', () => {
    expect(searchShells([''])).toEqual(['/search']);
    expect(searchShells(['', '/de', '/it/'])).toEqual(['/search', '/de/search', '/it/search']);
    expect(checkoutPages(['', '/de', '/it/'])).toEqual(['/checkout', '/de/checkout', '/it/checkout']);
    expect(searchShellKey('https://shop.test/search?q=ring&color=12#top')).toBe('https://shop.test/search');
    expect(PRECACHE_GLOBS).toContain('{,*/}search-listing.json');
  });

  it('precache urls: a folder index is its folder, a named html file keeps its name', () => {
    const entry = (url: string) => ({ url, revision: 'r', size: 1 });
    const { manifest } = precacheUrls([
      entry('index.html'),
      entry('offline/index.html'),
      entry('panels/faqList.html'),
      entry('de/panels/storeslist.html'),
      entry('_astro/a.js'),
    ]);
    // Sorted by URL: a sharded build's merge unites the shards' lists into this one order.
    expect(manifest.map((e) => e.url)).toEqual(['/', '_astro/a.js', 'de/panels/storeslist.html', 'offline', 'panels/faqList.html']);
  });

  it('a file too big for the precache (a very large search index) is left out with a warning, not a failed build', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { manifest } = precacheUrls(
      [
        { url: 'search-index.json', revision: 'r', size: 9 * 1024 * 1024 },
        { url: 'offline/index.html', revision: 'r', size: 2000 },
      ],
      8 * 1024 * 1024,
    );
    expect(manifest.map((e) => e.url)).toEqual(['offline']);
    expect(String(warn.mock.calls[0]?.[0])).toContain('search-index.json (9.0 MB) is left out of the precache');
    warn.mockRestore();
  });

  it('the precache cut is 8 MiB unless PWA_PRECACHE_MAX_BYTES sets it; a bad value names the variable', () => {
    expect(PRECACHE_MAX_FILE_BYTES).toBe(8 * 1024 * 1024);
    expect(precacheMaxBytes({})).toBe(PRECACHE_MAX_FILE_BYTES);
    expect(precacheMaxBytes({ PWA_PRECACHE_MAX_BYTES: '' })).toBe(PRECACHE_MAX_FILE_BYTES);
    expect(precacheMaxBytes({ PWA_PRECACHE_MAX_BYTES: '40000' })).toBe(40_000);
    for (const bad of ['0', '-5', '1.5', '40kB', 'lots']) {
      expect(() => precacheMaxBytes({ PWA_PRECACHE_MAX_BYTES: bad })).toThrow(
        `PWA_PRECACHE_MAX_BYTES: expected a positive whole number of bytes, got '${bad}'`,
      );
    }
  });

  it('precaches assets, the offline page, the list panels and the search index but no other html', () => {
    expect(PRECACHE_GLOBS).toContain('offline/index.html');
    expect(PRECACHE_GLOBS).toContain('{,*/}search-index.json');
    expect(PRECACHE_GLOBS.some((g) => g.startsWith('_astro/'))).toBe(true);
    expect(PRECACHE_GLOBS.filter((g) => g.includes('html'))).toEqual(['offline/index.html', '{,*/}panels/*.html']);
  });
});

describe('offline indicator', () => {
  it('shows while offline and marks the document', () => {
    const classes = new Set<string>();
    const win = Object.assign(new EventTarget(), {
      navigator: { onLine: true },
      document: { documentElement: { classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) } } },
    });
    const el = { hidden: false } as HTMLElement;
    const stop = watchOfflineIndicator(el, win as unknown as Window);
    expect(el.hidden).toBe(true);
    win.navigator.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(el.hidden).toBe(false);
    expect(classes.has('is-offline')).toBe(true);
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(el.hidden).toBe(true);
    stop();
    win.navigator.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(el.hidden).toBe(true);
  });
});

describe('service worker reports of orders it sent', () => {
  beforeEach(() => {
    freshState();
    clearOrderNotices();
  });

  it('sent orders are told in the panel once, cancelled ones as a notification with OK', () => {
    handleOrdersMessage({ type: 'orders-changed', sent: ['a-1', 'a-2'], cancelled: [{ order_id: 'b-1', message: messages.orderProductsOutOfStock }] });
    handleOrdersMessage({ type: 'orders-changed', sent: ['a-1'], cancelled: [] });
    expect($orderNotices.get()).toEqual([
      { order_id: 'a-1', kind: 'sent', message: messages.offlineOrderSent },
      { order_id: 'a-2', kind: 'sent', message: messages.offlineOrderSent },
    ]);
    expect($notifications.get().map((n) => [n.message, n.type, n.action1?.label])).toEqual([[messages.orderProductsOutOfStock, 'error', 'OK']]);
  });

  it('ignores other messages', () => {
    handleOrdersMessage({ type: 'something-else', sent: ['x'] });
    handleOrdersMessage(null);
    expect($orderNotices.get()).toEqual([]);
  });
});
