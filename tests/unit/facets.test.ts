/**
 * The facet counts (src/lib/catalog/facets.ts) against their definition written plainly: per
 * filter, the number of products whose values (their own, and for a configurable option their
 * children's, compared as text) include each option, over the sample's products and over products
 * whose values are made awkward at random (numbers and texts for one option, lists with repeats,
 * empty values, children's values in custom_attributes).
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/lib/routing/routes';
import { facets } from '../../src/lib/catalog/facets';
import { childAttribute } from '../../src/lib/catalog/variants';
import { hasOption } from '../../src/lib/catalog/query';
import type { Attribute, Product } from '../../src/lib/schemas';

const now = new Date('2026-11-30T12:00:00Z');

/** The option ids a product has for a filter, the plain way. */
function valuesOf(p: Product, code: string): Set<string> {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (v === undefined || v === null || v === '') return;
    for (const x of Array.isArray(v) ? v : [v]) out.add(String(x));
  };
  add((p as Record<string, unknown>)[code]);
  if (p.type_id === 'configurable' && hasOption(p, code)) for (const c of p.configurable_children ?? []) add(childAttribute(c, code));
  return out;
}

/** Each attribute's counts by option id, as `facets` would count them before keeping the top values. */
function reference(products: Product[], attributes: Attribute[], codes: string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const code of codes) {
    const a = attributes.find((x) => x.attribute_code === code)!;
    const known = new Set(a.options.map((o) => String(o.value)));
    const counts: Record<string, number> = {};
    for (const p of products) for (const v of valuesOf(p, code)) if (known.has(v)) counts[v] = (counts[v] ?? 0) + 1;
    out[code] = counts;
  }
  return out;
}

/** A small deterministic random source. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('facet counts', () => {
  const { products, attributes } = catalog();
  const attrs = [...attributes.values()];
  // Filters whose every option fits in the kept values, so each count can be compared.
  const codes = attrs.filter((a) => a.options.length > 0 && a.options.length <= 10 && a.attribute_code !== 'price').map((a) => a.attribute_code);

  const check = (list: Product[]) => {
    const got = facets(list, attrs, { now, codes });
    const want = reference(list, attrs, codes);
    for (const code of codes) {
      const counted = Object.fromEntries((got[code] ?? []).map((v) => [v.id, v.count]));
      expect(counted, code).toEqual(want[code]);
    }
  };

  it('count the sample as their definition does', () => {
    expect(codes.length).toBeGreaterThan(2);
    check(products);
  });

  it('count awkward values as their definition does', () => {
    const next = random(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    for (let round = 0; round < 20; round++) {
      const list = products.map((p) => {
        const q = structuredClone(p) as Product & Record<string, unknown>;
        for (const code of codes) {
          const options = attrs.find((a) => a.attribute_code === code)!.options.map((o) => o.value);
          const one = () => (next() < 0.5 ? Number(pick(options)) : String(pick(options)));
          q[code] = pick([undefined, null, '', one(), one(), [one(), one(), one()], [], 'not-an-option']);
          for (const c of q.configurable_children ?? []) {
            const child = c as Record<string, unknown>;
            if (next() < 0.3) {
              delete child[code];
              child.custom_attributes = [...((child.custom_attributes as unknown[]) ?? []), { attribute_code: code, value: one() }];
            } else child[code] = pick([undefined, one(), [one(), one()]]);
          }
        }
        return q;
      });
      check(list);
    }
  });
});

describe('the order of the filters', () => {
  const { products, attributes } = catalog();
  const attrs = [...attributes.values()];

  it("follows the attributes' positions (Magento's layered navigation), not the order the backend listed them in", () => {
    // The sample lists its attributes by position, as Magento's admin orders them.
    const positions = attrs.map((a) => a.position);
    expect(positions).toEqual([...positions].sort((a, b) => a! - b!));
    const asListed = Object.keys(facets(products, attrs, { now }));
    expect(asListed.slice(0, 4)).toEqual(['price', 'color', 'size', 'brand']);
    // vue-storefront-api's `_search` answers in the index's order: here price, brand, then the rest reversed.
    const shuffled = [attrs.find((a) => a.attribute_code === 'price')!, attrs.find((a) => a.attribute_code === 'brand')!];
    shuffled.push(...attrs.filter((a) => !shuffled.includes(a)).reverse());
    expect(Object.keys(facets(products, shuffled, { now }))).toEqual(asListed);
  });

  it('puts attributes without a position after the others, in the order given', () => {
    const unplaced = attrs.map((a) => (a.attribute_code === 'color' || a.attribute_code === 'size' ? { ...a, position: undefined } : a));
    const order = Object.keys(
      facets(products, [unplaced.find((a) => a.attribute_code === 'size')!, ...unplaced.filter((a) => a.attribute_code !== 'size')], { now }),
    );
    expect(order.slice(-2)).toEqual(['size', 'color']);
    expect(order[0]).toBe('price');
  });
});
