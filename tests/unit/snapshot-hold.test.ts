/**
 * The snapshot's files read ahead (src/lib/snapshot/hold.ts): the persistent renderer reads the
 * live snapshot while it waits; the next snapshot's files with the same bytes are then not parsed and
 * validated again, and a changed file is always read afresh.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cpSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { heldCount, takenCount } from '../../src/lib/snapshot/hold';
import { ProductSchema } from '../../src/lib/schemas';

const root = mkdtempSync(join(tmpdir(), 'snapshot-hold-test-'));
const live = join(root, 'live');
cpSync(snap.SAMPLE_DIR, live, { recursive: true });
const shards = snap.readManifest(live).product_shards;

/** The next snapshot: a copy of the live one, with `edit` applied to its first product file. */
function next(name: string, edit?: (products: Record<string, unknown>[]) => void): string {
  const dir = join(root, name);
  cpSync(live, dir, { recursive: true });
  if (edit) {
    const file = join(dir, shards[0]!);
    const products = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
    edit(products);
    writeFileSync(file, JSON.stringify(products));
  }
  return dir;
}

const given = process.env.SNAPSHOT_DIR;
afterEach(() => {
  vi.restoreAllMocks();
  if (given === undefined) delete process.env.SNAPSHOT_DIR;
  else process.env.SNAPSHOT_DIR = given;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('snapshot files read ahead', () => {
  it('an unchanged file of the next snapshot is taken as held, once; a second read parses it again', () => {
    snap.holdSnapshot(live);
    // The product files, the manifest, categories and attributes; the smaller files every change reads
    // (reviews, the URL map, CMS pages and blocks, menus, blog posts and categories, shops, shipping
    // methods) and each store view's banners.
    expect(heldCount()).toBe(shards.length + 3 + 9 + readdirSync(join(live, 'banners')).length);
    const dir = next('same');
    process.env.SNAPSHOT_DIR = dir;
    const parse = vi.spyOn(ProductSchema, 'safeParse');
    const first = snap.readArray(dir, shards[0]!, ProductSchema);
    expect(parse).not.toHaveBeenCalled();
    expect(takenCount()).toBe(1);
    const again = snap.readArray(dir, shards[0]!, ProductSchema);
    expect(parse).toHaveBeenCalledTimes(again.length);
    expect(again).toEqual(first);
    expect(again[0]).not.toBe(first[0]);
    // A smaller file too: the banners of a store view.
    const banners = snap.readBanners('gb', dir);
    expect(takenCount()).toBe(2);
    expect(snap.readBanners('gb', dir)).toEqual(banners);
  });

  it('a product file linked from the live snapshot, as an incremental pull writes it, is taken without being read; written through the link, it is read afresh', () => {
    // The live file's time set to a whole second first, so that it can be set back exactly below.
    const liveFile = join(live, shards[0]!);
    const text = readFileSync(liveFile, 'utf8');
    utimesSync(liveFile, 1_700_000_000, 1_700_000_000);
    snap.holdSnapshot(live);
    const dir = next('linked');
    rmSync(join(dir, shards[0]!));
    linkSync(liveFile, join(dir, shards[0]!));
    const sku = (JSON.parse(text) as { sku: string }[])[0]!.sku;
    const other = `${sku.slice(0, -1)}${sku.endsWith('Q') ? 'R' : 'Q'}`;
    try {
      // Not read: the same file with other bytes of the same length and its time set back (the limit
      // file-identity.ts names) still gives what was held.
      writeFileSync(liveFile, text.replace(`"${sku}"`, `"${other}"`));
      utimesSync(liveFile, 1_700_000_000, 1_700_000_000);
      process.env.SNAPSHOT_DIR = dir;
      expect(snap.readArray(dir, shards[0]!, ProductSchema)[0]!.sku).toBe(sku);
      expect(takenCount()).toBe(1);
      // Written through the link as any writer does (its time moves): read afresh.
      snap.holdSnapshot(live);
      writeFileSync(liveFile, text);
      expect(snap.readArray(dir, shards[0]!, ProductSchema)[0]!.sku).toBe(sku);
      expect(takenCount()).toBe(0);
    } finally {
      writeFileSync(liveFile, text);
    }
  });

  it('a changed file is read afresh: the change is seen', () => {
    snap.holdSnapshot(live);
    const before = JSON.parse(readFileSync(join(live, shards[0]!), 'utf8')) as { sku: string; price: number }[];
    const target = before.find((p) => typeof p.price === 'number')!;
    const dir = next('price', (products) => {
      const p = products.find((x) => x.sku === target.sku)!;
      p.price = target.price + 10;
    });
    process.env.SNAPSHOT_DIR = dir;
    const read = snap.readArray(dir, shards[0]!, ProductSchema);
    expect(read.find((p) => p.sku === target.sku)!.price).toBe(target.price + 10);
  });

  it('a change of one byte, the file as long as before, is seen', () => {
    snap.holdSnapshot(live);
    const text = readFileSync(join(live, 'categories.json'), 'utf8');
    const dir = next('rename');
    const name = (JSON.parse(text) as { name: string }[])[1]!.name;
    const renamed = `${name.slice(0, -1)}${name.endsWith('x') ? 'y' : 'x'}`;
    writeFileSync(join(dir, 'categories.json'), text.replace(`"name": "${name}"`, `"name": "${renamed}"`).replace(`"name":"${name}"`, `"name":"${renamed}"`));
    expect(readFileSync(join(dir, 'categories.json')).length).toBe(Buffer.byteLength(text));
    process.env.SNAPSHOT_DIR = dir;
    expect(snap.readCategories(dir).map((c) => c.name)).toContain(renamed);
  });
});
