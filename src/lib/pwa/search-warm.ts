/**
 * Offline search with a split index (docs/search.md "Offline with a split index"): the service
 * worker (src/sw.ts), asked by a page once it has loaded and the browser is idle (./boot, once a
 * session), fetches every file of the split index and of the split search listing, a few at a time,
 * through its cache-first route for them (`isSplitSearchFile`, cache `pj-search`: files already held
 * cost no request), so that any query, in the panel and on the results page, is answered offline.
 * It stops when the browser goes offline or saves data; the next session's run resumes (what is
 * cached is not fetched again). The file names come from the two small files every page precaches
 * (/search-index.json, /search-listing.json); a whole index needs nothing (its one file is precached).
 */
import { indexUrlFor } from '../search/client';
import { SearchListingSplitSchema, SplitIndexHeadSchema, splitListingFiles } from '../search/split-listing';
import { splitIndexFiles } from '../search/types';
import { searchListingFileUrl } from '../catalog/listing/client';
import { storeViewForPath } from '../state/stores/store-view';

/** The page's message asking the worker to warm the search of its store view. */
export const WARM_SEARCH = 'WARM_SEARCH';
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
  /** The path of the page that asked (its store view's files) and the site's base. */
  pathname: string;
  base?: string;
}

/** What a warm run did: the files of the build, how many are held now, why it stopped early. */
export interface WarmResult {
  files: number;
  done: number;
  stopped?: 'whole' | 'offline' | 'save-data' | 'error';
}

/** Every split file of a store view's search (index files, then listing files); null when the index is whole. */
export async function splitSearchPaths(indexUrl: string, listingUrl: string, readHead: (url: string) => Promise<unknown>): Promise<string[] | null> {
  // A whole index (or a file of another format) has nothing to warm.
  const index = SplitIndexHeadSchema.safeParse(await readHead(indexUrl));
  if (!index.success) return null;
  const meta = index.data.split;
  const indexBase = indexUrl.replace(/[^/]*$/, '');
  const paths = splitIndexFiles(meta).map((name) => `${indexBase}search-index/${meta.h}/${name}.json`);
  const head = SearchListingSplitSchema.safeParse(await readHead(listingUrl));
  if (head.success) {
    const listingBase = listingUrl.replace(/[^/]*$/, '');
    paths.push(...splitListingFiles(head.data).map((name) => `${listingBase}search-listing/${head.data.split.h}/${name}.json`));
  }
  return paths;
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
    const paths = await splitSearchPaths(indexUrlFor(opts.pathname, base), listingUrl, opts.readHead);
    if (!paths) return { files, done, stopped: 'whole' };
    files = paths.length;
    while (done < files) {
      const why = stop();
      if (why) return { files, done, stopped: why };
      const batch = paths.slice(done, done + AT_ONCE);
      const held = await Promise.all(batch.map((p) => opts.fetchFile(p).catch(() => false)));
      if (held.includes(false)) return { files, done, stopped: stop() ?? 'error' };
      done += batch.length;
      await opts.pause();
    }
    return { files, done };
  } catch {
    return { files, done, stopped: stop() ?? 'error' };
  }
}
