import { describe, expect, it } from 'vitest';
import { asListProduct, compareTable, listImage, listPrices, withoutSku, type ListProduct } from '../../src/lib/catalog/product/summary-view';
import { compareRows, listProduct, productIslandProps } from '../../src/lib/build/product-island-props';
import { catalog } from '../../src/lib/routing/routes';
import { productPageData } from '../../src/lib/build/product-page-data';
import { CHILD_SKU_TOKEN, childUrl, productUrl } from '../../src/lib/catalog/urls';
import { chosenListProduct } from '../../src/lib/catalog/product/list-entry';
import { chooseOption, initialFormState } from '../../src/lib/catalog/product/form';
import { defaultChild } from '../../src/lib/catalog/variants';
import { tileImage } from '../../src/lib/catalog/images';
import { productPrices } from '../../src/lib/catalog/price';
import { CompareItemSchema, WishlistItemSchema } from '../../src/lib/schemas';

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

describe('the list entry of the product as configured on its page (what the wishlist and compare toggles store)', () => {
  // A configurable ring whose default child and another child differ in colour, size, price and picture.
  const pickRing = () => {
    for (const p of catalog().products) {
      const def = p.type_id === 'configurable' ? defaultChild(p) : undefined;
      const codes = (p.configurable_options ?? []).map((o) => o.attribute_code);
      if (!def || !codes.includes('color') || !codes.includes('size')) continue;
      const other = p.configurable_children!.find(
        (c) =>
          c.status === 1 &&
          c.stock.is_in_stock &&
          c.image &&
          c.image !== def.image &&
          Number(c.price) !== Number(def.price) &&
          c.color !== def.color &&
          c.size !== def.size,
      );
      if (other) return { p, def, other };
    }
    throw new Error('the sample has no configurable ring with a child of another colour, size, price and picture');
  };
  const { p, def, other } = pickRing();
  const props = productIslandProps(productPageData(p.id));
  const label = (code: string, value: unknown) => {
    const o = p.configurable_options!.find((x) => x.attribute_code === code)!;
    return { label: o.label, value: o.values.find((v) => v.value_index === Number(value))!.label };
  };
  const chosen = () => {
    let state = initialFormState(props.product);
    for (const code of ['color', 'size']) state = chooseOption(props.product, state, code, Number(other[code as 'color' | 'size'])).state;
    return state;
  };

  it("is the chosen child: its sku with the product's, its price, picture, page and options, its colour in the compare rows", () => {
    const state = chosen();
    expect(state.childSku).toBe(other.sku);
    const e = chosenListProduct(props.summary, props.product, state, props.urls.child);
    const colour = label('color', other.color);
    const size = label('size', other.size);
    expect(e).toMatchObject({ sku: other.sku, parentSku: p.sku, name: p.name, price: Number(other.price), image: other.image });
    expect(listPrices(e, now)?.final).toBe(productPrices(other, now).final);
    expect(listPrices(e, now)?.final).not.toBe(listPrices(props.summary, now)?.final);
    expect(listImage(e)).toBe(tileImage(other.image!));
    // The page the product page itself writes into the address after the choice.
    expect(e.url).toBe(productUrl(p, { childSku: other.sku }));
    expect(e.options).toBe(`${colour.label}: ${colour.value}, ${size.label}: ${size.value}`);
    expect(e.compare!.find((r) => r.code === 'color')!.value).toBe(colour.value);
    expect(e.compare!.filter((r) => r.code !== 'color')).toEqual(props.summary.compare!.filter((r) => r.code !== 'color'));
  });

  it('is the default child as the page opens, and the summary as built for a product without variants', () => {
    expect(chosenListProduct(props.summary, props.product, initialFormState(props.product), props.urls.child)).toMatchObject({
      sku: def.sku,
      parentSku: p.sku,
    });
    const simple = catalog().products.find((x) => x.type_id === 'simple')!;
    const sp = productIslandProps(productPageData(simple.id));
    expect(chosenListProduct(sp.summary, sp.product, initialFormState(sp.product), sp.urls.child)).toBe(sp.summary);
  });

  it("the entries stored pass the lists' schemas, entries stored before the lists kept the variant too, and read back whole", () => {
    const e = chosenListProduct(props.summary, props.product, chosen(), props.urls.child);
    const old = listProduct(p);
    for (const entry of [e, old]) {
      expect(WishlistItemSchema.safeParse({ ...entry, qty: 1 }).error).toBeUndefined();
      expect(CompareItemSchema.safeParse(entry).error).toBeUndefined();
    }
    expect(asListProduct(e)).toMatchObject({ sku: other.sku, parentSku: p.sku, options: e.options, url: e.url, image: other.image });
    expect(asListProduct(old).parentSku).toBeUndefined();
    expect(WishlistItemSchema.safeParse({ sku: 'A', name: 'A', parentSku: '', qty: 1 }).success).toBe(false);
  });
});
