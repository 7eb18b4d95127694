import { describe, expect, it } from 'vitest';
import { asListProduct, compareTable, listImage, listPrices, withoutSku, type ListProduct } from '../../src/lib/catalog/product/summary-view';
import { compareRows, listProduct, productIslandProps } from '../../src/lib/build/product-island-props';
import { catalog } from '../../src/lib/routing/routes';
import { productPageData } from '../../src/lib/build/product-page-data';
import { CHILD_SKU_TOKEN, childUrl, productUrl } from '../../src/lib/catalog/urls';

const now = new Date('2026-07-03T12:00:00Z');

describe('list entries (wishlist, compare, recently viewed)', () => {
  it('an entry read back keeps what the lists show and drops the rest', () => {
    const entry = asListProduct({
      sku: 'A',
      name: 'Ring A',
      price: '120',
      special_price: null,
      thumbnail: '/catalog/product/ring/gold.svg',
      url: '/rings/a',
      qty: 1,
      compare: [{ code: 'color', label: 'Colour', value: 'Gold' }, 'junk'],
    } as never);
    expect(entry).toEqual({
      sku: 'A',
      name: 'Ring A',
      type_id: undefined,
      price: 120,
      special_price: null,
      special_from_date: null,
      special_to_date: null,
      final_price: null,
      image: '/catalog/product/ring/gold.svg',
      url: '/rings/a',
      compare: [{ code: 'color', label: 'Colour', value: 'Gold' }],
    });
    expect(listImage(entry)).toBe('/img/310/300/resize/catalog/product/ring/gold.svg');
  });

  it('prices follow the special price dates; no price gives null', () => {
    const item: ListProduct = {
      sku: 'A',
      name: 'A',
      price: 200,
      special_price: 150,
      special_from_date: '2026-07-01 00:00:00',
      special_to_date: '2026-07-02 23:59:59',
    };
    expect(listPrices(item, now)).toEqual({ original: 200, special: null, final: 200 });
    expect(listPrices({ ...item, special_to_date: null }, now)).toEqual({ original: 200, special: 150, final: 150 });
    expect(listPrices({ sku: 'B', name: 'B' }, now)).toBeNull();
  });

  it('the compare table has a row per comparable attribute any product has, in first-seen order, N/A as null', () => {
    const a: ListProduct = {
      sku: 'A',
      name: 'A',
      compare: [
        { code: 'brand', label: 'Brand', value: 'Evermore' },
        { code: 'pj_material', label: 'Material', value: 'Platinum' },
      ],
    };
    const b: ListProduct = {
      sku: 'B',
      name: 'B',
      compare: [
        { code: 'pj_strap_material', label: 'Strap material', value: 'Rubber' },
        { code: 'brand', label: 'Brand', value: 'Raymond Weil' },
      ],
    };
    expect(compareTable([a, b])).toEqual([
      { code: 'brand', label: 'Brand', values: ['Evermore', 'Raymond Weil'] },
      { code: 'pj_material', label: 'Material', values: ['Platinum', null] },
      { code: 'pj_strap_material', label: 'Strap material', values: [null, 'Rubber'] },
    ]);
    expect(compareTable([])).toEqual([]);
  });

  it('recently viewed on a product page leaves the product itself out', () => {
    const list = [{ sku: 'A' }, { sku: 'B' }];
    expect(withoutSku(list, 'A')).toEqual([{ sku: 'B' }]);
    expect(withoutSku(list, undefined)).toEqual(list);
  });
});

describe('build-time props of the product islands (sample catalogue)', () => {
  const products = catalog().products;

  it('the list entry of a configurable product is priced by its default child and links to the parent page', () => {
    const p = products.find((x) => x.type_id === 'configurable' && !(Number(x.price) > 0))!;
    const e = listProduct(p);
    expect(e.sku).toBe(p.sku);
    expect(e.url).toBe(productUrl(p));
    expect(listPrices(e)?.final).toBe(productPageData(p.id).prices.final);
  });

  it('comparable attributes are in words; configurable options list their values', () => {
    const p = products.find((x) => x.type_id === 'configurable' && x.configurable_options?.some((o) => o.attribute_code === 'color'))!;
    const rows = compareRows(p);
    const colour = rows.find((r) => r.code === 'color')!;
    expect(colour.value).toBe(
      p
        .configurable_options!.find((o) => o.attribute_code === 'color')!
        .values.map((v) => v.label)
        .join(', '),
    );
    expect(rows.some((r) => r.code === 'price')).toBe(false);
    for (const r of rows) expect(r.value).not.toMatch(/^\d+$/);
  });

  it('the options island gets the child urls and a trimmed product', () => {
    const p = products.find((x) => x.type_id === 'configurable')!;
    const props = productIslandProps(productPageData(p.id));
    // One template for every child's URL, the same URLs as productUrl gives, in either URL scheme.
    for (const c of p.configurable_children!) expect(childUrl(props.urls.child, c.sku)).toBe(productUrl(p, { childSku: c.sku }));
    for (const opts of [{ dispatcher: false }, { dispatcher: false, short: false }])
      for (const sku of [p.configurable_children![0]!.sku, 'A/B C?&'])
        expect(childUrl(productUrl(p, { ...opts, childSku: CHILD_SKU_TOKEN }), sku)).toBe(productUrl(p, { ...opts, childSku: sku }));
    expect(childUrl(productUrl(p, { childSku: CHILD_SKU_TOKEN }), 'A/B C?&')).toBe(productUrl(p, { childSku: 'A/B C?&' }));
    expect(props.product).not.toHaveProperty('description');
    expect(props.product).not.toHaveProperty('media_gallery');
    expect(JSON.stringify(props).length).toBeLessThan(20_000);
  });
});
