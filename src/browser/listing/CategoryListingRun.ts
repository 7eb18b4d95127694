/**
 * The category listing's interactive part, loaded by CategoryListing.ts on the shopper's first
 * filter, sort or scroll: loads the category's listing file, filters (a value chosen again is
 * removed), sorts and appends the next 50 at the bottom through the category query store
 * (src/lib/state/stores/category.ts) and src/lib/catalog/listing-engine.ts; keeps filters and sort in the
 * URL query (shareable; the back button restores them); shows chosen filters as removable chips and
 * the facet counts of the current choice; restores the batches shown when the shopper comes back.
 */
import listingCss from './CategoryListing.css?inline';
import { config, type StoreView } from '../../lib/config';
import { messages, fill } from '../../lib/messages';
import type { ListingFile } from '../../lib/catalog/listing/client';
import { loadListingOf } from '../../lib/catalog/listing/load';
import { keepListingPlace, takeListingPlace, type ListingPlace } from '../../lib/catalog/listing/place';
import {
  indexListing,
  readListingParams,
  runListing,
  sameSelection,
  writeListingParams,
  type FacetIds,
  type ListingIndex,
  type ListingResult,
} from '../../lib/catalog/listing-engine';
import { $categoryQuery, chooseFilter, loadNextBatch, resetFilters, setSort, startCategoryQuery } from '../../lib/state/stores/category';
import { tileMaker } from './CategoryTiles';
import { watchTileStock } from './tile-stock';
import { watchListingEnd } from './listing-end';
import type { CategoryQueryState } from '../../lib/schemas';

/** A shopper's action forwarded by CategoryListing.ts. */
export type ListingAction = { kind: 'filter'; code: string; id: string } | { kind: 'sort'; value: string } | { kind: 'reset' };

/** The running listing. */
export interface ListingController {
  apply(action: ListingAction): Promise<void>;
}

/** The part of the query state that decides which products show, and in which order. */
type Selection = Pick<CategoryQueryState, 'filters' | 'sort' | 'searchProductQuery'>;

const selectionOf = (s: Selection): Selection => ({ filters: s.filters, sort: s.sort, searchProductQuery: s.searchProductQuery });
const sameAs = (a: Selection, b: Selection) => sameSelection(a, b) && a.searchProductQuery === b.searchProductQuery;

/** The listing's own styles, added once when the listing starts (not in every page's CSS: the catch-all route reaches this module). */
function addListingStyles(): void {
  if (document.querySelector('style[data-island-style="pj-listing"]')) return;
  const style = document.createElement('style');
  style.dataset.islandStyle = 'pj-listing';
  style.textContent = listingCss;
  document.head.append(style);
}

/** Where a listing's products come from, when not the category's listing file. */
export interface ListingOptions {
  /** Loads the listing (default: the file named by the root's data-listing-src). */
  load?: () => Promise<ListingFile>;
  /** The query state's searchProductQuery the listing answers (the search results page's query). */
  searchProductQuery?: string;
  /**
   * Loads the tiles of products (indexes into the file's products) the file holds without them
   * (an empty url): the search results page of a split index, whose file first holds only what
   * filters, counts and sorts need. The listing asks for those it is about to show.
   */
  tiles?: (products: number[]) => Promise<void>;
  /** Loads what sorting by `sort` needs when the file lacks it (a split search listing's order by price: file.orders[sort]); null when nothing is lacking. */
  sorting?: (sort: string) => Promise<void> | null;
  /** The place to come back to (Back, a reload), when the page's script took it already; else the listing takes it. */
  place?: ListingPlace | null;
  /**
   * The grid holds the first page of the default selection for `searchProductQuery` (the search
   * results page the server answered): those tiles are kept, the listing goes on from them.
   */
  adopt?: boolean;
}

