/**
 * The search results page's answer for a query, written into the built page's markup
 * (src/pages/[...store]/search.astro) as its script (src/browser/search/SearchResults.ts) and the
 * listing (src/browser/listing/CategoryListingRun.ts) would draw it: the title and heading, the
 * input's value, the status line, and with matches the toolbar's count, the filters of the matches
 * with their counts and the first page of tiles (the one tile filler, src/lib/catalog/tile-html.ts);
 * with none the help and the suggestions. The server answers it (server/search-page.ts), so the first
 * screen of results is in the HTML; the page's script adopts it (the root's data-search-served).
 * Pure: the page is cut up once per build (parseSearchPage), filled per query (searchPageHtml).
 */
import { config, type StoreView } from '../config';
import { fill, messages } from '../messages';
import { closeOf, escapeAttr, escapeText, findTag, hasClasses, rawAttr, setAttrs, tagName, tokenize } from '../catalog/markup';
import { parseTileTemplate, tileHtml, type TileTemplate } from '../catalog/tile-html';
import { indexListing, runListing, type ListingIndex, type ListingResult } from '../catalog/listing-engine';
import type { ListingFile } from '../catalog/listing/client';
import { searchUrl } from '../catalog/urls';
import { RELEVANCE_SORT } from './hit-listing';
import { SERVED_ATTRIBUTE, SERVED_QUERY_ATTRIBUTE, searchPageHeading, searchPageStatus, type SearchPageState } from './results';
import type { SearchSuggestions } from './types';

/** An element of the page: its start tag's token index and its end tag's. */
interface Place {
  open: number;
  close: number;
}

/** The built search page cut up: its tokens and the places a query's answer rewrites (null: the page has no such element). */
export interface SearchPageTemplate {
  tokens: readonly string[];
  /** The search listing's URL the page names (its root's data-search-listing-src). */
  listingSrc: string;
  title: number;
  root: Place;
  heading: Place | null;
  input: number;
  status: Place | null;
  noscript: Place | null;
  help: number;
  suggest: number;
  popular: { section: number; list: Place } | null;
  categories: { section: number; list: Place } | null;
  toolbar: number;
  body: number;
  count: Place | null;
  apply: Place | null;
  grid: Place | null;
  facets: { code: string; open: number }[];
  values: { code: string; id: string; input: number; item: number; count: Place | null }[];
  tiles: TileTemplate | null;
  /** The page-script loader's tag when it starts the scripts at the first paint (`data-now`, src/lib/build/page-scripts.ts); -1: none. */
  loader: number;
  /** The preload of the search index for the page's script (INDEX_PRELOAD_ATTRIBUTE); -1: none. */
  indexPreload: number;
}

/** Marks the search page's preload of its index (src/pages/[...store]/search.astro), which a page answered with its first screen drops. */
export const INDEX_PRELOAD_ATTRIBUTE = 'data-search-index-preload';

/** The page-script loader's start tag with its `data-now` (a script element is one token: its start tag is read here, not its text). */
const LOADER_NOW = /^(<script\b[^>]*?\sdata-modules=[^>]*?)\sdata-now(?=[\s>])/;

/** Cuts the built search page up; null when it is not one (no search listing root). */
export function parseSearchPage(html: string): SearchPageTemplate | null {
  const tokens = tokenize(html);
  const find = (test: (tag: string, name: string) => boolean, from = 0, to = tokens.length) => findTag(tokens, test, from, to);
  const place = (open: number): Place | null => (open < 0 ? null : { open, close: closeOf(tokens, open) });
  const has = (attr: string) => (tag: string) => rawAttr(tag, attr) !== null;
  const rootAt = find(has('data-search-listing-src'));
  if (rootAt < 0) return null;
  const root = place(rootAt)!;
  const within = (test: (tag: string, name: string) => boolean, from = root.open) => find(test, from, root.close);
  const section = (attr: string) => {
    const at = within(has(attr));
    const list = at < 0 ? -1 : find((_, name) => name === 'ul', at, closeOf(tokens, at));
    return at < 0 || list < 0 ? null : { section: at, list: place(list)! };
  };
  const templateAt = within((_, name) => name === 'template');
  const titleAt = find((_, name) => name === 'title');
  const facets = [] as SearchPageTemplate['facets'];
  const values = [] as SearchPageTemplate['values'];
  const openItems: number[] = [];
  for (let i = root.open; i < root.close; i++) {
    const t = tokens[i]!;
    const name = tagName(t);
    if (name === 'li') openItems.push(i);
    else if (t === '</li>' || /^<\/li\s*>$/i.test(t)) openItems.pop();
    if (name === 'details' && rawAttr(t, 'data-facet') !== null) facets.push({ code: rawAttr(t, 'data-facet')!, open: i });
    if (name === 'input' && rawAttr(t, 'data-filter-code') !== null) {
      const label = openItems.at(-1) ?? -1;
      const end = label < 0 ? i : closeOf(tokens, label);
      values.push({
        code: rawAttr(t, 'data-filter-code')!,
        id: rawAttr(t, 'data-filter-id') ?? '',
        input: i,
        item: label,
        count: place(find((tag) => hasClasses(tag, 'facet__count'), i, end)),
      });
    }
  }
  return {
    tokens,
    listingSrc: rawAttr(tokens[rootAt]!, 'data-search-listing-src')!,
    title: titleAt < 0 ? -1 : titleAt + 1,
    root,
    heading: place(within(has('data-listing-heading'))),
    input: within(has('data-search-input')),
    status: place(within(has('data-search-status'))),
    noscript: place(within((_, name) => name === 'noscript')),
    help: within(has('data-search-help')),
    suggest: within(has('data-search-suggest')),
    popular: section('data-search-popular'),
    categories: section('data-search-categories'),
    toolbar: within((tag) => hasClasses(tag, 'listing__toolbar')),
    body: within((tag) => hasClasses(tag, 'listing__body')),
    count: place(within(has('data-listing-count'))),
    apply: place(within((tag) => hasClasses(tag, 'filters__apply'))),
    grid: place(within(has('data-product-grid'))),
    facets,
    values,
    tiles: templateAt < 0 ? null : parseTileTemplate(tokens.slice(templateAt + 1, closeOf(tokens, templateAt)).join('')),
    loader: find((tag, name) => name === 'script' && LOADER_NOW.test(tag)),
    indexPreload: find((tag, name) => name === 'link' && rawAttr(tag, INDEX_PRELOAD_ATTRIBUTE) !== null),
  };
}

