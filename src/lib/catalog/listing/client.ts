/**
 * The per-category listing file (`/listing/{categoryId}.json`, written at build time by
 * src/pages/[...store]/listing/[id].json.ts): every product of a category in the default sort, with
 * the fields a tile and the filters need (the schema below is the format). Validated with zod/mini,
 * loaded only once the shopper filters, sorts or scrolls (src/browser/listing/CategoryListingRun.ts).
 */
import * as z from 'zod/mini';
import { localizedPath } from '../urls';

/** One value of a filter, as the static sidebar lists it. */
const FacetValueSchema = z.object({
  id: z.string(),
  label: z.string(),
  count: z.number(),
  from: z.optional(z.number()),
  to: z.optional(z.number()),
  swatch: z.optional(z.string()),
});

/** One filter: attribute code, label, values (the same list and order as the static sidebar). */
export const FacetSchema = z.object({
  code: z.string(),
  label: z.string(),
  values: z.array(FacetValueSchema),
});

/** One product of the listing. */
export const ListingItemSchema = z.object({
  id: z.number(),
  sku: z.string(),
  /** type_id. */
  type: z.string(),
  name: z.string(),
  /** The product page URL. */
  url: z.string(),
  /** Tile image path relative to media/ (the client applies tileImage). */
  img: z.optional(z.string()),
  /** Placeholder colour of img ('#rrggbb', from the snapshot's placeholders.json), shown until it loads. */
  ph: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
  /** Hover image path, when it differs from img. */
  hover: z.optional(z.string()),
  /** [original, special or null, final] in the store view's currency, as the static tile shows them. */
  price: z.tuple([z.number(), z.nullable(z.number()), z.number()]),
  badge: z.optional(z.enum(['sale', 'new'])),
  /** Per facet code, the indexes (into that facet's values) of the values this product has; price is derived from `price`. */
  f: z.record(z.string(), z.array(z.number())),
  /** Child skus of a configurable product (stock prefetch). */
  kids: z.optional(z.array(z.string())),
});

/** The listing file. */
export const ListingFileSchema = z.object({
  v: z.literal(1),
  /** Category id. */
  id: z.number(),
  /** The sort the products are listed in (the first configured sort). */
  sort: z.string(),
  total: z.number(),
  facets: z.array(FacetSchema),
  products: z.array(ListingItemSchema),
  /** Product indexes in the order of a configured sort the browser cannot work out itself (not position or price). */
  orders: z.optional(z.record(z.string(), z.array(z.number()))),
  /**
   * The search query whose matches the file lists, best first (made in the browser by the search
   * results page, src/lib/search/results.ts): its products already match the query, so the
   * listing does not filter them by the query's words again.
   */
  q: z.optional(z.string()),
});

export type ListingFile = z.output<typeof ListingFileSchema>;
export type ListingItem = z.output<typeof ListingItemSchema>;
export type ListingFacet = z.output<typeof FacetSchema>;

/** The URL of a category's listing file, with the store prefix when multistore is on. */
export function listingFileUrl(categoryId: number, storeCode?: string): string {
  return localizedPath(`/listing/${categoryId}.json`, { storeCode });
}

/** The URL of the listing of every searchable product (the search results page's), with the store prefix when multistore is on. */
export function searchListingFileUrl(storeCode?: string): string {
  return localizedPath('/search-listing.json', { storeCode });
}

/** Loads and validates a listing file (`parse`: another format's check); throws when it cannot be loaded or has the wrong shape. */
export async function fetchListing<T = ListingFile>(
  url: string,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
  parse: (data: unknown) => T = (data) => ListingFileSchema.parse(data) as T,
): Promise<T> {
  const res = await fetcher(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`listing ${url}: HTTP ${res.status}`);
  return parse(await res.json());
}
