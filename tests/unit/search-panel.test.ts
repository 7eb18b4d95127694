import { describe, expect, it } from 'vitest';
import { statusText } from '../../src/islands/SearchPanel';
import { emptyResult } from '../../src/lib/search/query';
import type { SearchResult } from '../../src/lib/search/types';

const found = (total: number, shown = total): SearchResult => ({
  ...emptyResult(),
  items: Array.from({ length: shown }, (_, i) => ({ s: `S${i}`, n: `N${i}`, u: '/x', p: 1, score: 1 })),
  total,
  noresults: total === 0,
});

describe('search panel status line', () => {
  it('asks for at least 3 characters', () => {
    expect(statusText('ri', false, null)).toBe('Search term must have at least 3 characters');
    expect(statusText('  ri ', false, null)).toBe('Search term must have at least 3 characters');
    expect(statusText('', false, null)).toBe('');
  });

  it('says when nothing was found, and when search is offline', () => {
    expect(statusText('rolex', false, emptyResult())).toBe('No results were found.');
    expect(statusText('rolex', false, emptyResult({ offline: true }))).toBe('Search is not available offline for this query.');
  });

  it('counts the results and says when only the first 50 are shown', () => {
    expect(statusText('ring', true, null)).toBe('Searching…');
    expect(statusText('ring', false, found(1))).toBe('1 result');
    expect(statusText('ring', false, found(12))).toBe('12 results');
    expect(statusText('ring', false, found(120, 50))).toBe('Showing 50 of 120 results');
  });
});
