/**
 * What the offline warming of a split search downloads (docs/search.md "Offline with a split index"),
 * for `npm run bench:search -- --snapshot DIR --split-only` (its `warming` figures): every split file
 * gzipped one by one, against the bundles the service worker downloads instead.
 */
import { splitSearchIndex, splitSearchListing } from '../../src/lib/search/split';
import { splitListingFiles } from '../../src/lib/search/split-listing';
import { writeBundles } from '../../src/lib/search/bundles';
import { splitIndexFiles, type SearchIndexFile } from '../../src/lib/search/types';
import type { ListingFile } from '../../src/lib/catalog/listing/client';
import { gzipBytes } from './lib/stats';

/** What the offline warming downloads (docs/search.md "Offline with a split index"), gzipped: the split files one by one, and in bundles. */
export interface WarmingBench {
  files: number;
  filesGzipBytes: number;
  /** Per kind of file: count and gzipped bytes one by one. */
  kinds: Record<string, { files: number; gzipBytes: number }>;
  bundles: number;
  bundlesGzipBytes: number;
  /** The two whole files a whole index would precache instead (/search-index.json, /search-listing.json). */
  wholeGzipBytes: number;
}

/** Splits `file` and `full` as the build does and measures the warming's downloads. */
export function warmingDownloads(file: SearchIndexFile, full: ListingFile): WarmingBench {
  const split = splitSearchIndex(file);
  const listing = splitSearchListing(full, file.d);
  const kinds: WarmingBench['kinds'] = {};
  let bundles = 0;
  let bundlesGzipBytes = 0;
  for (const [files, names] of [
    [split.files, splitIndexFiles(split.index.split)],
    [listing.files, splitListingFiles(listing.head)],
  ] as const) {
    for (const [name, text] of files) {
      const kind = name.startsWith('p-')
        ? 'postings'
        : name.startsWith('facets/')
          ? 'facets'
          : name.startsWith('prices/')
            ? 'prices'
            : files === split.files
              ? 'records'
              : 'tiles';
      const k = (kinds[kind] ??= { files: 0, gzipBytes: 0 });
      k.files++;
      k.gzipBytes += gzipBytes(text);
    }
    for (const text of writeBundles(files, names).values()) {
      bundles++;
      bundlesGzipBytes += gzipBytes(text);
    }
  }
  const all = Object.values(kinds);
  return {
    files: all.reduce((n, k) => n + k.files, 0),
    filesGzipBytes: all.reduce((n, k) => n + k.gzipBytes, 0),
    kinds,
    bundles,
    bundlesGzipBytes,
    wholeGzipBytes: gzipBytes(JSON.stringify(file)) + gzipBytes(JSON.stringify(full)),
  };
}
