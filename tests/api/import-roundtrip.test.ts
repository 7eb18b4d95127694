/**
 * `--from-vsf-api` against the reference API gives back the snapshot it serves: the catalogue entities
 * equal record for record, in order, and the pictures copied through the image proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/build/snapshot';
import { importFromVsfApi } from '../../server/import/vsf-import';
import { startTestShop, type TestShop } from './fixture';

let shop: TestShop;
let work = '';
beforeAll(async () => {
  shop = await startTestShop({ snapshotDir: snap.SAMPLE_DIR });
  work = mkdtempSync(join(tmpdir(), 'api-import-'));
}, 60_000);
afterAll(async () => {
  await shop?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('round trip through the _search route', () => {
  it('imports the sample the reference API serves back into an equal snapshot', async () => {
    const out = join(work, 'imported');
    const r = await importFromVsfApi({ url: shop.url, out, pageSize: 150 });
    expect(r.problems).toEqual([]);
    expect(r.mode).toBe('full');
    const readers = {
      products: snap.readProducts,
      categories: snap.readCategories,
      attributes: snap.readAttributes,
      reviews: snap.readReviews,
      cmsPages: snap.readCmsPages,
      cmsBlocks: snap.readCmsBlocks,
      taxRates: snap.readTaxRates,
    };
    // A live pull reads each entity in id order (the only order Elasticsearch can page without losing
    // records); the sample's files keep the order they were generated in. Records are compared by id.
    const inIdOrder = (rows: readonly object[]) => [...rows].sort((a, b) => Number((a as { id: number }).id) - Number((b as { id: number }).id));
    for (const [name, read] of Object.entries(readers)) expect(inIdOrder(read(out)), name).toEqual(inIdOrder(read(snap.SAMPLE_DIR)));
    expect(r.counts.product).toEqual({ written: snap.readProducts(snap.SAMPLE_DIR).length, skipped: 0 });
    // Every picture a product names was copied byte for byte.
    const image = snap.readProducts(snap.SAMPLE_DIR).find((p) => p.image && !/^https?:/.test(p.image))!.image!;
    expect(existsSync(join(out, 'media', image))).toBe(true);
    expect(readFileSync(join(out, 'media', image)).equals(readFileSync(join(snap.SAMPLE_DIR, 'media', image)))).toBe(true);
  }, 180_000);
});
