/**
 * Writing a snapshot folder atomically (the puller and the importer): everything goes into a staging
 * folder beside the target, which replaces the target only when it is complete and valid.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as snapshot from './read';
import { ProductSchema } from '../schemas';
import { createHash, randomBytes } from 'node:crypto';
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

/** The SHA-256 of a file's text, in hex: how a snapshot's manifest records its product shards. */
export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Product shards as written: their names in order, each one's digest, and those linked unchanged from a previous snapshot. */
export interface WrittenShards {
  names: string[];
  digests: Record<string, string>;
  /** Shards whose bytes equal the previous snapshot's shard of the same name (by its recorded digest): hard-linked, not rewritten. */
  linked: Set<string>;
}

/** A snapshot written before, and the digests its manifest records for its product shards. */
export interface PreviousShards {
  dir: string;
  digests: Readonly<Record<string, string>>;
}

/**
 * Writes products in shards of SHARD_SIZE (one empty shard when there are none). With `previous`, a
 * shard whose bytes equal the previous snapshot's shard of that name is hard-linked from it: an
 * incremental pull that changed one product rewrites one shard.
 */
export function writeShards(dir: string, products: readonly unknown[], previous?: PreviousShards): WrittenShards {
  const out: WrittenShards = { names: [], digests: {}, linked: new Set() };
  for (let i = 0; i < products.length || i === 0; i += SHARD_SIZE) {
    const name = `products/${String(out.names.length).padStart(4, '0')}.json`;
    const text = JSON.stringify(products.slice(i, i + SHARD_SIZE)) + '\n';
    const digest = digestOf(text);
    const target = join(dir, name);
    mkdirSync(dirname(target), { recursive: true });
    let linked = false;
    if (previous && previous.digests[name] === digest) {
      try {
        linkSync(join(previous.dir, name), target);
        linked = true;
      } catch {
        /* another file system, or the file is gone: written below */
      }
    }
    if (linked) out.linked.add(name);
    else writeFileSync(target, text);
    out.names.push(name);
    out.digests[name] = digest;
    if (products.length === 0) break;
  }
  return out;
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

/**
 * Reads every file of a snapshot with the readers of src/lib/snapshot/read.ts (throws a SnapshotError
 * on the first bad record); returns the product count. Product shards named in `trusted` (linked
 * unchanged from a snapshot validated when it was written) are counted, not validated again.
 */
export function validateSnapshot(dir: string, trusted: ReadonlySet<string> = new Set()): number {
  let n = 0;
  for (const shard of snapshot.readManifest(dir).product_shards)
    n += trusted.has(shard) ? (snapshot.readJsonFile(dir, shard) as unknown[]).length : snapshot.readArray(dir, shard, ProductSchema).length;
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
