/**
 * The search index files of a store view at build time (spec §7: a search index per store):
 * /search-index.json, and when the catalogue has more than SEARCH_SPLIT_ABOVE searchable products
 * (default SPLIT_ABOVE) the split index's files under search-index/{folder}/ (docs/search.md "At scale").
 * Made once per store view per build and shared by the two endpoints that write them.
 */
import { readManifest } from '../snapshot/read';
import { catalog, currencyRate, storeViewOf } from '../routing/routes';
import type { Product } from '../schemas';
import { buildSearchIndex } from '../search/build';
import {
  SPLIT_ABOVE,
  SplitStateSchema,
  splitRecordsOnly,
  splitSearchIndex,
  splitSearchListing,
  splitStateOf,
  wordsDigest,
  type SplitState,
} from '../search/split';
import { keepState, stateBefore } from './key-reuse';
import { noteCount } from './key-store';
import { searchListingFile } from './listing-file';
import type { ListingFile } from '../catalog/listing/client';
import { splitListingFiles, type SearchListingSplit } from '../search/split-listing';
import { splitIndexFiles, type SearchDoc, type SearchIndexFile, type SearchSplitFile } from '../search/types';
import { BUNDLE_FILES, writeBundles } from '../search/bundles';

type Env = Record<string, string | undefined>;

