/**
 * The background warming of a split search (src/lib/pwa/search-warm.ts, run by the service worker):
 * on the sample split as a large catalogue's is, it downloads the build's bundles (bundles.ts) one at
 * a time with pauses and puts every file the build wrote under search-index/{h}/ and
 * search-listing/{h}/ in the cache, each once, with the file's own content; it does nothing for a
 * whole index, offline or when the browser saves data; stopped, the next run downloads only the
 * bundles holding what the cache does not hold yet; a build warmed whole is not looked at again.
 */
import { describe, expect, it } from 'vitest';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex } from '../../src/lib/search/build';
import { splitSearchIndex, splitSearchListing } from '../../src/lib/search/split';
import { searchListingFile } from '../../src/lib/build/listing-file';
import { warmSplitSearch, type WarmOptions } from '../../src/lib/pwa/search-warm';
import { writeBundles } from '../../src/lib/search/bundles';
import { splitIndexFiles } from '../../src/lib/search/types';
import { splitListingFiles } from '../../src/lib/search/split-listing';

const whole = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
/** Parts (and bundles) of a few files each on this small catalogue. */
const BUNDLE_FILES = 8;
const full = searchListingFile();
const index = splitSearchIndex(whole, { partFiles: BUNDLE_FILES });
const listing = splitSearchListing(full, whole.d, { ps: BUNDLE_FILES });

/** A build's heads, every file it wrote (URL -> content) and its bundles (URL -> content): part k's files and bundle k under folder hs[k]. */
function site(idx: typeof index, lst: typeof listing) {
  const heads = new Map<string, unknown>([
    ['/search-index.json', idx.index],
    ['/search-listing.json', lst.head],
  ]);
  const built = new Map<string, string>();
  const served = new Map<string, string>();
  const folders = [
    { root: '/search-index/', hs: idx.index.split.hs, files: idx.files, names: splitIndexFiles(idx.index.split) },
    { root: '/search-listing/', hs: lst.head.split.hs!, files: lst.files, names: splitListingFiles(lst.head) },
  ];
  for (const { root, hs, files, names } of folders) {
    names.forEach((name, i) => built.set(`${root}${hs[Math.floor(i / BUNDLE_FILES)]}/${name}.json`, files.get(name)!));
    [...writeBundles(files, names, BUNDLE_FILES)].forEach(([name, text], k) => served.set(`${root}${hs[k]}/${name}.json`, text));
  }
  return { heads, built, served, folders };
}
const { heads, built, served, folders } = site(index, listing);
const bundleCount = served.size;

/** A worker over the built bundles: its cache of files, and `network` the bundles that reached the server. */
function worker(bundles: ReadonlyMap<string, string> = served, over: Partial<WarmOptions> = {}, from = heads) {
  const network: string[] = [];
  const cache = new Map<string, string>();
  let pauses = 0;
  const opts: WarmOptions = {
    readHead: async (url) => from.get(url) ?? null,
    isHeld: async (url) => cache.has(url),
    fetchBundle: async (url) => {
      network.push(url);
      const text = bundles.get(url);
      if (text === undefined) throw new Error(`${url}: HTTP 404`);
      return JSON.parse(text);
    },
    putFile: async (url, text) => void cache.set(url, text),
    isOnline: () => true,
    saveData: () => false,
    pause: async () => void pauses++,
    pathname: '/',
    bundleFiles: BUNDLE_FILES,
    ...over,
  };
  return { network, cache, opts, pauses: () => pauses };
}

