/**
 * The search results page answered by the server with a query's first screen of results in its HTML
 * (server/search-page.ts, src/lib/search/page-html.ts): the matches the browser's engine and listing
 * give, in their order, for the default store view and a store view's own path; the no-match state
 * with its help and suggestions; the query escaped wherever it is written; a per-query ETag and
 * lifetime; and a switch to another generation answered from that generation's files at once.
 * The site folder is written here: the sample catalogue's search index and listing as the build
 * writes them (src/lib/build/search-site-index.ts), a search page with the real page's hooks.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';

// The de store view's search page too (/de/search): multistore on before the config is read.
vi.hoisted(() => {
  process.env.PUBLIC_MULTISTORE = 'true';
});

const { startTestShop } = await import('./fixture');
const { Site } = await import('../../server/static');
const { AnswerGuard } = await import('../../server/search-page');
const { SEARCH_ANSWER_HEADER } = await import('../../src/lib/pwa/sw-config');
const { BUILD_CONFIG_FILE } = await import('../../src/lib/build/cdn/deploy-plan');
const { envOverrides } = await import('../../src/lib/config/schema');
const { formatHeaders, siteHeaderRules } = await import('../../src/lib/build/cdn/headers');
const { storeSearchFiles, storeSearchListing } = await import('../../src/lib/build/search-site-index');
const { createSearchEngine } = await import('../../src/lib/search/engine');
const { loadSearchResults } = await import('../../src/lib/search/results');
const { config } = await import('../../src/lib/config');
const { messages, fill } = await import('../../src/lib/messages');
const { formatPrice } = await import('../../src/lib/messages/format');

type TestShop = Awaited<ReturnType<typeof startTestShop>>;
type ListingFile = import('../../src/lib/catalog/listing/client').ListingFile;
type SearchIndexFile = import('../../src/lib/search/types').SearchIndexFile;

const PAGE_SIZE = config.constants.categoryPageSize;
const de = config.storeViews.others.find((s) => s.storeCode === 'de')!;

/** The search page's markup with the hooks its script and the server fill (src/pages/[...store]/search.astro, CategoryListing.astro). */
const searchPage = (listingSrc: string, action: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Search results | Shop</title><meta name="robots" content="noindex, follow"><script>if (a<b) {}</script></head><body>
<!-- the listing --><div class="listing container" data-listing="search" data-store="gb" data-search-listing-src="${listingSrc}" data-page-scripts="now">
<header class="listing__head"><h1 class="listing__title" data-listing-heading>Search results</h1>
<form class="search-page__form" role="search" action="${action}" method="get"><input id="search-page-q" type="search" name="q" data-search-input></form></header>
<div class="listing__toolbar" hidden><p class="listing__count" data-listing-count></p></div>
<div class="search-page__info"><p id="search-page-status" role="status" data-search-status></p><noscript><p>${messages.scriptRequired}</p></noscript>
<p class="search-page__help" data-search-help hidden>${messages.searchNoResultsHelp}</p>
<div class="search-page__suggest" data-search-suggest hidden><section data-search-popular hidden><h2>Popular</h2><ul class="chips"></ul></section>
<section data-search-categories hidden><h2>Categories</h2><ul class="cats"></ul></section></div></div>
<div class="listing__body" hidden><aside class="filters"><details class="facet" data-facet="brand" open><fieldset><ul class="facet__list">
<li><label class="facet__value"><input type="checkbox" data-filter-code="brand" data-filter-id="nobody"><span class="facet__label">Nobody</span><span class="facet__count">(9)</span></label></li>
</ul></fieldset></details></aside><div class="listing__main"><ul class="grid grid--grid" id="product-grid" data-product-grid data-total="0"></ul>
<template data-tile-template><li class="grid__cell" data-astro-cid-a><article class="tile" data-product-id="1" data-sku="T" data-type="simple" data-final-price="1" data-astro-cid-b><a class="tile__link" href="/t" data-astro-cid-b><span class="tile__media" data-astro-cid-b><img src="/t.jpg" width="310" height="300" alt loading="lazy" decoding="async" class="tile__img" data-astro-cid-b><span class="tile__badge" data-astro-cid-b></span></span><h3 class="tile__name" data-astro-cid-b>Template</h3></a><p class="price price--sm" data-price="1"><span class="price__final">£1.00</span></p></article></li><span class="badge badge--sale" data-badge="sale">Sale</span><span class="badge badge--new" data-badge="new">New</span><p class="price price--sm price--special"><del class="price__original">{original}</del><span class="price__special">{special}</span></p><p class="price price--sm"><span class="price__final">{original}</span></p></template>
</div></div></div></body></html>`;

/** A site folder with the search pages and files of the gb and de store views. */
function writeSite(dir: string): void {
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  write('_headers', formatHeaders(siteHeaderRules({ pageHashes: ["'sha256-fixture'"], ampHashes: [], ampPrefixes: ['/amp'] })));
  write('404.html', '<!doctype html><title>404</title>');
  for (const [code, prefix] of [
    ['gb', ''],
    ['de', 'de/'],
  ] as const) {
    const index = storeSearchFiles(code).index;
    if ('split' in index) throw new Error('the sample catalogue is searched with a whole index');
    write(`${prefix}search/index.html`, searchPage(`/${prefix}search-listing.json`, `/${prefix}search`));
    write(`${prefix}search-index.json`, JSON.stringify(index));
    write(`${prefix}search-listing.json`, JSON.stringify(storeSearchListing(code).listing));
  }
}

/** What the page's script would list for a query over a site folder's files. */
async function expected(dir: string, q: string, prefix = ''): Promise<ListingFile> {
  const index = JSON.parse(readFileSync(join(dir, `${prefix}search-index.json`), 'utf8')) as SearchIndexFile;
  const listing = JSON.parse(readFileSync(join(dir, `${prefix}search-listing.json`), 'utf8')) as ListingFile;
  const engine = createSearchEngine(index, config.constants.search);
  const state = await loadSearchResults(q, {
    search: (query, paging) => Promise.resolve({ ...engine.search(query, paging), cache: false, offline: false }),
    loadListing: () => Promise.resolve(listing),
  });
  if (state.kind !== 'results') throw new Error(`no results for ${q}`);
  return state.file;
}

/** The attribute values of the grid's tiles. */
function tilesOf(html: string, attr: string): string[] {
  const grid = html.slice(html.indexOf('data-product-grid'), html.indexOf('</ul>', html.indexOf('data-product-grid')));
  return Array.from(grid.matchAll(new RegExp(`<article class="tile"[^>]* ${attr}="([^"]*)"`, 'g')), (m) => m[1]!);
}

