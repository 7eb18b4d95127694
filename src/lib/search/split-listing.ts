/**
 * The search listing of a split index (docs/search.md "The results page at scale"): when the index is
 * split, /search-listing.json holds only what every results page shares (the filters and their values,
 * the sorts), and the listing records go to files under search-listing/{h}/, numbered by the split
 * index's document numbers (`recordsFileOf`, the records files' own numbering). The results page asks
 * the split engine for its matches' document numbers and fetches the files holding them, never the
 * listing of every searchable product: the facet files of every match (filters, counts, the
 * listing's own orders; their values coded by facet-code.ts), the price files only for a sort by
 * price, the tile buckets only of the products it shows (the first page, then each page scrolled to).
 * Format (zod, every file is validated) and I/O; the matches' listing is put together in
 * split-results.ts, the files are written by `splitSearchListing` (split.ts).
 */
import * as z from 'zod/mini';
import { FacetSchema, ListingItemSchema } from '../catalog/listing/schema';
import { recordsFileOf } from './types';
import { folderOf } from './bundles';

/** How often each symbol of a code model occurs (range-code.ts scales them to its frequencies): whole numbers, not all 0. */
const CountsSchema = z
  .array(z.number().check(z.int(), z.nonnegative()))
  .check(z.refine((n) => n.some((c) => c > 0) && n.filter((c) => c > 0).length <= 65536, 'symbol counts must not all be 0 (and at most 65536 used)'));

const IndexSchema = z.number().check(z.int(), z.gte(-1));

/** A field's models by context: `a` -2 one model, -1 per pattern, k per pattern and filter k's symbol; `x` the contexts (pattern or -1, symbol or -1), `n` each one's symbol counts. */
const ContextModelsSchema = z
  .object({ a: z.number().check(z.int(), z.gte(-2)), x: z.array(z.tuple([IndexSchema, IndexSchema])), n: z.array(CountsSchema) })
  .check(z.refine((f) => f.x.length === f.n.length, 'a facet model has as many contexts as count lists'));

/**
 * How the facet files code each listed document (facet-code.ts, with range-code.ts's static models):
 * its pattern (which filters it has), the value list of each, its price range. Fitted on every
 * searchable product at build time, so every facet file is coded with the same models.
 */
export const FacetModelSchema = z
  .object({
    /** The filters coded (the listing's filter codes, price aside), in order. */
    c: z.array(z.string()),
    /** Patterns: the filters a document has, as indexes into `c`; `pn` how many documents have each. */
    p: z.array(z.array(z.number().check(z.int(), z.nonnegative()))),
    pn: CountsSchema,
    /**
     * Per filter of `c`: the value lists documents have (`t`, indexes into that filter's values) and
     * their models; or, for a filter with too many different lists, `e`: it is coded value by value
     * (`l` counts of list lengths, `n` of values; `t`, `x`, `n` empty).
     */
    v: z.array(
      z.extend(ContextModelsSchema, {
        t: z.array(z.array(z.number().check(z.int(), z.nonnegative()))),
        e: z.optional(z.object({ l: CountsSchema, n: CountsSchema })),
      }),
    ),
    /** The price range's models: symbol 0 none, k + 1 the price filter's value k. */
    b: ContextModelsSchema,
  })
  .check(
    z.refine(
      (m) =>
        m.p.length === m.pn.length &&
        m.v.length === m.c.length &&
        m.v.every((f, k) => f.a < k && f.n.every((n) => n.length === f.t.length)) &&
        m.b.a < m.c.length &&
        m.p.flat().every((k) => k < m.c.length),
      'facet model tables, contexts and frequencies do not fit together',
    ),
  );

const Hex = z.string().check(z.regex(/^[0-9a-f]+$/));

/** /search-listing.json when the index is split: what every query's listing shares. */
export const SearchListingSplitSchema = z.object({
  v: z.literal(1),
  /** The listing id (the root category's). */
  id: z.number(),
  /** The full listing's own sort (its file order). */
  sort: z.string(),
  /** Every filter and value of the searchable products (counts over all of them; the page recounts over its matches). */
  facets: z.array(FacetSchema),
  /** The sorts the full listing carries an order for (ListingFile.orders), in the order of a facet file's `o`. */
  orders: z.array(z.string()),
  split: z.object({
    /** A digest of the whole split. */
    h: Hex,
    /** The files' folders by part, `ps` files a part in splitListingFiles order (bundles.ts SplitFolders; absent in builds before parts: every file under `h`). */
    hs: z.optional(z.array(Hex)),
    ps: z.optional(z.number().check(z.int(), z.positive())),
    /** Number of documents (the split index's `n`). */
    n: z.number(),
    /** Documents per tile bucket: document k's tile is in recordsFileOf(k, { rf }) (the index's numbering of its records files, with fewer documents a file). */
    rf: z.number().check(z.int(), z.positive()),
    /** Documents per facet file: document k's filter data is in facets/recordsFileOf(k, { rf: fk }), its price in prices/…. */
    fk: z.number().check(z.int(), z.positive()),
    /** The facet files' code models. */
    fm: FacetModelSchema,
  }),
});

/** What a page needs of a split /search-index.json to name its files (the rest is the engine's). */
export const SplitIndexHeadSchema = z.object({
  split: z.object({
    h: Hex,
    hs: z.optional(z.array(Hex)),
    ps: z.optional(z.number().check(z.int(), z.positive())),
    n: z.number().check(z.int(), z.nonnegative()),
    pf: z.number().check(z.int(), z.positive()),
    rf: z.number().check(z.int(), z.positive()),
  }),
});

