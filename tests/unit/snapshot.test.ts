import { describe, it, expect, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as snap from '../../src/lib/snapshot/read';
import { generateSample, validateSnapshot } from '../../scripts/sample-catalog';
import { writePlaceholders } from '../../src/lib/snapshot/placeholders-write';

const root = mkdtempSync(join(tmpdir(), 'snapshot-test-'));
/** A copy of the committed sample that a test may break. */
function copySample(name: string): string {
  const dir = join(root, name);
  cpSync(snap.SAMPLE_DIR, dir, { recursive: true });
  return dir;
}
function editJson(dir: string, file: string, edit: (value: any) => void) {
  const path = join(dir, file);
  const value = JSON.parse(readFileSync(path, 'utf8'));
  edit(value);
  writeFileSync(path, JSON.stringify(value));
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('snapshot reader', () => {
  it('finds the committed sample from its own folder, whatever folder the process runs in', () => {
    const reader = join(import.meta.dirname, '../../src/lib/snapshot/read.ts');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(join(import.meta.dirname, '../../node_modules/tsx/dist/loader.mjs')).href,
        '--input-type=module',
        '-e',
        `import { SAMPLE_DIR } from ${JSON.stringify(reader)}; console.log(SAMPLE_DIR);`,
      ],
      {
        cwd: tmpdir(),
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(join(import.meta.dirname, '../../src/content/sample'));
  });

  it('reads and validates every file of the committed sample', () => {
    const n = validateSnapshot(snap.SAMPLE_DIR);
    expect(n).toBe(snap.readManifest(snap.SAMPLE_DIR).counts.products);
    expect(snap.readProducts(snap.SAMPLE_DIR).length).toBeGreaterThanOrEqual(400);
  });

  it('the committed sample is what the generator writes with its defaults', async () => {
    const dir = join(root, 'regenerated');
    generateSample({ products: 400, seed: 1, out: dir, validate: false });
    await writePlaceholders(dir); // what `npm run data:sample` adds after generateSample
    const list = (d: string): string[] =>
      readdirSync(d)
        .sort()
        .flatMap((f) => (statSync(join(d, f)).isDirectory() ? list(join(d, f)) : [join(d, f)]));
    const mine = list(dir).map((p) => relative(dir, p));
    expect(list(snap.SAMPLE_DIR).map((p) => relative(snap.SAMPLE_DIR, p))).toEqual(mine);
    for (const f of mine)
      expect(readFileSync(join(snap.SAMPLE_DIR, f)).equals(readFileSync(join(dir, f))), `${f} is stale: run npm run data:sample`).toBe(true);
  });

  it('a bad field names the file, the record id and the field', () => {
    const dir = copySample('bad-field');
    let id = 0;
    editJson(dir, 'products/0000.json', (a) => {
      a[3].stock.qty = 'lots';
      id = a[3].id;
    });
    expect(() => snap.readProducts(dir)).toThrow(`Snapshot products/0000.json record ${id}: field 'stock.qty' Invalid input: expected number, received string`);
    try {
      snap.readProducts(dir);
    } catch (e) {
      expect(e).toBeInstanceOf(snap.SnapshotError);
      expect(e).toMatchObject({ file: 'products/0000.json', recordId: id, field: 'stock.qty' });
    }
  });

  it('names a cms page by its identifier and a record without an id by its position', () => {
    const dir = copySample('bad-cms');
    editJson(dir, 'cms-pages.json', (a) => {
      a[1].title = '';
    });
    expect(() => snap.readCmsPages(dir)).toThrow(/^Snapshot cms-pages.json record 2: field 'title' /);
    editJson(dir, 'url-map.json', (a) => {
      a[0].from = 'no-slash';
    });
    expect(() => snap.readUrlMap(dir)).toThrow(/^Snapshot url-map.json record #0: field 'from' /);
  });

  it('a missing file, bad json or a non-array file is reported with the file name', () => {
    const dir = copySample('bad-files');
    rmSync(join(dir, 'shops.json'));
    expect(() => snap.readShops(dir)).toThrow("Snapshot shops.json: field '(root)' is missing: the file does not exist");
    writeFileSync(join(dir, 'coupons.json'), '[{');
    expect(() => snap.readCoupons(dir)).toThrow(/^Snapshot coupons.json: field '\(root\)' is not valid JSON/);
    writeFileSync(join(dir, 'reviews.json'), '{}');
    expect(() => snap.readReviews(dir)).toThrow("Snapshot reviews.json: field '(root)' must be an array of records");
    rmSync(join(dir, 'banners/de.json'));
    expect(() => snap.readBanners('de', dir)).toThrow(/^Snapshot banners\/de.json: /);
  });

  it('reads every shard the manifest lists, in order', () => {
    const dir = copySample('shards');
    const all = snap.readProducts(dir);
    editJson(dir, 'products/0000.json', (a) => a.splice(10));
    writeFileSync(join(dir, 'products/0001.json'), JSON.stringify(all.slice(10, 12)));
    editJson(dir, 'manifest.json', (m) => {
      m.product_shards = ['products/0000.json', 'products/0001.json'];
    });
    expect(snap.readProducts(dir).map((p) => p.sku)).toEqual(all.slice(0, 12).map((p) => p.sku));
  });

  it('snapshotDir honours SNAPSHOT_DIR and defaults to the sample', () => {
    expect(snap.snapshotDir({})).toBe(snap.SAMPLE_DIR);
    expect(snap.snapshotDir({ SNAPSHOT_DIR: '/tmp/x' })).toBe('/tmp/x');
  });
});

// What the build reads: its pages read the snapshot with these readers directly (no content
// collections), so the checks the collections' loaders made are the readers' own.
describe('snapshot readers the build uses', () => {
  it('read the sample keyed as the pages look records up', () => {
    const cms = snap.readCmsPages(snap.SAMPLE_DIR);
    expect(cms.find((p) => p.identifier === 'launch-campaign/terms-and-conditions')?.title).toBeTruthy();
    expect(snap.readCategories(snap.SAMPLE_DIR).find((c) => c.id === 2)?.level).toBe(1);
    const menus = snap.readMenus(snap.SAMPLE_DIR);
    expect(Object.keys(menus).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Array.isArray(menus['1'])).toBe(true);
    expect(snap.readBanners('gb', snap.SAMPLE_DIR).mainBanners).toBeDefined();
    expect(snap.readShippingMethods(snap.SAMPLE_DIR).some((m) => `${m.carrier_code}_${m.method_code}` === 'flatrate_express')).toBe(true);
    expect(snap.readShops(snap.SAMPLE_DIR).some((s) => s.id === 'carlisle')).toBe(true);
    expect(snap.readSocial(snap.SAMPLE_DIR).images).toHaveLength(7);
    expect(snap.readManifest(snap.SAMPLE_DIR).version).toBe(1);
    expect(snap.readProducts(snap.SAMPLE_DIR).length).toBe(snap.readManifest(snap.SAMPLE_DIR).counts.products);
    for (const read of [
      snap.readAttributes,
      snap.readReviews,
      snap.readCmsBlocks,
      snap.readBlogPosts,
      snap.readBlogCategories,
      snap.readPaymentMethods,
      snap.readTaxRates,
      snap.readCoupons,
      snap.readUrlMap,
    ]) {
      expect(read(snap.SAMPLE_DIR).length, read.name).toBeGreaterThan(0);
    }
  });

  it('values come out parsed by the zod schemas (defaults applied)', () => {
    const dir = copySample('defaults');
    let identifier = '';
    editJson(dir, 'cms-pages.json', (pages) => {
      delete pages[0].layout;
      delete pages[0].booking_form;
      identifier = pages[0].identifier;
    });
    expect(snap.readCmsPages(dir).find((p) => p.identifier === identifier)).toMatchObject({ layout: 'default', booking_form: false });
  });

  it('a second record with the same key fails the read naming file, key and field', () => {
    const dir = copySample('dup');
    editJson(dir, 'shops.json', (shops) => shops.push({ ...shops[0] }));
    expect(() => snap.readShops(dir)).toThrow("Snapshot shops.json record preston: field 'id' is a duplicate");
    editJson(dir, 'cms-pages.json', (pages) => pages.push({ ...pages[0], id: 9999 }));
    expect(() => snap.readCmsPages(dir)).toThrow(/^Snapshot cms-pages\.json record .+: field 'identifier' is a duplicate/);
    editJson(dir, 'coupons.json', (coupons) => coupons.push({ ...coupons[0] }));
    expect(() => snap.readCoupons(dir)).toThrow("field 'code' is a duplicate");
    editJson(dir, 'url-map.json', (urls) => urls.push({ ...urls[0] }));
    expect(() => snap.readUrlMap(dir)).toThrow("field 'from' is a duplicate");
  });

  it('the readers read SNAPSHOT_DIR when no folder is given', () => {
    const dir = copySample('env');
    writeFileSync(join(dir, 'coupons.json'), JSON.stringify([{ code: 'ONLYHERE', type: 'fixed', amount: 5 }]));
    const before = process.env.SNAPSHOT_DIR;
    process.env.SNAPSHOT_DIR = dir;
    try {
      expect(snap.readCoupons().map((c) => c.code)).toEqual(['ONLYHERE']);
    } finally {
      if (before === undefined) delete process.env.SNAPSHOT_DIR;
      else process.env.SNAPSHOT_DIR = before;
    }
  });
});
