/**
 * The search results page's rules (src/lib/search/results.ts) on the sample snapshot: the listing of
 * every searchable product, the matches of a query as a listing file (relevance order, tiles and
 * prices of category pages, child skus, filters from the matches), the page's states and texts.
 */
import { describe, expect, it } from 'vitest';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { buildSearchIndex, isSearchable } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { catalog, rootCategoryId } from '../../src/lib/routing/routes';
import { listingFile, searchListingFile } from '../../src/lib/build/listing-file';
import { indexListing, runListing } from '../../src/lib/catalog/listing-engine';
import { type ListingFile } from '../../src/lib/catalog/listing/client';
import { ListingFileSchema } from '../../src/lib/catalog/listing/schema';
import { searchListingFileUrl, searchUrl } from '../../src/lib/catalog/urls';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import { RELEVANCE_SORT, searchListing } from '../../src/lib/search/hit-listing';
import { loadSearchResults, readSearchQuery, searchPageHeading, searchPageStatus, showsSuggestions, type SearchPageState } from '../../src/lib/search/results';
import { emptyResult } from '../../src/lib/search/query';
import { isSearchTerm } from '../../src/lib/search/status';
import { searchPanelStatus } from '../../src/lib/search/panel';
import type { SearchPaging, SearchResult } from '../../src/lib/search/types';

const settings = config.constants.search;
const index = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
const engine = createSearchEngine(index, settings);
const full = searchListingFile();
const LATEST = config.constants.sorts[0]!.value;
const search = (q: string, paging?: SearchPaging): Promise<SearchResult> => Promise.resolve({ ...engine.search(q, paging), cache: false, offline: false });
const deps = { search, loadListing: () => Promise.resolve(full) };

async function results(q: string): Promise<ListingFile> {
  const state = await loadSearchResults(q, deps);
  if (state.kind !== 'results') throw new Error(`no results for ${q}: ${state.kind}`);
  return state.file;
}

