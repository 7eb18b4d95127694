/**
 * Reads and validates a snapshot folder (layout in docs/snapshot.md). The build's pages read it
 * directly (src/lib/routing/routes.ts, content-routes.ts, ...), as do the reference API and the scripts. A bad
 * record throws a SnapshotError naming the file, the record's id and the field, and so does a second
 * record with the same key; nothing is dropped silently.
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import * as S from '../schemas';
import { DEFAULT_ROOT_CATEGORY_ID, SnapshotManifestSchema, UrlMapEntrySchema } from './schemas';
import { holding, offerHold, readHeld } from './hold';

/** The committed sample snapshot (the build's default input). */
const SAMPLE_NEXT_TO_MODULE = resolve(fileURLToPath(new URL('../../content/sample', import.meta.url)));
// Inside Astro's build this module is bundled into .astro/chunks, where the relative URL no longer
// reaches the sample: fall back to the project folder the build runs in.
export const SAMPLE_DIR = existsSync(join(SAMPLE_NEXT_TO_MODULE, 'manifest.json')) ? SAMPLE_NEXT_TO_MODULE : resolve(process.cwd(), 'src/content/sample');

/** The snapshot folder for this process: `SNAPSHOT_DIR` or the sample. */
export function snapshotDir(env: Record<string, string | undefined> = process.env): string {
  return env.SNAPSHOT_DIR ? resolve(env.SNAPSHOT_DIR) : SAMPLE_DIR;
}

/** The folder of a snapshot holding the store views' own catalogues (`stores/{code}/`, docs/snapshot.md "Store views"). */
export const STORES_DIR = 'stores';

/**
 * The snapshot folder of a store view's own catalogue (`stores/{code}/`, a snapshot folder of its own),
 * or null when the store view has none and shows the default store view's catalogue.
 */
export function storeSnapshotDir(storeCode: string, dir: string = snapshotDir()): string | null {
  const own = join(dir, STORES_DIR, storeCode);
  return existsSync(join(own, 'manifest.json')) ? own : null;
}

export class SnapshotError extends Error {
  constructor(
    readonly file: string,
    readonly recordId: string | number | undefined,
    readonly field: string,
    detail: string,
  ) {
    super(`Snapshot ${file}${recordId !== undefined ? ` record ${recordId}` : ''}: field '${field || '(root)'}' ${detail}`);
    this.name = 'SnapshotError';
  }
}

/** A snapshot file's JSON, not validated (a SnapshotError when it is missing or not JSON). */
export function readJsonFile(dir: string, file: string): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) throw new SnapshotError(file, undefined, '', 'is missing: the file does not exist');
  return parseJsonFile(file, readFileSync(path, 'utf8'));
}

function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SnapshotError(file, undefined, '', `is not valid JSON (${(e as Error).message})`);
  }
}

/** A snapshot file read and made into records by `make`, through the files held ahead (./hold.ts). */
function readMade<T>(dir: string, file: string, schema: z.ZodType, make: (raw: unknown) => T): T {
  if (!existsSync(join(dir, file))) throw new SnapshotError(file, undefined, '', 'is missing: the file does not exist');
  return readHeld(snapshotDir(), dir, file, schema, (bytes) => make(parseJsonFile(file, bytes.toString('utf8'))));
}

function recordIdOf(value: unknown, index: number): string | number {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    for (const k of ['id', 'sku', 'identifier', 'code', 'node_id', 'slug']) {
      if (typeof v[k] === 'string' || typeof v[k] === 'number') return v[k] as string | number;
    }
  }
  return `#${index}`;
}

function fail(file: string, id: string | number | undefined, error: z.ZodError): never {
  const issue = error.issues[0]!;
  throw new SnapshotError(file, id, issue.path.join('.'), issue.message);
}

/** Validates one value against a schema, throwing a SnapshotError on failure. */
export function validateOne<T extends z.ZodType>(schema: T, value: unknown, file: string, id?: string | number): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) fail(file, id, r.error);
  return r.data as z.output<T>;
}

/** Validates every record of an array file. */
export function validateArray<T extends z.ZodType>(schema: T, value: unknown, file: string): z.output<T>[] {
  if (!Array.isArray(value)) throw new SnapshotError(file, undefined, '', 'must be an array of records');
  return value.map((v, i) => validateOne(schema, v, file, recordIdOf(v, i)));
}

/** The field that identifies a record of an array file, and how to read it. */
export interface RecordKey<R> {
  field: string;
  of: (record: R) => string | number;
}

/** Throws a SnapshotError on the first record whose key an earlier record already has. */
export function assertUnique<R>(records: readonly R[], file: string, key: RecordKey<R>): void {
  const seen = new Set<string>();
  for (const record of records) {
    const id = String(key.of(record));
    if (seen.has(id)) throw new SnapshotError(file, id, key.field, 'is a duplicate: another record has the same id');
    seen.add(id);
  }
}

/** Reads an array file of the snapshot and validates every record (and, given a key, that no two share it). */
export function readArray<T extends z.ZodType>(dir: string, file: string, schema: T, key?: RecordKey<z.output<T>>): z.output<T>[] {
  const records = readMade(dir, file, schema, (raw) => validateArray(schema, raw, file));
  if (key) assertUnique(records, file, key);
  return records;
}

/** Reads an object file of the snapshot and validates it. */
export function readObject<T extends z.ZodType>(dir: string, file: string, schema: T): z.output<T> {
  return readMade(dir, file, schema, (raw) => validateOne(schema, raw, file));
}

export const readManifest = (dir = snapshotDir()) => readObject(dir, 'manifest.json', SnapshotManifestSchema);

