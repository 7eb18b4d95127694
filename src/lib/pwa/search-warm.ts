/**
 * Offline search with a split index (docs/search.md "Offline with a split index"): once a page has
 * loaded and the browser is idle, online and not saving data, the page fetches every file of the
 * split index and of the split search listing, a few at a time, so the service worker's cache-first
 * route (`isSplitSearchFile`, cache `pj-search`) holds them all; then any query, in the panel and on
 * the results page, is answered offline. The file names come from the two small files every page
 * precaches (/search-index.json, /search-listing.json); a whole index needs nothing (its one file is
 * precached). Progress is kept per build (the folders' digests), so a later visit resumes, and a
 * warmed build is not fetched again. Loaded by ./boot on its own, only when a service worker controls the page.
 */
import { indexUrlFor } from '../search/client';
import { SearchListingSplitSchema, SplitIndexHeadSchema, splitListingFiles } from '../search/split-listing';
import { splitIndexFiles } from '../search/types';
import { searchListingFileUrl } from '../catalog/listing/client';
import { storeViewForPath } from '../state/stores/store-view';

/** Where the progress is kept: { key: the two folders' digests, next: the first file not fetched yet }. */
export const WARM_KEY = 'pj-search-warm';
/** Files fetched at once, between two idle periods. */
const AT_ONCE = 4;

export interface WarmOptions {
  fetch?: typeof fetch;
  isOnline?: () => boolean;
  saveData?: () => boolean;
  /** Waits for the browser to be idle (default requestIdleCallback, else a short timeout). */
  idle?: () => Promise<void>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** The page's path and base, for the store view's files. */
  pathname?: string;
  base?: string;
}

/** What a warm run did: the files of the build, how many are held now, why it stopped early. */
export interface WarmResult {
  files: number;
  done: number;
  stopped?: 'whole' | 'offline' | 'save-data' | 'error';
}

const defaultIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });

/** The paths of every split file of a store view's search (index files, then listing files), and the build's key; null when the index is whole. */
export async function splitSearchPaths(indexUrl: string, listingUrl: string, doFetch: typeof fetch): Promise<{ key: string; paths: string[] } | null> {
  // A whole index (or a file of another format) has nothing to warm.
  const index = SplitIndexHeadSchema.safeParse(await (await doFetch(indexUrl)).json());
  if (!index.success) return null;
  const meta = index.data.split;
  const indexBase = indexUrl.replace(/[^/]*$/, '');
  const paths = splitIndexFiles(meta).map((name) => `${indexBase}search-index/${meta.h}/${name}.json`);
  const head = SearchListingSplitSchema.safeParse(await (await doFetch(listingUrl)).json());
  let key = meta.h;
  if (head.success) {
    const listingBase = listingUrl.replace(/[^/]*$/, '');
    paths.push(...splitListingFiles(head.data).map((name) => `${listingBase}search-listing/${head.data.split.h}/${name}.json`));
    key += `/${head.data.split.h}`;
  }
  return { key, paths };
}

/** Fetches the split search files not fetched yet, a few at a time while idle; never rejects. */
export async function warmSplitSearch(opts: WarmOptions = {}): Promise<WarmResult> {
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const isOnline = opts.isOnline ?? (() => navigator.onLine !== false);
  const saveData = opts.saveData ?? (() => !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
  const idle = opts.idle ?? defaultIdle;
  const storage = opts.storage ?? localStorage;
  const pathname = opts.pathname ?? location.pathname;
  const base = opts.base ?? '/';
  const stop = (): WarmResult['stopped'] | null => (!isOnline() ? 'offline' : saveData() ? 'save-data' : null);
  let files = 0;
  let done = 0;
  try {
    const early = stop();
    if (early) return { files, done, stopped: early };
    const store = storeViewForPath(pathname);
    const listingUrl = `${base.replace(/\/$/, '')}${searchListingFileUrl(store.storeCode)}`;
    const got = await splitSearchPaths(indexUrlFor(pathname, base), listingUrl, doFetch);
    if (!got) return { files, done, stopped: 'whole' };
    files = got.paths.length;
    const saved = JSON.parse(storage.getItem(WARM_KEY) ?? 'null') as { key?: string; next?: number } | null;
    done = saved?.key === got.key && Number.isInteger(saved.next) ? Math.min(files, Math.max(0, saved.next!)) : 0;
    while (done < files) {
      await idle();
      const why = stop();
      if (why) return { files, done, stopped: why };
      const batch = got.paths.slice(done, done + AT_ONCE);
      const answers = await Promise.all(
        batch.map((p) =>
          doFetch(p).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      );
      if (answers.includes(false)) return { files, done, stopped: stop() ?? 'error' };
      done += batch.length;
      storage.setItem(WARM_KEY, JSON.stringify({ key: got.key, next: done }));
    }
    return { files, done };
  } catch {
    return { files, done, stopped: stop() ?? 'error' };
  }
}