/** Takes over a listing's static markup. */
export function startListing(root: HTMLElement, grid: HTMLElement, opts: ListingOptions = {}): ListingController {
  addListingStyles();
  const load = opts.load ?? (() => loadListingOf(root));
  const searchProductQuery = opts.searchProductQuery ?? '';
  const inputs = Array.from(root.querySelectorAll<HTMLInputElement>('input[data-filter-code]'));
  const sorts = Array.from(root.querySelectorAll<HTMLSelectElement>('select[data-sort]'));
  const countEl = root.querySelector<HTMLElement>('[data-listing-count]');
  const applyBtn = root.querySelector<HTMLElement>('.filters__apply');
  const toolbar = root.querySelector<HTMLElement>('.listing__toolbar');
  const store: StoreView =
    [config.storeViews.default, ...config.storeViews.others].find((s) => s.storeCode === root.dataset.store) ?? config.storeViews.default;
  const makeTile = tileMaker(root.querySelector<HTMLTemplateElement>('template[data-tile-template]'), store);
  // The sorts the page offers (the category's, or the search page's with its best-match sort first); the first is the default.
  const offered = Array.from(sorts[0]?.options ?? [], (o) => o.value);
  const sortValues = offered.length ? offered : config.constants.sorts.map((s) => s.value);
  const defaultSort = sortValues[0] ?? 'position:desc';
  const perPage = config.constants.categoryPageSize;

  // The filter values the page offers (the static sidebar), to read the URL before the file loads.
  const byCode = new Map<string, { id: string }[]>();
  for (const i of inputs) {
    const code = i.dataset.filterCode!;
    if (!byCode.has(code)) byCode.set(code, []);
    byCode.get(code)!.push({ id: i.dataset.filterId! });
  }
  const facetIds: FacetIds = [...byCode].map(([code, values]) => ({ code, values }));
  // Chip texts: the filter's name and the value's ('Size', 'P').
  const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? '';
  const labelOf = new Map(
    inputs.map((i) => [
      `${i.dataset.filterCode}|${i.dataset.filterId}`,
      { facet: text(i.closest('fieldset')?.querySelector('legend')), value: text(i.closest('label')?.querySelector('.facet__label')) || i.value },
    ]),
  );

  // Added markup: chosen-filter chips under the toolbar, the empty result, the bottom sentinel.
  const chips = document.createElement('div');
  chips.className = 'cat-active';
  chips.hidden = true;
  chips.setAttribute('role', 'group');
  chips.setAttribute('aria-label', messages.filtersActive);
  toolbar?.after(chips);
  // The listing's error line is in the static markup (CategoryListing.astro): the page script shows it
  // when this code itself cannot be downloaded.
  const error = root.querySelector<HTMLElement>('[data-listing-error]') ?? document.createElement('p');
  error.className = 'cat-error';
  error.setAttribute('role', 'alert');
  chips.after(error);
  const empty = document.createElement('div');
  empty.className = 'cat-empty';
  empty.hidden = true;
  const emptyTitle = document.createElement('p');
  emptyTitle.className = 'cat-empty__title';
  emptyTitle.textContent = messages.noProductsFound;
  const emptyText = document.createElement('p');
  emptyText.textContent = messages.changeSearchCriteria;
  empty.append(emptyTitle, emptyText);
  grid.after(empty);
  const sentinel = root.querySelector<HTMLElement>('[data-load-more]') ?? document.createElement('div');
  if (!sentinel.isConnected) {
    sentinel.dataset.loadMore = '';
    sentinel.hidden = true;
    empty.after(sentinel);
  }
  sentinel.classList.add('cat-more');
  sentinel.setAttribute('aria-live', 'polite');
  countEl?.setAttribute('aria-live', 'polite');

  // ---------------------------------------------------------------------------------------------
  // State: the store holds offset, sort and filters; the grid shows result.order[0 .. shown).

  const initial: Selection = { filters: {}, sort: defaultSort, searchProductQuery: opts.adopt ? searchProductQuery : '' };
  // Back from a product page without the page cache, or a reload: the batches shown and the scroll
  // position come back (src/lib/catalog/listing/place.ts keeps them as the page goes).
  const place = opts.place !== undefined ? opts.place : takeListingPlace();
  // Before this module loaded, the shopper may have ticked boxes the URL does not know yet: the actions follow.
  startCategoryQuery({
    ...readListingParams(location.search, facetIds, sortValues, defaultSort),
    perPage,
    searchProductQuery,
    offset: place?.offset ?? 0,
  });
  keepListingPlace(() => $categoryQuery.get().offset);
  let index: ListingIndex | null = null;
  let loading: Promise<ListingIndex | null> | null = null;
  let result: ListingResult | null = null;
  let resultOf: Selection | null = null;
  // What the grid shows now: the static page is the first page of the initial state.
  let shownOf: Selection = initial;
  let shown = grid.querySelectorAll('.tile').length;
  // Tiles being loaded (opts.tiles), so the renders meanwhile do not ask again.
  let tilesLoading: Promise<void> | null = null;
  // Where the page scrolls once the batches of the place it came back to are shown.
  let scrollBack = place?.y ?? null;

  const ensureIndex = (): Promise<ListingIndex | null> =>
    (loading ??= load()
      .then((file) => {
        error.hidden = true;
        return (index = indexListing(file));
      })
      .catch(() => {
        // The static page stays as it is; the next filter, sort or scroll tries again.
        loading = null;
        error.textContent = messages.somethingWrong;
        error.hidden = false;
        sentinel.textContent = '';
        grid.removeAttribute('aria-busy');
        return null;
      }));

  /** Waits for what the listing loads before it shows (tiles, prices), then renders; a failure shows the error line and the next filter, sort or scroll tries again. */
  function wait(start: () => Promise<void>): void {
    grid.setAttribute('aria-busy', 'true');
    tilesLoading ??= start().then(
      () => {
        tilesLoading = null;
        error.hidden = true;
        render();
      },
      () => {
        tilesLoading = null;
        error.textContent = messages.somethingWrong;
        error.hidden = false;
        grid.removeAttribute('aria-busy');
      },
    );
  }

  function render(): void {
    const s = $categoryQuery.get();
    syncControls(s);
    if (!index) return;
    if (!result || !resultOf || !sameAs(resultOf, s)) {
      const lacking = opts.sorting?.(s.sort);
      if (lacking) return wait(() => lacking);
      result = runListing(index, s);
      resultOf = selectionOf(s);
    }
    const r = result;
    const want = Math.min(r.total, s.offset + s.perPage);
    if (opts.tiles) {
      // Tiles still to load for what is about to show: load them, then show.
      const from = sameAs(shownOf, s) ? shown : 0;
      const lacking = Array.from(r.order.subarray(from, want)).filter((i) => !index!.file.products[i]!.url);
      if (lacking.length) return wait(() => opts.tiles!(lacking));
    }
    if (!sameAs(shownOf, s)) {
      grid.replaceChildren(...tiles(r, 0, want));
      shownOf = selectionOf(s);
      shown = want;
    } else if (want > shown) {
      grid.append(...tiles(r, shown, want));
      shown = want;
    }
    grid.removeAttribute('aria-busy');
    updateFacets(r, s);
    if (countEl) countEl.textContent = fill(r.total === 1 ? messages.itemCount : messages.itemsCount, { count: r.total });
    if (applyBtn) applyBtn.textContent = `${messages.filtersShowResults} (${r.total})`;
    grid.hidden = r.total === 0;
    empty.hidden = r.total !== 0;
    sentinel.hidden = shown >= r.total;
    sentinel.textContent = '';
    root.dataset.listingReady = '';
    if (scrollBack !== null) {
      scrollTo(0, scrollBack);
      scrollBack = null;
    }
    // New tiles join the stock prefetch, once the page has started it (./tile-stock.ts).
    watchTileStock(grid);
  }

  function tiles(r: ListingResult, from: number, to: number): HTMLElement[] {
    if (!makeTile || !index) return [];
    const out: HTMLElement[] = [];
    for (let j = from; j < to; j++) out.push(makeTile(index.file.products[r.order[j]!]!, j < 4));
    return out;
  }

  function syncControls(s: CategoryQueryState): void {
    for (const i of inputs) i.checked = s.filters[i.dataset.filterCode!]?.includes(i.dataset.filterId!) ?? false;
    for (const sel of sorts) sel.value = s.sort;
    const chosen = Object.entries(s.filters).flatMap(([code, ids]) => ids.map((id) => ({ code, id })));
    const buttons: HTMLElement[] = chosen.map(({ code, id }) => {
      const { facet, value } = labelOf.get(`${code}|${id}`) ?? { facet: code, value: id };
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cat-chip';
      b.dataset.code = code;
      b.dataset.id = id;
      b.setAttribute('aria-label', fill(messages.filterRemove, { label: `${facet}: ${value}` }));
      const name = document.createElement('span');
      name.className = 'cat-chip__facet';
      name.textContent = `${facet}:`;
      const val = document.createElement('span');
      val.textContent = value;
      const x = document.createElement('span');
      x.className = 'cat-chip__x';
      x.setAttribute('aria-hidden', 'true');
      x.textContent = '×';
      b.append(name, val, x);
      return b;
    });
    if (chosen.length) {
      const clear = document.createElement('button');
      clear.type = 'button';
      clear.className = 'cat-clear';
      clear.dataset.clear = '';
      clear.textContent = messages.filtersClear;
      buttons.push(clear);
    }
    chips.replaceChildren(...buttons);
    chips.hidden = chosen.length === 0;
  }

  function updateFacets(r: ListingResult, s: CategoryQueryState): void {
    const facets = new Map(index!.facets.map((f) => [f.code, f]));
    // Values the listing does not have (the search page's filters come from its matches) are not offered.
    for (const d of root.querySelectorAll<HTMLElement>('[data-facet]')) d.hidden = !facets.has(d.dataset.facet!);
    for (const i of inputs) {
      const code = i.dataset.filterCode!;
      const v = facets.get(code)?.ids.get(i.dataset.filterId!);
      const item = i.closest('li');
      if (item) item.hidden = v === undefined;
      const count = v === undefined ? 0 : (r.counts[code]?.[v] ?? 0);
      const c = i.closest('label')?.querySelector('.facet__count');
      if (c) c.textContent = `(${count})`;
      const on = s.filters[code]?.includes(i.dataset.filterId!) ?? false;
      i.disabled = count === 0 && !on;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Actions

  /** Runs an action on the query store, records filters and sort in the URL, shows the result. */
  async function act(action: () => void): Promise<void> {
    const before = selectionOf($categoryQuery.get());
    action();
    const s = $categoryQuery.get();
    if (!sameAs(before, s)) {
      const query = writeListingParams(location.search, s, facetIds, defaultSort);
      history.pushState({}, '', `${location.pathname}${query}${location.hash}`);
    }
    syncControls(s);
    if (!index) grid.setAttribute('aria-busy', 'true');
    await ensureIndex();
    render();
    // Results replaced while the top of the listing is scrolled away: bring the shopper back to it.
    if (toolbar && toolbar.getBoundingClientRect().top < 0 && !root.querySelector('.filters.is-open')) toolbar.scrollIntoView({ block: 'start' });
  }

  chips.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button');
    if (!b) return;
    if (b.dataset.clear !== undefined) void act(resetFilters);
    else if (b.dataset.code && b.dataset.id) void act(() => chooseFilter(b.dataset.code!, b.dataset.id!));
  });
  addEventListener('popstate', () => {
    startCategoryQuery({ ...readListingParams(location.search, facetIds, sortValues, defaultSort), perPage, searchProductQuery });
    syncControls($categoryQuery.get());
    void ensureIndex().then(render);
  });

  // Infinite scroll: the next 50 when the bottom comes near, while the offset stays below the total.
  let busy = false;
  const nearBottom = () => !sentinel.hidden && sentinel.getBoundingClientRect().top < innerHeight + 600;
  async function more(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      if (!index) sentinel.textContent = messages.listingLoadingMore;
      await ensureIndex();
      render();
      // The page may have moved meanwhile (back to a place further up): no batch more then.
      if (!nearBottom()) return;
      if (result && loadNextBatch(result.total)) {
        render();
        // Still at the bottom (a tall screen or a fast scroll): keep going on the next frame.
        requestAnimationFrame(() => {
          if (nearBottom()) void more();
        });
      }
    } finally {
      busy = false;
    }
  }
  watchListingEnd(sentinel, () => void more(), 600);

  // Back to a place, or filters and sort from the URL: shown once the listing is here.
  if (place || !sameAs(initial, $categoryQuery.get())) {
    grid.setAttribute('aria-busy', 'true');
    void ensureIndex().then(render);
  } else if (opts.adopt) {
    // The tiles are there: the listing takes them over (its further pages, its state) without drawing them again.
    void ensureIndex().then(render);
  } else {
    void ensureIndex();
  }
  syncControls($categoryQuery.get());

  return {
    apply(a) {
      if (a.kind === 'filter') return act(() => chooseFilter(a.code, a.id));
      if (a.kind === 'sort') return act(() => setSort(a.value));
      return act(resetFilters);
    },
  };
}
