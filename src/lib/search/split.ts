/**
 * Splits the search index for large catalogues (docs/search.md "At scale"): /search-index.json keeps
 * the statistics, the letter-only vocabulary and the suggestions; the postings go to files by the
 * first letters of the term, the records to files of `rf` consecutive records, all under
 * search-index/{h}/ where h is a digest of their content. Build side only.
 */
import { indexDocs } from './engine';
import { postingsFileOf } from './split-engine';
import type { ListingFile, ListingItem } from '../catalog/listing/client';
import type { SearchListingFacets, SearchListingSplit, SearchListingTile } from './split-listing';
import { recordsFileOf, type SearchDoc, type SearchIndexFile, type SearchPostingsFile, type SearchSplitFile, type SearchSplitMeta } from './types';

/** Above this many searchable products the index is split (the whole file passes ~300 KB gzipped near 10,000). */
export const SPLIT_ABOVE = 8000;
/** Postings per postings file aimed at (the number of files is the power of two nearest total / this). */
const POSTINGS_PER_FILE = 4000;
/** Records per records file: the panel's 50 results fetch up to 50 of them, about 2 KB raw each. */
export const RECORDS_PER_FILE = 8;

/** The split index: the file served as /search-index.json and the files under search-index/{h}/ (name without .json -> JSON text). */
export interface SplitIndex {
  index: SearchSplitFile;
  files: Map<string, string>;
}

/** FNV-1a over strings, as 8 hex digits. */
export function digest(parts: Iterable<string>): string {
  let h = 0x811c9dc5;
  for (const s of parts) for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function splitSearchIndex(file: SearchIndexFile, opts: { recordsPerFile?: number; postingsPerFile?: number } = {}): SplitIndex {
  const { n, vocab, postings, totalLen } = indexDocs(file);
  const total = postings.reduce((sum, p) => sum + p.length / 4, 0);
  const pf = 2 ** Math.max(0, Math.round(Math.log2(Math.max(1, total / (opts.postingsPerFile ?? POSTINGS_PER_FILE)))));
  const rf = opts.recordsPerFile ?? RECORDS_PER_FILE;
  const meta: SearchSplitMeta = { h: '', n, len: totalLen, t: vocab.terms.filter((t) => !/\d/.test(t)), pf, rf };
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
  meta.h = digest([JSON.stringify(meta), file.at, ...files.values()]);
  return { index: { v: file.v, at: file.at, sg: file.sg, split: meta }, files };
}

/** The split search listing: the file served as /search-listing.json and its files under search-listing/{h}/ (name without .json -> JSON text). */
export interface SplitListing {
  head: SearchListingSplit;
  files: Map<string, string>;
}

/** Documents per facet file of the split search listing (a multiple of the records files' `rf`). */
export const FACET_RECORDS_PER_FILE = 256;

/**
 * Splits the listing of every searchable product (searchListingFile) by the split index's document
 * numbers (`docs`, the index's records in order): tile bucket recordsFileOf(k, { rf }) holds the
 * tiles of documents k..k+rf-1, facet file facets/recordsFileOf(k, { rf: fk }) their filter values,
 * final price and ranks in the listing's orders (so the browser rebuilds the matches' listing
 * exactly); null / a null rank where the listing lacks that product.
 */
export function splitSearchListing(
  full: ListingFile,
  docs: readonly Pick<SearchDoc, 's' | 'cs' | 'cu'>[],
  rf: number = RECORDS_PER_FILE,
  fk: number = FACET_RECORDS_PER_FILE,
): SplitListing {
  const at = new Map(full.products.map((p, i) => [p.sku, i]));
  const sorts = Object.keys(full.orders ?? {});
  const ranks = sorts.map((sort) => {
    const rank = new Array<number>(full.products.length);
    full.orders![sort]!.forEach((i, r) => (rank[i] = r));
    return rank;
  });
  const codes = full.facets.filter((f) => f.code !== 'price').map((f) => f.code);
  const tiles = new Map<string, (SearchListingTile | null)[]>();
  const facets = new Map<string, SearchListingFacets>();
  const lastRank = new Map<string, number>();
  docs.forEach((d, doc) => {
    const name = recordsFileOf(doc, { rf });
    let bucket = tiles.get(name);
    if (!bucket) tiles.set(name, (bucket = []));
    const fname = `facets/${recordsFileOf(doc, { rf: fk })}`;
    let cols = facets.get(fname);
    if (!cols) facets.set(fname, (cols = { r: [], p: [], f: Object.fromEntries(codes.map((c) => [c, []])), o: sorts.map(() => []) }));
    const i = at.get(d.s);
    const item = i === undefined ? undefined : full.products[i]!;
    // Ranks as differences from the previous present document's (the listing's own sort runs close to the index's order).
    const last = lastRank.get(fname) ?? 0;
    cols.r.push(i === undefined ? null : i - last);
    if (i !== undefined) lastRank.set(fname, i);
    cols.p.push(item?.price[2] ?? 0);
    for (const c of codes) {
      const ks = item?.f[c] ?? [];
      cols.f[c]!.push(ks.length === 1 ? ks[0]! : ks.length ? ks : -1);
    }
    ranks.forEach((rank, k) => cols.o[k]!.push(i === undefined ? 0 : rank[i]!));
    if (!item) return void bucket.push(null);
    const { f: _f, ...tile }: ListingItem = item;
    const e: SearchListingTile = tile;
    if (d.cs) e.cs = d.cs;
    if (d.cu) e.cu = d.cu;
    bucket.push(e);
  });
  const files = new Map<string, string>();
  for (const [name, v] of [...tiles, ...facets]) files.set(name, JSON.stringify(v));
  const head: SearchListingSplit = { v: 1, id: full.id, sort: full.sort, facets: full.facets, orders: sorts, split: { h: '', n: docs.length, rf, fk } };
  head.split.h = digest([JSON.stringify(head), ...files.values()]);
  return { head, files };
}
