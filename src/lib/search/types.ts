/**
 * Shapes of the search index file and of search results. Type-only plus tiny helpers, so the
 * browser's search chunk can import it without the build-time modules.
 */
import type { PricedProduct } from '../catalog/price';
import { slugify } from '../catalog/slug';

/** One product in the index. Short keys: the file is downloaded by every shopper who searches. */
export interface SearchDoc {
  /** SKU (unique: also the record's id). */
  s: string;
  /** Name. */
  n: string;
  /**
   * Product URL (productUrl at build time). When the URL contains slugify(name) it is stored as
   * [before, after] around it (the slug repeats the name: a third of the file); see docUrl.
   */
  u: string | [string, string];
  /** Image path relative to media/ (shown through tileImage). */
  m?: string;
  /** Price fields of the price source (the product, or for a configurable without a price its default child). */
  p: number;
  sp?: number;
  sf?: string;
  st?: string;
  /** The catalogue price rules' price (final_price), when it is below the price. */
  fp?: number;
  /** Category ids (names in SearchIndexFile.c). */
  c?: number[];
  /** c2c_supplier_code. */
  k?: string;
  /** A configurable's child skus (searched with the sku boost, §9): a child sku finds its parent. */
  cs?: string[];
  /** A child's URL as [before, after] around its sku (productUrl with that childSku at build time). */
  cu?: [string, string];
}

/** The file served at /search-index.json. */
export interface SearchIndexFile {
  /** Format version; bump when SearchDoc changes. */
  v: 1;
  /** When the snapshot was indexed (ISO). */
  at: string;
  /** Category id -> name, for the category-name field. */
  c: Record<string, string>;
  d: SearchDoc[];
  /** What the panel suggests before typing and when nothing matched. */
  sg: SearchSuggestions;
}

/**
 * The file served at /search-index.json when the index is split (a large catalogue, docs/search.md
 * "At scale"): the statistics and the letter-only vocabulary; the postings and the records are in
 * files under search-index/{folder}/ fetched by the queries that need them.
 */
export interface SearchSplitFile {
  v: 1;
  at: string;
  sg: SearchSuggestions;
  split: SearchSplitMeta;
}

/** What the split engine needs before any query. */
export interface SearchSplitMeta {
  /** A digest of the whole split (what the offline warming marks as done). */
  h: string;
  /**
   * The files' folders by part (../search/bundles.ts SplitFolders): part k, bundle k's files in
   * splitIndexFiles order, `ps` a part, is in search-index/{hs[k]}/, a digest of its content, so files
   * of two builds never mix in a cache and a change renames only the parts it reaches.
   */
  hs: string[];
  ps: number;
  /** Number of searchable products. */
  n: number;
  /** Total words per field (name, sku, category names, supplier code), for BM25's average field lengths. */
  len: number[];
  /** The terms without digits, in the whole index's term order (typos and prefixes are expanded on them). */
  t: string[];
  /** Number of postings files p-{i}.json: a term is in p-{hash(first 3 letters) % pf}. */
  pf: number;
  /** Records per records file d-{i}.json: record k is in d-{floor(k / rf)}. */
  rf: number;
}

/**
 * The records file holding record `doc` (d-{floor(doc / rf)}): the split index's records files, and
 * the split search listing's buckets (split-listing.ts) with the same numbering.
 */
export function recordsFileOf(doc: number, meta: Pick<SearchSplitMeta, 'rf'>): string {
  return `d-${Math.floor(doc / meta.rf)}`;
}

/** Every file of a split index (postings, then records), as named in their parts' folders, in the order the parts take them. */
export function splitIndexFiles(meta: Pick<SearchSplitMeta, 'pf' | 'n' | 'rf'>): string[] {
  const names = Array.from({ length: meta.pf }, (_, i) => `p-${i}`);
  for (let doc = 0; doc < meta.n; doc += meta.rf) names.push(recordsFileOf(doc, meta));
  return names;
}

/** A postings file: term -> its k postings as columns: k doc differences (from the previous posting's doc), k fields, k tfs, k field lengths. */
export type SearchPostingsFile = Record<string, number[]>;

/** Suggestions of the search panel's empty state, computed at build time. */
export interface SearchSuggestions {
  /** Top-level categories of the menu: [label, url]. */
  categories: [string, string][];
  /** Popular searches: the brands with the most searchable products. */
  popular: string[];
}

export const SEARCH_INDEX_VERSION = 1 as const;

/** The product URL of a record; when the query is one of its child skus, the URL that opens with that child chosen. */
export function docUrl(d: Pick<SearchDoc, 'u' | 'n' | 'cs' | 'cu'>, query?: string): string {
  const child = query ? childSkuOf(d, query) : null;
  if (child && d.cu) return `${d.cu[0]}${encodeURIComponent(child)}${d.cu[1]}`;
  return typeof d.u === 'string' ? d.u : `${d.u[0]}${slugify(d.n)}${d.u[1]}`;
}

const skuKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The child sku a query names (whatever its case and separators: 'ev1001 wg s' is EV1001-WG-S), or null. */
export function childSkuOf(d: Pick<SearchDoc, 'cs'>, query: string): string | null {
  const q = skuKey(query);
  if (!q || !d.cs) return null;
  return d.cs.find((c) => skuKey(c) === q) ?? null;
}

/** The URL field of a record: the URL, or [before, after] around slugify(name) when it contains it. */
export function packUrl(url: string, name: string): SearchDoc['u'] {
  const slug = slugify(name);
  const at = slug.length >= 3 ? url.indexOf(slug) : -1;
  return at < 0 ? url : [url.slice(0, at), url.slice(at + slug.length)];
}

/** The price-rule view of a record, for productPrices. */
export function docPrices(d: SearchDoc): PricedProduct {
  return { price: d.p, special_price: d.sp ?? null, special_from_date: d.sf ?? null, special_to_date: d.st ?? null, final_price: d.fp ?? null };
}

/** One result: the record plus its score normalised to the best hit (1 = best). */
export interface SearchHit extends SearchDoc {
  score: number;
}

/** §4 Network: search results carry flags cache, offline, noresults. */
export interface SearchFlags {
  /** Answered from an index already held locally (memory or the offline cache), not freshly downloaded. */
  cache: boolean;
  /** The browser was offline, or the index could not be fetched. */
  offline: boolean;
  /** Nothing matched (or the query was not searched). */
  noresults: boolean;
}

/** A page of results. */
export interface SearchResult extends SearchFlags {
  items: SearchHit[];
  /** Matches before paging. */
  total: number;
  start: number;
  /** The page size used (after the §5 rule). */
  perPage: number;
}

/** Paging of a search (§5: size 0 or below becomes the default 50, negative start becomes 0). */
export interface SearchPaging {
  size?: number;
  start?: number;
}