/** A whole number of `what` from the variable `name` (at least `min`), else `fallback`; a bad value is refused by name. */
function wholeNumber(env: Env, name: string, what: string, min: number, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of ${what} (${min} or more), not "${raw}"`);
  return n;
}

/** Searchable products above which the index is split: SEARCH_SPLIT_ABOVE (0 splits always), else SPLIT_ABOVE. */
export const splitThreshold = (env: Env = process.env): number => wholeNumber(env, 'SEARCH_SPLIT_ABOVE', 'products', 0, SPLIT_ABOVE);

/** Files per part of a split (src/lib/search/bundles.ts): SEARCH_PART_FILES (tests make small parts), else BUNDLE_FILES. */
export const partFiles = (env: Env = process.env): number => wholeNumber(env, 'SEARCH_PART_FILES', 'files', 1, BUNDLE_FILES);

/** A store view's search files: the index (whole or split) and, when split, its files and their warming bundles (bundles.ts) by name. */
export interface StoreSearchFiles {
  index: SearchIndexFile | SearchSplitFile;
  files: Map<string, string>;
  bundles: Map<string, string>;
  /** The split index's documents in order (what the split listing's buckets are numbered by); empty when whole. */
  docs: Pick<SearchDoc, 's' | 'cs' | 'cu'>[];
  /**
   * Every file of the split, in its parts' order (splitIndexFiles). `files` and `bundles` may hold
   * fewer: a split made from the generation before's (`splitRecordsOnly`) holds its records files, and
   * a file it lacks is one of a part that kept its folder, never written again.
   */
  names: string[];
}

/** The key store's name of a store view's split state (the next change's start, ../search/split.ts SplitState). */
const splitStateName = (storeCode: string) => `search-split|${storeCode}`;

/** The split state the generation before kept for this store view, if any and readable. */
function splitStateBefore(storeCode: string): SplitState | null {
  const kept = stateBefore(splitStateName(storeCode))?.[0];
  if (kept === undefined) return null;
  try {
    const r = SplitStateSchema.safeParse(JSON.parse(kept));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Keeps the generation before's split state for the next change, when this one made no search files (no product changed). */
export function keepSplitStateAsBefore(storeCode: string): void {
  const kept = stateBefore(splitStateName(storeCode));
  if (kept) keepState(splitStateName(storeCode), [...kept]);
}

const made = new Map<string, StoreSearchFiles>();

/**
 * The time the search index says it was made (`at`): the snapshot's `generated_at`, which every pull
 * writes anew. The search files' keys carry it (./cache-keys.ts `searchKeys`), so a snapshot whose
 * manifest differs in it alone may take the other keys of the generation before (./render/changes.ts).
 */
export const searchIndexTime = (): string => readManifest().generated_at;

export function storeSearchFiles(storeCode: string): StoreSearchFiles {
  let got = made.get(storeCode);
  if (!got) {
    // A store view with a catalogue of its own (stores/{code}/) searches its own names and categories.
    const index = catalog(storeCode);
    const whole = buildSearchIndex(index.products, index.categories, {
      attributes: [...index.attributes.values()],
      generatedAt: searchIndexTime(),
      storeCode,
      rate: currencyRate(storeViewOf(storeCode)),
    });
    if (whole.d.length > splitThreshold()) {
      const opts = { partFiles: partFiles() };
      // The words as the generation before's (a price, a picture): its postings stand, only the records are made again.
      const words = wordsDigest(whole, opts);
      const before = splitStateBefore(storeCode);
      const patched = before?.words === words ? splitRecordsOnly(whole, before, opts) : null;
      if (patched) noteCount('search splits patched');
      const { index, files } = patched ?? splitSearchIndex(whole, opts);
      keepState(splitStateName(storeCode), [JSON.stringify(splitStateOf(index, files, words))]);
      const docs = whole.d.map(({ s, cs, cu }) => ({ s, ...(cs ? { cs } : {}), ...(cu ? { cu } : {}) }));
      // A patched split has the records files only: the bundles of the parts it holds whole.
      const names = splitIndexFiles(index.split);
      got = { index, files, bundles: writeBundles(files, names, index.split.ps, (held) => held.every((f) => files.has(f))), docs, names };
    } else got = { index: whole, files: new Map(), bundles: new Map(), docs: [], names: [] };
    made.set(storeCode, got);
  }
  return got;
}

/** A store view's /search-listing.json: the whole listing, or with a split index its shared part, its files and their warming bundles (by name). */
export interface StoreSearchListing {
  listing: ListingFile | SearchListingSplit;
  files: Map<string, string>;
  bundles: Map<string, string>;
}

const listings = new Map<string, StoreSearchListing>();

/** The search listing of a store view, split exactly when its search index is (docs/search.md "The results page at scale"). */
export function storeSearchListing(storeCode: string): StoreSearchListing {
  let got = listings.get(storeCode);
  if (!got) {
    const { index, docs } = storeSearchFiles(storeCode);
    const full = searchListingFile(storeCode);
    if (!pageData.has(storeCode)) pageData.set(storeCode, pageDataOf(full, storeCode));
    if ('split' in index) {
      const { head, files } = splitSearchListing(full, docs, { ps: partFiles() });
      got = { listing: head, files, bundles: writeBundles(files, splitListingFiles(head), head.split.ps) };
    } else got = { listing: full, files: new Map(), bundles: new Map() };
    listings.set(storeCode, got);
  }
  return got;
}

/** What the search results page shows of the catalogue (searchPageData). */
export interface SearchPageData {
  facets: ListingFile['facets'];
  templateProduct: Product | undefined;
}
/** By store view: taken from the listing the search files were made of, else worked out (seconds at 100,000 products). */
const pageData = new Map<string, SearchPageData>();
function pageDataOf(listing: ListingFile, storeCode: string): SearchPageData {
  const { bySku } = catalog(storeCode);
  const first = listing.products.find((p) => bySku.has(p.sku));
  return { facets: listing.facets, templateProduct: first && bySku.get(first.sku) };
}

/**
 * What the search results page (/search) shows of the catalogue: the filters of every searchable
 * product, and the product its tile template is made from (the listing's first one in the catalogue).
 */
export function searchPageData(storeCode: string): SearchPageData {
  let got = pageData.get(storeCode);
  if (!got) pageData.set(storeCode, (got = pageDataOf(searchListingFile(storeCode), storeCode)));
  return got;
}
