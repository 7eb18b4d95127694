/**
 * A shard build holds slim product records in its catalogue index and reads the full record of each
 * product page it renders from the snapshot; a whole build holds full records. Checked on the
 * committed sample against the snapshot read directly.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readProductRecords, readProducts } from '../../src/lib/snapshot/read';

const snapshot = new Map(readProducts().map((p) => [p.id, p]));
const withDescription = [...snapshot.values()].filter((p) => p.description);

/** The modules as a fresh build process sees them with BUILD_SHARD set (the index is memoised per process). */
async function buildProcess(shard: string | undefined) {
  vi.resetModules();
  if (shard) vi.stubEnv('BUILD_SHARD', shard);
  else vi.stubEnv('BUILD_SHARD', '');
  const routes = await import('../../src/lib/routing/routes');
  const records = await import('../../src/lib/build/shard-records');
  return { ...routes, ...records };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the catalogue index of a shard build', () => {
  it('the sample has products with descriptions and galleries to leave out', () => {
    expect(withDescription.length).toBeGreaterThan(100);
    expect([...snapshot.values()].filter((p) => p.media_gallery.length > 1).length).toBeGreaterThan(100);
  });

  it('holds slim records in a shard build: no descriptions or meta texts, one gallery image', async () => {
    const { catalog } = await buildProcess('2/3');
    const { products, byId, bySku } = catalog();
    expect(products).toHaveLength(snapshot.size);
    for (const p of products) {
      const full = snapshot.get(p.id)!;
      expect(p.description).toBeUndefined();
      expect(p.short_description).toBeUndefined();
      expect(p.meta_title).toBeUndefined();
      expect(p.meta_description).toBeUndefined();
      const first = full.media_gallery.find((m) => m.typ === 'image');
      expect(p.media_gallery).toEqual(first ? [{ image: first.image, typ: 'image' }] : []);
      // A link keeps what related products and cache tags read: its type and its target.
      expect(p.product_links).toEqual(full.product_links.map((l) => ({ link_type: l.link_type, linked_product_sku: l.linked_product_sku })));
      // What other pages read is kept as it is.
      for (const k of [
        'sku',
        'name',
        'url_path',
        'price',
        'category_ids',
        'category',
        'configurable_children',
        'bundle_options',
        'custom_options',
        'stock',
        'image',
        'small_image',
        'thumbnail',
        'hover_image',
      ] as const)
        expect(p[k]).toEqual(full[k]);
      expect(byId.get(p.id)).toBe(p);
      expect(bySku.get(p.sku)).toBe(p);
    }
  });

  it('holds the full records in a whole build', async () => {
    const { catalog } = await buildProcess(undefined);
    for (const p of catalog().products) expect(p).toEqual(snapshot.get(p.id));
  });

  it('gives a shard page the full record of its product, and reads only its own share in the first pass', async () => {
    const { productRecord, ownProductIds } = await buildProcess('2/3');
    const own = ownProductIds();
    // About a third of the products with a page, and none with a page in no shard.
    expect(own.size).toBeGreaterThan(50);
    expect(own.size).toBeLessThan(snapshot.size / 2);
    const ownWithText = withDescription.filter((p) => own.has(p.id));
    expect(ownWithText.length).toBeGreaterThan(20);
    for (const p of ownWithText) expect(productRecord(p.id)).toEqual(p);
  });

  it('gives the full record of a product of another shard too (read on its own), and undefined for an unknown id', async () => {
    const { productRecord, ownProductIds } = await buildProcess('1/3');
    const own = ownProductIds();
    const other = withDescription.find((p) => !own.has(p.id))!;
    expect(productRecord(other.id)).toEqual(other);
    expect(productRecord(-1)).toBeUndefined();
  });

  it('the product page of a shard shows its description (read from the full record)', async () => {
    const { ownProductIds } = await buildProcess('3/3');
    const { productPageData } = await import('../../src/lib/build/product-page-data');
    const p = withDescription.find((x) => ownProductIds().has(x.id) && x.description!.length > 40)!;
    const d = productPageData(p.id);
    expect(d.product.description).toBe(p.description);
    expect(d.descriptionHtml.length).toBeGreaterThan(20);
    expect(d.images.length).toBe(new Set([...(p.image ? [p.image] : []), ...p.media_gallery.filter((m) => m.typ === 'image').map((m) => m.image)]).size);
  });

  it('reads the full records of exactly the ids asked for, in one pass', () => {
    const ids = [...snapshot.keys()].filter((_, i) => i % 7 === 0);
    const got = readProductRecords(new Set([...ids, -5]));
    expect([...got.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const id of ids) expect(got.get(id)).toEqual(snapshot.get(id));
  });
});
