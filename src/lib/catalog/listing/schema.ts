/**
 * The format of the per-category listing file (`/listing/{categoryId}.json`, written at build time by
 * src/pages/[...store]/listing/[id].json.ts) and of the search results page's listing
 * (`/search-listing.json`): every product of a category in the default sort, with the fields a tile
 * and the filters need, declared with zod/mini. The browser checks a whole listing file with
 * ./client.ts `checkListingFile` (no zod on the search results page's load; tests/unit/listing-client-check.test.ts
 * holds the two to the same verdicts); the split search listing's tiles and facets are read with these
 * schemas (src/lib/search/split-listing.ts).
 */
import * as z from 'zod/mini';

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
