/**
 * Warming bundles of a split search (docs/search.md "Offline with a split index"): the service worker
 * downloads a split build's files for offline search in bundles of BUNDLE_FILES files rather than one
 * by one (small files compress badly: at 100,000 products the files one by one are about three times
 * the bundles' bytes), and puts each file of a bundle in its cache under the file's own URL, so a
 * query's request for a file is answered from the cache as if it had been fetched. Bundle i of a
 * folder holds the folder's files i × BUNDLE_FILES … in the order the heads name them
 * (splitIndexFiles, splitListingFiles), so the worker knows what each holds without a manifest.
 */
import * as z from 'zod/mini';

/** Files per bundle. */
export const BUNDLE_FILES = 256;

/** A folder's bundles: each one's name (bundle-{i}, beside the files) and the files it holds, in order. */
export function bundlesOf(names: readonly string[], size = BUNDLE_FILES): { name: string; files: string[] }[] {
  return Array.from({ length: Math.ceil(names.length / size) }, (_, i) => ({
    name: `bundle-${i}`,
    files: names.slice(i * size, (i + 1) * size),
  }));
}

/** A bundle: `f` each file's content (its JSON) by name. */
export const SearchBundleSchema = z.object({ v: z.literal(1), f: z.record(z.string(), z.unknown()) });

/** Build side: the bundles of a folder's files (`files` by name, JSON text), by name; each file's text is taken as it is. */
export function writeBundles(files: ReadonlyMap<string, string>, names: readonly string[], size = BUNDLE_FILES): Map<string, string> {
  const out = new Map<string, string>();
  for (const { name, files: held } of bundlesOf(names, size)) {
    const parts = held.map((file) => {
      const text = files.get(file);
      if (text === undefined) throw new Error(`a search bundle names ${file}, which the build did not write`);
      return `${JSON.stringify(file)}:${text}`;
    });
    out.set(name, `{"v":1,"f":{${parts.join(',')}}}`);
  }
  return out;
}
