/**
 * The facet files' code (src/lib/search/facet-code.ts): every listed document's filter values and
 * price range come back as written, a filter that follows from an earlier one is coded in that
 * one's context (so it costs almost nothing), and a file coded with another model is refused.
 */
import { describe, expect, it } from 'vitest';
import { decodeFacetRows, facetCoding } from '../../src/lib/search/facet-code';
import type { ListingFile, ListingItem } from '../../src/lib/catalog/listing/client';
import { createRng } from '../../scripts/lib/prng';

const r = createRng(5).next;
const values = (n: number) => Array.from({ length: n }, (_, k) => ({ id: String(k), label: String(k), count: 0 }));
const products: ListingItem[] = Array.from({ length: 3000 }, (_, i) => {
  const material = Math.floor(r() * 6);
  const watch = r() < 0.3;
  const f: Record<string, number[]> = { material: [material], colour: [material % 3] };
  if (watch) f.movement = [Math.floor(r() * 4)];
  if (r() < 0.2) f.features = [0, 2, 3].filter(() => r() < 0.6);
  if (!f.features?.length) delete f.features;
  const price = watch ? 200 + Math.floor(r() * 800) : Math.floor(r() * 300);
  return { id: i, sku: `S${i}`, type: 'simple', name: `P${i}`, url: `/p${i}`, price: [price, null, price], f };
});
const full: ListingFile = {
  v: 1,
  id: 2,
  sort: 'position:desc',
  total: products.length,
  facets: [
    {
      code: 'price',
      label: 'Price',
      values: [
        { id: '0-100', label: 'low', count: 0, from: 0, to: 100 },
        { id: '100-', label: 'high', count: 0, from: 100 },
      ],
    },
    { code: 'material', label: 'Material', values: values(6) },
    { code: 'colour', label: 'Colour', values: values(3) },
    { code: 'movement', label: 'Movement', values: values(4) },
    { code: 'features', label: 'Features', values: values(4) },
  ],
  products,
};

describe('facet code', () => {
  // Documents 0-2999 listed as products in reverse, and some documents the listing lacks.
  const listed = [...products.keys()].reverse().flatMap((i) => (i % 97 ? [i] : [i, undefined]));
  const { model, encode } = facetCoding(full, listed);

  it('decodes every listed document of a file as written, in its order', () => {
    for (let first = 0; first < listed.length; first += 256) {
      const part = listed.slice(first, first + 256);
      const present = part.filter((i) => i !== undefined);
      const rows = decodeFacetRows(model, encode(part), present.length);
      expect(rows).toEqual(present.map((i) => ({ f: products[i]!.f, b: products[i]!.price[2] < 100 ? 0 : 1 })));
    }
  });

  it('codes a filter that follows from an earlier one in that one context, the rest as themselves', () => {
    const at = (code: string) => model.v[model.c.indexOf(code)]!;
    expect(model.c).toEqual(['material', 'colour', 'movement', 'features']);
    expect(at('colour').a).toBe(model.c.indexOf('material'));
    // In each context (pattern, material) one colour only: nothing left to code.
    expect(at('colour').n.every((n) => n.filter((c) => c > 0).length === 1)).toBe(true);
    // Material tells nothing earlier can: one model, or one per pattern.
    expect(at('material').a).toBeLessThan(0);
    // The price range depends on whether a product is a watch (its pattern has a movement).
    expect(model.p.length).toBe(4);
    const all = encode(listed);
    // 3,000 documents of about 5.8 bits (material 2.6, pattern 1.5, movement 0.6, features 0.5,
    // price range 0.6: none for a watch, always above 100): about 2.2 KB.
    expect((all.length * 3) / 4).toBeLessThan(2400);
    expect((all.length * 3) / 4).toBeGreaterThan(2000);
  });

  it('codes a filter with more different value lists than MAX_LISTS value by value, without a table of its lists', () => {
    // Tags: any 1-4 of 30 values, in any order: hundreds of different lists.
    const tagged = products.map((p) => ({
      ...p,
      f: { ...p.f, tags: [...new Set(Array.from({ length: 1 + Math.floor(r() * 4) }, () => Math.floor(r() * 30)))] },
    }));
    const file: ListingFile = { ...full, products: tagged, facets: [...full.facets, { code: 'tags', label: 'Tags', values: values(30) }] };
    const coding = facetCoding(file, listed);
    const tags = coding.model.v[coding.model.c.indexOf('tags')]!;
    expect(tags.t).toEqual([]);
    expect(tags.e?.n).toHaveLength(30);
    // No other filter takes its context from it.
    expect(coding.model.v.every((v) => v.a !== coding.model.c.indexOf('tags'))).toBe(true);
    const part = listed.slice(0, 600);
    const present = part.filter((i) => i !== undefined);
    const rows = decodeFacetRows(coding.model, coding.encode(part), present.length);
    expect(rows.map((row) => row.f)).toEqual(present.map((i) => tagged[i]!.f));
  });

  it('refuses a file read with a model it was not coded with', () => {
    const other = facetCoding({ ...full, products: products.map((p) => ({ ...p, f: { material: [0] } })) }, listed).model;
    expect(() => decodeFacetRows(other, encode(listed.slice(0, 256)), 250)).toThrow(/does not match its code model|ends too early|not read with the models/);
  });
});
