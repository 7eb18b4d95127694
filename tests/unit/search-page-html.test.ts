/**
 * A query's answer written into the search page's markup (src/lib/search/page-html.ts): per state
 * what the page's script would show (heading, title, input, status, count, filters of the matches,
 * the first screen of tiles; the help and suggestions), the query escaped everywhere.
 */
import { describe, expect, it } from 'vitest';
import { firstScreen, parseSearchPage, searchPageHtml } from '../../src/lib/search/page-html';
import { searchListing } from '../../src/lib/search/hit-listing';
import { config } from '../../src/lib/config';
import { fill, messages } from '../../src/lib/messages';
import type { ListingFile, ListingItem } from '../../src/lib/catalog/listing/client';
import type { SearchPageState } from '../../src/lib/search/results';
import { TEMPLATE } from './tile-fixtures';

const PAGE = `<!DOCTYPE html><html><head><title>Search results | Shop</title><script data-modules='["/_astro/a.js"]' data-now>if (a<b && c>d) {}</script><link rel="preload" href="/search-index.json" as="fetch" crossorigin="anonymous" data-search-index-preload></head><body>
<div class="listing" data-search-listing-src="/search-listing.json"><h1 data-listing-heading>Search results</h1>
<input type="search" name="q" data-search-input><div class="listing__toolbar" hidden><p data-listing-count></p></div>
<p data-search-status></p><noscript><p>${messages.scriptRequired}</p></noscript><p data-search-help hidden>help</p>
<div data-search-suggest hidden><section data-search-popular hidden><ul></ul></section><section data-search-categories hidden><ul></ul></section></div>
<div class="listing__body" hidden><details data-facet="color"><ul><li><label><input data-filter-code="color" data-filter-id="1"><span class="facet__count">(5)</span></label></li>
<li><label><input data-filter-code="color" data-filter-id="2"><span class="facet__count">(5)</span></label></li></ul></details>
<details data-facet="brand"><ul><li><label><input data-filter-code="brand" data-filter-id="9"><span class="facet__count">(1)</span></label></li></ul></details>
<button class="btn filters__apply">Show results (0)</button>
<ul id="product-grid" data-product-grid></ul><template data-tile-template>${TEMPLATE}</template></div></div></body></html>`;

const store = config.storeViews.default;
const product = (i: number, color: number): ListingItem => ({
  id: i,
  sku: `S${i}`,
  type: 'simple',
  name: `Ring ${i}`,
  url: `/r/${i}`,
  price: [10 + i, null, 10 + i],
  f: { color: [color] },
});
const full: ListingFile = {
  v: 1,
  id: 2,
  sort: 'position:desc',
  total: 60,
  facets: [
    {
      code: 'color',
      label: 'Colour',
      values: [
        { id: '1', label: 'Gold', count: 30 },
        { id: '2', label: 'Rose', count: 30 },
      ],
    },
  ],
  products: Array.from({ length: 60 }, (_, i) => product(i, i % 2)),
};
const suggestions = { popular: ['Clogau', 'A&B'], categories: [['Rings', '/rings']] as [string, string][] };

