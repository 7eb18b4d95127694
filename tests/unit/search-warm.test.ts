/**
 * The background warming of a split search (src/lib/pwa/search-warm.ts): on the sample split as a
 * large catalogue's is, it fetches every file the build wrote under search-index/{h}/ and
 * search-listing/{h}/, each once, a few at a time after idle periods; it does nothing for a whole
 * index, offline or when the browser saves data; it keeps its progress per build and resumes.
 */
import { describe, expect, it } from 'vitest';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/build/snapshot';
import { buildSearchIndex } from '../../src/lib/search/build';
import { splitSearchIndex, splitSearchListing } from '../../src/lib/search/split';
import { searchListingFile } from '../../src/lib/catalog/listing/file';
import { WARM_KEY, warmSplitSearch, type WarmOptions } from '../../src/lib/pwa/search-warm';

const whole = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const index = splitSearchIndex(whole);
const listing = splitSearchListing(searchListingFile(), whole.d, index.index.split.rf);
const built = new Map<string, string>([
  ['/search-index.json', JSON.stringify(index.index)],
  ['/search-listing.json', JSON.stringify(listing.head)],
]);
for (const [name, text] of index.files) built.set(`/search-index/${index.index.split.h}/${name}.json`, text);
for (const [name, text] of listing.files) built.set(`/search-listing/${listing.head.split.h}/${name}.json`, text);
const splitFiles = [...built.keys()].filter((u) => u.includes('.json') && /\/search-(index|listing)\/[0-9a-f]+\//.test(u));

function setup(files = built, over: Partial<WarmOptions> = {}) {
  const asked: string[] = [];
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  let idles = 0;
  const opts: WarmOptions = {
    fetch: (async (url: string) => {
      asked.push(url);
      const text = files.get(url);
      return new Response(text ?? 'Not found', { status: text === undefined ? 404 : 200 });
    }) as typeof fetch,
    isOnline: () => true,
    saveData: () => false,
    idle: async () => void idles++,
    storage,
    pathname: '/',
    base: '/',
    ...over,
  };
  return { asked, storage, opts, idles: () => idles };
}

describe('warmSplitSearch', () => {
  it('fetches every split file of the build once, a few at a time after idle periods, then nothing on the next visit', async () => {
    const { asked, opts, idles } = setup();
    const r = await warmSplitSearch(opts);
    expect(r).toEqual({ files: splitFiles.length, done: splitFiles.length });
    const files = asked.filter((u) => !u.endsWith('/search-index.json') && !u.endsWith('/search-listing.json'));
    expect([...files].sort()).toEqual([...splitFiles].sort());
    expect(new Set(files).size).toBe(files.length);
    expect(idles()).toBeGreaterThanOrEqual(Math.ceil(files.length / 4));
    asked.length = 0;
    expect(await warmSplitSearch(opts)).toEqual({ files: splitFiles.length, done: splitFiles.length });
    expect(asked).toEqual(['/search-index.json', '/search-listing.json']);
  });

  it('does nothing for a whole index, offline, or when the browser saves data', async () => {
    const w = setup(new Map([['/search-index.json', JSON.stringify(whole)]]));
    expect(await warmSplitSearch(w.opts)).toMatchObject({ stopped: 'whole' });
    expect(w.asked).toEqual(['/search-index.json']);
    const off = setup(built, { isOnline: () => false });
    expect(await warmSplitSearch(off.opts)).toMatchObject({ stopped: 'offline', done: 0 });
    expect(off.asked).toEqual([]);
    const save = setup(built, { saveData: () => true });
    expect(await warmSplitSearch(save.opts)).toMatchObject({ stopped: 'save-data', done: 0 });
    expect(save.asked).toEqual([]);
  });

  it('stops when the browser goes offline and resumes where it stopped; another build starts again', async () => {
    let online = true;
    const s = setup(built, { isOnline: () => online });
    const fetchAll = s.opts.fetch!;
    s.opts.fetch = (async (url: string) => {
      if (s.asked.length >= 10) online = false;
      return fetchAll(url);
    }) as typeof fetch;
    const first = await warmSplitSearch(s.opts);
    expect(first.stopped).toBe('offline');
    expect(first.done).toBeGreaterThan(0);
    expect(first.done).toBeLessThan(splitFiles.length);
    online = true;
    const before = s.asked.length;
    const second = await warmSplitSearch({ ...s.opts, fetch: fetchAll });
    expect(second).toEqual({ files: splitFiles.length, done: splitFiles.length });
    expect(s.asked.length - before).toBe(2 + splitFiles.length - first.done);
    // Another build (other digests): everything again.
    s.storage.setItem(WARM_KEY, JSON.stringify({ key: 'other', next: splitFiles.length }));
    expect((await warmSplitSearch({ ...s.opts, fetch: fetchAll })).done).toBe(splitFiles.length);
    expect(s.asked.length - before).toBe(2 * (2 + splitFiles.length) - first.done);
  });

  it('stops at a file the server does not have, keeping what it fetched', async () => {
    const missing = new Map(built);
    missing.delete(splitFiles[6]!);
    const s = setup(missing);
    const r = await warmSplitSearch(s.opts);
    expect(r.stopped).toBe('error');
    expect(r.done).toBe(4);
    expect(JSON.parse(s.storage.getItem(WARM_KEY)!)).toMatchObject({ next: 4 });
  });
});
