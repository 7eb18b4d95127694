/**
 * Steps the engine journeys share (./journeys.ts): waiting for a page state, reading what a shopper
 * sees, a fresh site, the network going away and coming back in the way each engine can, and the
 * checkout a guest fills in.
 */
import { debug, type Engine, type Tab, type Target } from './driver';
import { isNoAnswer } from './bounded';
import type { EngineShop } from './shop';

export interface Run {
  engine: Engine;
  shop: EngineShop;
  /** Where a failing journey's screenshots go. */
  shots: string;
}

/** Polls `read` (in Node, usually a tab.evaluate) until `ok` holds; fails with what was last seen. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeout = 20_000): Promise<T> {
  const end = Date.now() + timeout;
  debug(`wait for ${what}`);
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (err) {
      // A driver that left a call unanswered will not answer the next one either.
      if (isNoAnswer(err)) throw err;
      error = err;
    }
    if (Date.now() > end) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}; last seen: ${JSON.stringify(last) ?? String(error)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The page's visible text, whitespace folded. */
export const pageText = (tab: Tab): Promise<string> => tab.evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' '));

/** Waits until the page shows this text (or matches the pattern). */
export function seeText(tab: Tab, text: string | RegExp, timeout = 20_000): Promise<string> {
  const ok = (s: string) => (typeof text === 'string' ? s.includes(text) : text.test(s));
  return until(() => pageText(tab), ok, `the text ${String(text)}`, timeout);
}

/** Waits until the page no longer shows this text. */
export function seeNoText(tab: Tab, text: string, timeout = 20_000): Promise<string> {
  return until(
    () => pageText(tab),
    (s) => !s.includes(text),
    `the text "${text}" to go`,
    timeout,
  );
}

/** Counts the elements matching a CSS selector. */
export const count = (tab: Tab, css: string): Promise<number> => tab.evaluate((s) => document.querySelectorAll(s).length, css);

/** Waits until a CSS selector matches `n` elements (or satisfies the test). */
export function seeCount(tab: Tab, css: string, ok: (n: number) => boolean, what: string, timeout = 20_000): Promise<number> {
  return until(() => count(tab, css), ok, `${what} (${css})`, timeout);
}

