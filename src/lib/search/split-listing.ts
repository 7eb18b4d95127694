/**
 * The search listing of a split index (docs/search.md "The results page at scale"): when the index is
 * split, /search-listing.json holds only what every results page shares (the filters and their values,
 * the sorts), and the listing records go to buckets under search-listing/{h}/, numbered by the split
 * index's document numbers (`recordsFileOf`, the records files' own numbering). The results page asks
 * the split engine for its matches' document numbers and fetches the buckets holding them, never the
 * listing of every searchable product. Format (zod, every file is validated), I/O and the assembly of
 * the matches' listing; the build side is `splitSearchListing` (split.ts).
 */
import * as z from 'zod/mini';
import { FacetSchema, ListingFileSchema, ListingItemSchema, type ListingFile } from '../catalog/listing/client';
import { recordsFileOf } from './types';

/** /search-listing.json when the index is split: what every query's listing shares. */
export const SearchListingSplitSchema = z.object({
  v: z.literal(1),
  /** The listing id (the root category's). */
  id: z.number(),
  /** The full listing's own sort (its file order). */
  sort: z.string(),
  /** Every filter and value of the searchable products (counts over all of them; the page recounts over its matches). */
  facets: z.array(FacetSchema),
  /** The sorts the full listing carries an order for (ListingFile.orders), in the order of each entry's `o`. */
  orders: z.array(z.string()),
  split: z.object({
    /** Folder of the buckets: a digest of their content. */
    h: z.string().check(z.regex(/^[0-9a-f]+$/)),
    /** Number of documents (the split index's `n`). */
    n: z.number(),
    /** Documents per bucket: document k is in recordsFileOf(k, { rf }). */
    rf: z.number().check(z.int(), z.positive()),
  }),
});

/** One document's listing record: the category listing's item, its place in the full listing's orders, and the child skus a query may name. */
export const SearchListingEntrySchema = z.extend(ListingItemSchema, {
  /** Rank in the full listing's own sort. */
  r: z.number(),
  /** Rank in each of the full listing's other orders (SearchListingSplit.orders). */
  o: z.optional(z.array(z.number())),
  /** The search record's child skus and child URL (SearchDoc.cs, cu): a child-sku query links to the parent with that child chosen. */
  cs: z.optional(z.array(z.string())),
  cu: z.optional(z.tuple([z.string(), z.string()])),
});

/** A bucket: the entries of its consecutive documents, null for a searchable product the listing lacks. */
export const SearchListingBucketSchema = z.array(z.nullable(SearchListingEntrySchema));

export type SearchListingSplit = z.output<typeof SearchListingSplitSchema>;
export type SearchListingEntry = z.output<typeof SearchListingEntrySchema>;
export type SearchListingBucket = z.output<typeof SearchListingBucketSchema>;

/** Where a bucket is, relative to /search-listing.json's folder. */
export function bucketPath(head: SearchListingSplit, name: string): string {
  return `search-listing/${head.split.h}/${name}.json`;
}

/** The buckets holding these documents, each once, in the order of their first document. */
export function bucketsOf(docs: readonly number[], head: SearchListingSplit): string[] {
  return [...new Set(docs.map((doc) => recordsFileOf(doc, head.split)))];
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

/** /search-listing.json: the whole listing (a small catalogue) or a split listing's shared part; validated. */
export async function fetchSearchListing(url: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<ListingFile | SearchListingSplit> {
  const data = await fetchJson(url, fetcher);
  const split = typeof data === 'object' && data !== null && 'split' in data;
  const parsed = (split ? SearchListingSplitSchema : ListingFileSchema).safeParse(data);
  if (!parsed.success) throw new ListingFetchError(`${url} is not a search listing: ${z.prettifyError(parsed.error)}`, false);
  return parsed.data;
}

/** The named buckets of a split listing at `listingUrl`, fetched in parallel and validated. */
export async function fetchListingBuckets(
  listingUrl: string,
  head: SearchListingSplit,
  names: readonly string[],
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<Map<string, SearchListingBucket>> {
  const base = listingUrl.replace(/[^/]*$/, '');
  const got = await Promise.all(
    names.map(async (name): Promise<[string, SearchListingBucket]> => {
      const url = `${base}${bucketPath(head, name)}`;
      const parsed = SearchListingBucketSchema.safeParse(await fetchJson(url, fetcher));
      if (!parsed.success) throw new ListingFetchError(`${url} is not a search listing bucket: ${z.prettifyError(parsed.error)}`, false);
      return [name, parsed.data];
    }),
  );
  return new Map(got);
}
