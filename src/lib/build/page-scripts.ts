/**
 * Page scripts start after the first paint. Astro writes each component's script as a
 * `<script type="module" src>`: module scripts are fetched at high priority while the page is still
 * being painted and run before DOMContentLoaded, so the header's, the footer's, the analytics', the
 * newsletter's and the listing's code (and the chunks they import) stand between the HTML and the
 * first paint (a Lantern-simulated phone paints 0.6-1 s later with them than without).
 *
 * As each page is rendered (src/middleware.ts, builds only), `deferPageScripts` takes those tags out
 * and puts one small inline loader (`pageScriptLoader()`, the same text on every page, so one CSP hash)
 * in the head, with the scripts' URLs in its `data-modules`. The loader adds the same
 * module scripts, in the same order (ordered, as parser-inserted module scripts are), once the page
 * has painted its first content and loaded, in the next idle moment (a page marked NOW_MARK: once it
 * has painted); or at once when the shopper starts interacting (pointer, touch, key, focus).
 *
 * What the shopper does before the scripts ran is held, starts them at once, and is replayed once they
 * have run, so a script that enhances a control (a header link that opens a panel instead of leaving,
 * a button that opens the filters) still does what was asked: a plain click on a button, a summary or a
 * link a script takes over (`el.click()` again; `ENHANCED_LINK`: other links are followed at once), a form's submission (`requestSubmit` with the same submitter), a changed field
 * (its `change` event again; the value is kept). A checkbox or radio is not held: it ticks at once, as
 * the shopper expects, and its `change` is what is replayed. A click with a modifier key
 * (a new tab) is the browser's. The service worker's messages to the page are kept for the page's
 * start script (src/lib/pwa/held-messages.ts). Islands (`astro-island`) are left to their own directives:
 * `client:interact` holds and replays its own first click (src/directives/interact.ts).
 */

import { transformSync } from 'esbuild';
import { HELD_WORKER_MESSAGES } from '../pwa/held-messages';

/** A module script Astro wrote for a component: `<script type="module" src="…"></script>`, nothing else. */
const MODULE_SCRIPT = /<script type="module" src="([^"<>]+)"><\/script>/g;

/**
 * The loader's source (plain JavaScript, run as the head is parsed; `pageScriptLoader()` is the text
 * the pages carry, minified). Waits for the first contentful paint (where the browser reports paint
 * timing) and the load event, then a frame and an idle moment, or for the shopper's first
 * interaction, whichever comes first; after 8 s it starts anyway.
 */
/**
 * The links a page script takes over on click instead of following them (the header's panels,
 * src/browser/header/HeaderControls.ts; the sign-in dialog, AuthModalLauncher.ts; the list panels,
 * ListPanel.ts; the newsletter pop-up, src/browser/content/newsletter.ts). A click on one before the scripts ran
 * is held and replayed; any other link is followed at once, as without scripts.
 */
export const ENHANCED_LINK = '[data-panel],[data-open],[data-open-auth],[data-open-list]';

