/**
 * The site part of a prepared sharded build (`--shard 0/N`) writes the page shards' inputs
 * (format and reading: ./shard-inputs.ts) from its whole catalogue index: the shared file (every
 * category listing per store view, the newest products, the categories with a listing file) and one
 * file per page shard (its routes, the ids of the other products its product pages show, its
 * reviews, its AMP category listings). Written by src/pages/[shardinputs]/[file].json.ts into `_shard-inputs/`.
 */
import { enabledStoreViews } from '../config';
import { catalog, hasCategoryPage, isBrandCategory, once } from '../routing/routes';
import { ampRoutes, catchAllRoutes, type AmpRoute, type PageRoute } from '../routing/page-routes';
import { listedCategoryIds } from './listing-file';
import { ampCategoryListing, categoryListing, newestProducts } from './page-data';
import { relatedProducts } from './product-page-data';
import { buildRole, currentShard, shardOfPath } from './shard';
import { listingKey, productIdsOfRoutes, SHARED_INPUT, type PageShardInput, type SharedInput } from './shard-inputs';
import type { Product, Review } from '../schemas';

/** The input files the site part writes: `shared`, then `1`..`N` (none outside the site part). */
export function shardInputFiles(): string[] {
  const shard = currentShard();
  if (buildRole() !== 'site' || !shard) return [];
  return [SHARED_INPUT, ...Array.from({ length: shard.count }, (_, i) => String(i + 1))];
}

/** The shared input: what every page shard reads of the whole catalogue. */
export function sharedInputFile(): SharedInput {
  const { categories } = catalog();
  const listings: SharedInput['listings'] = {};
  for (const store of enabledStoreViews())
    for (const c of categories)
      if (hasCategoryPage(c) || (c.is_active && isBrandCategory(c))) listings[listingKey(c.id, store.storeCode)] = categoryListing(c.id, store.storeCode);
  return { ...buildOf(), listings, newest: newestProducts(), listedCategoryIds: listedCategoryIds() };
}

const buildOf = () => ({ count: currentShard()!.count, buildTime: process.env.BUILD_TIME ?? null });

/** Every route of a sharded route, grouped by the page shard its path hashes to (one pass). */
const routesByShard = once(() => {
  const count = currentShard()!.count;
  const catchAll = Array.from({ length: count + 1 }, (): PageRoute[] => []);
  const amp = Array.from({ length: count + 1 }, (): AmpRoute[] => []);
  for (const r of catchAllRoutes()) catchAll[shardOfPath(r.path, count)]!.push(r);
  for (const r of ampRoutes()) amp[shardOfPath(r.path, count)]!.push(r);
  return { catchAll, amp };
});

/**
 * The other products a product page shows (productPageCore, src/lib/build/product-page-data.ts): its
 * related products as the page picks them (at most eight, related links and up-sells first), a
 * grouped product's members, a bundle's choices. Only those: a page shard that knows these finds the
 * same eight related products, since every product before them in the page's order is one of them.
 */
export function linkedProducts(p: Product): Product[] {
  const { bySku } = catalog();
  const out = [...relatedProducts(p)];
  const push = (sku: string | undefined) => {
    const lp = sku ? bySku.get(sku) : undefined;
    if (lp) out.push(lp);
  };
  if (p.type_id === 'grouped') for (const l of p.product_links) if (l.link_type === 'associated') push(l.linked_product_sku);
  for (const o of p.bundle_options) for (const l of o.product_links) push(l.sku ?? l.product?.sku);
  return out;
}

/** Page shard K's input. */
export function pageShardInputFile(index: number): PageShardInput {
  const { byId, reviewsOf } = catalog();
  const { catchAll, amp } = routesByShard();
  const own = productIdsOfRoutes(catchAll[index]!, amp[index]!);
  const linked = new Set<number>();
  const reviews: Review[] = [];
  for (const id of own) {
    const p = byId.get(id);
    if (!p) continue;
    for (const lp of linkedProducts(p)) if (!own.has(lp.id)) linked.add(lp.id);
    reviews.push(...(reviewsOf.get(id) ?? []));
  }
  const ampListings: PageShardInput['ampListings'] = {};
  for (const r of amp[index]!) {
    const key = listingKey(r.key, r.storeCode);
    if (r.kind !== 'amp-category' || ampListings[key]) continue;
    const { products, total } = ampCategoryListing(r.key, r.storeCode);
    ampListings[key] = { products, total };
  }
  return { ...buildOf(), index, catchAll: catchAll[index]!, amp: amp[index]!, linked: [...linked], reviews, ampListings };
}

/** The text of one input file ('shared' or a shard's number). */
export function shardInputText(file: string): string {
  return JSON.stringify(file === SHARED_INPUT ? sharedInputFile() : pageShardInputFile(Number(file)));
}
