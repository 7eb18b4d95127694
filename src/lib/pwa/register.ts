/**
 * Service worker registration (spec §4 Service worker, §7): registered from the root path; the
 * states update found, installed, cached for offline and updated are logged, and 'updated' asks the
 * shopper to refresh. On localhost the worker file is fetched first: when it is missing or not
 * JavaScript, any registered worker is unregistered (and the page reloaded) instead. Failures are
 * only logged (§8).
 */

/** The states logged, in the words of the spec. */
export const SW_STATES = {
  registered: 'registered',
  updateFound: 'update found',
  installed: 'installed',
  cached: 'cached for offline',
  updated: 'updated',
} as const;
export type SwState = (typeof SW_STATES)[keyof typeof SW_STATES];

type Container = Pick<ServiceWorkerContainer, 'register' | 'getRegistration' | 'controller' | 'addEventListener'>;

export interface RegisterOptions {
  /** Worker file, at the root so its scope is the whole shop. */
  url?: string;
  scope?: string;
  /** Called when an update is installed and waiting; `apply` activates it and reloads. */
  onNeedRefresh?: (apply: () => void) => void;
  /** Called with each state (after it is logged). */
  onState?: (state: SwState) => void;
  container?: Container | null;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  hostname?: string;
  reload?: () => void;
  log?: (msg: string) => void;
}

/** True for the hosts treated as localhost (spec: the worker file is checked there first). */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** True when the worker file exists and is JavaScript (asked with HEAD: the page never downloads the worker itself). */
export async function workerFileIsValid(url: string, f: (url: string, init?: RequestInit) => Promise<Response>): Promise<boolean> {
  try {
    const init: RequestInit = { headers: { 'Service-Worker': 'script' }, cache: 'no-store' };
    let res = await f(url, { ...init, method: 'HEAD' });
    if (res.status === 405 || res.status === 501) res = await f(url, init);
    const type = res.headers.get('content-type') ?? '';
    return res.status !== 404 && res.ok && type.includes('javascript');
  } catch {
    // Offline: the file cannot be checked now; keep what is registered.
    return true;
  }
}

/** Follows an installing worker: installed, then cached for offline (first install) or updated (a new version waits). */
function track(reg: ServiceWorkerRegistration, container: Container, say: (s: SwState) => void, needRefresh: () => void): void {
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      say(SW_STATES.installed);
      if (container.controller) {
        say(SW_STATES.updated);
        needRefresh();
      } else {
        say(SW_STATES.cached);
      }
    });
  };
  reg.addEventListener('updatefound', () => {
    say(SW_STATES.updateFound);
    follow(reg.installing);
  });
  // An update that finished installing before this page loaded is waiting already.
  if (reg.waiting && container.controller) {
    say(SW_STATES.updated);
    needRefresh();
  } else if (reg.installing) {
    follow(reg.installing);
  }
}

/** Registers the service worker; resolves with the registration, or null when there is none (unsupported, invalid file, failure). */
export async function registerServiceWorker(opts: RegisterOptions = {}): Promise<ServiceWorkerRegistration | null> {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const container = opts.container === undefined ? (nav?.serviceWorker ?? null) : opts.container;
  const log = opts.log ?? ((m: string) => console.info(`[sw] ${m}`));
  if (!container) return null;
  const url = opts.url ?? '/sw.js';
  const scope = opts.scope ?? '/';
  const say = (s: SwState) => {
    log(s);
    opts.onState?.(s);
  };
  const hostname = opts.hostname ?? (typeof location !== 'undefined' ? location.hostname : '');
  try {
    if (isLocalhost(hostname) && !(await workerFileIsValid(url, opts.fetch ?? ((u, i) => fetch(u, i))))) {
      const existing = await container.getRegistration(scope);
      log('no valid worker file: unregistering');
      if (existing && (await existing.unregister())) (opts.reload ?? (() => location.reload()))();
      return null;
    }
    const reg = await container.register(url, { scope });
    say(SW_STATES.registered);
    const apply = () => {
      let reloaded = false;
      const reloadOnce = () => {
        if (reloaded) return;
        reloaded = true;
        (opts.reload ?? (() => location.reload()))();
      };
      const waiting = reg.waiting;
      // Nothing waits any more (another tab applied the update): the shopper asked to refresh, so reload.
      if (!waiting) return reloadOnce();
      container.addEventListener('controllerchange', reloadOnce);
      waiting.postMessage({ type: 'SKIP_WAITING' });
    };
    track(reg, container, say, () => opts.onNeedRefresh?.(apply));
    return reg;
  } catch (err) {
    console.error('[sw] registration failed', err);
    return null;
  }
}