describe('the search page filled for a query', () => {
  const page = parseSearchPage(PAGE)!;

  it('with matches: heading, title, input, count, the filters of the matches and the first page of tiles, best first', () => {
    // The engine's order: the even products first (all Gold), then the odd ones.
    const hits = [...full.products.filter((p) => p.id % 2 === 0), ...full.products.filter((p) => p.id % 2 === 1)].map((p) => ({
      s: p.sku,
      n: p.name,
      u: p.url,
    }));
    const file = searchListing(full, hits, 'ring');
    const state: SearchPageState = { kind: 'results', file, cache: false, offline: false };
    const first = firstScreen(file, 'ring');
    const html = searchPageHtml(page, { query: 'ring', state, first, suggestions, store });
    const heading = fill(messages.searchResultsFor, { query: 'ring' });
    expect(html).toContain(`<title>${heading} | Shop</title>`);
    expect(html).toContain(`<h1 data-listing-heading>${heading}</h1>`);
    expect(html).toContain('<input type="search" name="q" data-search-input value="ring">');
    expect(html).toContain('data-search-served="results" data-search-served-query="ring"');
    expect(html).toContain(`<p data-listing-count>${fill(messages.itemsCount, { count: 60 })}</p>`);
    expect(html).toContain(`<button class="btn filters__apply">${messages.filtersShowResults} (60)</button>`);
    expect(html).toContain('<div class="listing__toolbar">');
    expect(html).toContain('<div class="listing__body">');
    expect(html).toContain('<p data-search-status></p><noscript></noscript>');
    // The brand no match has is hidden; the colours carry the matches' counts.
    expect(html).toContain('<details data-facet="brand" hidden="">');
    expect(html).toMatch(/<details data-facet="color">/);
    expect(html.match(/<span class="facet__count">\(30\)<\/span>/g)).toHaveLength(2);
    const grid = html.slice(html.indexOf('data-product-grid'), html.indexOf('</ul><template'));
    const skus = Array.from(grid.matchAll(/<article class="tile"[^>]* data-sku="([^"]+)"/g), (m) => m[1]);
    expect(skus).toEqual(hits.slice(0, config.constants.categoryPageSize).map((h) => h.s));
    // The loader in the head is left as it was but for when it starts the scripts: the page's first
    // screen is drawn, so not at the first paint (data-now), as on any other page.
    expect(html).toContain(`<script data-modules='["/_astro/a.js"]'>if (a<b && c>d) {}</script>`);
    // Nor is their index asked for with the HTML, where it would share the first round trips with the fonts and pictures.
    expect(html).not.toContain('search-index.json');
  });

  it('nothing found: the status, the help, the suggestions as links; no tiles', () => {
    const html = searchPageHtml(page, { query: 'zzz', state: { kind: 'none' }, suggestions, store });
    expect(html).toContain(`<p data-search-status>${messages.searchNoResults}</p>`);
    expect(html).toContain('<p data-search-help>help</p>');
    expect(html).toContain(
      '<div data-search-suggest><section data-search-popular><ul><li><a href="/search?q=Clogau">Clogau</a></li><li><a href="/search?q=A%26B">A&amp;B</a></li></ul>',
    );
    expect(html).toContain('<section data-search-categories><ul><li><a href="/rings">Rings</a></li></ul>');
    expect(html).toContain('<ul id="product-grid" data-product-grid></ul>');
    expect(html).toContain('<div class="listing__toolbar" hidden>');
    expect(html).toContain(`<script data-modules='["/_astro/a.js"]'>`);
    expect(html).not.toContain('search-index.json');
  });

  it('too short: the minimum, the suggestions without the help', () => {
    const html = searchPageHtml(page, { query: 'ri', state: { kind: 'short' }, suggestions, store });
    expect(html).toContain(`<p data-search-status>${messages.searchMinLength}</p>`);
    expect(html).toContain('<p data-search-help hidden>help</p>');
    expect(html).toContain('<div data-search-suggest>');
  });

  it('escapes the query in the title, the heading, the input and the root', () => {
    const q = `"><script>x</script>&'`;
    const html = searchPageHtml(page, { query: q, state: { kind: 'none' }, suggestions: null, store });
    expect(html).not.toContain('<script>x');
    expect(html).toContain(`<h1 data-listing-heading>Search results for '"&gt;&lt;script&gt;x&lt;/script&gt;&amp;''</h1>`);
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;\'"');
    expect(html).toContain('data-search-served-query="&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;\'"');
    // Nothing found and no suggestions to show: the script draws them, as soon as the page has painted.
    expect(html).toContain(`<script data-modules='["/_astro/a.js"]' data-now>`);
    expect(html).toContain('<link rel="preload" href="/search-index.json" as="fetch" crossorigin="anonymous" data-search-index-preload>');
  });

  it('a page without the search listing is not one', () => {
    expect(parseSearchPage('<html><body><ul data-product-grid></ul></body></html>')).toBeNull();
  });
});
