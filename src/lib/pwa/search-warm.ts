/**
 * Offline search with a split index (docs/search.md "Offline with a split index"): the service
 * worker (src/sw.ts), a few seconds after a page is opened (once a worker's life), fetches every file of the split index and of the split search listing, a few at a time,
 * through its cache-first route for them (`isSplitSearchFile`, cache `pj-search`: files already held
 * cost no request), so that any query, in the panel and on the results page, is answered offline.
 * It stops when the browser goes offline or saves data; the next run resumes (what is cached is not
 * fetched again), and a build warmed whole is marked so that later runs look at none of its files. The file names come from the two small files every page precaches
 * (/search-index.json, /search-listing.json); a whole index needs nothing (its one file is precached).
 */
import { indexUrlFor } from '../search/client';
import { SearchListingSplitSchema, SplitIndexHeadSchema, splitListingFiles } from '../search/split-listing';
import { splitIndexFiles } from '../search/types';
import { searchListingFileUrl } from '../catalog/listing/client';
import { storeViewForPath } from '../state/stores/store-view';

/** How long after a page is opened the worker starts (the page's own requests go first). */
export const WARM_DELAY_MS = 5000;
/** Files fetched at once, between two pauses. */
const AT_ONCE = 4;

export interface WarmOptions {
  /** A small file every page precaches (the index's or the listing's), as JSON. */
  readHead: (url: string) => Promise<unknown>;
  /** A split file, through the cache-first route (held: no request); true when it is held now. */
  fetchFile: (url: string) => Promise<boolean>;
  isOnline: () => boolean;
  saveData: () => boolean;
  /** A pause between two batches, so the page's own requests go first. */
  pause: () => Promise<void>;
  /** Builds warmed whole (by the two folders' digests), so a later run looks at none of their files. */
  warmed?: { has: (key: string) => Promise<boolean>; add: (key: string) => Promise<void> };
  /** The path of the page opened (its store view's files) and the site's base. */
  pathname: string;
  base?: string;
}

/** What a warm run did: the files of the build, how many are held now, why it stopped early. */
export interface WarmResult {
  files: number;
  done: number;
  stopped?: 'whole' | 'offline' | 'save-data' | 'error';
}

/** Every split file of a store view's search (index files, then listing files) and the build's key (the folders' digests); null when the index is whole. */
export async function splitSearchPaths(
  indexUrl: string,
  listingUrl: string,
  readHead: (url: string) => Promise<unknown>,
): Promise<{ key: string; paths: string[] } | null> {
  // A whole index (or a file of another format) has nothing to warm.
  const index = SplitIndexHeadSchema.safeParse(await readHead(indexUrl));
  if (!index.success) return null;
  const meta = index.data.split;
  const indexBase = indexUrl.replace(/[^/]*$/, '');
  const paths = splitIndexFiles(meta).map((name) => `${indexBase}search-index/${meta.h}/${name}.json`);
  const head = SearchListingSplitSchema.safeParse(await readHead(listingUrl));
  let key = meta.h;
  if (head.success) {
    const listingBase = listingUrl.replace(/[^/]*$/, '');
    paths.push(...splitListingFiles(head.data).map((name) => `${listingBase}search-listing/${head.data.split.h}/${name}.json`));
    key += `-${head.data.split.h}`;
  }
  return { key, paths };
}

/** Fetches every split search file of the page's store view, a few at a time with pauses; never rejects. */
export async function warmSplitSearch(opts: WarmOptions): Promise<WarmResult> {
  const stop = (): WarmResult['stopped'] | null => (!opts.isOnline() ? 'offline' : opts.saveData() ? 'save-data' : null);
  let files = 0;
  let done = 0;
  try {
    const early = stop();
    if (early) return { files, done, stopped: early };
    const base = opts.base ?? '/';
    const store = storeViewForPath(opts.pathname);
    const listingUrl = `${base.replace(/\/$/, '')}${searchListingFileUrl(store.storeCode)}`;
    const got = await splitSearchPaths(indexUrlFor(opts.pathname, base), listingUrl, opts.readHead);
    if (!got) return { files, done, stopped: 'whole' };
    const { key, paths } = got;
    files = paths.length;
    if (await opts.warmed?.has(key)) return { files, done: files };
    while (done < files) {
      const why = stop();
      if (why) return { files, done, stopped: why };
      const batch = paths.slice(done, done + AT_ONCE);
      const held = await Promise.all(batch.map((p) => opts.fetchFile(p).catch(() => false)));
      if (held.includes(false)) return { files, done, stopped: stop() ?? 'error' };
      done += batch.length;
      await opts.pause();
    }
    await opts.warmed?.add(key);
    return { files, done };
  } catch {
    return { files, done, stopped: stop() ?? 'error' };
  }
}
