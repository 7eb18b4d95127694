/**
 * Splits the search index for large catalogues (docs/search.md "At scale"): /search-index.json keeps
 * the statistics, the letter-only vocabulary and the suggestions; the postings go to files by the
 * first letters of the term, the records to files of `rf` consecutive records, in parts of
 * BUNDLE_FILES files each under search-index/{hs[k]}/, a digest of the part's content. Build side only.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { indexDocs } from './ranking';
import { postingsFileOf } from './split-engine';
import type { ListingFile, ListingItem } from '../catalog/listing/client';
import { splitListingFiles, type SearchListingFacets, type SearchListingPrices, type SearchListingSplit, type SearchListingTile } from './split-listing';
import { facetCoding } from './facet-code';
import { BUNDLE_FILES, bundlesOf, partFolders } from './bundles';
import {
  recordsFileOf,
  splitIndexFiles,
  type SearchDoc,
  type SearchIndexFile,
  type SearchPostingsFile,
  type SearchSplitFile,
  type SearchSplitMeta,
} from './types';

/** Above this many searchable products the index is split (the whole file passes ~300 KB gzipped near 10,000). */
export const SPLIT_ABOVE = 8000;
/**
 * Postings per postings file aimed at (the number of files is the power of two nearest total / this):
 * 1,000 halves what a query fetches of other terms' postings against 4,000 (docs/search.md "At scale").
 */
const POSTINGS_PER_FILE = 1000;
/** Records per records file: the panel's 50 results fetch up to 50 of them, about 2 KB raw each. */
export const RECORDS_PER_FILE = 8;

/** The split index: the file served as /search-index.json and the files under its parts' folders search-index/{hs[k]}/ (name without .json -> JSON text). */
export interface SplitIndex {
  index: SearchSplitFile;
  files: Map<string, string>;
}

/**
 * A digest of strings (their UTF-8 bytes one after the other), as 8 hex digits: the first of their
 * SHA-1. Native: the part folders digest every file's text (tens of MB at 100,000 products), on which
 * an FNV-1a in JavaScript took 0.4 s of the persistent renderer's price change.
 */
export function digest(parts: Iterable<string>): string {
  const h = createHash('sha1');
  for (const s of parts) h.update(s);
  return h.digest('hex').slice(0, 8);
}

/** How an index is split: records per records file, postings aimed at per postings file, files per part. */
export interface SplitOptions {
  recordsPerFile?: number;
  postingsPerFile?: number;
  partFiles?: number;
}

export function splitSearchIndex(file: SearchIndexFile, opts: SplitOptions = {}): SplitIndex {
  const { n, vocab, postings, totalLen } = indexDocs(file);
  const total = postings.reduce((sum, p) => sum + p.length / 4, 0);
  const pf = 2 ** Math.max(0, Math.round(Math.log2(Math.max(1, total / (opts.postingsPerFile ?? POSTINGS_PER_FILE)))));
  const rf = opts.recordsPerFile ?? RECORDS_PER_FILE;
  const ps = opts.partFiles ?? BUNDLE_FILES;
  const meta: SearchSplitMeta = { h: '', hs: [], ps, n, len: totalLen, t: vocab.terms.filter((t) => !/\d/.test(t)), pf, rf };
  const byFile = new Map<string, SearchPostingsFile>();
  vocab.terms.forEach((term, id) => {
    const name = postingsFileOf(term, meta);
    // Column by column (doc numbers as differences from the previous posting's, then fields, tfs,
    // field lengths): small, repetitive numbers side by side compress best.
    const p = postings[id]!;
    const k = p.length / 4;
    const list = new Array<number>(p.length);
    for (let i = 0; i < k; i++) {
      list[i] = p[i * 4]! - (i ? p[i * 4 - 4]! : 0);
      for (let c = 1; c < 4; c++) list[c * k + i] = p[i * 4 + c]!;
    }
    let f = byFile.get(name);
    if (!f) byFile.set(name, (f = {}));
    f[term] = list;
  });
  const files = new Map<string, string>();
  for (let i = 0; i < pf; i++) files.set(`p-${i}`, JSON.stringify(byFile.get(`p-${i}`) ?? {}));
  for (let doc = 0; doc < n; doc += rf) files.set(recordsFileOf(doc, meta), JSON.stringify(file.d.slice(doc, doc + rf)));
  // A part's files read as they are: its folder digests their texts and the numbering that names them.
  const numbering = JSON.stringify([n, pf, rf]);
  meta.hs = partFolders(files, splitIndexFiles(meta), ps, digest, () => numbering);
  meta.h = digest([JSON.stringify(meta), file.at]);
  return { index: { v: file.v, at: file.at, sg: file.sg, split: meta }, files };
}