/** What the listing shows first of a query's matches: the default selection (best match first, no filter), as the page's listing runs it. */
export function firstScreen(file: ListingFile, query: string): { index: ListingIndex; result: ListingResult; shown: number[] } {
  const index = indexListing(file);
  const result = runListing(index, { filters: {}, sort: RELEVANCE_SORT, searchProductQuery: query });
  return { index, result, shown: Array.from(result.order.subarray(0, config.constants.categoryPageSize)) };
}

/** A query's answer, as the page's script would have it. */
export interface SearchPageAnswer {
  query: string;
  state: SearchPageState;
  /** With matches: the first screen (firstScreen), its products' tiles loaded. */
  first?: ReturnType<typeof firstScreen>;
  /** The index's suggestions (shown when nothing matched). */
  suggestions: SearchSuggestions | null;
  store: StoreView;
}

/** The page with a query's answer written in. */
export function searchPageHtml(t: SearchPageTemplate, a: SearchPageAnswer): string {
  const out = t.tokens.slice();
  const attrs = (i: number, set: Record<string, string | null>) => {
    if (i >= 0) out[i] = setAttrs(out[i]!, set);
  };
  const content = (p: Place | null, html: string) => {
    if (!p || p.close < 0) return;
    for (let i = p.open + 1; i < p.close; i++) out[i] = '';
    out[p.open] += html;
  };
  const heading = searchPageHeading(a.query);
  const { state } = a;
  if (t.title >= 0) out[t.title] = out[t.title]!.replace(messages.searchPageTitle, () => escapeText(heading));
  content(t.heading, escapeText(heading));
  attrs(t.input, { value: a.query });
  content(t.status, escapeText(searchPageStatus(state)));
  attrs(t.root.open, { [SERVED_ATTRIBUTE]: state.kind, [SERVED_QUERY_ATTRIBUTE]: a.query });
  // What the shopper sees works without scripts (links to the matches, or to suggestions), as a category page does.
  content(t.noscript, '');

  // What the page's scripts would draw first is drawn: they start as on any other page (once it has
  // loaded, in an idle moment, or at the shopper's first touch), not at the first paint, where they
  // would compete with the first screen's pictures; and the index they read is asked for when they
  // start, not with the HTML, where it shared the first round trips with the fonts and pictures.
  const drawn = () => {
    if (t.loader >= 0) out[t.loader] = out[t.loader]!.replace(LOADER_NOW, '$1');
    if (t.indexPreload >= 0) out[t.indexPreload] = '';
  };
  if (state.kind === 'results' && a.first) {
    drawn();
    const { index, result, shown } = a.first;
    attrs(t.toolbar, { hidden: null });
    attrs(t.body, { hidden: null });
    content(t.count, escapeText(fill(result.total === 1 ? messages.itemCount : messages.itemsCount, { count: result.total })));
    content(t.apply, escapeText(`${messages.filtersShowResults} (${result.total})`));
    // The filters of the matches with their counts (the listing's updateFacets).
    const facets = new Map(index.facets.map((f) => [f.code, f]));
    for (const f of t.facets) attrs(f.open, { hidden: facets.has(f.code) ? null : '' });
    for (const v of t.values) {
      const k = facets.get(v.code)?.ids.get(v.id);
      const count = k === undefined ? 0 : (result.counts[v.code]?.[k] ?? 0);
      attrs(v.item, { hidden: k === undefined ? '' : null });
      content(v.count, `(${count})`);
      attrs(v.input, { disabled: count === 0 ? '' : null });
    }
    if (t.tiles) {
      const tiles = t.tiles;
      content(t.grid, shown.map((i, j) => tileHtml(tiles, index.file.products[i]!, j < 4, a.store)).join(''));
    }
  } else if ((state.kind === 'none' || state.kind === 'short') && a.suggestions) {
    drawn();
    if (state.kind === 'none') attrs(t.help, { hidden: null });
    const links = (items: [string, string][]) => items.map(([label, href]) => `<li><a href="${escapeAttr(href)}">${escapeText(label)}</a></li>`).join('');
    const { popular, categories } = a.suggestions;
    if (t.popular) {
      content(t.popular.list, links(popular.map((term) => [term, searchUrl(term, { storeCode: a.store.storeCode })])));
      attrs(t.popular.section, { hidden: popular.length ? null : '' });
    }
    if (t.categories) {
      content(t.categories.list, links(categories));
      attrs(t.categories.section, { hidden: categories.length ? null : '' });
    }
    attrs(t.suggest, { hidden: null });
  } else if (state.kind === 'none') {
    attrs(t.help, { hidden: null });
  }
  return out.join('');
}
