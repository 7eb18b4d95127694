/**
 * The precache patterns as Workbox applies them to a built site (the same `getManifest` the PWA
 * integration calls): every store's panels, search index and search listing, the offline page and
 * the hashed assets, and nothing from the page folders, which Workbox must not even walk (a site of
 * 10,000 products has 23,000 of them; walking them cost about 7 s per build).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getManifest } from 'workbox-build';
import { PRECACHE_GLOBS, isSplitSearchFile, precacheUrls, WORKBOX_FILE_SIZE_LIMIT } from '../../src/lib/pwa/sw-config';

const PRECACHED = [
  '_astro/app.abc123.js',
  '_astro/fonts/inter.woff2',
  'offline/index.html',
  'panels/faqList.html',
  'de/panels/storeslist.html',
  'search-index.json',
  'de/search-index.json',
  'search-listing.json',
  'it/search-listing.json',
  'favicon.svg',
  'icons/icon-192.png',
];
/** Pages and files deeper down, including names the patterns look for. */
const NOT_PRECACHED = [
  'index.html',
  'rings/index.html',
  'rings/gold/panels/index.html',
  'rings/gold/panels/x.html',
  'amp/RW1/watch/search-index.json',
  'listing/60.json',
  'de/rings/search-listing.json',
];

describe('precache patterns', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'precache-globs-'));
    for (const f of [...PRECACHED, ...NOT_PRECACHED]) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), f);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('find the store-level files and the assets, and nothing in the page folders', async () => {
    const { manifestEntries } = await getManifest({ globDirectory: dir, globPatterns: PRECACHE_GLOBS });
    expect(manifestEntries!.map((e) => e.url).sort()).toEqual([...PRECACHED].sort());
  });

  it('leave a file of any size to the one cut: Workbox itself never refuses one (the PWA integration would fail the build)', async () => {
    const big = join(dir, 'it', 'search-listing.json');
    // A search listing of a million products is about 280 MB: a sparse file of 300 MB stands for it.
    truncateSync(big, 300 * 1024 * 1024);
    try {
      const cut = 8 * 1024 * 1024;
      const { manifestEntries, warnings } = await getManifest({
        globDirectory: dir,
        globPatterns: PRECACHE_GLOBS,
        maximumFileSizeToCacheInBytes: WORKBOX_FILE_SIZE_LIMIT,
        manifestTransforms: [async (entries) => precacheUrls(entries as never, cut)],
      });
      expect(warnings.filter((w) => w.includes('maximumFileSizeToCacheInBytes'))).toEqual([]);
      // The project's own cut leaves it out (and says so); the rest stays.
      const urls = manifestEntries!.map((e) => e.url);
      expect(urls).not.toContain('it/search-listing.json');
      expect(urls).toEqual(expect.arrayContaining(['search-listing.json', 'de/search-index.json', '_astro/app.abc123.js', 'offline']));
      expect(urls).toHaveLength(PRECACHED.length - 1);
    } finally {
      writeFileSync(big, 'it/search-listing.json');
    }
  });
});

describe('isSplitSearchFile', () => {
  it("is a split index's postings or records file, or a split search listing's bucket, in any store view", () => {
    for (const path of [
      '/search-index/0a1b2c3d/p-3.json',
      '/de/search-index/0a1b2c3d/d-12.json',
      '/search-listing/0a1b2c3d/d-0.json',
      '/it/search-listing/ff/d-7.json',
      '/search-listing/0a1b2c3d/facets/d-0.json',
      '/search-listing/0a1b2c3d/prices/d-3.json',
    ])
      expect(isSplitSearchFile(path), path).toBe(true);
    for (const path of [
      '/search-index.json',
      '/search-listing.json',
      '/search-listing/0a1b2c3d/p-3.json',
      '/search-listing/xyz/d-1.json',
      '/search-listing/0a1b2c3d/facets/p-1.json',
      '/search-listing/0a1b2c3d/costs/d-1.json',
      '/listing/12.json',
    ])
      expect(isSplitSearchFile(path), path).toBe(false);
  });
});
