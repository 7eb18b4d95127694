/**
 * One driver interface over the two engines the shop's own Playwright suite cannot drive here:
 * Firefox ESR through puppeteer-core (WebDriver BiDi) and WebKitGTK's MiniBrowser through
 * WebKitWebDriver with WebdriverIO (W3C WebDriver classic), under an Xvfb this module starts on a
 * free display and stops again. The journeys (./journeys.ts) are written once against `Tab`.
 *
 * An element is found in the page by a `Target` (a CSS selector, narrowed by its text or by its
 * label), marked with a data attribute, and then clicked or typed into by the engine's own input
 * (real pointer and key events, not a DOM call).
 */
import puppeteer, { type Browser as PBrowser, type Page as PPage } from 'puppeteer-core';
import { spawn } from 'node:child_process';
import { FIREFOX, MINIBROWSER, WEBKIT_DRIVER, needBrowser, startXvfb, stopper, webkitSession } from '../../scripts/lib/engine-processes';
import { freePort } from '../../scripts/bench/lib/server';
import { boundAll, boundDriverRequests, bounded, CALL_MS, noAnswerOr } from './bounded';

export type EngineName = 'firefox' | 'webkit';

/** What an element is: CSS, and optionally its text (contains, or a pattern) or its label's text. */
export interface Target {
  css?: string;
  text?: string | RegExp;
  label?: string | RegExp;
}

