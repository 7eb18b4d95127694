/**
 * What a page costs the shopper's browser, measured in Chromium against the served site:
 *   - initial: JavaScript downloaded during load plus an idle wait (default 5 s) with no interaction,
 *   - eventual: the total once every island on the page has been triggered and has hydrated,
 *   - CSS downloaded on load, and the HTML document itself.
 * Bodies are gzipped here (zlib level 9), so the numbers do not depend on the server's compression.
 * Inline scripts and styles count too (each gzipped alone); JSON data scripts do not.
 * Used by `npm run bench` and by the budget tests (tests/e2e/budgets.spec.ts).
 */
import type { BrowserContext, Response } from '@playwright/test';
import { gzipBytes } from './lib/stats';

export interface AssetCount {
  /** Number of files (external) or blocks (inline). */
  count: number;
  raw: number;
  gzip: number;
}

export interface PageWeight {
  path: string;
  status: number;
  html: AssetCount;
  /** JavaScript files fetched by the page during load and the idle wait. */
  jsInitial: AssetCount;
  /** Inline `<script>` JavaScript in the HTML (runs on load). */
  jsInline: AssetCount;
  /** JavaScript files fetched by the page in all, after every island was triggered. */
  jsEventual: AssetCount;
  /** Stylesheets fetched during load. */
  cssInitial: AssetCount;
  /** Inline `<style>` blocks of the HTML. */
  cssInline: AssetCount;
  /** Stylesheets fetched in all, after every island was triggered. */
  cssEventual: AssetCount;
  /** Web fonts fetched during load (already compressed: raw = gzip = transferred body). */
  fonts: AssetCount;
  /** Pictures fetched during load and the idle wait, before any scrolling: the first screen (raw = transferred body). */
  images: AssetCount;
  /** Islands on the page (astro-island elements) and how many were still not hydrated at the end. */
  islands: number;
  islandsNotHydrated: number;
  /** The component URLs of the islands still waiting (what to look at when `islandsNotHydrated` is not 0). */
  notHydrated: string[];
  /** Controls triggered to hydrate everything (for the report). */
  triggered: number;
  /** URLs of the JavaScript files, initial and loaded later, for diagnosis. */
  jsFiles: { url: string; gzip: number; phase: 'initial' | 'eventual' }[];
}

export interface MeasureOptions {
  /** Idle wait after the load event, before anything is triggered (default 5,000 ms). */
  idleMs?: number;
  /** Quiet period that ends the wait for late downloads after triggering (default 1,500 ms). */
  quietMs?: number;
  /** Longest wait for islands to hydrate after triggering (default 10,000 ms). */
  hydrateTimeoutMs?: number;
  /** Skip the interaction phase (initial figures only). */
  initialOnly?: boolean;
}

const isJs = (r: Response): boolean => {
  const type = r.request().resourceType();
  const ct = r.headers()['content-type'] ?? '';
  return type === 'script' || /javascript|ecmascript/.test(ct);
};
const isCss = (r: Response): boolean => r.request().resourceType() === 'stylesheet' || (r.headers()['content-type'] ?? '').includes('text/css');
const isFont = (r: Response): boolean => r.request().resourceType() === 'font';
const isImage = (r: Response): boolean => r.request().resourceType() === 'image' && !r.url().startsWith('data:');

const EXECUTABLE = /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;

/** Inline scripts (executable types only) and inline styles of an HTML document. */
export function inlineAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type)) continue;
    if ((m[2] ?? '').trim()) scripts.push(m[2]!);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) if ((m[1] ?? '').trim()) styles.push(m[1]!);
  return { scripts, styles };
}

function count(bodies: Iterable<Uint8Array | string>, compressed = false): AssetCount {
  let n = 0;
  let raw = 0;
  let gzip = 0;
  for (const b of bodies) {
    n++;
    const len = typeof b === 'string' ? Buffer.byteLength(b) : b.length;
    raw += len;
    gzip += compressed ? len : gzipBytes(b);
  }
  return { count: n, raw, gzip };
}

// Browser-side code is kept as source text: a bundler's helpers (e.g. esbuild's __name, added by
// tsx) would otherwise leak into functions serialised for page.evaluate and fail in the page.

/** Scrolls through the page (client:visible islands), then back to the top. */
const SCROLL_THROUGH = `(async () => {
  // Each position is held until two frames have been drawn: an IntersectionObserver (client:visible)
  // only sees what a drawn frame showed, and a busy machine draws late.
  // At most a second a position: a page whose frames stall (a loaded machine) is still scrolled through.
  const frames = () => new Promise((r) => { const t = setTimeout(r, 1000); requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => (clearTimeout(t), r()), 60))); });
  const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
  for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
    window.scrollTo(0, y);
    await frames();
  }
  // Whatever a quick pass still missed is brought into view by itself.
  for (const el of document.querySelectorAll('astro-island[ssr][client="visible"]')) {
    el.scrollIntoView({ block: 'center' });
    await frames();
  }
  window.scrollTo(0, 0);
})()`;

/**
 * Triggers every island without leaving the page: pointer and focus events on each `astro-island`
 * (client:interact, client:visible after scrolling) and on header controls (`[data-panel]`); buttons
 * among those controls are also clicked (the search launcher opens on click), then Escape closes
 * what opened. Evaluates to the number of elements triggered.
 */
