import { afterEach, describe, expect, it, vi } from 'vitest';
import { partFiles, splitThreshold } from '../../src/lib/build/search-site-index';
import { BUNDLE_FILES } from '../../src/lib/search/bundles';
import { SPLIT_ABOVE } from '../../src/lib/search/split';
import { isSearchable } from '../../src/lib/search/build';
import { readProducts } from '../../src/lib/snapshot/read';

type Endpoint = (ctx: unknown) => Response | Promise<Response>;

describe('search index files of the build', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('SEARCH_PART_FILES sets the files of a part; a bad value is refused by name', () => {
    expect(partFiles({})).toBe(BUNDLE_FILES);
    expect(partFiles({ SEARCH_PART_FILES: ' 16 ' })).toBe(16);
    expect(() => partFiles({ SEARCH_PART_FILES: '0' })).toThrow(/SEARCH_PART_FILES must be a whole number.*"0"/);
    expect(() => partFiles({ SEARCH_PART_FILES: 'some' })).toThrow(/SEARCH_PART_FILES/);
  });

  it('SEARCH_SPLIT_ABOVE sets the threshold; a bad value is refused by name', () => {
    expect(splitThreshold({})).toBe(SPLIT_ABOVE);
    expect(splitThreshold({ SEARCH_SPLIT_ABOVE: '0' })).toBe(0);
    expect(splitThreshold({ SEARCH_SPLIT_ABOVE: ' 20000 ' })).toBe(20000);
    expect(() => splitThreshold({ SEARCH_SPLIT_ABOVE: 'ten' })).toThrow(/SEARCH_SPLIT_ABOVE must be a whole number.*"ten"/);
    expect(() => splitThreshold({ SEARCH_SPLIT_ABOVE: '-1' })).toThrow(/SEARCH_SPLIT_ABOVE/);
  });

  it("the search page's data taken from the listing of the search files is what it works out on its own", async () => {
    vi.stubEnv('SEARCH_SPLIT_ABOVE', '0');
    const alone = (await import('../../src/lib/build/search-site-index')).searchPageData('gb');
    vi.resetModules();
    const site = await import('../../src/lib/build/search-site-index');
    site.storeSearchListing('gb');
    const taken = site.searchPageData('gb');
    expect(taken.templateProduct?.sku).toBe(alone.templateProduct?.sku);
    expect(taken.templateProduct).toBeDefined();
    expect(taken.facets).toEqual(alone.facets);
    expect(taken.facets.length).toBeGreaterThan(2);
  });

  it('the sample keeps one whole file and writes no split files', async () => {
    const files = await import('../../src/pages/[...store]/search-index/[h]/[file].json');
    expect(files.getStaticPaths()).toEqual([]);
    const { GET } = await import('../../src/pages/[...store]/search-index.json');
    expect(Array.isArray((await (await (GET as Endpoint)({ props: { storeCode: 'gb' } })).json()).d)).toBe(true);
  });

  it('with SEARCH_SPLIT_ABOVE=0 the sample is split: /search-index.json holds the statistics, the endpoint writes every file', async () => {
    vi.stubEnv('SEARCH_SPLIT_ABOVE', '0');
    const { GET } = await import('../../src/pages/[...store]/search-index.json');
    const index = await (await (GET as Endpoint)({ props: { storeCode: 'gb' } })).json();
    expect(index.d).toBeUndefined();
    expect(index.split.n).toBe(readProducts().filter(isSearchable).length);
    const files = await import('../../src/pages/[...store]/search-index/[h]/[file].json');
    const paths = files.getStaticPaths();
    expect(
      paths.every((p) => index.split.hs.includes(p.params.h) && p.cacheKey === p.params.h && p.params.store === undefined && p.props.storeCode === 'gb'),
    ).toBe(true);
    // Each file in its part's folder: part k holds the files k × ps … in the head's order (postings, then records), and bundle k.
    const names = [
      ...Array.from({ length: index.split.pf }, (_, i) => `p-${i}`),
      ...Array.from({ length: Math.ceil(index.split.n / index.split.rf) }, (_, i) => `d-${i}`),
    ];
    const want = [
      ...names.map((file, i) => [index.split.hs[Math.floor(i / index.split.ps)], file]),
      ...index.split.hs.map((h: string, k: number) => [h, `bundle-${k}`]),
    ];
    expect(paths.map((p) => [p.params.h, p.params.file])).toEqual(want);
    expect(paths.filter((p) => p.params.file.startsWith('p-'))).toHaveLength(index.split.pf);
    expect(paths.filter((p) => p.params.file.startsWith('d-'))).toHaveLength(Math.ceil(index.split.n / index.split.rf));
    const d0 = await (await (files.GET as Endpoint)({ props: { storeCode: 'gb' }, params: { h: index.split.hs[0], file: 'd-0' } })).json();
    expect(d0).toHaveLength(index.split.rf);
    // A file the build did not make is a fault of the listing, not a page: the build stops, naming it.
    await expect(async () => (files.GET as Endpoint)({ props: { storeCode: 'gb' }, params: { h: index.split.hs[0], file: 'd-99999' } })).rejects.toThrow(
      /d-99999\.json: not made by this build/,
    );
  });
});
