import { describe, expect, it } from 'vitest';
import { normalizeSearchParams, isSearchableTerm } from '../../src/lib/catalog/search-params';

describe('search params', () => {
  it('a size of 0 becomes 50', () => {
    expect(normalizeSearchParams({ start: 0, size: 0 })).toEqual({ start: 0, size: 50 });
  });

  it('a negative size becomes 50', () => {
    expect(normalizeSearchParams({ start: 10, size: -5 }).size).toBe(50);
  });

  it('a negative start becomes 0', () => {
    expect(normalizeSearchParams({ start: -20, size: 24 })).toEqual({ start: 0, size: 24 });
  });

  it('keeps valid paging and reads numeric text', () => {
    expect(normalizeSearchParams({ start: 100, size: 50 })).toEqual({ start: 100, size: 50 });
    expect(normalizeSearchParams({ start: '40', size: '20' })).toEqual({ start: 40, size: 20 });
  });

  it('missing or invalid paging gives start 0 and size 50', () => {
    expect(normalizeSearchParams()).toEqual({ start: 0, size: 50 });
    expect(normalizeSearchParams({ start: 'x', size: 'y' })).toEqual({ start: 0, size: 50 });
  });

  it('a search term needs at least 3 characters', () => {
    expect(isSearchableTerm('ri')).toBe(false);
    expect(isSearchableTerm('  ri  ')).toBe(false);
    expect(isSearchableTerm('rin')).toBe(true);
  });
});
