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

/**
 * What a split head says of its folders: `h` a digest of the whole split; `hs` each part's folder, a
 * digest of its files (the files in the head's order, `ps` a part: part k holds bundle k's files), so
 * a change renames only the parts it reaches and every other file keeps its URL (and its cached copy).
 * A build made before parts had one folder for every file, `h`.
 */
export interface SplitFolders {
  h: string;
  hs?: string[];
  ps?: number;
}

const folderFns = new WeakMap<SplitFolders, (name: string) => string>();

/** The folder of each file (and bundle) of a split whose files the head names in order as `names`. */
export function folderOf(split: SplitFolders, names: () => readonly string[]): (name: string) => string {
  let fn = folderFns.get(split);
  if (fn) return fn;
  const { h, hs, ps } = split;
  if (!hs || !ps) fn = () => h;
  else {
    const at = new Map(names().map((n, i) => [n, i]));
    fn = (name) => {
      const bundle = /^bundle-(\d+)$/.exec(name);
      const folder = hs[bundle ? Number(bundle[1]) : Math.floor((at.get(name) ?? -1) / ps)];
      if (folder === undefined) throw new Error(`${name} is not a file of this split search`);
      return folder;
    };
  }
  folderFns.set(split, fn);
  return fn;
}

/** Build side: each part's folder, a digest of its files' texts and of `context(k)` (what reading part k needs of the head besides). */
export function partFolders(
  files: ReadonlyMap<string, string>,
  names: readonly string[],
  ps: number,
  digest: (parts: Iterable<string>) => string,
  context: (part: number) => string,
): string[] {
  return bundlesOf(names, ps).map((b, k) =>
    digest(
      (function* () {
        yield context(k);
        for (const name of b.files) {
          const text = files.get(name);
          if (text === undefined) throw new Error(`a split search part names ${name}, which the build did not write`);
          yield name;
          yield text;
        }
      })(),
    ),
  );
}

/** A bundle: `f` each file's content (its JSON) by name. */
export const SearchBundleSchema = z.object({ v: z.literal(1), f: z.record(z.string(), z.unknown()) });

/**
 * Build side: the bundles of a folder's files (`files` by name, JSON text), by name; each file's text
 * is taken as it is. `only`: the bundles to write, by the files they hold (default all).
 */
export function writeBundles(
  files: ReadonlyMap<string, string>,
  names: readonly string[],
  size = BUNDLE_FILES,
  only?: (held: readonly string[]) => boolean,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const { name, files: held } of bundlesOf(names, size)) {
    if (only && !only(held)) continue;
    const parts = held.map((file) => {
      const text = files.get(file);
      if (text === undefined) throw new Error(`a search bundle names ${file}, which the build did not write`);
      return `${JSON.stringify(file)}:${text}`;
    });
    out.set(name, `{"v":1,"f":{${parts.join(',')}}}`);
  }
  return out;
}
