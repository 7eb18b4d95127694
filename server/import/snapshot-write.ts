/**
 * Writing a snapshot folder atomically (the puller and the importer): everything goes into a staging
 * folder beside the target, which replaces the target only when it is complete and valid.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as snapshot from '../../src/lib/build/snapshot';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';

/** Products per shard file (products/NNNN.json). */
export const SHARD_SIZE = 1000;

/** A fresh staging folder beside `out` (`.name.tmp-xxxx`). */
export function stagingDir(out: string): string {
  const target = resolve(out);
  mkdirSync(dirname(target), { recursive: true });
  const tmp = join(dirname(target), `.${basename(target)}.tmp-${randomBytes(4).toString('hex')}`);
  mkdirSync(tmp, { recursive: true });
  return tmp;
}

/** Writes `value` as JSON to `dir/file` (folders created). */
export function writeJson(dir: string, file: string, value: unknown, pretty = false): void {
  const p = join(dir, file);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, JSON.stringify(value, null, pretty ? 2 : 0) + '\n');
}

/** Writes products in shards of SHARD_SIZE; returns the shard names in order (one empty shard when there are none). */
export function writeShards(dir: string, products: readonly unknown[]): string[] {
  const shards: string[] = [];
  for (let i = 0; i < products.length || i === 0; i += SHARD_SIZE) {
    const name = `products/${String(shards.length).padStart(4, '0')}.json`;
    writeJson(dir, name, products.slice(i, i + SHARD_SIZE));
    shards.push(name);
    if (products.length === 0) break;
  }
  return shards;
}

/** Replaces `out` with the staging folder `tmp`: the old folder is moved aside, then removed; restored if the rename fails. */
export function swapIntoPlace(tmp: string, out: string): void {
  const target = resolve(out);
  const old = existsSync(target) ? join(dirname(target), `.${basename(target)}.old-${randomBytes(4).toString('hex')}`) : null;
  if (old) renameSync(target, old);
  try {
    renameSync(tmp, target);
  } catch (e) {
    if (old) renameSync(old, target);
    throw e;
  }
  if (old) rmSync(old, { recursive: true, force: true });
}

/** Reads every file of a snapshot with the readers of src/lib/build/snapshot.ts (throws a SnapshotError on the first bad record); returns the product count. */
export function validateSnapshot(dir: string): number {
  let n = 0;
  for (const _ of snapshot.iterateProducts(dir)) n++;
  snapshot.readCategories(dir);
  snapshot.readAttributes(dir);
  snapshot.readReviews(dir);
  snapshot.readCmsPages(dir);
  snapshot.readCmsBlocks(dir);
  snapshot.readBlogPosts(dir);
  snapshot.readBlogCategories(dir);
  snapshot.readMenus(dir);
  snapshot.readShops(dir);
  snapshot.readShippingMethods(dir);
  snapshot.readPaymentMethods(dir);
  snapshot.readTaxRates(dir);
  snapshot.readCoupons(dir);
  snapshot.readSocial(dir);
  snapshot.readUrlMap(dir);
  const banners = join(dir, 'banners');
  for (const f of existsSync(banners) ? readdirSync(banners) : []) if (f.endsWith('.json')) snapshot.readBanners(f.slice(0, -'.json'.length), dir);
  return n;
}
