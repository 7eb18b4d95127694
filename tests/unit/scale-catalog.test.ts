/**
 * The catalogue scaler (scripts/scale-catalog.ts): copies of a generated catalogue's products that
 * the snapshot reader accepts, with no id, sku or URL path of two products the same, and each
 * copy's links pointing into the same copy.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { copyProduct, ID_STRIDE, scaleCatalog } from '../../scripts/scale-catalog';
import { readManifest, readProducts, SAMPLE_DIR } from '../../src/lib/snapshot/read';

const work = mkdtempSync(join(tmpdir(), 'pj-scale-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('scaleCatalog', () => {
  const source = readProducts(SAMPLE_DIR);
  const out = join(work, 'x3');
  const r = scaleCatalog({ from: SAMPLE_DIR, copies: 3, out });
  const products = readProducts(out);

  it('writes every product three times, and a manifest that counts them', () => {
    expect(r.products).toBe(source.length * 3);
    expect(products).toHaveLength(source.length * 3);
    expect(readManifest(out).counts.products).toBe(source.length * 3);
  });

  it('gives no two products the same id, sku or URL path', () => {
    for (const key of ['id', 'sku', 'url_path'] as const) expect(new Set(products.map((p) => p[key])).size).toBe(products.length);
  });

  it("keeps copy 0 as the source, and renames a copy's links and children into the same copy", () => {
    expect(products.slice(0, source.length)).toEqual(source);
    const withLinks = source.find((p) => p.product_links.length > 0 && p.type_id === 'configurable' && (p.configurable_children?.length ?? 0) > 0)!;
    const copy = products.find((p) => p.id === withLinks.id + 2 * ID_STRIDE)!;
    expect(copy.sku).toBe(`${withLinks.sku}-C2`);
    expect(copy.url_path).toBe(`${withLinks.url_path}-c2`);
    expect(copy.name).toBe(withLinks.name);
    expect(copy.product_links.map((l) => l.linked_product_sku)).toEqual(withLinks.product_links.map((l) => `${l.linked_product_sku}-C2`));
    expect(copy.configurable_children!.map((c) => c.sku)).toEqual(withLinks.configurable_children!.map((c) => `${c.sku}-C2`));
    const skus = new Set(products.map((p) => p.sku));
    for (const l of copy.product_links) expect(skus.has(l.linked_product_sku)).toBe(l.linked_product_sku.endsWith('-C2'));
  });

  it('leaves fields that are not ids, skus or URL keys alone', () => {
    expect(copyProduct({ id: 1, sku: 'A', url_key: 'a', url_path: 'x/a', category_ids: [5], stock: { qty: 3 } }, 1)).toEqual({
      id: 1 + ID_STRIDE,
      sku: 'A-C1',
      url_key: 'a-c1',
      url_path: 'x/a-c1',
      category_ids: [5],
      stock: { qty: 3 },
    });
  });

  it('refuses a copy count that is not a whole number of at least 1', () => {
    expect(() => scaleCatalog({ from: SAMPLE_DIR, copies: 0, out: join(work, 'none') })).toThrow(/--copies/);
  });
});