/** The path and query of the tab's address. */
export async function pathOf(tab: Tab): Promise<string> {
  const u = new URL(await tab.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the address' path and query match. */
export function seePath(tab: Tab, re: RegExp, timeout = 20_000): Promise<string> {
  return until(
    () => pathOf(tab),
    (p) => re.test(p),
    `the address ${re}`,
    timeout,
  );
}

/** Waits until the service worker controls the page (first visit: installed, precached, claimed). */
export function controlled(tab: Tab, timeout = 120_000): Promise<boolean> {
  return until(
    () => tab.evaluate(() => !!navigator.serviceWorker?.controller),
    (v) => v,
    'the service worker to control the page',
    timeout,
  );
}

/**
 * Waits until every island that starts by itself (client:load, client:idle) is hydrated; those that
 * wait for the shopper's touch (client:interact) or for being scrolled to (client:visible) stay static.
 */
export function hydrated(tab: Tab): Promise<number> {
  return seeCount(tab, 'astro-island[ssr]:not([client="interact"]):not([client="visible"])', (n) => n === 0, "the page's islands hydrated");
}

/**
 * Empties what the site stored in this browser (every IndexedDB store, localStorage, sessionStorage,
 * cookies; the worker and its caches stay) so a journey starts as a new shopper. The databases are
 * emptied, not deleted: a deletion waits for every open connection (the page's own, the worker's).
 */
export async function freshShopper(tab: Tab, base: string): Promise<void> {
  await tab.goto(`${base}/`);
  await tab.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0; path=/`;
    // The worker's own databases (workbox-*) stay with it.
    const dbs = ((await indexedDB.databases?.()) ?? []).filter((d) => d.name && !d.name.startsWith('workbox'));
    await Promise.all(
      dbs.map(
        (d) =>
          new Promise<void>((done) => {
            const req = indexedDB.open(d.name!);
            req.onerror = req.onblocked = () => done();
            req.onsuccess = () => {
              const db = req.result;
              const names = [...db.objectStoreNames];
              if (!names.length) return (db.close(), done());
              const tx = db.transaction(names, 'readwrite');
              for (const n of names) tx.objectStore(n).clear();
              tx.oncomplete = tx.onerror = tx.onabort = () => (db.close(), done());
            };
          }),
      ),
    );
  });
  await tab.goto(`${base}/`);
}

/**
 * The network goes away for these tabs. The shop's server is cut off (every connection dropped and
 * refused, as when the server stops): Firefox's offline emulation covers the pages, not the service
 * worker's own requests, and WebKitWebDriver has none. The pages are told what the engine tells them
 * when the device goes offline (navigator.onLine false, the `offline` event): by Firefox's emulation,
 * in WebKit by the journey.
 */
export async function goOffline(run: Run, tabs: Tab[]): Promise<void> {
  await run.shop.cut();
  if (run.engine.emulatesOffline) return run.engine.setOffline(true);
  for (const tab of tabs) {
    await tab.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });
  }
}

/** The network comes back for these tabs (each gets its `online` event). */
export async function goOnline(run: Run, tabs: Tab[]): Promise<void> {
  run.shop.restore();
  if (run.engine.emulatesOffline) return run.engine.setOffline(false);
  for (const tab of tabs) {
    await tab.evaluate(() => {
      delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
    });
  }
}

/**
 * What the page was doing, for a failing journey's report: its address, whether it is shown (a tab
 * in the background paints nothing, so the page scripts that wait for the first paint start late),
 * which page scripts, chunks and lazy islands it loaded, its dialogs, the message a page left for
 * the next (sessionStorage), and the errors `watchErrors` collected since.
 */
export function pageState(tab: Tab): Promise<Record<string, unknown>> {
  return tab.evaluate(() => ({
    href: location.href,
    visibility: document.visibilityState,
    focused: document.hasFocus(),
    painted: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
    scripts: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src.split('/').pop()),
    lazy: [...document.querySelectorAll('body > [class$="-host"]')].map((e) => `${e.className}${e.childElementCount ? '' : ' (empty)'}`),
    chunks: performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('/_astro/') && r.name.endsWith('.js'))
      .map((r) => `${r.name.split('/').pop()} at ${Math.round(r.startTime)} ms`),
    dialogs: [...document.querySelectorAll('dialog')].map((d) => `${d.open ? 'open' : 'closed'}: ${(d.textContent ?? '').trim().slice(0, 60)}`),
    flash: sessionStorage.getItem('shop-flash'),
    errors: (window as { engineErrors?: string[] }).engineErrors ?? 'not watched',
    // What the tab's earlier pages collected (watchErrors keeps it in the tab's sessionStorage too).
    earlierErrors: JSON.parse(sessionStorage.getItem('engine-errors') ?? '[]') as string[],
  }));
}

/** Collects the page's script errors, failed loads and console errors into what `pageState` reports. */
export function watchErrors(tab: Tab): Promise<void> {
  return tab.evaluate(() => {
    const w = window as { engineErrors?: string[] };
    if (w.engineErrors) return;
    const errors: string[] = (w.engineErrors = []);
    const note = (line: string) => {
      errors.push(line);
      const kept = JSON.parse(sessionStorage.getItem('engine-errors') ?? '[]') as string[];
      sessionStorage.setItem('engine-errors', JSON.stringify([...kept, `${location.pathname}: ${line}`].slice(-20)));
    };
    addEventListener('error', (e) => note(`error: ${e.message ?? ''} ${(e.target as Element | null)?.outerHTML?.slice(0, 120) ?? ''}`), true);
    addEventListener('unhandledrejection', (e) => note(`rejection: ${String(e.reason)}`));
    const log = console.error.bind(console);
    console.error = (...args: unknown[]) => (note(`console.error: ${args.map(String).join(' ')}`), log(...args));
  });
}

/** Fills a field found by its label (the first visible one). */
export const fillLabel = (tab: Tab, label: string | RegExp, value: string, css?: string) => tab.fill({ label, ...(css ? { css } : {}) }, value);

/** Clicks a button by its text (or its aria-label). */
export const clickButton = (tab: Tab, text: string | RegExp, css = 'button') => tab.click({ css, text });

/** Checks a choice (radio or checkbox) by its label. */
export const choose = (tab: Tab, label: string | RegExp, css = 'input'): Promise<void> => tab.click({ css, label } satisfies Target);

/** Steps 1 to 4 of the checkout as a guest: name and e-mail, a Preston address with free delivery, cash on delivery, the terms. */
export async function guestCheckout(tab: Tab, email: string): Promise<void> {
  await until(
    () => count(tab, 'input[name="email"], input[type="email"]'),
    (n) => n > 0,
    'the checkout form',
  );
  await fillLabel(tab, 'First name', 'Grace');
  await fillLabel(tab, 'Last name', 'Hopper');
  await fillLabel(tab, 'E-mail address', email);
  await clickButton(tab, /^Continue$/);
  await fillLabel(tab, 'Street and number', '1 Fishergate');
  await fillLabel(tab, 'Town or city', 'Preston');
  await fillLabel(tab, 'Postcode', 'PR1 2AD');
  await fillLabel(tab, 'Phone number', '01772 203481');
  await choose(tab, /Free 2nd Class Delivery/);
  await clickButton(tab, /^Continue$/);
  await choose(tab, /^Cash on delivery/);
  await clickButton(tab, /^Continue$/);
  await choose(tab, 'I accept the terms and conditions');
}