/** The snapshot's catalogue root: its manifest's `root_category_id`, else Magento's default category (2). */
export const readRootCategoryId = (dir = snapshotDir()): number => readManifest(dir).root_category_id ?? DEFAULT_ROOT_CATEGORY_ID;

/** Every product of the snapshot, shard by shard (products/NNNN.json). */
export function* iterateProducts(dir = snapshotDir()): Generator<S.Product> {
  for (const shard of readManifest(dir).product_shards) {
    yield* readArray(dir, shard, S.ProductSchema);
  }
}

export const readProducts = (dir = snapshotDir()): S.Product[] => [...iterateProducts(dir)];

/**
 * The full records of the products with these ids (or what `keep` makes of each), in one pass over
 * the snapshot's product files (a shard's own product pages and the products they show). Only the records kept are validated (the catalogue index, or the
 * site part, validated every record), so the pass costs the files' parsing, not more.
 */
export function readProductRecords(ids: ReadonlySet<number>, dir = snapshotDir(), keep: (p: S.Product) => S.Product = (p) => p): Map<number, S.Product> {
  const out = new Map<number, S.Product>();
  for (const file of readManifest(dir).product_shards) {
    const raw = readJsonFile(dir, file);
    if (!Array.isArray(raw)) throw new SnapshotError(file, undefined, '', 'must be an array of records');
    const kept = raw.filter((r: unknown) => ids.has((r as { id?: unknown } | null)?.id as number));
    for (const p of validateArray(S.ProductSchema, kept, file)) out.set(p.id, keep(p));
  }
  return out;
}
export const readCategories = (dir = snapshotDir()) => readArray(dir, 'categories.json', S.CategorySchema, { field: 'id', of: (c) => c.id });
export const readAttributes = (dir = snapshotDir()) =>
  readArray(dir, 'attributes.json', S.AttributeSchema, { field: 'attribute_code', of: (a) => a.attribute_code });
export const readReviews = (dir = snapshotDir()) => readArray(dir, 'reviews.json', S.ReviewSchema);
export const readCmsPages = (dir = snapshotDir()) => readArray(dir, 'cms-pages.json', S.CmsPageSchema, { field: 'identifier', of: (p) => p.identifier });
export const readCmsBlocks = (dir = snapshotDir()) => readArray(dir, 'cms-blocks.json', S.CmsBlockSchema, { field: 'identifier', of: (b) => b.identifier });
export const readBlogPosts = (dir = snapshotDir()) => readArray(dir, 'blog-posts.json', S.BlogPostSchema, { field: 'slug', of: (p) => p.slug });
export const readBlogCategories = (dir = snapshotDir()) => readArray(dir, 'blog-categories.json', S.BlogCategorySchema, { field: 'slug', of: (c) => c.slug });
export const readMenus = (dir = snapshotDir()) => readObject(dir, 'menus.json', S.MenusSchema);
export const readShops = (dir = snapshotDir()) => readArray(dir, 'shops.json', S.ShopSchema, { field: 'id', of: (s) => s.id });
export const readShippingMethods = (dir = snapshotDir()) =>
  readArray(dir, 'shipping-methods.json', S.ShippingMethodSchema, { field: 'method_code', of: (m) => `${m.carrier_code}_${m.method_code}` });
export const readPaymentMethods = (dir = snapshotDir()) => readArray(dir, 'payment-methods.json', S.PaymentMethodSchema, { field: 'code', of: (m) => m.code });
export const readTaxRates = (dir = snapshotDir()) => readArray(dir, 'tax-rates.json', S.TaxRateSchema, { field: 'code', of: (t) => t.code });
export const readCoupons = (dir = snapshotDir()) => readArray(dir, 'coupons.json', S.CouponSchema, { field: 'code', of: (c) => c.code });
export const readSocial = (dir = snapshotDir()) => readObject(dir, 'social.json', S.SocialSettingsSchema);
export const readUrlMap = (dir = snapshotDir()) => readArray(dir, 'url-map.json', UrlMapEntrySchema, { field: 'from', of: (u) => u.from });
/** Banner JSON per store code (§7: "banner JSON per store code from local files"). */
export const readBanners = (storeCode: string, dir = snapshotDir()) => readObject(dir, `banners/${storeCode}.json`, S.BannersSchema);

/**
 * Reads and validates the big files of the snapshot `dir` ahead (its product files, categories and
 * attributes): a later read of a file with the same bytes, in any snapshot folder, takes the records
 * (./hold.ts). The persistent renderer calls it with the live snapshot while it waits for a change.
 */
export function holdSnapshot(dir: string): void {
  holding(resolve(dir), () => {
    for (const shard of readManifest(dir).product_shards) readArray(dir, shard, S.ProductSchema);
    readCategories(dir);
    readAttributes(dir);
    // The smaller files every change reads too; one missing or invalid is read (and reported) by the change itself.
    const banners = existsSync(join(dir, 'banners')) ? readdirSync(join(dir, 'banners')).filter((f) => f.endsWith('.json')) : [];
    const rest = [readReviews, readUrlMap, readCmsPages, readCmsBlocks, readMenus, readBlogPosts, readBlogCategories, readShops, readShippingMethods];
    for (const read of [...rest.map((r) => () => r(dir)), ...banners.map((f) => () => readBanners(f.slice(0, -'.json'.length), dir))]) {
      try {
        read();
      } catch {
        // Not held: the change reads it as usual.
      }
    }
  });
}
// The renderer reaches the bundle's copy of this module (and its schemas) through the holding store.
offerHold(holdSnapshot);
