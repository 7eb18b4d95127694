/**
 * The one way code downloaded on demand is kept for later uses: `lazyModule(() => import('./x'))`
 * returns a loader that starts the download on its first call and hands every caller, concurrent or
 * later, that same download (and what `load` made of it). A bare `import()` is only for a download
 * nothing keeps: one made again on each use (`await import()` inside an action), which follows the
 * rule below by itself.
 *
 * The retry rule, the same everywhere: a failed download is forgotten, so the next use tries again.
 * There is no automatic retry: a download fails when the shopper is offline and the chunk was not
 * cached, and a retry a moment later would fail the same way; the shopper's next action (a click, a
 * filter, a submit) or the next event (back online, a new notification) is the retry. The caller
 * decides what the failure means now (the control leaves its busy state, a §8 text is shown, or it
 * is only logged). Also used for the islands mounted on demand (src/browser/kit/lazy.ts) and the
 * `client:interact` directive (src/directives/interact.ts).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= new Promise<T>((resolve) => resolve(load())).catch((err: unknown) => {
      pending = null;
      throw err;
    }));
}
