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

const interact: ClientDirective = (load, opts, el) => {
  const selector = typeof opts.value === 'string' && opts.value.trim() ? opts.value : '';
  const targets = (): EventTarget[] => [el, ...(selector ? Array.from(document.querySelectorAll(selector)) : [])];
  let hydrated = false;
  let pending: HTMLElement | undefined;

  const warm = lazyModule(load);
  const prefetch = () => void warm().catch(() => {}); // a hover's failed download: the interaction tries again
  const onClick = (e: Event) => {
    if (hydrated) return;
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
    if (hydrated) return;
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
    if (hydrated) return;
    hydrated = true;
    await hydrate();
    el.removeEventListener('click', onClick, true);
    const replay = pending;
    pending = undefined;
    if (replay?.isConnected) requestAnimationFrame(() => replay.click());
  };

  listen(true);
  el.addEventListener('click', onClick, true);
};

export default interact;
