/**
 * The service worker's messages to a page that arrive before the page's scripts ran. A page's module
 * scripts start after its first paint (src/lib/build/page-scripts.ts), but the browser hands the
 * worker's messages to the page from the end of parsing on: a report that a waiting order was sent or
 * cancelled would reach no listener and be lost. The page's inline script loader keeps them in an
 * array on `window` under this name; the page's start script (./boot.ts) takes them once, and from then
 * on hears the worker itself.
 */
/** Short: the loader that writes it is in every page's HTML. */
export const HELD_WORKER_MESSAGES = '__swq';

/** The messages held so far (none where no loader ran, as under `astro dev`); later ones are not held. */
export function takeHeldWorkerMessages(): unknown[] {
  const w = window as unknown as Record<string, unknown[] | null | undefined>;
  const held = w[HELD_WORKER_MESSAGES] ?? [];
  w[HELD_WORKER_MESSAGES] = null;
  return held;
}
