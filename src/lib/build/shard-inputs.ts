/**
 * The inputs of a prepared sharded build (docs/build.md, "Sharded builds"). The site part
 * (`--shard 0/N`) reads the whole catalogue once and writes, into `_shard-inputs/` of its output, one
 * shared file and one file per page shard: what a page shard's catalogue pages read of products that
 * are not their own (category listings and facet counts, the newest products of the home page,
 * which other products its product pages show) and the shard's own routes. A page shard
 * (`--shard K/N --inputs DIR`) reads those two files and, in one streaming pass over the snapshot,
 * the records of its own products and of the products they show; it holds nothing else of the
 * catalogue: its memory falls with N.
 *
 * This module reads and checks the files; ./shard-inputs-write.ts makes them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ProductSchema, ReviewSchema, type Product } from '../schemas';
import type { Listing } from '../catalog/listing/listing';
import { currentShard, shardInputsDir } from './shard';

/** The shared file's name inside the inputs folder; each page shard's is `{K}.json`. */
export const SHARED_INPUT = 'shared';

/** The key of a category listing of a store view in the shared file: `{categoryId}|{storeCode}`. */
export const listingKey = (categoryId: number, storeCode: string) => `${categoryId}|${storeCode}`;

const FacetSchema = z.object({
  code: z.string(),
  label: z.string(),
  values: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      count: z.number().int().min(0),
      from: z.number().optional(),
      to: z.number().optional(),
      swatch: z.string().optional(),
    }),
  ),
});

const ListingSchema = z.object({ products: z.array(ProductSchema), total: z.number().int().min(0), facets: z.array(FacetSchema) });

const BuildSchema = z.object({ count: z.number().int().min(1), buildTime: z.string().nullable() });

export const SharedInputSchema = BuildSchema.extend({
  /** categoryListing of every category with a page and every brand, per store view, by listingKey. */
  listings: z.record(z.string(), ListingSchema),
  /** The home page's newest products. */
  newest: z.array(ProductSchema),
  /** The categories that have a listing file (every category page and brand listing). */
  listedCategoryIds: z.array(z.number().int()),
});
export type SharedInput = z.infer<typeof SharedInputSchema>;

const PageRouteSchema = z.object({
  path: z.string().startsWith('/'),
  kind: z.enum(['category', 'product', 'content']),
  key: z.union([z.string(), z.number()]),
  storeCode: z.string(),
});

const AmpRouteSchema = z.object({
  path: z.string().startsWith('/'),
  kind: z.enum(['amp-product', 'amp-category']),
  key: z.number().int(),
  storeCode: z.string(),
  childSku: z.string().optional(),
});

export const PageShardInputSchema = BuildSchema.extend({
  index: z.number().int().min(1),
  /** The shard's own pages of the catch-all route, in the order of the whole build's routes. */
  catchAll: z.array(PageRouteSchema),
  /** The shard's own AMP pages. */
  amp: z.array(AmpRouteSchema),
  /** The ids of the other products its product pages show (related products, group and bundle members). */
  linked: z.array(z.number().int()),
  /** The reviews of its own products. */
  reviews: z.array(ReviewSchema),
  /** The AMP category listing (first page and total) of each of its AMP category pages, by listingKey (category and store view: one with its own catalogue lists its own records). */
  ampListings: z.record(z.string(), z.object({ products: z.array(ProductSchema), total: z.number().int().min(0) })),
});
export type PageShardInput = z.infer<typeof PageShardInputSchema>;

export class ShardInputError extends Error {
  constructor(message: string) {
    super(`shard inputs: ${message}`);
    this.name = 'ShardInputError';
  }
}

function readInput<T extends z.ZodType>(dir: string, name: string, schema: T): z.output<T> {
  const file = join(dir, `${name}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ShardInputError(`cannot read ${file} (${(e as Error).message}): give --inputs the _shard-inputs folder of this build's site part (--shard 0/N)`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new ShardInputError(`${file}: field '${i.path.join('.')}' ${i.message}`);
  }
  return r.data;
}

/** Checks that an input file was made for this build: the same N and the same BUILD_TIME. */
function checkBuild(file: string, input: { count: number; buildTime: string | null }): void {
  const shard = currentShard()!;
  if (input.count !== shard.count) throw new ShardInputError(`${file} was made for ${input.count} shards, this is shard ${shard.index}/${shard.count}`);
  const time = process.env.BUILD_TIME ?? null;
  if (input.buildTime !== time) throw new ShardInputError(`${file} was made with BUILD_TIME ${input.buildTime}, this shard runs with ${time}`);
}

let shared: SharedInput | undefined;
let own: PageShardInput | undefined;

/** The shared input of this page shard's build (read once). */
export function sharedInput(): SharedInput {
  if (!shared) {
    const dir = shardInputsDir();
    if (!dir) throw new ShardInputError('only a page shard (--shard K/N --inputs DIR) reads the shared input');
    shared = readInput(dir, SHARED_INPUT, SharedInputSchema);
    checkBuild(`${SHARED_INPUT}.json`, shared);
  }
  return shared;
}

/** This page shard's own input (read once). */
export function pageShardInput(): PageShardInput {
  if (!own) {
    const dir = shardInputsDir();
    if (!dir) throw new ShardInputError('only a page shard (--shard K/N --inputs DIR) reads its input');
    const index = currentShard()!.index;
    own = readInput(dir, String(index), PageShardInputSchema);
    checkBuild(`${index}.json`, own);
    if (own.index !== index) throw new ShardInputError(`${index}.json is the input of shard ${own.index}`);
  }
  return own;
}

/** A category's listing in a store view, from the shared input; a listing the site part did not write is an error, not a guess. */
export function preparedListing(categoryId: number, storeCode: string): Listing {
  const l = sharedInput().listings[listingKey(categoryId, storeCode)];
  if (!l)
    throw new ShardInputError(
      `no listing of category ${categoryId} in store view ${storeCode} in ${SHARED_INPUT}.json (the site part lists every category with a page and every brand)`,
    );
  return l;
}

/** The AMP listing of one of this shard's AMP category pages in a store view. */
export function preparedAmpListing(categoryId: number, storeCode: string): { products: Product[]; total: number } {
  const l = pageShardInput().ampListings[listingKey(categoryId, storeCode)];
  if (!l) throw new ShardInputError(`no AMP listing of category ${categoryId} in store view ${storeCode} in this shard's input`);
  return l;
}

/** The products whose pages these routes render: a product route's key, an AMP product route's key. */
export function productIdsOfRoutes(catchAll: readonly { kind: string; key: string | number }[], amp: readonly { kind: string; key: number }[]): Set<number> {
  const ids = new Set<number>();
  for (const r of catchAll) if (r.kind === 'product') ids.add(Number(r.key));
  for (const r of amp) if (r.kind === 'amp-product') ids.add(r.key);
  return ids;
}