/** One document's tile: the category listing's item (its filter values are in the facet file), and the child skus a query may name. */
export const SearchListingTileSchema = z.extend(z.omit(ListingItemSchema, { f: true }), {
  /** The search record's child skus and child URL (SearchDoc.cs, cu): a child-sku query links to the parent with that child chosen. */
  cs: z.optional(z.array(z.string())),
  cu: z.optional(z.tuple([z.string(), z.string()])),
});

/** A tile bucket: the tiles of its consecutive documents, null for a searchable product the listing lacks. */
export const SearchListingBucketSchema = z.array(z.nullable(SearchListingTileSchema));

/**
 * A facet file: what the filters, counts and the listing's own orders need of its consecutive
 * documents: `r` the rank in the full listing's own sort as a difference from the previous present
 * document's (null: the listing lacks the product), `c` each present document's filter values and
 * price range coded with the head's models (`fm`, range-code.ts), `o` per carried order each
 * document's rank. The exact prices, needed only to sort by price, are in the price files.
 */
export const SearchListingFacetsSchema = z.object({
  r: z.array(z.nullable(z.number())),
  c: z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
  o: z.array(z.array(z.number())),
});

/** A price file: the final price of each of its consecutive documents (0 where the listing lacks the product). */
export const SearchListingPricesSchema = z.object({ p: z.array(z.number()) });

export type SearchListingSplit = z.output<typeof SearchListingSplitSchema>;
export type SearchListingTile = z.output<typeof SearchListingTileSchema>;
export type SearchListingBucket = z.output<typeof SearchListingBucketSchema>;
export type SearchListingFacets = z.output<typeof SearchListingFacetsSchema>;
export type SearchListingPrices = z.output<typeof SearchListingPricesSchema>;
export type FacetModel = z.output<typeof FacetModelSchema>;

/** The facet file holding a document (as named in its part's folder). */
export function facetsFileOf(doc: number, head: Pick<SearchListingSplit, 'split'>): string {
  return `facets/${recordsFileOf(doc, { rf: head.split.fk })}`;
}

/** The price file holding a document's price (numbered as the facet files). */
export function pricesFileOf(doc: number, head: Pick<SearchListingSplit, 'split'>): string {
  return `prices/${recordsFileOf(doc, { rf: head.split.fk })}`;
}

/** Where a file (tile bucket, facet or price file) is, relative to /search-listing.json's folder: under its part's folder. */
export function bucketPath(head: SearchListingSplit, name: string): string {
  return `search-listing/${folderOf(head.split, () => splitListingFiles(head))(name)}/${name}.json`;
}

/** The tile buckets holding these documents, each once, in the order of their first document. */
export function bucketsOf(docs: readonly number[], head: SearchListingSplit): string[] {
  return [...new Set(docs.map((doc) => recordsFileOf(doc, head.split)))];
}

/** Every file of a split listing: the facet files, the price files, then the tile buckets. */
export function splitListingFiles(head: SearchListingSplit): string[] {
  const all = Array.from({ length: head.split.n }, (_, doc) => doc);
  return [...facetFilesOf(all, head), ...priceFilesOf(all, head), ...bucketsOf(all, head)];
}

/** The facet files holding these documents, each once. */
export function facetFilesOf(docs: readonly number[], head: SearchListingSplit): string[] {
  return [...new Set(docs.map((doc) => facetsFileOf(doc, head)))];
}

/** The price files holding these documents, each once. */
export function priceFilesOf(docs: readonly number[], head: SearchListingSplit): string[] {
  return [...new Set(docs.map((doc) => pricesFileOf(doc, head)))];
}

/** A fetch that failed: `offline` when the network did (a rejected fetch), not when the server answered an error. */
export class ListingFetchError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
  }
}

async function fetchJson(url: string, fetcher: typeof fetch): Promise<unknown> {
  let res: Response;
  try {
    res = await fetcher(url, { headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new ListingFetchError(`${url}: ${(e as Error)?.message ?? String(e)}`, true);
  }
  if (!res.ok) throw new ListingFetchError(`${url}: HTTP ${res.status}`, false);
  return res.json();
}

/** A split /search-listing.json's content, validated; throws naming what is wrong. */
export function parseSearchListingSplit(data: unknown, url: string): SearchListingSplit {
  const parsed = SearchListingSplitSchema.safeParse(data);
  if (!parsed.success) throw new ListingFetchError(`${url} is not a search listing: ${z.prettifyError(parsed.error)}`, false);
  return parsed.data;
}

/** Named files of a split listing at `listingUrl` (tile buckets or facet files, by `schema`), fetched in parallel and validated. */
export async function fetchListingFiles<T>(
  listingUrl: string,
  head: SearchListingSplit,
  names: readonly string[],
  schema: z.ZodMiniType<T>,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<Map<string, T>> {
  const base = listingUrl.replace(/[^/]*$/, '');
  const got = await Promise.all(
    names.map(async (name): Promise<[string, T]> => {
      const url = `${base}${bucketPath(head, name)}`;
      const parsed = schema.safeParse(await fetchJson(url, fetcher));
      if (!parsed.success) throw new ListingFetchError(`${url} is not a search listing file: ${z.prettifyError(parsed.error)}`, false);
      return [name, parsed.data];
    }),
  );
  return new Map(got);
}
