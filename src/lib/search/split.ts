/**
 * Splits the search index for large catalogues (docs/search.md "At scale"): /search-index.json keeps
 * the statistics, the letter-only vocabulary and the suggestions; the postings go to files by the
 * first letters of the term, the records to files of `rf` consecutive records, in parts of
 * BUNDLE_FILES files each under search-index/{hs[k]}/, a digest of the part's content. Build side only.
 */
import { createHash } from 'node:crypto';
import { indexDocs } from './ranking';
import { postingsFileOf } from './split-engine';
import type { ListingFile, ListingItem } from '../catalog/listing/client';
import { splitListingFiles, type SearchListingFacets, type SearchListingPrices, type SearchListingSplit, type SearchListingTile } from './split-listing';
import { facetCoding } from './facet-code';
import { BUNDLE_FILES, partFolders } from './bundles';
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

export function splitSearchIndex(file: SearchIndexFile, opts: { recordsPerFile?: number; postingsPerFile?: number; partFiles?: number } = {}): SplitIndex {
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
