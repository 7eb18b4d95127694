/**
 * Loads the snapshot (catalogue, prices, stock, CMS, menus, methods, coupons...) into SQLite.
 * Idempotent: keyed by a hash of the snapshot's manifest, so a restart on the same snapshot keeps the
 * stock left by orders, and customers, carts and orders always survive.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as snap from '../src/lib/snapshot/read';
import type { ConfigurableChild, Product } from '../src/lib/schemas';
import { getMeta, setMeta, upsertSql, type DB } from './db';
import type { SkuRow } from './pricing';

/** Entity kinds stored in the `entities` table, with the snapshot reader and the key of a record. */
const ENTITY_FILES = {
  category: { file: 'categories.json', read: snap.readCategories, key: (r: { id: number }) => String(r.id) },
  attribute: { file: 'attributes.json', read: snap.readAttributes, key: (r: { attribute_code: string }) => r.attribute_code },
  cmsPage: { file: 'cms-pages.json', read: snap.readCmsPages, key: (r: { id: number }) => String(r.id) },
  cmsBlock: { file: 'cms-blocks.json', read: snap.readCmsBlocks, key: (r: { id: number }) => String(r.id) },
  blogPost: { file: 'blog-posts.json', read: snap.readBlogPosts, key: (r: { id: number | string }) => String(r.id) },
  blogCategory: { file: 'blog-categories.json', read: snap.readBlogCategories, key: (r: { id: number | string }) => String(r.id) },
  shop: { file: 'shops.json', read: snap.readShops, key: (r: { id: string }) => r.id },
  shippingMethod: {
    file: 'shipping-methods.json',
    read: snap.readShippingMethods,
    key: (r: { carrier_code: string; method_code: string }) => `${r.carrier_code}_${r.method_code}`,
  },
  paymentMethod: { file: 'payment-methods.json', read: snap.readPaymentMethods, key: (r: { code: string }) => r.code },
  taxRate: { file: 'tax-rates.json', read: snap.readTaxRates, key: (r: { code: string }) => r.code },
  coupon: { file: 'coupons.json', read: snap.readCoupons, key: (r: { code: string }) => r.code.toUpperCase() },
  urlMap: { file: 'url-map.json', read: snap.readUrlMap, key: (r: { from: string }) => r.from },
} as const;

export type EntityKind = keyof typeof ENTITY_FILES | 'menus' | 'social' | 'banners' | 'manifest';

/**
 * How the seed lays a snapshot out in the tables: part of the seed key, so a database seeded by an
 * older layout is seeded again at the next start (2: configurable children written over the rows of
 * their own records).
 */
const SEED_LAYOUT = '2';

/** Hash of the seed layout and the snapshot's manifest: the seed key. */
export function snapshotKey(dir: string): string {
  return createHash('sha256')
    .update(`seed layout ${SEED_LAYOUT}\n`)
    .update(readFileSync(join(dir, 'manifest.json')))
    .digest('hex');
}

export interface SeedResult {
  seeded: boolean;
  key: string;
  products: number;
  warnings: string[];
}

