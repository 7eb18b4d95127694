import { describe, expect, it, vi } from 'vitest';
import { createSearchClient } from '../../src/lib/search/client';
import { createSearchEngine } from '../../src/lib/search/engine';
import { splitSearchIndex } from '../../src/lib/search/split';
import { splitIndexFiles } from '../../src/lib/search/types';
import { SETTINGS, catalogue, indexOf } from './search-fixtures';

const settings = { ...SETTINGS, clientTimeoutMs: 5000 };
const file = indexOf(catalogue());
const okFetch = () =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(file), { status: 200, headers: { 'Content-Type': 'application/json' } }));
const failingFetch = () => vi.fn(async (_url: string, _init?: RequestInit): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));

function client(fetchImpl: ReturnType<typeof vi.fn>, online: { value: boolean } = { value: true }) {
  const loadEngine = vi.fn(async () => createSearchEngine);
  const c = createSearchClient({
    settings,
    indexUrl: '/search-index.json',
    fetch: fetchImpl as unknown as typeof fetch,
    isOnline: () => online.value,
    loadEngine,
  });
  return { c, loadEngine, online };
}

describe('search client', () => {
  it('loads nothing until the first search, then the engine and the index once', async () => {
    const f = okFetch();
    const { c, loadEngine } = client(f);
    expect(f).not.toHaveBeenCalled();
    expect(loadEngine).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([c.search('watch'), c.search('ring')]);
    expect(a.total).toBeGreaterThan(0);
    expect(b.total).toBeGreaterThan(0);
    await c.search('pendant');
    expect(f).toHaveBeenCalledTimes(1);
    expect(f.mock.calls[0]![0]).toBe('/search-index.json');
    expect(loadEngine).toHaveBeenCalledTimes(1);
  });

  it('fetches the index from /search-index.json by default', async () => {
    const f = okFetch();
    const c = createSearchClient({ settings, fetch: f as unknown as typeof fetch, isOnline: () => true, loadEngine: async () => createSearchEngine });
    await c.preload();
    expect(f.mock.calls[0]![0]).toBe('/search-index.json');
  });

  it('a term under 3 characters loads nothing and finds nothing', async () => {
    const f = okFetch();
    const { c } = client(f);
    const r = await c.search('ri');
    expect(r).toMatchObject({ items: [], total: 0, noresults: true });
    expect(f).not.toHaveBeenCalled();
  });

  it('flags the first answer fresh and later answers as from the cache', async () => {
    const { c } = client(okFetch());
    expect(await c.search('thomas sabbo')).toMatchObject({ cache: false, offline: false, noresults: false, total: 2 });
    expect(await c.search('raymnd weil')).toMatchObject({ cache: true, offline: false, noresults: false, total: 2 });
    expect(await c.search('rolex')).toMatchObject({ cache: true, offline: false, noresults: true, total: 0, items: [] });
  });

  it('offline without the index: an empty result flagged offline, then a retry once back', async () => {
    const f = failingFetch();
    const online = { value: false };
    const { c } = client(f, online);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await c.search('thomas sabo')).toEqual({ items: [], total: 0, start: 0, perPage: 50, cache: false, offline: true, noresults: true });
    expect(errors).toHaveBeenCalled();
    // A failed fetch counts as offline even when the browser claims to be online (lie-fi).
    online.value = true;
    expect(await c.search('thomas sabo')).toMatchObject({ items: [], offline: true, noresults: true });
    f.mockImplementation(async () => new Response(JSON.stringify(file), { status: 200 }));
    expect(await c.search('thomas sabo')).toMatchObject({ total: 2, offline: false, noresults: false });
    expect(f).toHaveBeenCalledTimes(3);
    errors.mockRestore();
  });

  it('offline with the index held: results flagged offline and cache', async () => {
    const online = { value: true };
    const { c } = client(okFetch(), online);
    await c.preload();
    online.value = false;
    expect(await c.search('raymond weil')).toMatchObject({ total: 2, offline: true, cache: true, noresults: false });
  });

  it('an error answer online gives an empty result not flagged offline', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { c } = client(vi.fn(async () => new Response('oops', { status: 500 })));
    expect(await c.search('watch')).toMatchObject({ items: [], offline: false, noresults: true });
    errors.mockRestore();
  });

  it('gives up on the index after the client timeout and answers offline', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const c = createSearchClient({
      settings: { ...settings, clientTimeoutMs: 30 },
      fetch: hanging as unknown as typeof fetch,
      isOnline: () => true,
      loadEngine: async () => createSearchEngine,
    });
    const started = Date.now();
    expect(await c.search('watch')).toMatchObject({ items: [], offline: true, noresults: true });
    expect(Date.now() - started).toBeLessThan(2000);
    errors.mockRestore();
  });

  it('offers the suggestions once loaded', async () => {
    const { c } = client(okFetch());
    expect(c.suggestions()).toBeNull();
    await c.preload();
    expect(c.suggestions()?.categories[0]).toEqual(['Rings', '/rings']);
  });

  it('passes paging through with the §5 rules', async () => {
    const { c } = client(okFetch());
    const r = await c.search('watch', { size: 0, start: -2 });
    expect([r.perPage, r.start]).toEqual([50, 0]);
  });
});