export const PAGE_SCRIPT_LOADER_SOURCE = `(() => {
  const { modules, now } = document.currentScript.dataset;
  const urls = JSON.parse(modules);
  const held = [];
  let state = 0;
  const replay = () => {
    state = 2;
    for (const [kind, el, submitter] of held)
      if (el.isConnected) kind === 'click' ? el.click() : kind === 'submit' ? el.requestSubmit(submitter) : el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const run = () => {
    if (state) return;
    state = 1;
    let left = urls.length;
    for (const src of urls) {
      const s = document.createElement('script');
      s.type = 'module';
      s.async = false;
      s.src = src;
      s.onload = s.onerror = () => --left || replay();
      document.head.append(s);
    }
  };
  const hold = (e) => {
    const t = e.target;
    let kind = e.type;
    const el = state > 1 || !t.closest || t.closest('astro-island') ? null : kind === 'click' ? !e.button && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey && !t.matches('[type=checkbox],[type=radio]') && t.closest('a[href],button,summary,input,[role=button],[data-panel]') : t;
    // A plain link goes at once: only a link a script takes over (a panel, a dialog) waits for it.
    if (!el || (el.matches('a[href]') && !el.matches(${JSON.stringify(ENHANCED_LINK)}))) return;
    if (kind === 'submit' || kind === 'click') {
      e.preventDefault();
      e.stopPropagation();
    }
    held.push([kind, el, e.submitter]);
    run();
  };
  for (const t of ['click', 'submit', 'change']) addEventListener(t, hold, true);
  window.${HELD_WORKER_MESSAGES} = [];
  navigator.serviceWorker?.addEventListener('message', (e) => window.${HELD_WORKER_MESSAGES}?.push(e.data));
  for (const t of ['pointerdown', 'touchstart', 'keydown', 'focusin']) addEventListener(t, run, { capture: true, once: true, passive: true });
  let painted = 0;
  let loaded = 0;
  const start = () => painted && (now != null ? run() : loaded && requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback || setTimeout)(run, { timeout: 2000 }))));
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length && (painted = 1) && start()).observe({ type: 'paint', buffered: true });
  addEventListener('load', () => (loaded = 1) && start());
  setTimeout(run, 8000);
})()`;

/**
 * The minified loader by its source, on globalThis: the persistent renderer (./render/renderer.ts)
 * makes it while it waits for a change, and the build bundle it loaded (a second copy of this
 * module) takes it instead of running esbuild in the change's time.
 */
const LOADER = Symbol.for('pj.page-script-loader');
/** The loader as the pages carry it (the same text on every page). */
export function pageScriptLoader(): string {
  const g = globalThis as Record<symbol, { source: string; code: string } | undefined>;
  let made = g[LOADER];
  if (made?.source !== PAGE_SCRIPT_LOADER_SOURCE)
    g[LOADER] = made = { source: PAGE_SCRIPT_LOADER_SOURCE, code: transformSync(PAGE_SCRIPT_LOADER_SOURCE, { minify: true }).code.trim() };
  return made.code;
}

/**
 * A page whose content is drawn by its scripts (the search results: the query is known only in the
 * browser) marks an element with `data-page-scripts="now"`: its scripts then start as soon as the page
 * has painted its first content, without waiting for the load event and an idle moment, since that
 * would only delay what the shopper came for; not before it, where they would delay the first paint
 * (started at DOMContentLoaded, they put the search page's FCP at 955-970 ms against 753 ms without
 * them in a Lantern-simulated phone). Every engine the shop is tested in has paint timing; one
 * without it starts them at the shopper's first interaction or after 8 s, as the loader does anyway.
 */
export const NOW_MARK = /\sdata-page-scripts="now"/;

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/**
 * The page with its component module scripts started by the loader instead (see the module comment;
 * once painted on a page with `NOW_MARK`); a page without any is unchanged.
 */
export function deferPageScripts(html: string): string {
  const urls: string[] = [];
  const rest = html.replace(MODULE_SCRIPT, (_, src: string) => {
    if (!urls.includes(src)) urls.push(src);
    return '';
  });
  const headEnd = rest.indexOf('</head>');
  if (!urls.length || headEnd < 0) return html;
  // In the head, so that it hears the first click on anything in the body; before the stylesheets,
  // since an inline script after a stylesheet waits for it to load.
  const css = rest.slice(0, headEnd).search(/<link rel="stylesheet"|<style\b/);
  const at = css < 0 ? headEnd : css;
  // The literal first: the pattern's leading \s makes the engine try it at every character of the page.
  const now = rest.includes('data-page-scripts="now"') && NOW_MARK.test(rest) ? ' data-now' : '';
  const loader = `<script data-modules='${escapeAttr(JSON.stringify(urls))}'${now}>${pageScriptLoader()}</script>`;
  return `${rest.slice(0, at)}${loader}${rest.slice(at)}`;
}
