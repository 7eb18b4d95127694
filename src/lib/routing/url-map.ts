/**
 * Build side of the URL dispatcher (src/lib/routing/dispatcher.ts): the map `/_url-map.json` (legacy paths of
 * the snapshot's url-map.json, category slugs, store prefixes) and the product shards
 * `/_url-map-{n}.json` (skus and url_keys of every product with a page, children of configurables).
 * Targets are unprefixed default-store URLs from src/lib/catalog/urls.ts; the dispatcher adds the
 * store prefix of the unknown path on multistore.
 */
import { z } from 'zod';
import * as snap from '../snapshot/read';
import { config, enabledStoreViews } from '../config';
import { catalog, hasCategoryPage, hasProductPage, isBrandCategory, once } from './routes';
import { categoryUrl, productUrl, storePrefix } from '../catalog/urls';
import { cmsCanonicalPath } from './content-routes';
import { normalizePath, shardOf, type ProductShard, type UrlMap } from './dispatcher';
import type { Category, Product } from '../schemas';
import type { UrlMapEntry } from '../snapshot/schemas';

const Targets = z.record(z.string(), z.string());
const ProductTargetSchema = z.strictObject({ u: z.string(), c: Targets.optional() });

/** The map file as the build writes it and the dispatcher reads it (readUrlMap checks the same shape in the browser without zod). */
export const UrlMapSchema = z.strictObject({
  v: z.literal(1),
  paths: Targets,
  categories: Targets,
  shards: z.number().int().nonnegative(),
  stores: Targets,
}) satisfies z.ZodType<UrlMap>;

/** A product shard file as the build writes it (readProductShard checks it in the browser). */
export const ProductShardSchema = z.strictObject({
  s: z.record(z.string(), ProductTargetSchema),
  k: z.record(z.string(), ProductTargetSchema),
}) satisfies z.ZodType<ProductShard>;

/** Products per shard the build aims at (a 50,000-product catalogue gives 25 shards of ~100 KB). */
export const PRODUCTS_PER_SHARD = 2000;

const defaultStore = () => config.storeViews.default.storeCode;

/** Where a category lives: its page, or the brand listing for a brand category; null when it has none. */
function categoryTarget(c: Category): string | null {
  if (hasCategoryPage(c)) return categoryUrl(c, { storeCode: defaultStore() });
  if (c.is_active && isBrandCategory(c)) return `/${c.url_path.replace(/^\/+|\/+$/g, '')}/all-products`;
  return null;
}

/** The target of one legacy entry of url-map.json, or null when it names nothing that has a page. */
export function legacyTarget(e: UrlMapEntry, byId: Map<number, Product>, categoryById: Map<number, Category>): string | null {
  if (e.to_type === 'cms') return cmsCanonicalPath(String(e.to_id));
  if (e.to_type === 'category') {
    const c = categoryById.get(Number(e.to_id));
    return c ? categoryTarget(c) : null;
  }
  const p = byId.get(Number(e.to_id));
  return p && hasProductPage(p) ? productUrl(p, { storeCode: defaultStore() }) : null;
}

/** The whole map and its product shards, from the snapshot (computed once per build). */
export const urlMap = once((): { map: UrlMap; shards: ProductShard[] } => {
  const { products, byId, categories, categoryById } = catalog();
  const paths: Record<string, string> = {};
  for (const e of snap.readUrlMap()) {
    const to = legacyTarget(e, byId, categoryById);
    if (to) paths[normalizePath(e.from)] = to;
  }
  const cats: Record<string, string> = {};
  for (const c of categories) {
    const to = categoryTarget(c);
    if (to) cats[c.url_key.toLowerCase()] = to;
  }
  const withPages = products.filter(hasProductPage);
  const count = Math.max(1, Math.ceil(withPages.length / PRODUCTS_PER_SHARD));
  const shards: ProductShard[] = Array.from({ length: count }, () => ({ s: {}, k: {} }));
  const opts = { storeCode: defaultStore() };
  for (const p of withPages) {
    const target: ProductShard['s'][string] = { u: productUrl(p, opts) };
    if (p.type_id === 'configurable' && p.configurable_children?.length) {
      target.c = Object.fromEntries(p.configurable_children.map((ch) => [ch.sku.toLowerCase(), productUrl(p, { ...opts, childSku: ch.sku })]));
    }
    shards[shardOf(p.sku, count)]!.s[p.sku.toLowerCase()] = target;
    if (p.url_key) shards[shardOf(p.url_key, count)]!.k[p.url_key.toLowerCase()] = { u: target.u };
  }
  const stores: Record<string, string> = {};
  for (const s of enabledStoreViews()) {
    const prefix = storePrefix(s.storeCode);
    if (prefix) stores[prefix.toLowerCase()] = s.storeCode;
  }
  // Through the schemas: a build that would write files the dispatcher does not read fails here.
  return {
    map: UrlMapSchema.parse({ v: 1, paths, categories: cats, shards: count, stores }),
    shards: shards.map((sh) => ProductShardSchema.parse(sh)),
  };
});

/** The dispatcher's files by name (`_url-map`, `_url-map-{n}`): each one's JSON text, as the build writes it. */
export const urlMapFiles = once((): Map<string, string> => {
  const { map, shards } = urlMap();
  return new Map([['_url-map', `${JSON.stringify(map)}\n`], ...shards.map((s, n): [string, string] => [`_url-map-${n}`, `${JSON.stringify(s)}\n`])]);
});
