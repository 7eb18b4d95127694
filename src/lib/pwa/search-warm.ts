/**
 * Offline search with a split index (docs/search.md "Offline with a split index"): the service
 * worker (src/sw.ts), a few seconds after a page is opened (once a worker's life), downloads every
 * file of the split index and of the split search listing in bundles (../search/bundles.ts), one
 * bundle at a time with pauses, and puts each file in the cache its cache-first route reads
 * (`isSplitSearchFile`, cache `pj-search`) under the file's own URL, so that any query, in the panel
 * and on the results page, is answered offline. A bundle whose files are all held already is not
 * downloaded. It stops when the browser goes offline or saves data; the next run resumes (bundles
 * whose files are held are skipped), and a build warmed whole is marked so that later runs look at
 * none of its files. The file names come from the two small files every page precaches
 * (/search-index.json, /search-listing.json); a whole index needs nothing (its one file is precached).
 */
import { indexUrlFor } from '../search/client';
import { BUNDLE_FILES, bundlesOf, folderOf, SearchBundleSchema, type SplitFolders } from '../search/bundles';
import { SearchListingSplitSchema, SplitIndexHeadSchema, splitListingFiles } from '../search/split-listing';
import { splitIndexFiles } from '../search/types';
import { searchListingFileUrl } from '../catalog/urls';
import { storeViewForPath } from '../state/stores/store-view';

/** How long after a page is opened the worker starts (the page's own requests go first). */
export const WARM_DELAY_MS = 5000;

export interface WarmOptions {
  /** A small file every page precaches (the index's or the listing's), as JSON. */
  readHead: (url: string) => Promise<unknown>;
  /** True when the cache holds this split file. */
  isHeld: (url: string) => Promise<boolean>;
  /** A bundle's content (its JSON); rejects when it cannot be had. */
  fetchBundle: (url: string) => Promise<unknown>;
  /** Puts a split file (its JSON text) in the cache under its URL. */
  putFile: (url: string, text: string) => Promise<void>;
  isOnline: () => boolean;
  saveData: () => boolean;
  /** A pause between two batches, so the page's own requests go first. */
  pause: () => Promise<void>;
  /** Builds warmed whole (by the two folders' digests), so a later run looks at none of their files. */
  warmed?: { has: (key: string) => Promise<boolean>; add: (key: string) => Promise<void> };
  /** Files per bundle of a build before parts (its head has no `ps`): BUNDLE_FILES, unless a test writes smaller ones. */
  bundleFiles?: number;
  /** The path of the page opened (its store view's files) and the site's base. */
  pathname: string;
  base?: string;
}

/** What a warm run did: the files of the build, how many are held now (counted a bundle at a time), why it stopped early. */
export interface WarmResult {
  files: number;
  done: number;
  stopped?: 'whole' | 'offline' | 'save-data' | 'error';
}

/** A bundle to warm: its URL and the URLs of the files it holds, by their names in it. */
interface WarmBundle {
  url: string;
  files: [name: string, url: string][];
}

/** Every split file of a store view's search in its bundles (index files, then listing files) and the build's key (the folders' digests); null when the index is whole. */
export async function splitSearchBundles(
  indexUrl: string,
  listingUrl: string,
  readHead: (url: string) => Promise<unknown>,
  size = BUNDLE_FILES,
): Promise<{ key: string; bundles: WarmBundle[] } | null> {
  // A whole index (or a file of another format) has nothing to warm.
  const index = SplitIndexHeadSchema.safeParse(await readHead(indexUrl));
  if (!index.success) return null;
  const meta = index.data.split;
  // Bundle k holds part k's files, in its folder (a build before parts: every file under `h`, bundles of `size`).
  const inFolders = (root: string, split: SplitFolders, names: string[]): WarmBundle[] => {
    const folder = folderOf(split, () => names);
    const at = (name: string) => `${root}${folder(name)}/${name}.json`;
    return bundlesOf(names, split.ps ?? size).map((b) => ({ url: at(b.name), files: b.files.map((name) => [name, at(name)]) }));
  };
  const bundles = inFolders(`${indexUrl.replace(/[^/]*$/, '')}search-index/`, meta, splitIndexFiles(meta));
  const head = SearchListingSplitSchema.safeParse(await readHead(listingUrl));
  let key = meta.h;
  if (head.success) {
    bundles.push(...inFolders(`${listingUrl.replace(/[^/]*$/, '')}search-listing/`, head.data.split, splitListingFiles(head.data)));
    key += `-${head.data.split.h}`;
  }
  return { key, bundles };
}

/** Downloads every split search file of the page's store view, a bundle at a time with pauses; never rejects. */
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
    const got = await splitSearchBundles(indexUrlFor(opts.pathname, base), listingUrl, opts.readHead, opts.bundleFiles);
    if (!got) return { files, done, stopped: 'whole' };
    const { key, bundles } = got;
    files = bundles.reduce((n, b) => n + b.files.length, 0);
    if (await opts.warmed?.has(key)) return { files, done: files };
    for (const bundle of bundles) {
      const why = stop();
      if (why) return { files, done, stopped: why };
      const held = await Promise.all(bundle.files.map(([, url]) => opts.isHeld(url)));
      const lacking = bundle.files.filter((_, i) => !held[i]);
      if (lacking.length) {
        const parsed = SearchBundleSchema.safeParse(await opts.fetchBundle(bundle.url));
        if (!parsed.success) return { files, done, stopped: stop() ?? 'error' };
        for (const [name, url] of lacking) {
          // A bundle without one of its files: a build that does not match its heads.
          if (!(name in parsed.data.f)) return { files, done, stopped: 'error' };
          await opts.putFile(url, JSON.stringify(parsed.data.f[name]));
        }
        await opts.pause();
      }
      done += bundle.files.length;
    }
    await opts.warmed?.add(key);
    return { files, done };
  } catch {
    return { files, done, stopped: stop() ?? 'error' };
  }
}