describe('warmSplitSearch', () => {
  it('puts every split file of the build in the cache with its content, from each bundle once, with pauses; the next run downloads nothing', async () => {
    const w = worker();
    expect(bundleCount).toBe(folders.reduce((n, f) => n + Math.ceil(f.names.length / BUNDLE_FILES), 0));
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect(new Map([...w.cache].sort())).toEqual(new Map([...built].sort()));
    expect([...w.network].sort()).toEqual([...served.keys()].sort());
    expect(w.pauses()).toBe(bundleCount);
    // The postings first: the panel's queries need them before any record.
    expect(w.network[0]).toMatch(/\/search-index\/[0-9a-f]+\/bundle-0\.json$/);
    expect(JSON.parse(served.get(w.network[0]!)!).f).toHaveProperty('p-0');
    w.network.length = 0;
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect(w.network).toEqual([]);
  });

  it('after a change, downloads only the bundles of the parts it renamed: every other file keeps its URL and its cached copy', async () => {
    const w = worker();
    await warmSplitSearch(w.opts);
    // One product's name: its index records file and its tile bucket, in one part each.
    const sku = whole.d[Math.floor(whole.d.length / 2)]!.s;
    const renamed = { ...whole, d: whole.d.map((d) => (d.s === sku ? { ...d, n: `${d.n} Heritage` } : d)) };
    const next = site(
      splitSearchIndex(renamed, { partFiles: BUNDLE_FILES }),
      splitSearchListing({ ...full, products: full.products.map((p) => (p.sku === sku ? { ...p, name: `${p.name} Heritage` } : p)) }, renamed.d, {
        ps: BUNDLE_FILES,
      }),
    );
    const kept = [...next.built.keys()].filter((url) => built.has(url));
    expect(kept.length).toBeGreaterThan(next.built.size / 2);
    const after = worker(next.served, {}, next.heads);
    for (const [url, text] of w.cache) after.cache.set(url, text);
    expect(await warmSplitSearch(after.opts)).toEqual({ files: next.built.size, done: next.built.size });
    // The renamed parts' bundles only, and the cache holds the new build's every file with its content.
    const renamedParts = next.folders.reduce((n, f, i) => n + f.hs.filter((h) => !folders[i]!.hs.includes(h)).length, 0);
    expect(renamedParts).toBeGreaterThan(0);
    expect(after.network).toHaveLength(renamedParts);
    for (const [url, text] of next.built) expect(after.cache.get(url), url).toBe(text);
  });

  it('marks a build warmed whole, and a later run of that build looks at none of its files; another build starts again', async () => {
    const marks = new Set<string>();
    const w = worker(served, { warmed: { has: async (k) => marks.has(k), add: async (k) => void marks.add(k) } });
    let looked = 0;
    const isHeld = w.opts.isHeld;
    w.opts.isHeld = (url) => (looked++, isHeld(url));
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect([...marks]).toEqual([`${index.index.split.h}-${listing.head.split.h}`]);
    looked = 0;
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect(looked).toBe(0);
    marks.clear();
    marks.add('another-build');
    await warmSplitSearch(w.opts);
    expect(looked).toBe(built.size);
  });

  it('does nothing for a whole index, offline, or when the browser saves data', async () => {
    const whole1 = worker(served, { readHead: async (url) => (url === '/search-index.json' ? whole : null) });
    expect(await warmSplitSearch(whole1.opts)).toEqual({ files: 0, done: 0, stopped: 'whole' });
    expect(whole1.network).toEqual([]);
    const off = worker(served, { isOnline: () => false });
    expect(await warmSplitSearch(off.opts)).toEqual({ files: 0, done: 0, stopped: 'offline' });
    const save = worker(served, { saveData: () => true });
    expect(await warmSplitSearch(save.opts)).toEqual({ files: 0, done: 0, stopped: 'save-data' });
    expect([...off.network, ...save.network]).toEqual([]);
  });

  it('stops when the browser goes offline; the next run downloads only the bundles holding what the cache lacks', async () => {
    let online = true;
    const w = worker(served, { isOnline: () => online });
    const fetchBundle = w.opts.fetchBundle;
    const first = await warmSplitSearch({
      ...w.opts,
      fetchBundle: async (url) => {
        if (w.network.length >= 1) online = false;
        return fetchBundle(url);
      },
    });
    expect(first).toEqual({ files: built.size, done: BUNDLE_FILES * 2, stopped: 'offline' });
    online = true;
    // A file of a later bundle held already (a query fetched it): that bundle still comes for the others.
    const queried = [...built.keys()].at(-1)!;
    w.cache.set(queried, built.get(queried)!);
    w.network.length = 0;
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    // The two bundles put before going offline are not downloaded again.
    expect(w.network.sort()).toEqual([...served.keys()].slice(2).sort());
    expect(new Map([...w.cache].sort())).toEqual(new Map([...built].sort()));
  });

  it('stops at a bundle the server does not have, or one lacking a file, keeping what it put', async () => {
    const bundles = [...served.keys()];
    const w = worker(new Map([...served].filter(([u]) => u !== bundles[1])));
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: BUNDLE_FILES, stopped: 'error' });
    expect(w.cache.size).toBe(BUNDLE_FILES);
    const lacking = JSON.parse(served.get(bundles[1]!)!) as { v: 1; f: Record<string, unknown> };
    delete lacking.f[Object.keys(lacking.f)[3]!];
    const w2 = worker(new Map([...served].map(([u, t]) => [u, u === bundles[1] ? JSON.stringify(lacking) : t])));
    expect(await warmSplitSearch(w2.opts)).toEqual({ files: built.size, done: BUNDLE_FILES, stopped: 'error' });
  });
});