/**
 * A digest of what a split's postings files, terms and field lengths are made of: the documents'
 * words by field, in order (name, SKU and child SKUs, category ids with the category names they are
 * read with, supplier code: all that ./ranking.ts indexDocs reads), and the split's options. A change
 * of prices, pictures or URLs leaves it as it was.
 */
export function wordsDigest(file: Pick<SearchIndexFile, 'c' | 'd'>, opts: SplitOptions = {}): string {
  const h = createHash('sha1');
  h.update(JSON.stringify([opts.recordsPerFile ?? RECORDS_PER_FILE, opts.postingsPerFile ?? POSTINGS_PER_FILE, opts.partFiles ?? BUNDLE_FILES, file.c]));
  for (const d of file.d) h.update(JSON.stringify([d.n, d.s, d.cs ?? 0, d.c ?? 0, d.k ?? 0]));
  return h.digest('hex');
}

/**
 * What a split leaves the next one to start from when only its records change (`splitRecordsOnly`):
 * the words' digest, the head's split, and per part the digest of its records files (names and
 * texts; '' for a part of postings files only). Kept between builds as JSON (read with its schema).
 */
export const SplitStateSchema = z.object({
  words: z.string(),
  meta: z.object({
    h: z.string(),
    hs: z.array(z.string()),
    ps: z.number().check(z.int(), z.positive()),
    n: z.number().check(z.int(), z.nonnegative()),
    len: z.array(z.number()),
    t: z.array(z.string()),
    pf: z.number().check(z.int(), z.positive()),
    rf: z.number().check(z.int(), z.positive()),
  }),
  records: z.array(z.string()),
});
export type SplitState = z.infer<typeof SplitStateSchema>;

const isPostings = (name: string): boolean => name.startsWith('p-');

/** A part's records files: its `names` but the postings files. */
const recordsOf = (names: readonly string[]): string[] => names.filter((f) => !isPostings(f));
/** The digest of records files' names and texts ('' for none). */
const recordsDigest = (held: readonly string[], files: ReadonlyMap<string, string>): string =>
  held.length ? digest(held.flatMap((f) => [f, files.get(f)!])) : '';

/** The state `splitRecordsOnly` starts from after `split` (`files`: at least every records file), its words' digest `words`. */
export function splitStateOf(index: SearchSplitFile, files: ReadonlyMap<string, string>, words: string): SplitState {
  const records = bundlesOf(splitIndexFiles(index.split), index.split.ps).map((b) => recordsDigest(recordsOf(b.files), files));
  return { words, meta: index.split, records };
}

/**
 * The split of `file` when its words are those of the split `before` was made from (their digests
 * equal, `wordsDigest`): its postings files, terms and field lengths are before's, so only the
 * records files are made, and a part of postings files keeps its folder. `files` holds the records
 * files only. Null when that cannot be: another numbering, or a part of postings and records files
 * whose records changed (its folder digests the postings' texts too).
 */
export function splitRecordsOnly(file: SearchIndexFile, before: SplitState, opts: SplitOptions = {}): SplitIndex | null {
  const was = before.meta;
  const rf = opts.recordsPerFile ?? RECORDS_PER_FILE;
  const ps = opts.partFiles ?? BUNDLE_FILES;
  const n = file.d.length;
  if (was.n !== n || was.rf !== rf || was.ps !== ps || was.hs.length === 0) return null;
  const meta: SearchSplitMeta = { h: '', hs: [], ps, n, len: was.len, t: was.t, pf: was.pf, rf };
  const files = new Map<string, string>();
  for (let doc = 0; doc < n; doc += rf) files.set(recordsFileOf(doc, meta), JSON.stringify(file.d.slice(doc, doc + rf)));
  const numbering = JSON.stringify([n, meta.pf, rf]);
  const parts = bundlesOf(splitIndexFiles(meta), ps);
  if (parts.length !== was.hs.length) return null;
  for (const [k, b] of parts.entries()) {
    const held = recordsOf(b.files);
    // A part of records files alone gets its folder from its files' digest; the records' digest is needed only beside postings.
    if (held.length === b.files.length) meta.hs.push(partFolders(files, b.files, ps, digest, () => numbering)[0]!);
    else if (recordsDigest(held, files) === before.records[k]) meta.hs.push(was.hs[k]!);
    else return null;
  }
  meta.h = digest([JSON.stringify(meta), file.at]);
  return { index: { v: file.v, at: file.at, sg: file.sg, split: meta }, files };
}

