import { describe, expect, it } from 'vitest';
import { fuzzinessFor, normaliseText, queryTerms, requiredMatches, tokenize, tokenizeSku } from '../../src/lib/search/text';
import { emptyResult, isQueryLongEnough, normalisePaging, pageSize, pageStart, passesMinScore } from '../../src/lib/search/query';

describe('search text rules', () => {
  it('lower-cases, folds accents and drops apostrophes', () => {
    expect(normaliseText("Crème Brûlée Men's")).toBe('creme brulee mens');
    expect(tokenize("Ladies' 9ct Rose-Gold   Ring")).toEqual(['ladies', '9ct', 'rose', 'gold', 'ring']);
  });

  it('cuts a sku into its parts plus the whole without separators', () => {
    expect(tokenizeSku('PJ-R-1042')).toEqual(['pj', 'r', '1042', 'pjr1042']);
    expect(tokenizeSku('TS1011')).toEqual(['ts1011']);
  });

  it('keeps each query word once', () => {
    expect(queryTerms('Gold gold RING ring')).toEqual(['gold', 'ring']);
  });

  it('allows no edit under 4 letters, 1 for 4-5 letters, 2 from 6 letters, none in words with digits', () => {
    expect(['opl', 'gold', 'sabbo', 'raymnd', 'bracelet'].map((w) => fuzzinessFor(w, 2))).toEqual([0, 1, 1, 2, 2]);
    expect(fuzzinessFor('ts7400', 2)).toBe(0);
    expect(fuzzinessFor('bracelet', 1)).toBe(1); // never above the configured fuzziness
  });

  it('needs 75% of the query words, rounded down, at least one', () => {
    expect([1, 2, 3, 4, 5, 8].map((n) => requiredMatches(n, 0.75))).toEqual([1, 1, 2, 3, 3, 6]);
  });
});

describe('search query rules', () => {
  it('size 0 or below becomes 50, a negative start becomes 0', () => {
    expect(normalisePaging({ size: 0, start: -1 })).toEqual({ size: 50, start: 0 });
    expect(normalisePaging({ size: -10 })).toEqual({ size: 50, start: 0 });
    expect(normalisePaging({})).toEqual({ size: 50, start: 0 });
    expect(normalisePaging({ size: 12, start: 24 })).toEqual({ size: 12, start: 24 });
  });

  it("paging that is not a number gives the defaults; a fraction is floored; the default size is the caller's", () => {
    expect(normalisePaging({ size: Number.NaN, start: Number.NaN })).toEqual({ size: 50, start: 0 });
    expect(normalisePaging({ size: Number.POSITIVE_INFINITY, start: Number.POSITIVE_INFINITY })).toEqual({ size: 50, start: 0 });
    expect(normalisePaging({ size: 12.7, start: 3.9 })).toEqual({ size: 12, start: 3 });
    expect(pageSize(0, 24)).toBe(24);
    expect(pageSize(-3, 24)).toBe(24);
    expect(pageSize(7, 24)).toBe(7);
    expect(pageStart(-20)).toBe(0);
    expect(pageStart(undefined)).toBe(0);
    expect(pageStart(100)).toBe(100);
  });

  it('a search term needs 3 characters, spaces around it not counted', () => {
    expect(isQueryLongEnough('ab', 3)).toBe(false);
    expect(isQueryLongEnough('  ab  ', 3)).toBe(false);
    expect(isQueryLongEnough('abc', 3)).toBe(true);
  });

  it('keeps a score of at least 2% of the best one', () => {
    expect(passesMinScore(10, 10, 0.02)).toBe(true);
    expect(passesMinScore(0.2, 10, 0.02)).toBe(true);
    expect(passesMinScore(0.19, 10, 0.02)).toBe(false);
    expect(passesMinScore(1, 0, 0.02)).toBe(false);
  });

  it('an empty result says noresults and keeps the given flags', () => {
    expect(emptyResult({ offline: true }, { size: -1, start: -4 })).toEqual({
      items: [],
      total: 0,
      start: 0,
      perPage: 50,
      cache: false,
      offline: true,
      noresults: true,
    });
  });
});