/** Seeds the database from `dir` unless it already holds this snapshot (or `force`). */
export async function seedFromSnapshot(db: DB, dir: string, opts: { force?: boolean } = {}): Promise<SeedResult> {
  const key = snapshotKey(dir);
  if (!opts.force && (await getMeta(db, 'snapshot_key')) === key) {
    const products = ((await db.prepare('SELECT COUNT(*) AS n FROM products').get()) as { n: number }).n;
    return { seeded: false, key, products, warnings: [] };
  }
  const warnings: string[] = [];
  const manifest = snap.readManifest(dir);
  // Read and validate everything first: a bad snapshot throws before the database is touched.
  const products = snap.readProducts(dir);
  const entities: Array<[string, string, unknown]> = [];
  for (const [kind, spec] of Object.entries(ENTITY_FILES)) {
    if (!existsSync(join(dir, spec.file))) {
      warnings.push(`snapshot has no ${spec.file}`);
      continue;
    }
    const rows = (spec.read as (d: string) => unknown[])(dir);
    for (const r of rows) entities.push([kind, (spec.key as (x: unknown) => string)(r), r]);
  }
  if (existsSync(join(dir, 'menus.json'))) {
    const menus = snap.readMenus(dir);
    for (const [id, nodes] of Object.entries(menus)) entities.push(['menus', id, nodes]);
  } else warnings.push('snapshot has no menus.json');
  if (existsSync(join(dir, 'social.json'))) entities.push(['social', 'default', snap.readSocial(dir)]);
  else warnings.push('snapshot has no social.json');
  const bannerDir = join(dir, 'banners');
  if (existsSync(bannerDir)) {
    for (const f of readdirSync(bannerDir).filter((n) => n.endsWith('.json'))) {
      const code = f.replace(/\.json$/, '');
      entities.push(['banners', code, snap.readBanners(code, dir)]);
    }
  }
  entities.push(['manifest', 'default', manifest]);
  const reviews = existsSync(join(dir, 'reviews.json')) ? snap.readReviews(dir) : [];

  await db.transaction(async () => {
    await db.exec('DELETE FROM products; DELETE FROM skus; DELETE FROM stock; DELETE FROM entities;');
    await db.prepare("DELETE FROM reviews WHERE source = 'snapshot'").run();
    const insProduct = db.prepare('INSERT INTO products (id, sku, url_path, url_key, pos, data) VALUES (?, ?, ?, ?, ?, ?)');
    const insSku = db.prepare(upsertSql('skus', [...SKU_COLUMNS], ['sku']));
    const insStock = db.prepare(upsertSql('stock', ['sku', 'product_id', 'qty', 'is_in_stock', 'manage_stock', 'min_sale_qty', 'max_sale_qty'], ['sku']));
    /** The stock row of a product or of a configurable child. */
    const stockRow = (sku: string, id: number, stock: Product['stock']) =>
      insStock.run(sku, id, stock.qty, stock.is_in_stock ? 1 : 0, stock.manage_stock === false ? 0 : 1, stock.min_sale_qty ?? null, stock.max_sale_qty ?? null);
    for (const [pos, p] of products.entries()) {
      await insProduct.run(p.id, p.sku, p.url_path, p.url_key, pos, JSON.stringify(p));
      await insSku.run(...skuColumns(skuRow(p)));
      await stockRow(p.sku, p.id, p.stock);
    }
    // Then every configurable child, over the row of its own record: Magento and the VSF index list
    // each child a second time as a simple product (not visible individually), and that record knows
    // neither its parent nor the parent's custom options (engraving, gift wrap), which the cart must
    // price. Whichever came later in the files used to win.
    for (const p of products) {
      for (const ch of p.configurable_children ?? []) {
        await insSku.run(...skuColumns(skuRow(p, ch)));
        await stockRow(ch.sku, ch.id, ch.stock);
      }
    }
    const insEntity = db.prepare(upsertSql('entities', ['kind', 'key', 'pos', 'data'], ['kind', 'key']));
    for (const [pos, [kind, k, data]] of entities.entries()) await insEntity.run(kind, k, pos, JSON.stringify(data));
    const insReview = db.prepare(upsertSql('reviews', ['id', 'product_id', 'review_status', 'source', 'customer_id', 'created_at', 'data'], ['id']));
    for (const r of reviews) await insReview.run(r.id, r.product_id, r.review_status, 'snapshot', null, r.created_at, JSON.stringify(r));
    await setMeta(db, 'snapshot_key', key);
    await setMeta(db, 'snapshot_dir', dir);
  })();
  return { seeded: true, key, products: products.length, warnings };
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

const SKU_COLUMNS = [
  'sku',
  'product_id',
  'parent_sku',
  'name',
  'type_id',
  'price',
  'special_price',
  'special_from_date',
  'special_to_date',
  'status',
  'tax_class_id',
  'data',
] as const satisfies readonly (keyof SkuRow)[];
const skuColumns = (r: SkuRow) => SKU_COLUMNS.map((k) => r[k]);

/** The skus table's row of a product, or of one of its configurable children (a simple product whose parent is `p`). */
export function skuRow(p: Product, child?: ConfigurableChild): SkuRow {
  const src = child ?? p;
  return {
    sku: src.sku,
    product_id: src.id,
    parent_sku: child ? p.sku : null,
    name: child?.name ?? p.name,
    type_id: child ? 'simple' : p.type_id,
    price: Number(src.price ?? 0),
    special_price: num(src.special_price),
    special_from_date: src.special_from_date ?? null,
    special_to_date: src.special_to_date ?? null,
    status: src.status,
    tax_class_id: p.tax_class_id ?? null,
    data: JSON.stringify(skuData(p, child)),
  };
}

/**
 * What the cart needs of a product or configurable child besides its price columns: the catalogue price
 * rules' price, options for option prices, bundle links. A child carries its parent's custom options
 * (engraving, gift wrap) and its own final_price and picture.
 */
function skuData(p: Product, child?: ConfigurableChild) {
  return {
    final_price: (child ?? p).final_price ?? null,
    image: (child ? child.image : undefined) ?? p.image ?? null,
    ...(child ? { parent_id: p.id, parent_name: p.name } : {}),
    custom_options: p.custom_options,
    bundle_options: p.bundle_options,
    url_path: p.url_path,
    ...(p.tier_prices?.length ? { tier_prices: p.tier_prices } : {}),
  };
}
