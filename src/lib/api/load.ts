/**
 * One API read shown by an island: loading, then ready with the result or an error with the text to
 * show. The island keeps the state and starts the read when it mounts, as the order-success page
 * does (`useEffect(() => startLoad(run, text, setState), [])`); the rule for the error text and the
 * stop when the island goes live here, unit-tested without a browser.
 */
import type { ApiResult } from './client';

/** What an island shows for one read. */
export type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/** The state before the answer. */
export const LOADING: Load<never> = { state: 'loading' };

/**
 * Runs `run` once and gives `show` its outcome: the result, or the API's message (a text answer that is
 * not a 404), else `errorText` (a 404, an answer without a message, a failed request). Returns the
 * stop: after it (the island unmounted), nothing is shown.
 */
export function startLoad<T>(run: () => Promise<ApiResult<T>>, errorText: string, show: (load: Load<T>) => void): () => void {
  let live = true;
  run()
    .then((r): Load<T> =>
      r.ok ? { state: 'ready', data: r.result } : { state: 'error', message: typeof r.result === 'string' && r.code !== 404 ? r.result : errorText },
    )
    .catch((): Load<T> => ({ state: 'error', message: errorText }))
    .then((load) => {
      if (live) show(load);
    });
  return () => {
    live = false;
  };
}
