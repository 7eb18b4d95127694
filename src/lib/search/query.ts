/** Query rules shared by every engine: §5 paging, §9 minimum term length, empty results with their flags. */
import type { SearchFlags, SearchPaging, SearchResult } from './types';

/** The search constants an engine reads (config.constants.search has this shape). */
export interface SearchSettings {
  minScore: number;
  fuzziness: number;
  minimumShouldMatch: number;
  boosts: { name: number; sku: number; category_name: number; c2c_supplier_code: number };
  defaultSize: number;
  minTermLength: number;
}

/** A whole number above 0 from `v` (floored), else `fallback` (0 or below, missing, not a finite number). */
const above0 = (v: number | undefined, fallback: number): number => {
  const n = Math.floor(Number(v ?? 0));
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** §5 page size: 0 or below (or missing, or not a number) becomes `defaultSize` (50); a fraction is floored. */
export function pageSize(size: number | undefined, defaultSize = 50): number {
  return above0(size, defaultSize);
}

/** §5 page start: a negative (or missing, or not a number) start becomes 0; a fraction is floored. */
export function pageStart(start: number | undefined): number {
  return above0(start, 0);
}

/**
 * §5 paging, the one rule for the search engines and the API's lists (server/routes/catalog.ts):
 * size 0 or below (or missing) becomes the default size (50); a negative (or missing) start becomes 0.
 */
export function normalisePaging(paging: SearchPaging = {}, defaultSize = 50): { size: number; start: number } {
  return { size: pageSize(paging.size, defaultSize), start: pageStart(paging.start) };
}

/**
 * §9: a search term needs at least `minLength` characters (config.constants.search.minTermLength, 3),
 * spaces around it not counted. The one test of the minimum: the engines, the panel, the results
 * page and the search form's rule all ask it.
 */
export function isQueryLongEnough(query: string, minLength: number): boolean {
  return query.trim().length >= minLength;
}

/** A result with no items and the given flags (noresults is always true). */
export function emptyResult(flags: Partial<SearchFlags> = {}, paging: SearchPaging = {}, defaultSize = 50): SearchResult {
  const { size, start } = normalisePaging(paging, defaultSize);
  return { items: [], total: 0, start, perPage: size, cache: flags.cache ?? false, offline: flags.offline ?? false, noresults: true };
}

/**
 * §9 minimum score 0.02, on scores normalised to the best hit: a score is divided by the top
 * score of the query (the best hit is 1), and hits under `minScore` of the best are dropped.
 * Raw BM25 scores have no fixed scale, so a fixed cut-off on them would mean something different
 * for every query and catalogue; relative to the best hit it always means "at least 2% as relevant".
 */
export function passesMinScore(score: number, top: number, minScore: number): boolean {
  return top > 0 && score / top >= minScore;
}