export interface Tab {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  click(t: Target): Promise<void>;
  fill(t: Target, value: string): Promise<void>;
  select(t: Target, value: string): Promise<void>;
  /** A real key press (down and up) on the focused element, as the engine's input would deliver it. */
  press(key: 'ArrowRight' | 'ArrowLeft'): Promise<void>;
  /** Types the text with real key presses, one character after the other, into whatever has the focus. */
  type(text: string): Promise<void>;
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /**
   * Runs a script's source text (a library such as axe-core) in the page as the driver's own script:
   * the shop's CSP refuses `eval` and inline script tags, but not what the driver runs.
   */
  runSource(source: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** True when the engine emulates "offline" (navigator.onLine false, requests fail); else the journeys cut the server off. */
  emulatesOffline: boolean;
  newTab(): Promise<Tab>;
  /** Emulated offline for every open tab (engines with `emulatesOffline`). */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Marks the first visible element matching the target with data-engine-target=key; false when none. */
function markScript(arg: { css: string; text: string | null; re: string | null; label: string | null; labelRe: string | null; key: string }): boolean {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const textOk = (s: string) => (arg.re ? new RegExp(arg.re).test(s) : arg.text === null || s.includes(arg.text));
  const labelOk = (s: string) => (arg.labelRe ? new RegExp(arg.labelRe).test(s) : arg.label === null || s.startsWith(arg.label));
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden';
  };
  const labelOf = (el: Element) => {
    const aria = el.getAttribute('aria-label');
    if (aria) return norm(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return norm(
        by
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) return norm(labels[0]!.textContent);
    return '';
  };
  document.querySelectorAll(`[data-engine-target="${arg.key}"]`).forEach((e) => e.removeAttribute('data-engine-target'));
  for (const el of document.querySelectorAll(arg.css)) {
    if (!textOk(norm(el.textContent)) && !textOk(norm(el.getAttribute('aria-label')))) continue;
    if ((arg.label !== null || arg.labelRe !== null) && !labelOk(labelOf(el))) continue;
    // A checkbox or radio drawn by its label: the label is what the shopper sees and clicks.
    const shown = visible(el) ? el : (el as HTMLInputElement).labels?.[0];
    if (!shown || !visible(shown)) continue;
    shown.scrollIntoView({ block: 'center' });
    // Nothing on the page is still moving in (a toast slides and fades in over the header's bag for
    // a quarter of a second, a drawer slides in): until it has settled, what is over the element
    // is not yet where the shopper sees it. Endless animations (a spinner) are not waited for.
    const moving = document
      .getAnimations()
      .some((a) => a.playState !== 'finished' && a.playState !== 'idle' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    if (moving) return false;
    // What a pointer at its centre would hit must be the element itself (not a toast or an overlay
    // over it), as a shopper waits for what covers a button to go before pressing it.
    const r = shown.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !shown.contains(hit)) return false;
    shown.setAttribute('data-engine-target', arg.key);
    return true;
  }
  return false;
}

let seq = 0;
const t0 = Date.now();
/** ENGINES_DEBUG=1 logs every step with the seconds since start. */
export const debug = (msg: string) => {
  if (process.env.ENGINES_DEBUG) console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
};
/** Finds and marks a target, retrying until it shows (timeout ms); returns the CSS selector of the mark. */
async function mark(tab: Pick<Tab, 'evaluate'>, t: Target, timeout = 15_000): Promise<string> {
  const key = `t${++seq}`;
  const arg = {
    css: t.css ?? (t.label ? 'input, select, textarea' : '*'),
    text: typeof t.text === 'string' ? t.text : null,
    re: t.text instanceof RegExp ? t.text.source : null,
    label: typeof t.label === 'string' ? t.label : null,
    labelRe: t.label instanceof RegExp ? t.label.source : null,
    key,
  };
  const until = Date.now() + timeout;
  debug(`find ${JSON.stringify({ ...arg, key: undefined })}`);
  for (;;) {
    if (await tab.evaluate(markScript, arg).catch(noAnswerOr(false))) {
      // The scroll is painted before the engine's pointer acts: WebKit hit-tests a click against
      // the last painted frame, so a click right after a scroll lands on what was there before.
      // (Bounded: a tab in the background paints no frames.) It must still be the element at its
      // centre once painted: something that came over it in the meantime (a toast shown a moment
      // after the shop's confirmation) is waited out as well.
      const still = await tab
        .evaluate(
          (sel) =>
            new Promise<boolean>((r) => {
              const check = () => {
                const el = document.querySelector(sel);
                const b = el?.getBoundingClientRect();
                const hit = b && document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                r(!!hit && el!.contains(hit));
              };
              requestAnimationFrame(() => requestAnimationFrame(check));
              setTimeout(check, 1000);
            }),
          `[data-engine-target="${key}"]`,
        )
        .catch(noAnswerOr(false));
      if (still) return `[data-engine-target="${key}"]`;
    }
    if (Date.now() > until)
      throw new Error(`no visible element for ${JSON.stringify({ css: t.css, text: String(t.text ?? ''), label: String(t.label ?? '') })}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A free TCP port on this machine. */
// ---------------------------------------------------------------- Firefox (puppeteer-core, WebDriver BiDi)

/** The tab in front in each Firefox (a background tab's timers and frames are throttled, so a shopper's input goes to the front one). */
const inFront = new WeakMap<PBrowser, PPage>();

function puppeteerTab(page: PPage): Tab {
  const front = async () => {
    const browser = page.browser();
    if (inFront.get(browser) === page) return;
    await page.bringToFront();
    inFront.set(browser, page);
  };
  const tab: Tab = {
    async goto(url) {
      await front();
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await front();
      await page.reload({ waitUntil: 'load' });
    },
    async url() {
      return page.url();
    },
    async click(t) {
      await front();
      await page.click(await mark(tab, t));
    },
    async fill(t, value) {
      await front();
      const sel = await mark(tab, t);
      await page.focus(sel);
      await page.evaluate((s) => document.querySelector<HTMLInputElement>(s)!.select(), sel);
      await page.keyboard.press('Backspace');
      await page.type(sel, value);
    },
    async select(t, value) {
      await front();
      await page.select(await mark(tab, t), value);
    },
    async press(key) {
      await front();
      await page.keyboard.press(key);
    },
    async type(text) {
      await front();
      await page.keyboard.type(text);
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg as never) as never,
    async runSource(source) {
      // A string is sent as WebDriver BiDi's script.evaluate expression.
      await page.evaluate(`${source}\n;undefined`);
    },
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    async close() {
      await page.close();
    },
  };
  return tab;
}

export async function launchFirefox(): Promise<Engine> {
  needBrowser(FIREFOX, 'Firefox ESR');
  const browser: PBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1366, height: 900 },
    // puppeteer's own bound of a protocol call, past the journeys' bound (./bounded.ts) of each step.
    protocolTimeout: CALL_MS + 5000,
  });
  const pages = new Set<PPage>();
  let offline = false;
  return {
    name: 'firefox',
    emulatesOffline: true,
    async newTab() {
      const page = await browser.newPage();
      inFront.set(browser, page);
      pages.add(page);
      if (process.env.ENGINES_DEBUG) {
        page.on('console', (m) => debug(`console.${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => debug(`page error: ${String(e)}`));
      }
      page.on('close', () => pages.delete(page));
      if (offline) await page.setOfflineMode(true);
      return puppeteerTab(page);
    },
    async setOffline(on) {
      offline = on;
      for (const p of pages) await p.setOfflineMode(on);
    },
    async close() {
      await bounded('firefox: close', 15_000, () => browser.close()).catch(() => browser.process()?.kill('SIGKILL'));
    },
  };
}

// ---------------------------------------------------------------- WebKit (WebKitWebDriver, WebdriverIO)

export async function launchWebKit(): Promise<Engine> {
  needBrowser(WEBKIT_DRIVER, 'WebKitWebDriver');
  needBrowser(MINIBROWSER, 'MiniBrowser');
  const x = await startXvfb('1366x900x24');
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: x.display }, stdio: 'ignore' });
  const stopDriver = stopper(driver);
  try {
    // The page cache off: with it on, WebKitGTK 2.50 here left a page's IndexedDB write stalled for
    // good now and then (the shop's order never stored: 1 offline placement in about 5; none in 16
    // with it off). It looks like WebKit bug 324058 (a page's storage client taken as suspended on
    // ports without Apple's RunningBoard, such as Linux), not something Safari does (docs/engines.md).
    const b = await webkitSession(port, ['--enable-page-cache=false']);
    boundDriverRequests(b, CALL_MS);
    await b.setWindowSize(1366, 900).catch(() => {});
    // The driver gives up a script or a page load itself at the journeys' bound of a call (its
    // defaults: 30 s for a script, which axe's run over a long page can pass, and 300 s for a load).
    await b.setTimeout({ script: CALL_MS, pageLoad: CALL_MS });
    let current = await b.getWindowHandle();
    const use = async (h: string) => {
      if (current !== h) await b.switchToWindow(h);
      current = h;
    };
    const main = current;
    let mainFree = true;
    const tabOf = (handle: string): Tab => {
      const tab: Tab = {
        async goto(url) {
          await use(handle);
          await b.url(url);
        },
        async reload() {
          await use(handle);
          await b.refresh();
        },
        async url() {
          await use(handle);
          return b.getUrl();
        },
        async click(t) {
          const sel = await mark(tab, t);
          const at = await tab.evaluate((s) => {
            const r = document.querySelector(s)!.getBoundingClientRect();
            return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
          }, sel);
          await b
            .action('pointer', { parameters: { pointerType: 'mouse' } })
            .move({ x: at.x, y: at.y, origin: 'viewport' })
            .down()
            .up()
            .perform();
        },
        async fill(t, value) {
          const sel = await mark(tab, t);
          await b.$(sel).setValue(value);
        },
        async select(t, value) {
          const sel = await mark(tab, t);
          await b.$(sel).selectByAttribute('value', value);
        },
        async press(key) {
          await use(handle);
          // WebDriver's key codes for the arrows (the Actions API's normalised keys).
          const code = { ArrowRight: '\uE014', ArrowLeft: '\uE012' }[key];
          await b.action('key').down(code).up(code).perform();
        },
        async type(text) {
          await use(handle);
          // One character per command: WebKitWebDriver drops the second of two equal characters sent together.
          for (const ch of text) await b.keys([ch]);
        },
        async evaluate(fn, arg) {
          await use(handle);
          // WebDriver's Execute Script awaits a returned promise.
          return (await b.execute(fn as never, arg as never)) as never;
        },
        async runSource(source) {
          await use(handle);
          // The text is Execute Script's own function body.
          await b.execute(`${source}\n;return null;`);
        },
        async screenshot(path) {
          await use(handle);
          await b.saveScreenshot(path);
        },
        async close() {
          await use(handle);
          // The session's own window stays (closing it would end the session): it is emptied for the next journey.
          if (handle === main) {
            await b.url('about:blank');
            mainFree = true;
            return;
          }
          await b.closeWindow();
          await use(main);
        },
      };
      return tab;
    };
    return {
      name: 'webkit',
      emulatesOffline: false,
      async newTab() {
        if (mainFree) {
          mainFree = false;
          return tabOf(main);
        }
        const w = await b.createWindow('tab');
        return tabOf(w.handle);
      },
      async setOffline() {
        throw new Error('WebKitWebDriver cannot emulate offline: cut the server off instead');
      },
      async close() {
        await bounded('webkit: deleteSession', 10_000, () => b.deleteSession()).catch(() => {});
        await stopDriver();
        await x.stop();
      },
    };
  } catch (err) {
    await stopDriver();
    await x.stop();
    throw err;
  }
}

/** The engine, every call bounded (./bounded.ts): a driver call that does not answer fails its step with NoAnswer naming it. */
export async function launch(name: EngineName): Promise<Engine> {
  const engine = await (name === 'firefox' ? launchFirefox() : launchWebKit());
  const bound = boundAll(name, engine, CALL_MS, { close: 30_000 });
  return {
    ...bound,
    newTab: async () => boundAll(`${name} tab`, await bound.newTab(), CALL_MS, { screenshot: 20_000, close: 15_000 }),
  };
}
