/** src/lib/catalog/product/child-url.ts: the child a configurable product's URL names (the options island and the product page's script). */
import { describe, expect, test } from 'vitest';
import { childSkuFromUrl } from '../../src/lib/catalog/product/child-url';

const ring = { sku: 'EVR-1042', configurable_children: [{ sku: 'R-S-M' }, { sku: 'R-G-M' }] };

describe('childSkuFromUrl', () => {
  test('the ?childSku= query first, then the last path segment', () => {
    expect(childSkuFromUrl(ring, '/EVR-1042/evermore/R-S-M', '?childSku=R-G-M')).toBe('R-G-M');
    expect(childSkuFromUrl(ring, '/EVR-1042/evermore/R-S-M/')).toBe('R-S-M');
    expect(childSkuFromUrl(ring, '/EVR-1042/evermore/R-S-M', '?childSku=NOPE')).toBe('R-S-M');
  });

  test('null for the parent, an unknown sku, no children, or a malformed path (instead of throwing)', () => {
    expect(childSkuFromUrl(ring, '/rings/evermore/EVR-1042')).toBeNull();
    expect(childSkuFromUrl(ring, '/rings/evermore/R-X')).toBeNull();
    expect(childSkuFromUrl({ sku: 'A' }, '/a/b/R-S-M')).toBeNull();
    expect(childSkuFromUrl(ring, '/rings/evermore/%E0%A4%A')).toBeNull();
  });
});
