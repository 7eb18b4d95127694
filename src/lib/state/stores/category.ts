/**
 * Category query state (spec §3, §4 Category listing): offset, perPage, sort, filters,
 * searchProductQuery. The transitions are the pure rules of src/lib/catalog/query.ts.
 */
import { map } from 'nanostores';
import { config } from '../../config';
import { changeSort, clearFilters, initialQueryState, loadMore, toggleFilter } from '../../catalog/query';
import type { CategoryQueryState } from '../../schemas';

/** The listing's query state. */
export const $categoryQuery = map<CategoryQueryState>(initialQueryState());

/** Starts a listing (a category page), optionally from state read off the URL. */
export function startCategoryQuery(over: Partial<CategoryQueryState> = {}): void {
  $categoryQuery.set(initialQueryState(over));
}

/** Chooses a filter value, or removes it when chosen again; back to the first batch. */
export function chooseFilter(code: string, id: string): void {
  $categoryQuery.set(toggleFilter($categoryQuery.get(), code, id));
}

/** Removes every filter; back to the first batch. */
export function resetFilters(): void {
  $categoryQuery.set(clearFilters($categoryQuery.get()));
}

/** Changes the sort; back to the first page. */
export function setSort(sort: string): void {
  $categoryQuery.set(changeSort($categoryQuery.get(), sort));
}

/** Sets the category search box text; back to the first batch. */
export function setSearchProductQuery(text: string): void {
  $categoryQuery.set({ ...$categoryQuery.get(), searchProductQuery: text, offset: 0 });
}

/** Moves to the next batch when scrolling reaches the bottom; false when there is nothing more (or lazy loading is off). */
export function loadNextBatch(total: number, lazyLoading: boolean = config.switches.lazyLoading): boolean {
  const next = loadMore($categoryQuery.get(), total, lazyLoading);
  if (!next) return false;
  $categoryQuery.set(next);
  return true;
}
