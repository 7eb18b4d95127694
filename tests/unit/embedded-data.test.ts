import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductPageDataSchema, readProductPageData } from '../../src/lib/catalog/product/embedded-data';

const blob = {
  id: 1015,
  sku: 'NM1015',
  type: 'configurable',
  defaultChildSku: 'NM1015-17CM',
  children: [
    {
      sku: 'NM1015-19CM',
      selection: { size: 4121 },
      available: true,
      inStock: true,
      image: null,
      price: '<p class="price price--lg" data-price="49.99"><span class="price__final">£49.99</span></p>',
    },
  ],
  viewed: { sku: 'NM1015', name: 'Sweetrock bracelet', price: 64.99 },
};

describe("the product page's embedded data (#product-data)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('what the build writes passes the schema, and the page script reads it as written (the summary keeps its fields)', () => {
    expect(ProductPageDataSchema.parse(blob)).toEqual(blob);
    expect(readProductPageData(JSON.stringify(blob))).toEqual(blob);
  });

  it('the build cannot write a blob the script would not read: the schema names what is wrong', () => {
    const { price: _price, ...child } = blob.children[0]!;
    const r = ProductPageDataSchema.safeParse({ ...blob, children: [child] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['children.0.price']);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['cut short (not JSON)', JSON.stringify(blob).slice(0, 40)],
    ['JSON but not an object', '42'],
    ['without children', JSON.stringify({ ...blob, children: undefined })],
    ['a child without its price', JSON.stringify({ ...blob, children: [{ sku: 'X', selection: {} }] })],
    ['a child without its selection', JSON.stringify({ ...blob, children: [{ sku: 'X', price: '' }] })],
    ['without the viewed summary', JSON.stringify({ ...blob, viewed: null })],
  ])('a %s blob reads as null: the page stays as built (no child preselected, the view not recorded), with a warning', (_what, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readProductPageData(raw)).toBeNull();
    expect(warn).toHaveBeenCalledWith('#product-data: missing or malformed');
  });
});
