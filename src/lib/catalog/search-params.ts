/** Search paging (spec §5): a size of 0 or below becomes the default size (50); a negative start becomes 0. */
import { config } from '../config';

/** Paging of a search or catalogue request. */
export interface SearchPaging {
  start: number;
  size: number;
}

/** Normalises paging: size <= 0 (or not a number) gives config.constants.search.defaultSize; start < 0 (or not a number) gives 0. */
export function normalizeSearchParams(p: { start?: number | string | null; size?: number | string | null } = {}): SearchPaging {
  const size = Math.floor(Number(p.size ?? 0));
  const start = Math.floor(Number(p.start ?? 0));
  return {
    start: Number.isFinite(start) && start > 0 ? start : 0,
    size: Number.isFinite(size) && size > 0 ? size : config.constants.search.defaultSize,
  };
}

/** True when a search term is long enough to search (§9: minimum 3 characters, trimmed). */
export function isSearchableTerm(term: string): boolean {
  return term.trim().length >= config.constants.search.minTermLength;
}
