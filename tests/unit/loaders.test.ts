import { describe, it, expect, afterAll, vi } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import * as L from '../../src/lib/loaders';
import { SAMPLE_DIR, readManifest, readCmsPages } from '../../src/lib/snapshot';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));

const root = mkdtempSync(join(tmpdir(), 'loaders-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Entry { id: string; data: Record<string, unknown>; digest?: string | number }

/** Runs a loader against an in-memory store, as Astro's content layer would. */
async function run(loader: Loader): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const store = {
    set: (e: Entry) => { entries.set(e.id, e); return true; },
    clear: () => entries.clear(),
    has: (id: string) => entries.has(id),
    get: (id: string) => entries.get(id),
  };
  const logs: string[] = [];
  const ctx = {
    collection: 'test',
    store,
    logger: { info: (m: string) => logs.push(m), warn: () => {}, error: () => {}, debug: () => {} },
    generateDigest: (d: unknown) => String(JSON.stringify(d).length),
    parseData: async ({ data }: { data: unknown }) => data,
  } as unknown as LoaderContext;
  await loader.load(ctx);
  return entries;
}

describe('content loaders', () => {
  it('store every product of the snapshot under its sku', async () => {
    const entries = await run(L.productsLoader());
    expect(entries.size).toBe(readManifest(SAMPLE_DIR).counts.products);
    const first = [...entries.values()][0]!;
    expect(first.id).toBe(first.data.sku);
    expect(typeof first.digest).toBe('string');
  });

  it('key every collection by a string id', async () => {
    const cms = await run(L.cmsPagesLoader());
    expect(cms.get('launch-campaign/terms-and-conditions')?.data.title).toBeTruthy();
    expect(cms.size).toBe(readCmsPages(SAMPLE_DIR).length);
    const cats = await run(L.categoriesLoader());
    expect(cats.get('2')?.data.level).toBe(1);
    const menus = await run(L.menusLoader());
    expect([...menus.keys()].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Array.isArray(menus.get('1')?.data.nodes)).toBe(true);
    const banners = await run(L.bannersLoader());
    expect([...banners.keys()]).toEqual(['de', 'gb', 'it']);
    expect(banners.get('gb')?.data.mainBanners).toBeDefined();
    const shipping = await run(L.shippingMethodsLoader());
    expect(shipping.has('flatrate_express')).toBe(true);
    expect((await run(L.shopsLoader())).has('carlisle')).toBe(true);
    expect((await run(L.socialLoader())).get('default')?.data.images).toHaveLength(7);
    expect((await run(L.manifestLoader())).get('manifest')?.data.version).toBe(1);
    for (const loader of [L.attributesLoader(), L.reviewsLoader(), L.cmsBlocksLoader(), L.blogPostsLoader(), L.blogCategoriesLoader(), L.paymentMethodsLoader(), L.taxRatesLoader(), L.couponsLoader(), L.urlMapLoader()]) {
      const e = await run(loader);
      expect(e.size, loader.name).toBeGreaterThan(0);
      for (const [id] of e) expect(typeof id).toBe('string');
    }
  });

  it('values come out parsed by the zod schemas (defaults applied)', async () => {
    const dir = join(root, 'defaults');
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    const file = join(dir, 'cms-pages.json');
    const pages = JSON.parse(readFileSync(file, 'utf8'));
    delete pages[0].layout;
    delete pages[0].booking_form;
    writeFileSync(file, JSON.stringify(pages));
    const e = await run(L.cmsPagesLoader({ dir }));
    expect(e.get(pages[0].identifier)?.data).toMatchObject({ layout: 'default', booking_form: false });
  });

  it('a bad record fails the load naming file, record id and field', async () => {
    const dir = join(root, 'bad');
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    const file = join(dir, 'products/0000.json');
    const products = JSON.parse(readFileSync(file, 'utf8'));
    products[5].visibility = 9;
    writeFileSync(file, JSON.stringify(products));
    await expect(run(L.productsLoader({ dir }))).rejects.toThrow(`Snapshot products/0000.json record ${products[5].id}: field 'visibility'`);
  });

  it('a duplicate id fails the load', async () => {
    const dir = join(root, 'dup');
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    const file = join(dir, 'shops.json');
    const shops = JSON.parse(readFileSync(file, 'utf8'));
    shops.push({ ...shops[0] });
    writeFileSync(file, JSON.stringify(shops));
    await expect(run(L.shopsLoader({ dir }))).rejects.toThrow("Snapshot shops.json record preston: field 'id' is a duplicate");
  });

  it('the loaders read SNAPSHOT_DIR when no folder is given', async () => {
    const dir = join(root, 'env');
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'coupons.json'), JSON.stringify([{ code: 'ONLYHERE', type: 'fixed', amount: 5 }]));
    const before = process.env.SNAPSHOT_DIR;
    process.env.SNAPSHOT_DIR = dir;
    try {
      expect([...(await run(L.couponsLoader())).keys()]).toEqual(['ONLYHERE']);
    } finally {
      if (before === undefined) delete process.env.SNAPSHOT_DIR;
      else process.env.SNAPSHOT_DIR = before;
    }
  });

  it('content.config wires a collection per snapshot entity except products and reviews', async () => {
    const { collections } = await import('../../src/content.config');
    const names = Object.fromEntries(Object.entries(collections).map(([k, c]) => [k, (c as unknown as { loader: Loader }).loader.name]));
    expect(names).toMatchObject({ categories: 'snapshot-categories', cmsPages: 'snapshot-cms pages', menus: 'snapshot-menus', banners: 'snapshot-banners', shops: 'snapshot-shops' });
    expect(Object.keys(collections)).toHaveLength(16);
    // Products and reviews are read shard by shard by the catalogue index instead (scale).
    expect(Object.keys(collections)).not.toContain('products');
    expect(Object.keys(collections)).not.toContain('reviews');
    for (const c of Object.values(collections)) expect((c as { schema?: unknown }).schema).toBeUndefined();
  });
});
