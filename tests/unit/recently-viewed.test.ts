import { describe, expect, it } from 'vitest';
import { addRecentlyViewed, removeRecentlyViewed, uniqueBySku } from '../../src/lib/catalog/recently-viewed';

const item = (sku: string, name = sku) => ({ sku, name });

describe('recently viewed', () => {
  it('puts the viewed product first', () => {
    expect(addRecentlyViewed([item('A'), item('B')], item('C')).map((x) => x.sku)).toEqual(['C', 'A', 'B']);
  });

  it('is unique by sku: viewing again moves it to the front', () => {
    const list = addRecentlyViewed([item('A'), item('B'), item('C')], item('B', 'B renamed'));
    expect(list.map((x) => x.sku)).toEqual(['B', 'A', 'C']);
    expect(list[0]?.name).toBe('B renamed');
  });

  it('keeps at most max items when asked', () => {
    expect(addRecentlyViewed([item('A'), item('B')], item('C'), 2).map((x) => x.sku)).toEqual(['C', 'A']);
  });

  it('removes an item by sku and dedupes a stored list', () => {
    expect(removeRecentlyViewed([item('A'), item('B')], 'A').map((x) => x.sku)).toEqual(['B']);
    expect(uniqueBySku([item('A'), item('B'), item('A')]).map((x) => x.sku)).toEqual(['A', 'B']);
  });
});
