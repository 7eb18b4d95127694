/**
 * `client:interact`: loads and hydrates an island on the shopper's first interaction with it
 * (pointer, touch, key or focus), or with the elements matched by the directive's value
 * (a CSS selector, e.g. `client:interact="[data-open=search]"`). Hovering starts the download early.
 * A click that arrives before hydration is replayed on its target once the island is live, so the
 * first click is never lost. Until then the page carries no framework code.
 *
 * A page script may also wake the island at once by dispatching `WAKE_EVENT` on it (or on an element
 * inside it): for when the static HTML is not what the island would show this shopper (a product
 * page whose product is already on the shopper's wishlist, say).
 *
 * A failed download (offline before the island was cached) follows src/lib/state/lazy-module.ts's rule: it
 * is forgotten and the island listens again, so the next interaction tries again.
 */
import type { ClientDirective } from 'astro';
import { lazyModule } from '../lib/state/lazy-module';

/** The event a page script dispatches on an island (it bubbles from inside too) to hydrate it now. */
export const WAKE_EVENT = 'island:wake';

const START = ['pointerdown', 'touchstart', 'keydown', 'focusin', WAKE_EVENT] as const;
const WARM = ['pointerover'] as const;

/** How long a held click waits for the island's live mark before it is replayed anyway, in ms. */
const LIVE_WAIT_MS = 2000;

/**
 * Resolves once the island has marked itself live (`data-live` on an element of it, set in an effect,
 * so after React has committed the hydration: src/browser/kit/use-hydrated.ts), or after `ms`.
 * Astro's hydrate() resolves when React has been asked to hydrate, not when it has: a click replayed
 * before the commit toggles a radio that React then reads as already chosen and resets, so the
 * shopper's choice is lost (buttons, which keep no state, were not affected). Checked every 50 ms
 * (timers run where frames may stall; small, as this code is inlined in every page with such an island).
 */
const liveMark = (el: HTMLElement, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const until = Date.now() + ms;
    const check = () => (el.querySelector('[data-live]') || Date.now() > until ? resolve() : setTimeout(check, 50));
    check();
  });

const interact: ClientDirective = (load, opts, el) => {
  const selector = typeof opts.value === 'string' && opts.value.trim() ? opts.value : '';
  const targets = (): EventTarget[] => [el, ...(selector ? Array.from(document.querySelectorAll(selector)) : [])];
  // Started: the hydration is under way (the first interaction, once). Live: it has finished. A click
  // between the two is held too: the module may already be downloaded (a hover), so the hydration
  // starts at once on the pointer going down, and the click that follows it would otherwise toggle a
  // radio or a checkbox that the hydration then resets to the page's state, the shopper's choice lost.
  let started = false;
  let live = false;
  let pending: HTMLElement | undefined;

  const warm = lazyModule(load);
  const prefetch = () => void warm().catch(() => {}); // a hover's failed download: the interaction tries again
  const onClick = (e: Event) => {
    if (live) return;
    const t = e.target as HTMLElement | null;
    // Inside the island, hold the click until React owns the element, then replay it.
    if (t && el.contains(t)) {
      e.preventDefault();
      e.stopPropagation();
      pending = t.closest<HTMLElement>('button, a, input, label, select, summary, [role="button"]') ?? t;
    }
    void start();
  };
  const listen = (on: boolean) => {
    for (const t of targets()) {
      for (const ev of START) (on ? t.addEventListener : t.removeEventListener).call(t, ev, start, { once: true, passive: true });
      for (const ev of WARM) (on ? t.addEventListener : t.removeEventListener).call(t, ev, prefetch, { once: true, passive: true });
    }
  };
  const start = async () => {
    if (started) return;
    listen(false);
    let hydrate: () => Promise<void>;
    try {
      hydrate = await warm();
    } catch (err) {
      pending = undefined;
      listen(true);
      console.error('The island could not be loaded', err);
      return;
    }
    if (started) return;
    started = true;
    await hydrate();
    await liveMark(el, LIVE_WAIT_MS);
    live = true;
    el.removeEventListener('click', onClick, true);
    const replay = pending;
    pending = undefined;
    if (replay?.isConnected) requestAnimationFrame(() => replay.click());
  };

  listen(true);
  el.addEventListener('click', onClick, true);
};

export default interact;
