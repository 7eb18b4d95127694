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
 */
import type { ClientDirective } from 'astro';

/** The event a page script dispatches on an island (it bubbles from inside too) to hydrate it now. */
export const WAKE_EVENT = 'island:wake';

const START = ['pointerdown', 'touchstart', 'keydown', 'focusin', WAKE_EVENT] as const;
const WARM = ['pointerover'] as const;

const interact: ClientDirective = (load, opts, el) => {
  const selector = typeof opts.value === 'string' && opts.value.trim() ? opts.value : '';
  const targets = (): EventTarget[] => [el, ...(selector ? Array.from(document.querySelectorAll(selector)) : [])];
  let loading: Promise<() => Promise<void>> | undefined;
  let hydrated = false;
  let pending: HTMLElement | undefined;

  const warm = () => (loading ??= load());
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
  const start = async () => {
    if (hydrated) return;
    for (const t of targets()) {
      for (const ev of START) t.removeEventListener(ev, start);
      for (const ev of WARM) t.removeEventListener(ev, warm);
    }
    const hydrate = await warm();
    if (hydrated) return;
    hydrated = true;
    await hydrate();
    el.removeEventListener('click', onClick, true);
    const replay = pending;
    pending = undefined;
    if (replay?.isConnected) requestAnimationFrame(() => replay.click());
  };

  for (const t of targets()) {
    for (const ev of START) t.addEventListener(ev, start, { once: true, passive: true });
    for (const ev of WARM) t.addEventListener(ev, warm, { once: true, passive: true });
  }
  el.addEventListener('click', onClick, true);
};

export default interact;
