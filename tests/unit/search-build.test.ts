import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { buildSearchIndex, isSearchable, toSearchDoc } from '../../src/lib/search/build';
import { docPrices, docUrl, packUrl } from '../../src/lib/search/types';
import { productPrices } from '../../src/lib/catalog/price';
import { productUrl } from '../../src/lib/catalog/urls';
import { iterateProducts, readAttributes, readCategories, readManifest, readProducts } from '../../src/lib/snapshot/read';
import { CATEGORIES, SETTINGS, indexOf, product } from './search-fixtures';
import { createSearchEngine } from '../../src/lib/search/engine';
import { indexUrlFor } from '../../src/lib/search/client';
import { loadConfig } from '../../src/lib/config';
import { ring } from './catalog-fixtures';

describe('search index builder', () => {
  it('keeps only products visible in search (3 or 4), enabled and not discontinued', () => {
    const cases = [
      [{ visibility: 4 }, true],
      [{ visibility: 3 }, true],
      [{ visibility: 2 }, false],
      [{ visibility: 1 }, false],
      [{ status: 2 }, false],
      [{ status: 0 }, false],
      [{ discontinued: 1 }, false],
    ] as const;
    for (const [over, expected] of cases) expect(isSearchable(product(over)), JSON.stringify(over)).toBe(expected);
    const file = indexOf(cases.map(([over], i) => product({ sku: `S${i}`, ...over })));
    expect(file.d.map((d) => d.s)).toEqual(['S0', 'S1']);
  });

  it('stores the product url, rebuilt exactly from the packed form', () => {
    const p = product({ name: 'Evermore Heritage Ring', slug: 'evermore-heritage-ring', url_path: 'rings/evermore-heritage-ring-1042' });
    const doc = toSearchDoc(p);
    expect(doc.u).toEqual(['/rings/', '-1042']);
    expect(docUrl(doc)).toBe(productUrl(p));
    expect(packUrl('/p/SKU1/other', 'Name')).toBe('/p/SKU1/other');
  });

  it('keeps the price fields of a configurable product without a price from its default child', () => {
    const p = ring([
      { status: 2, price: 900 },
      { price: 1200, special_price: 999, special_from_date: '2026-01-01', special_to_date: '2026-12-31' },
    ]);
    const doc = toSearchDoc(p);
    expect([doc.p, doc.sp, doc.sf, doc.st]).toEqual([1200, 999, '2026-01-01', '2026-12-31']);
    const now = new Date('2026-06-01T12:00:00Z');
    expect(productPrices(docPrices(doc), now)).toEqual(productPrices(p, now));
  });

  it('stores category names once, without the root categories', () => {
    const file = indexOf([product({ sku: 'A', category_ids: [2, 10, 92] }), product({ sku: 'B', category_ids: [10] })]);
    expect(file.c).toEqual({ 10: 'Rings', 92: 'Thomas Sabo' });
    expect(file.d.map((d) => d.c)).toEqual([[10, 92], [10]]);
  });

  it('keeps the first of two products with the same sku', () => {
    const file = indexOf([product({ sku: 'DUP', name: 'First' }), product({ sku: 'DUP', name: 'Second' })]);
    expect(file.d.map((d) => d.n)).toEqual(['First']);
  });

  it('suggests the menu categories and the brands with most products', () => {
    const attributes = [
      {
        attribute_code: 'brand',
        attribute_id: 1,
        options: [
          { value: '1', label: 'Clogau' },
          { value: '2', label: 'Seiko' },
        ],
        frontend_label: 'Brand',
        frontend_input: 'select',
        is_visible_on_front: true,
        is_comparable: true,
      },
    ];
    const products = [product({ brand: 2 }), product({ brand: 2 }), product({ brand: 1 }), product({ brand: 1, visibility: 1 })];
    const file = buildSearchIndex(products, CATEGORIES, { attributes: attributes as never, generatedAt: '2026-11-01 00:00:00' });
    expect(file.sg.popular).toEqual(['Seiko', 'Clogau']);
    expect(file.sg.categories).toEqual([
      ['Rings', '/rings'],
      ['Necklaces', '/necklaces'],
      ['Watches', '/watches'],
    ]);
    expect(file.at).toBe(new Date('2026-11-01T00:00:00').toISOString());
  });

  it('indexes every searchable product of the sample snapshot, small enough to download', () => {
    const file = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
    const expected = readProducts()
      .filter(isSearchable)
      .map((p) => p.sku);
    expect(file.d.map((d) => d.s)).toEqual(expected);
    expect(file.d.length).toBeGreaterThan(100);
    const gz = gzipSync(JSON.stringify(file)).length;
    expect(gz / file.d.length).toBeLessThan(60); // bytes per product, gzipped
  });

  it('the endpoint answers the index as JSON', async () => {
    const { GET, getStaticPaths } = await import('../../src/pages/[...store]/search-index.json');
    // Keyed (a digest of the file): a rebuild that changes no product does not render it again.
    expect(getStaticPaths()).toEqual([{ params: { store: undefined }, props: { storeCode: 'gb' }, cacheKey: expect.stringMatching(/^[\w-]{32}$/) }]);
    const res = await (GET as (ctx: unknown) => Response | Promise<Response>)({ props: { storeCode: 'gb' } });
    expect(res.headers.get('Content-Type')).toContain('application/json');
    const file = await res.json();
    expect(file.v).toBe(1);
    expect(file.at).toBe(readManifest().generated_at);
    expect(file.d.length).toBe(readProducts().filter(isSearchable).length);
  });

  it('a store view index has its links and its currency (§7 a search index per store)', () => {
    const products = readProducts().filter(isSearchable).slice(0, 40);
    const gb = buildSearchIndex(products, readCategories(), { storeCode: 'gb' });
    const de = buildSearchIndex(products, readCategories(), { storeCode: 'de', rate: 1.17 });
    for (const [i, d] of de.d.entries()) {
      const g = gb.d[i]!;
      expect(d.s).toBe(g.s);
      expect(d.p).toBeCloseTo(Math.round(g.p * 1.17 * 100) / 100, 2);
      if (g.sp !== undefined) expect(d.sp).toBeCloseTo(Math.round(g.sp * 1.17 * 100) / 100, 2);
    }
    // links follow the store's prefix when multistore is on; off (the default) both stores link alike
    const url = (x: (typeof de.d)[number]) => (typeof x.u === 'string' ? x.u : x.u.join(''));
    expect(de.d.map(url)).toEqual(gb.d.map(url));
  });

  it('the client asks the index of the store the page belongs to', () => {
    expect(indexUrlFor('/rings')).toBe('/search-index.json');
    expect(indexUrlFor('/de/rings')).toBe('/search-index.json'); // multistore off: /de is not a store
    const multi = loadConfig({ PUBLIC_MULTISTORE: 'true' });
    expect(indexUrlFor('/de/rings', '/', multi)).toBe('/de/search-index.json');
    expect(indexUrlFor('/it', '/', multi)).toBe('/it/search-index.json');
    expect(indexUrlFor('/rings', '/', multi)).toBe('/search-index.json');
  });
});

describe('variant skus (§9 boosts: sku 2)', () => {
  const file = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });
  const engine = createSearchEngine(file, SETTINGS);

  it('a child sku finds its parent first and opens it with that child chosen', () => {
    // EV1001-WG-S is the white gold size S child of the configurable EV1001 (sample snapshot).
    for (const q of ['EV1001-WG-S', 'ev1001-wg-s']) {
      const r = engine.search(q);
      expect(r.noresults, q).toBe(false);
      expect(r.items[0]!.s).toBe('EV1001');
      expect(docUrl(r.items[0]!, q)).toBe('/rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001?childSku=EV1001-WG-S');
    }
  });

  it('the parent sku still opens the parent, and a withdrawn child (status 2) is not indexed', () => {
    const r = engine.search('EV1001');
    expect(r.items[0]!.s).toBe('EV1001');
    expect(docUrl(r.items[0]!, 'EV1001')).toBe('/rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001');
    // EV1001-P-S has status 2 in the snapshot.
    expect(file.d.find((d) => d.s === 'EV1001')!.cs).not.toContain('EV1001-P-S');
  });
});