describe('search client on a split index', () => {
  // Parts of 4 files: the files are in several folders, each file in its part's.
  const split = splitSearchIndex(file, { recordsPerFile: 2, postingsPerFile: 8, partFiles: 4 });
  const names = splitIndexFiles(split.index.split);
  const folderOf = (name: string) => split.index.split.hs[Math.floor(names.indexOf(name) / 4)]!;
  const whole = createSearchEngine(file, SETTINGS);
  /** The site: /de/search-index.json and its folder; `served` limits what answers (a cache offline). */
  const site = new Map<string, string>([['/de/search-index.json', JSON.stringify(split.index)]]);
  for (const [name, text] of split.files) site.set(`/de/search-index/${folderOf(name)}/${name}.json`, text);
  function splitClient(served: (url: string) => boolean, online: { value: boolean } = { value: true }, fetched: string[] = []) {
    const f = vi.fn(async (url: string, _init?: RequestInit): Promise<Response> => {
      if (!served(url)) throw new TypeError('Failed to fetch');
      fetched.push(url);
      return site.has(url) ? new Response(site.get(url)!, { status: 200 }) : new Response('not found', { status: 404 });
    });
    const c = createSearchClient({
      settings,
      indexUrl: '/de/search-index.json',
      fetch: f as unknown as typeof fetch,
      isOnline: () => online.value,
      loadEngine: async () => createSearchEngine,
    });
    return { c, fetched, online };
  }

  it('fetches the files a query needs beside the index and answers as the whole index does', async () => {
    const { c, fetched } = splitClient(() => true);
    const r = await c.search('thomas sabbo');
    const expected = whole.search('thomas sabbo');
    expect(r.total).toBeGreaterThan(0);
    expect(r.items).toEqual(expected.items);
    expect(r.total).toBe(expected.total);
    expect({ offline: r.offline, noresults: r.noresults }).toEqual({ offline: false, noresults: false });
    expect(fetched[0]).toBe('/de/search-index.json');
    expect(new Set(split.index.split.hs).size).toBeGreaterThan(1);
    expect(fetched.slice(1).every((u) => site.has(u) && u.startsWith('/de/search-index/'))).toBe(true);
    expect(fetched.length).toBeLessThan(site.size);
    // Asked again: nothing fetched, answered from what is held.
    const before = fetched.length;
    expect((await c.search('thomas sabbo')).items).toEqual(expected.items);
    expect(fetched.length).toBe(before);
  });

  it('offline, a query searched before is answered from the files it fetched; an unseen one is the offline answer', async () => {
    const online = splitClient(() => true);
    await online.c.search('raymnd weil');
    const cached = new Set(online.fetched);
    // A new page offline, the service worker's cache holding what the first page fetched.
    const offline = splitClient((url) => cached.has(url), { value: false });
    const again = await offline.c.search('raymnd weil');
    expect(again.items).toEqual(whole.search('raymnd weil').items);
    expect({ cache: again.cache, offline: again.offline }).toEqual({ cache: true, offline: true });
    const unseen = await offline.c.search('silver bracelet');
    expect(whole.search('silver bracelet').total).toBeGreaterThan(0);
    expect(unseen).toMatchObject({ items: [], total: 0, offline: true, noresults: true });
  });

  it('a file answering 404 online gives an empty answer not flagged offline', async () => {
    const { c } = splitClient((url) => !url.includes('/p-'));
    const missing = splitClient(() => true);
    const name = [...site.keys()].find((u) => u.includes('/p-'))!;
    const text = site.get(name)!;
    site.delete(name);
    try {
      const r = await Promise.all(['watch', 'ring', 'silver', 'pendant'].map((q) => missing.c.search(q)));
      expect(r.some((x) => x.total === 0 && !x.offline)).toBe(true);
    } finally {
      site.set(name, text);
    }
    // A postings file unreachable (a failed fetch): offline, as a missing index.
    expect(await c.search('watch')).toMatchObject({ total: 0, offline: true });
  });
});