const TRIGGER_ISLANDS = `(async () => {
  const opts = { bubbles: true, cancelable: true, composed: true };
  function fire(el) {
    el.dispatchEvent(new PointerEvent('pointerover', opts));
    el.dispatchEvent(new PointerEvent('pointerdown', opts));
    el.dispatchEvent(new FocusEvent('focusin', opts));
    el.dispatchEvent(new PointerEvent('pointerup', opts));
  }
  const seen = new Set();
  let triggered = 0;
  // Islands can render islands: a few passes pick up the ones that appear after hydration.
  for (let pass = 0; pass < 3; pass++) {
    const els = [...document.querySelectorAll('astro-island, [data-panel]')].filter((e) => !seen.has(e));
    if (!els.length) break;
    for (const el of els) {
      seen.add(el);
      triggered++;
      el.scrollIntoView({ block: 'center' });
      fire(el);
      const inner = el.querySelector('button, input, select, textarea, a[href], summary, [tabindex]');
      if (inner) fire(inner);
      if (el instanceof HTMLButtonElement && el.type === 'button') el.click();
      await new Promise((r) => setTimeout(r, 150));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  window.scrollTo(0, 0);
  return triggered;
})()`;

/**
 * Loads `baseUrl + path` in a new page of `context` and measures it (see the module comment).
 * The page must not navigate away while it is measured.
 */
export async function measurePage(context: BrowserContext, baseUrl: string, path: string, opts: MeasureOptions = {}): Promise<PageWeight> {
  const idleMs = opts.idleMs ?? 5000;
  const quietMs = opts.quietMs ?? 1500;
  const page = await context.newPage();
  const js = new Map<string, { body: Buffer; phase: 'initial' | 'eventual' }>();
  const css = new Map<string, { body: Buffer; phase: 'initial' | 'eventual' }>();
  const fonts = new Map<string, Buffer>();
  const images = new Map<string, Buffer>();
  let phase: 'initial' | 'eventual' = 'initial';
  let lastAsset = Date.now();
  const pending: Promise<void>[] = [];
  page.on('response', (r) => {
    const url = r.url();
    if (r.request().isNavigationRequest()) return;
    const kind = isJs(r) ? js : isCss(r) ? css : null;
    const picture = !kind && isImage(r);
    if (!kind && !isFont(r) && !picture) return;
    const at = phase;
    lastAsset = Date.now();
    pending.push(
      r
        .body()
        .then((body) => {
          if (kind && !kind.has(url)) kind.set(url, { body, phase: at });
          else if (picture) {
            if (at === 'initial') images.set(url, body);
          } else if (!kind && at === 'initial') fonts.set(url, body);
          lastAsset = Date.now();
        })
        .catch(() => {}),
    );
  });
  try {
    const doc = await page.goto(baseUrl + path, { waitUntil: 'load' });
    if (!doc) throw new Error(`no response for ${path}`);
    const html = (await doc.body()).toString('utf8');
    await page.waitForTimeout(idleMs);
    await Promise.all(pending.splice(0));
    const initialJs = [...js.values()].map((v) => v.body);
    const initialCss = [...css.values()].map((v) => v.body);
    const initialImages = [...images.values()];
    const islands = await page.locator('astro-island').count();

    let triggered = 0;
    if (!opts.initialOnly) {
      phase = 'eventual';
      await page.evaluate(SCROLL_THROUGH);
      triggered = (await page.evaluate(TRIGGER_ISLANDS)) as number;
      const deadline = Date.now() + (opts.hydrateTimeoutMs ?? 10_000);
      while (Date.now() < deadline) {
        const waiting = await page.locator('astro-island[ssr]').count();
        if (waiting === 0 && Date.now() - lastAsset >= quietMs) break;
        await page.waitForTimeout(250);
      }
      await Promise.all(pending.splice(0));
    }
    const notHydrated = await page
      .locator('astro-island[ssr]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('component-url')} (client:${e.getAttribute('client')})`));
    const islandsNotHydrated = notHydrated.length;
    const inline = inlineAssets(html);
    const finalUrl = new URL(page.url());
    if (finalUrl.pathname.replace(/\/$/, '') !== new URL(baseUrl + path).pathname.replace(/\/$/, '')) {
      throw new Error(`measuring ${path} navigated to ${finalUrl.pathname}`);
    }
    return {
      path,
      status: doc.status(),
      html: count([html]),
      jsInitial: count(initialJs),
      jsInline: count(inline.scripts),
      jsEventual: count([...js.values()].map((v) => v.body)),
      cssInitial: count(initialCss),
      cssInline: count(inline.styles),
      cssEventual: count([...css.values()].map((v) => v.body)),
      fonts: count(fonts.values(), true),
      images: count(initialImages, true),
      islands,
      islandsNotHydrated,
      notHydrated,
      triggered,
      jsFiles: [...js].map(([url, v]) => ({ url: new URL(url).pathname, gzip: gzipBytes(v.body), phase: v.phase })),
    };
  } finally {
    await page.close();
  }
}

/** Gzipped JavaScript that runs without interaction: fetched files plus inline scripts. */
export const initialJsGzip = (w: PageWeight): number => w.jsInitial.gzip + w.jsInline.gzip;
/** Gzipped JavaScript once everything hydrated: every fetched file plus inline scripts. */
export const eventualJsGzip = (w: PageWeight): number => w.jsEventual.gzip + w.jsInline.gzip;
/** Gzipped CSS on load: stylesheets plus inline styles. */
export const initialCssGzip = (w: PageWeight): number => w.cssInitial.gzip + w.cssInline.gzip;
