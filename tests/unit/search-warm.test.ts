/**
 * The background warming of a split search (src/lib/pwa/search-warm.ts, run by the service worker):
 * on the sample split as a large catalogue's is, it fetches every file the build wrote under
 * search-index/{h}/ and search-listing/{h}/, each once, a few at a time with pauses; it does nothing
 * for a whole index, offline or when the browser saves data; stopped, the next run fetches only what
 * the cache does not hold yet; a build warmed whole is not looked at again.
 */
import { describe, expect, it } from 'vitest';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/build/snapshot';
import { buildSearchIndex } from '../../src/lib/search/build';
import { splitSearchIndex, splitSearchListing } from '../../src/lib/search/split';
import { searchListingFile } from '../../src/lib/catalog/listing/file';
import { warmSplitSearch, type WarmOptions } from '../../src/lib/pwa/search-warm';

const whole = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const index = splitSearchIndex(whole);
const listing = splitSearchListing(searchListingFile(), whole.d);
const heads = new Map<string, unknown>([
  ['/search-index.json', index.index],
  ['/search-listing.json', listing.head],
]);
const built = new Set<string>();
for (const name of index.files.keys()) built.add(`/search-index/${index.index.split.h}/${name}.json`);
for (const name of listing.files.keys()) built.add(`/search-listing/${listing.head.split.h}/${name}.json`);

/** A worker over the built files: a cache-first fetch (`network` lists what reached the server). */
function worker(files: ReadonlySet<string> = built, over: Partial<WarmOptions> = {}) {
  const network: string[] = [];
  const cache = new Set<string>();
  let pauses = 0;
  const opts: WarmOptions = {
    readHead: async (url) => heads.get(url) ?? null,
    fetchFile: async (url) => {
      if (cache.has(url)) return true;
      network.push(url);
      if (!files.has(url)) return false;
      cache.add(url);
      return true;
    },
    isOnline: () => true,
    saveData: () => false,
    pause: async () => void pauses++,
    pathname: '/',
    ...over,
  };
  return { network, cache, opts, pauses: () => pauses };
}

describe('warmSplitSearch', () => {
  it('fetches every split file of the build once, a few at a time with pauses; the next run fetches nothing', async () => {
    const w = worker();
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect([...w.network].sort()).toEqual([...built].sort());
    expect(w.pauses()).toBe(Math.ceil(built.size / 4));
    // The postings first: the panel's queries need them before any record.
    expect(w.network[0]).toMatch(/\/search-index\/[0-9a-f]+\/p-0\.json$/);
    w.network.length = 0;
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect(w.network).toEqual([]);
  });

  it('marks a build warmed whole, and a later run of that build looks at none of its files; another build starts again', async () => {
    const marks = new Set<string>();
    const w = worker(built, { warmed: { has: async (k) => marks.has(k), add: async (k) => void marks.add(k) } });
    let looked = 0;
    const fetchFile = w.opts.fetchFile;
    w.opts.fetchFile = (url) => (looked++, fetchFile(url));
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
    const whole1 = worker(built, { readHead: async (url) => (url === '/search-index.json' ? whole : null) });
    expect(await warmSplitSearch(whole1.opts)).toEqual({ files: 0, done: 0, stopped: 'whole' });
    expect(whole1.network).toEqual([]);
    const off = worker(built, { isOnline: () => false });
    expect(await warmSplitSearch(off.opts)).toEqual({ files: 0, done: 0, stopped: 'offline' });
    const save = worker(built, { saveData: () => true });
    expect(await warmSplitSearch(save.opts)).toEqual({ files: 0, done: 0, stopped: 'save-data' });
    expect([...off.network, ...save.network]).toEqual([]);
  });

  it('stops when the browser goes offline; the next run fetches only what the cache lacks', async () => {
    let online = true;
    const w = worker(built, { isOnline: () => online });
    const fetchFile = w.opts.fetchFile;
    const first = await warmSplitSearch({
      ...w.opts,
      fetchFile: async (url) => {
        if (w.network.length >= 10) online = false;
        return fetchFile(url);
      },
    });
    expect(first.stopped).toBe('offline');
    expect(first.done).toBeGreaterThan(0);
    expect(first.done).toBeLessThan(built.size);
    online = true;
    const before = w.network.length;
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: built.size });
    expect(w.network.length - before).toBe(built.size - w.network.slice(0, before).length);
    expect(new Set(w.network).size).toBe(built.size);
  });

  it('stops at a file the server does not have, keeping what it fetched', async () => {
    const files = [...built];
    const w = worker(new Set(files.filter((_, i) => i !== 6)));
    expect(await warmSplitSearch(w.opts)).toEqual({ files: built.size, done: 4, stopped: 'error' });
    expect(w.cache.size).toBe(7);
  });
});