/** The split search listing: the file served as /search-listing.json and its files under its parts' folders search-listing/{hs[k]}/ (name without .json -> JSON text). */
export interface SplitListing {
  head: SearchListingSplit;
  files: Map<string, string>;
}

/** Documents per facet file (and price file) of the split search listing. */
export const FACET_RECORDS_PER_FILE = 256;
/**
 * Documents per tile bucket of the split search listing: a page of 50 tiles fetches 50 buckets, about
 * 29 KB gzipped with 4 a bucket against 47 KB with the records files' 8 (docs/search.md).
 */
export const TILES_PER_BUCKET = 4;

/**
 * Splits the listing of every searchable product (searchListingFile) by the split index's document
 * numbers (`docs`, the index's records in order): tile bucket recordsFileOf(k, { rf }) holds the
 * tiles of documents k..k+rf-1; facet file facets/recordsFileOf(k, { rf: fk }) their ranks in the
 * listing's orders and their filter values and price ranges, coded with the models the head carries
 * (facet-code.ts); price file prices/… their final prices (for a sort by price). Null / a null rank
 * where the listing lacks that product.
 */
export function splitSearchListing(
  full: ListingFile,
  docs: readonly Pick<SearchDoc, 's' | 'cs' | 'cu'>[],
  { rf = TILES_PER_BUCKET, fk = FACET_RECORDS_PER_FILE, ps = BUNDLE_FILES }: { rf?: number; fk?: number; ps?: number } = {},
): SplitListing {
  const at = new Map(full.products.map((p, i) => [p.sku, i]));
  const listed = docs.map((d) => at.get(d.s));
  const sorts = Object.keys(full.orders ?? {});
  const ranks = sorts.map((sort) => {
    const rank = new Array<number>(full.products.length);
    full.orders![sort]!.forEach((i, r) => (rank[i] = r));
    return rank;
  });
  const coding = facetCoding(full, listed);
  const files = new Map<string, string>();
  for (let first = 0; first < docs.length; first += rf) {
    const bucket = docs.slice(first, first + rf).map((d, j): SearchListingTile | null => {
      const i = listed[first + j];
      if (i === undefined) return null;
      const { f: _f, ...tile }: ListingItem = full.products[i]!;
      const e: SearchListingTile = tile;
      if (d.cs) e.cs = d.cs;
      if (d.cu) e.cu = d.cu;
      return e;
    });
    files.set(recordsFileOf(first, { rf }), JSON.stringify(bucket));
  }
  for (let first = 0; first < docs.length; first += fk) {
    const part = listed.slice(first, first + fk);
    // Ranks as differences from the previous present document's (the listing's own sort runs close to the index's order).
    let last = 0;
    const r = part.map((i) => {
      if (i === undefined) return null;
      const d = i - last;
      last = i;
      return d;
    });
    const cols: SearchListingFacets = { r, c: coding.encode(part), o: ranks.map((rank) => part.map((i) => (i === undefined ? 0 : rank[i]!))) };
    const name = recordsFileOf(first, { rf: fk });
    files.set(`facets/${name}`, JSON.stringify(cols));
    const prices: SearchListingPrices = { p: part.map((i) => (i === undefined ? 0 : full.products[i]!.price[2])) };
    files.set(`prices/${name}`, JSON.stringify(prices));
  }
  const head: SearchListingSplit = {
    v: 1,
    id: full.id,
    sort: full.sort,
    facets: full.facets,
    orders: sorts,
    split: { h: '', hs: [], ps, n: docs.length, rf, fk, fm: coding.model },
  };
  // A part's folder digests its files' texts and the numbering that names them; a part holding facet
  // files also the code models and the orders they are read with (a price change may change the
  // models: then the facet files' parts are renamed, the tiles' and the other prices' are not).
  const numbering = JSON.stringify([docs.length, rf, fk]);
  const facetContext = `${numbering}${JSON.stringify([coding.model, sorts])}`;
  const facetFiles = Math.ceil(docs.length / fk);
  head.split.hs = partFolders(files, splitListingFiles(head), ps, digest, (k) => (k * ps < facetFiles ? facetContext : numbering));
  head.split.h = digest([JSON.stringify(head)]);
  return { head, files };
}