let dist = '';
let shop: TestShop;
const get = (path: string, headers: Record<string, string> = {}) => fetch(shop.url + path, { headers });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'search-page-dist-'));
  writeSite(dist);
  shop = await startTestShop({ distDir: dist });
});
afterAll(async () => {
  await shop?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('the search page answered for a query', () => {
  it("holds the first screen of the query's matches, in the listing's order, as the script would draw them", async () => {
    const want = await expected(dist, 'ring');
    expect(want.total).toBeGreaterThan(PAGE_SIZE);
    const res = await get('/search?q=ring');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const heading = fill(messages.searchResultsFor, { query: 'ring' });
    expect(html).toContain(`<title>${heading} | Shop</title>`);
    expect(html).toContain(`<h1 class="listing__title" data-listing-heading>${heading}</h1>`);
    expect(html).toMatch(/<input id="search-page-q"[^>]* value="ring">/);
    expect(html).toContain(`data-listing-count>${fill(messages.itemsCount, { count: want.total })}</p>`);
    expect(html).toContain('data-search-served="results"');
    expect(html).toMatch(/<div class="listing__toolbar">/);
    expect(html).toMatch(/<div class="listing__body">/);
    expect(tilesOf(html, 'data-sku')).toEqual(want.products.slice(0, PAGE_SIZE).map((p) => p.sku));
    // Each tile is the template's, filled: link, name, price, the first row's pictures eager.
    const first = want.products[0]!;
    expect(html).toContain(`href="${first.url}"`);
    expect(html).toContain(`>${first.name.replace(/&/g, '&amp;')}</h3>`);
    expect(html).toContain(formatPrice(first.price[1] ?? first.price[0], config.storeViews.default));
    expect(html.match(/loading="eager"/g)).toHaveLength(4);
    // A filter value no match has is not offered; the page works without its script.
    expect(html).toMatch(/<li hidden=""><label class="facet__value"><input type="checkbox" data-filter-code="brand" data-filter-id="nobody"/);
    expect(html).not.toContain(messages.scriptRequired);
    // The page's own headers (noindex page, CSP), a per-query lifetime, no file date.
    expect(res.headers.get('content-security-policy')).toContain("'sha256-fixture'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=300');
    expect(res.headers.get('last-modified')).toBeNull();
  });

  it("revalidates by the answer's own ETag: one query's 304 is never another's", async () => {
    const ring = await get('/search?q=ring');
    const tag = ring.headers.get('etag')!;
    expect(tag).toBeTruthy();
    expect((await get('/search?q=ring', { 'If-None-Match': tag })).status).toBe(304);
    const gold = await get('/search?q=gold', { 'If-None-Match': tag });
    expect(gold.status).toBe(200);
    expect(gold.headers.get('etag')).not.toBe(tag);
    // And the page without a query is the file as built, with the file's own validators.
    const bare = await get('/search');
    expect(bare.headers.get('etag')).not.toBe(tag);
    expect(bare.headers.get('last-modified')).toBeTruthy();
    expect(await bare.text()).toBe(readFileSync(join(dist, 'search/index.html'), 'utf8'));
  });

  it('compressed with brotli for a client that takes it', async () => {
    const res = await get('/search?q=ring', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('data-search-served="results"');
  });

  it('nothing found: the status, the help and the suggestions, no tiles', async () => {
    const html = await (await get('/search?q=zzqqxxnothing')).text();
    expect(html).toContain(`data-search-status>${messages.searchNoResults}</p>`);
    expect(html).toContain('<p class="search-page__help" data-search-help>');
    expect(html).toContain('data-search-served="none"');
    expect(html).toMatch(/<section data-search-popular><h2>Popular<\/h2><ul class="chips"><li><a href="\/search\?q=[^"]+">/);
    expect(html).toMatch(/<div class="search-page__suggest" data-search-suggest>/);
    expect(tilesOf(html, 'data-sku')).toEqual([]);
    // Too short to search: the minimum's message, the suggestions too.
    const short = await (await get('/search?q=ri')).text();
    expect(short).toContain(`data-search-status>${messages.searchMinLength}</p>`);
    expect(short).toContain('data-search-served="short"');
  });

  it('escapes the query wherever it is written, and cuts a long one', async () => {
    const q = `<script>alert("x")</script>&'ring`;
    const html = await (await get(`/search?${new URLSearchParams({ q })}`)).text();
    expect(html).not.toContain('<script>alert');
    const text = `Search results for '&lt;script&gt;alert("x")&lt;/script&gt;&amp;'ring'`;
    expect(html).toContain(`<title>${text} | Shop</title>`);
    expect(html).toContain(`data-listing-heading>${text}</h1>`);
    expect(html).toContain(`value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;'ring"`);
    const long = await (await get(`/search?q=${'ring '.repeat(100)}`)).text();
    const value = /<input id="search-page-q"[^>]* value="([^"]*)">/.exec(long)![1]!;
    expect(value.length).toBeLessThanOrEqual(200);
  });

  it("a store view's search page answers from its own files, in its currency", async () => {
    const want = await expected(dist, 'ring', 'de/');
    const html = await (await get('/de/search?q=ring')).text();
    expect(tilesOf(html, 'data-sku')).toEqual(want.products.slice(0, PAGE_SIZE).map((p) => p.sku));
    const first = want.products[0]!;
    expect(first.url.startsWith('/de/')).toBe(true);
    expect(html).toContain(`href="${first.url}"`);
    expect(html).toContain(formatPrice(first.price[1] ?? first.price[0], de));
  });

  it('filters or a sort in the URL: the page as built (the listing draws that selection)', async () => {
    const html = await (await get('/search?q=ring&sort=final_price:asc')).text();
    expect(html).toBe(readFileSync(join(dist, 'search/index.html'), 'utf8'));
  });
});

describe('a switch to another generation', () => {
  it("answers from the new generation's files at once", async () => {
    const a = mkdtempSync(join(tmpdir(), 'search-gen-a-'));
    const b = mkdtempSync(join(tmpdir(), 'search-gen-b-'));
    try {
      writeSite(a);
      cpSync(a, b, { recursive: true });
      // The next generation renamed the best match of 'ring' (its listing, where tiles come from).
      const listing = JSON.parse(readFileSync(join(b, 'search-listing.json'), 'utf8')) as ListingFile;
      const best = (await expected(a, 'ring')).products[0]!;
      listing.products.find((p) => p.sku === best.sku)!.name = 'Renamed Ring Of The Next Generation';
      writeFileSync(join(b, 'search-listing.json'), JSON.stringify(listing));

      const site = new Site(a);
      const app = new Hono();
      for (const handler of site.routes()) app.get('*', handler);
      const first = await (await app.request('/search?q=ring')).text();
      expect(first).toContain(`>${best.name.replace(/&/g, '&amp;')}</h3>`);
      site.switchTo(b);
      const next = await (await app.request('/search?q=ring')).text();
      expect(next).toContain('>Renamed Ring Of The Next Generation</h3>');
      expect(tilesOf(next, 'data-sku')[0]).toBe(best.sku);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});

describe("the build's settings and the server's", () => {
  it("a site built with other PUBLIC_* settings is served as built, with a warning naming them; built with the server's, answered", async () => {
    const same = mkdtempSync(join(tmpdir(), 'search-config-same-'));
    const other = mkdtempSync(join(tmpdir(), 'search-config-other-'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      writeSite(same);
      writeSite(other);
      // This process runs with PUBLIC_MULTISTORE=true (above), as the build would have recorded it; the
      // other build also had out-of-stock products left out of listings.
      const own = envOverrides();
      expect(own.PUBLIC_MULTISTORE).toBe('true');
      expect(own.PUBLIC_LIST_OUT_OF_STOCK).toBeUndefined();
      for (const [dir, overrides] of [
        [same, own],
        [other, { ...own, PUBLIC_LIST_OUT_OF_STOCK: 'false' }],
      ] as const) {
        mkdirSync(dirname(join(dir, BUILD_CONFIG_FILE)), { recursive: true });
        writeFileSync(join(dir, BUILD_CONFIG_FILE), JSON.stringify({ version: 1, overrides }));
      }
      const answer = async (dir: string) => {
        const app = new Hono();
        for (const handler of new Site(dir).routes()) app.get('*', handler);
        return (await app.request('/search?q=ring')).text();
      };
      expect(await answer(same)).toContain('data-search-served="results"');
      expect(warn).not.toHaveBeenCalled();
      expect(await answer(other)).toBe(readFileSync(join(other, 'search/index.html'), 'utf8'));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('(PUBLIC_LIST_OUT_OF_STOCK)');
    } finally {
      warn.mockRestore();
      rmSync(same, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("the answers' limits", () => {
  it('past the answers one client may have in a window, the page as built; another client is still answered', async () => {
    const site = new Site(dist, { trustProxy: true, limits: { concurrent: 4, perAddress: 2, windowMs: 60_000, addresses: 100 } });
    const app = new Hono();
    for (const handler of site.routes()) app.get('*', handler);
    const from = (address: string, q: string) => app.request(`/search?q=${q}`, { headers: { 'X-Forwarded-For': `203.0.113.9, ${address}` } });
    for (const q of ['ring', 'gold']) expect(await (await from('198.51.100.1', q)).text()).toContain('data-search-served="results"');
    const third = await from('198.51.100.1', 'silver');
    expect(third.status).toBe(200);
    // The page as built, whole: its script searches in the browser.
    expect(await third.text()).toBe(readFileSync(join(dist, 'search/index.html'), 'utf8'));
    expect(third.headers.get(SEARCH_ANSWER_HEADER)).toBeNull();
    expect(await (await from('198.51.100.2', 'silver')).text()).toContain('data-search-served="results"');
  });

  it('counts the answers in progress, and each address per window', () => {
    let now = 0;
    const guard = new AnswerGuard({ concurrent: 2, perAddress: 3, windowMs: 1000, addresses: 100 }, () => now);
    const a = guard.enter('a')!;
    const b = guard.enter('b')!;
    expect(guard.enter('c')).toBeNull();
    a();
    a();
    // Left twice counts once: one place is free.
    const c = guard.enter('c')!;
    expect(guard.enter('d')).toBeNull();
    b();
    c();
    // 'a' has had one of its three in this window (a refused one is not counted).
    guard.enter('a')!();
    guard.enter('a')!();
    expect(guard.enter('a')).toBeNull();
    // A new window.
    now = 1000;
    guard.enter('a')!();
    guard.enter('a')!();
    guard.enter('a')!();
    expect(guard.enter('a')).toBeNull();
  });

  it('keeps the windows of at most so many addresses, forgetting the oldest', () => {
    const guard = new AnswerGuard({ concurrent: 10, perAddress: 1, windowMs: 60_000, addresses: 2 }, () => 0);
    guard.enter('a')!();
    guard.enter('b')!();
    expect(guard.enter('a')).toBeNull();
    // A third address: 'a''s window, the oldest, is forgotten (and with it its count); 'b''s is kept.
    guard.enter('c')!();
    expect(guard.enter('b')).toBeNull();
    guard.enter('a')!();
  });
});