describe('the listing of every searchable product', () => {
  it('lists every searchable product the category listing would list, in the listing format', () => {
    const searchable = catalog().products.filter(isSearchable);
    expect(full.products.length).toBeGreaterThan(config.constants.categoryPageSize);
    expect(full.products.length).toBeLessThanOrEqual(searchable.length);
    const skus = new Set(searchable.map((p) => p.sku));
    for (const p of full.products) expect(skus.has(p.sku)).toBe(true);
    expect(ListingFileSchema.parse(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(full.id).toBe(rootCategoryId());
  });

  it('gives a product the same tile, price and link as its category listing', () => {
    const rings = catalog().categories.find((c) => c.url_path === 'rings')!;
    const bySku = new Map(full.products.map((p) => [p.sku, p]));
    let compared = 0;
    for (const item of listingFile(rings.id).products) {
      const same = bySku.get(item.sku);
      if (!same) continue;
      compared++;
      expect({ url: same.url, price: same.price, img: same.img, badge: same.badge, name: same.name }).toEqual({
        url: item.url,
        price: item.price,
        img: item.img,
        badge: item.badge,
        name: item.name,
      });
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('is served at /search-listing.json, with the store prefix on multistore', () => {
    expect(searchListingFileUrl()).toBe('/search-listing.json');
  });
});

describe('a query as a listing of its matches', () => {
  it("lists every match, not the panel's first 50, best match first", async () => {
    const all = engine.search('ring', { size: 100_000 });
    expect(all.total).toBeGreaterThan(settings.defaultSize);
    const file = await results('ring');
    expect(file.products.map((p) => p.sku)).toEqual(all.items.map((h) => h.s).filter((s) => full.products.some((p) => p.sku === s)));
    expect(file.total).toBe(file.products.length);
    expect(file.sort).toBe(RELEVANCE_SORT);
    expect(file.q).toBe('ring');
  });

  it('finds typos the words of the category search box would not (the query is not applied again as words)', async () => {
    const file = await results('raymnd weil');
    expect(file.products.length).toBeGreaterThan(0);
    const r = runListing(indexListing(file), { filters: {}, sort: RELEVANCE_SORT, searchProductQuery: 'raymnd weil' });
    expect(r.total).toBe(file.products.length);
  });

  it('keeps the latest order among the matches and sorts them by price', async () => {
    const file = await results('ring');
    const at = new Map(full.products.map((p, i) => [p.sku, i]));
    const idx = indexListing(file);
    const latest = Array.from(runListing(idx, { filters: {}, sort: LATEST }).order, (i) => at.get(file.products[i]!.sku)!);
    expect(latest).toEqual([...latest].sort((a, b) => a - b));
    const cheap = Array.from(runListing(idx, { filters: {}, sort: 'final_price:asc' }).order, (i) => file.products[i]!.price[2]);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
    const dear = Array.from(runListing(idx, { filters: {}, sort: 'final_price:desc' }).order, (i) => file.products[i]!.price[2]);
    expect(dear).toEqual([...dear].sort((a, b) => b - a));
  });

  it('builds the filters from the matches: only values a match has, counted over the matches', async () => {
    const file = await results('raymond weil');
    const r = runListing(indexListing(file), { filters: {}, sort: RELEVANCE_SORT });
    expect(file.facets.length).toBeGreaterThan(0);
    for (const f of file.facets) {
      expect(f.values.length).toBeGreaterThan(0);
      expect(r.counts[f.code], f.code).toEqual(f.values.map((v) => v.count));
      for (const v of f.values) expect(v.count, `${f.code} ${v.id}`).toBeGreaterThan(0);
    }
    // Fewer brand values than the whole catalogue's.
    const brand = (l: ListingFile) => l.facets.find((f) => f.label === full.facets.find((x) => x.code === 'brand' || x.code === 'pj_brand')?.label);
    expect(brand(file)!.values.length).toBeLessThan(brand(full)!.values.length);
  });

  it('a filter keeps the matches that have the value', async () => {
    const file = await results('ring');
    const facet = file.facets.find((f) => f.code !== 'price')!;
    const value = facet.values[0]!;
    const r = runListing(indexListing(file), { filters: { [facet.code]: [value.id] }, sort: RELEVANCE_SORT });
    expect(r.total).toBe(value.count);
    const k = 0;
    for (const i of r.order) expect(file.products[i]!.f[facet.code]).toContain(k);
  });

  it('a child sku lists its parent, linked with that child chosen', async () => {
    const file = await results('EV1001-WG-S');
    expect(file.products[0]!.sku).toBe('EV1001');
    expect(file.products[0]!.url).toMatch(/\?childSku=EV1001-WG-S$/);
    const parentOnly = await results('Evermore Promise');
    expect(parentOnly.products.find((p) => p.sku === 'EV1001')!.url).not.toContain('childSku');
  });

  it('leaves out hits the listing does not have and repeats no product', () => {
    const hit = (s: string) => ({ s, n: s, u: `/${s}` });
    const file = searchListing(full, [hit('NOPE-1'), hit(full.products[1]!.sku), hit(full.products[1]!.sku), hit(full.products[0]!.sku)], 'x');
    expect(file.products.map((p) => p.sku)).toEqual([full.products[1]!.sku, full.products[0]!.sku]);
    expect(file.orders![full.sort]).toEqual([1, 0]);
  });
});

describe('the search page states', () => {
  it('no query, a short query, nothing found, offline without the index', async () => {
    expect(await loadSearchResults('', deps)).toEqual({ kind: 'empty' });
    expect(await loadSearchResults('  ', deps)).toEqual({ kind: 'empty' });
    expect(await loadSearchResults('ri', deps)).toEqual({ kind: 'short' });
    expect(await loadSearchResults('zzzqqqxx', deps)).toEqual({ kind: 'none' });
    const offline = {
      ...deps,
      search: () => Promise.resolve<SearchResult>({ items: [], total: 0, start: 0, perPage: 50, cache: false, offline: true, noresults: true }),
    };
    expect(await loadSearchResults('ring', offline)).toEqual({ kind: 'offline' });
  });

  it('the listing loads beside the search for a search term only, and a failed load is an error', async () => {
    let loads = 0;
    const counting = { search, loadListing: () => (loads++, Promise.resolve(full)) };
    await loadSearchResults('', counting);
    await loadSearchResults('ri', counting);
    expect(loads).toBe(0);
    // Asked before the search has answered: the two downloads overlap.
    let answer: (r: SearchResult) => void = () => {};
    const held = { search: () => new Promise<SearchResult>((r) => (answer = r)), loadListing: () => (loads++, Promise.resolve(full)) };
    const state = loadSearchResults('ring', held);
    await Promise.resolve();
    expect(loads).toBe(1);
    answer(await search('ring'));
    expect((await state).kind).toBe('results');
    expect((await loadSearchResults('ring', { search, loadListing: () => Promise.reject(new Error('HTTP 500')) })).kind).toBe('error');
  });

  it('a listing that fails while nothing matched is no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', note);
    try {
      const state = await loadSearchResults('zzzqqqxx', { search, loadListing: () => Promise.reject(new Error('offline')) });
      expect(state.kind).toBe('none');
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('says what each state is, from the message catalogue', () => {
    const text = (s: SearchPageState | null) => searchPageStatus(s);
    expect(text(null)).toBe(messages.searchLoading);
    expect(text({ kind: 'empty' })).toBe(messages.searchPageEmpty);
    expect(text({ kind: 'short' })).toBe(messages.searchMinLength);
    expect(text({ kind: 'none' })).toBe(messages.searchNoResults);
    expect(text({ kind: 'offline' })).toBe(messages.searchOfflineEmpty);
    expect(text({ kind: 'error' })).toBe(messages.somethingWrong);
    expect(text({ kind: 'results', file: full, cache: false, offline: false })).toBe('');
  });

  it('suggestions show with no query, a short one or nothing found', () => {
    const sg = { categories: [['Rings', '/rings']] as [string, string][], popular: ['Thomas Sabo'] };
    expect(showsSuggestions({ kind: 'empty' }, sg)).toBe(true);
    expect(showsSuggestions({ kind: 'none' }, sg)).toBe(true);
    expect(showsSuggestions({ kind: 'offline' }, sg)).toBe(false);
    expect(showsSuggestions({ kind: 'results', file: full, cache: false, offline: false }, sg)).toBe(false);
    expect(showsSuggestions({ kind: 'none' }, null)).toBe(false);
  });

  it('reads the query from the url and titles the page with it', () => {
    expect(readSearchQuery('?q=raymond+weil&color=12')).toBe('raymond weil');
    expect(readSearchQuery('?q=%20ring%20')).toBe('ring');
    expect(readSearchQuery('?sort=final_price:asc')).toBe('');
    expect(searchPageHeading('ring')).toBe("Search results for 'ring'");
    expect(searchPageHeading('')).toBe(messages.searchPageTitle);
  });

  it('the results page url carries the query, with the store prefix on multistore', () => {
    expect(searchUrl('raymond weil')).toBe('/search?q=raymond+weil');
    expect(searchUrl('  ')).toBe('/search');
    expect(searchUrl('EV1001-WG-S', { storeCode: 'de', multistore: true })).toBe('/de/search?q=EV1001-WG-S');
  });
});

const found = (total: number, shown = total): SearchResult => ({
  ...emptyResult(),
  items: Array.from({ length: shown }, (_, i) => ({ s: `S${i}`, n: `N${i}`, u: '/x', p: 1, score: 1 })),
  total,
  noresults: total === 0,
});

describe('search panel status line', () => {
  it('a term is searchable from 3 characters, spaces around it not counted', () => {
    expect(isSearchTerm('ri')).toBe(false);
    expect(isSearchTerm('  ri  ')).toBe(false);
    expect(isSearchTerm('rin')).toBe(true);
  });

  it('asks for at least 3 characters', () => {
    expect(searchPanelStatus('ri', false, null)).toBe('Search term must have at least 3 characters');
    expect(searchPanelStatus('  ri ', false, null)).toBe('Search term must have at least 3 characters');
    expect(searchPanelStatus('', false, null)).toBe('');
  });

  it('says when nothing was found, and when search is offline', () => {
    expect(searchPanelStatus('rolex', false, emptyResult())).toBe('No results were found.');
    expect(searchPanelStatus('rolex', false, emptyResult({ offline: true }))).toBe('Search is not available offline for this query.');
  });

  it('counts the results and says when only the first 50 are shown', () => {
    expect(searchPanelStatus('ring', true, null)).toBe('Searching…');
    expect(searchPanelStatus('ring', false, found(1))).toBe('1 result');
    expect(searchPanelStatus('ring', false, found(12))).toBe('12 results');
    expect(searchPanelStatus('ring', false, found(120, 50))).toBe('Showing 50 of 120 results');
  });
});
