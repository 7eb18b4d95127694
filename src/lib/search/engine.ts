/**
 * The search engine that runs in the browser (and in tests), hand-written after measuring it
 * against MiniSearch (docs/search.md): an inverted index in flat arrays, BM25+ per field, typos
 * found by a bounded edit distance over a length-bucketed vocabulary, the as-you-type prefix by a
 * sorted vocabulary. Semantics of §9: boosts name 4, sku 2, category name 1, c2c_supplier_code 1;
 * up to 2 edits by word length; at least 75% of the query words must match; scores normalised to
 * the best hit and cut at 0.02; §5 paging. Pure: the constants come in as settings.
 */
import { fuzzinessFor, queryTerms, requiredMatches, tokenize, tokenizeSku } from './text';
import { isQueryLongEnough, normalisePaging, passesMinScore, type SearchSettings } from './query';
import type { SearchHit, SearchIndexFile, SearchPaging, SearchResult } from './types';

/** A loaded index that answers queries. */
export interface SearchEngine {
  /** Number of searchable products. */
  readonly count: number;
  /** Ranked, filtered and paged hits; flags cache and offline are false (the caller knows better). */
  search(query: string, paging?: SearchPaging): SearchResult;
}

const FIELD_COUNT = 4; // name, sku, category names, c2c_supplier_code
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;
const FUZZY_WEIGHT = 0.45;
const PREFIX_WEIGHT = 0.375;

/** Levenshtein distance if at most `max`, else max + 1 (rows stop early once every cell exceeds max). */
export function boundedDistance(a: string, b: string, max: number, row: Int32Array = new Int32Array(b.length + 1)): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (row.length < b.length + 1) row = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      const v = Math.min(cur + 1, row[j - 1]! + 1, prev + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = v;
      prev = cur;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return row[b.length]!;
}

/** Builds the engine from the index file (about 0.1 s for 10,000 products in Node). */
export function createSearchEngine(file: SearchIndexFile, settings: SearchSettings): SearchEngine {
  const docs = file.d;
  const n = docs.length;
  const b = settings.boosts;
  const boosts = [b.name, b.sku, b.category_name, b.c2c_supplier_code];
  const vocab = new Map<string, number>();
  const terms: string[] = [];
  // postings[t] = flat [doc, field, tf, doc, field, tf, ...]
  const postings: number[][] = [];
  const fieldLen = new Float64Array(n * FIELD_COUNT);
  const totalLen = new Float64Array(FIELD_COUNT);

  docs.forEach((d, doc) => {
    const fields = [
      tokenize(d.n),
      [...tokenizeSku(d.s), ...(d.cs ?? []).flatMap(tokenizeSku)],
      (d.c ?? []).flatMap((id) => tokenize(file.c[id] ?? '')),
      d.k ? tokenize(d.k) : [],
    ];
    fields.forEach((tokens, f) => {
      fieldLen[doc * FIELD_COUNT + f] = tokens.length;
      totalLen[f]! += tokens.length;
      const counts = new Map<string, number>();
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, tf] of counts) {
        let id = vocab.get(t);
        if (id === undefined) {
          id = terms.length;
          vocab.set(t, id);
          terms.push(t);
          postings.push([]);
        }
        postings[id]!.push(doc, f, tf);
      }
    });
  });
  const avgLen = Array.from(totalLen, (t) => (n ? t / n : 0) || 1);
  // Inverse document frequency per term and field (documents holding the term in that field).
  const idf = new Float64Array(terms.length * FIELD_COUNT);
  postings.forEach((list, id) => {
    const df = new Int32Array(FIELD_COUNT);
    for (let i = 1; i < list.length; i += 3) df[list[i]!]!++;
    for (let f = 0; f < FIELD_COUNT; f++) idf[id * FIELD_COUNT + f] = Math.log(1 + (n - df[f]! + 0.5) / (df[f]! + 0.5));
  });
  const byLength: number[][] = [];
  terms.forEach((t, id) => (byLength[t.length] ??= []).push(id));
  const sorted = terms.map((_, id) => id).sort((x, y) => (terms[x]! < terms[y]! ? -1 : terms[x]! > terms[y]! ? 1 : 0));
  const hasDigit = terms.map((t) => /\d/.test(t));

  const scores = new Float64Array(n);
  const masks = new Uint32Array(n);
  const termBest = new Float64Array(n);
  const row = new Int32Array(64);

  /** Vocabulary ids matching a query word, with the weight of the match. */
  function expand(term: string, fuzz: number, prefix: boolean): Map<number, number> {
    const out = new Map<number, number>();
    const exact = vocab.get(term);
    if (exact !== undefined) out.set(exact, 1);
    if (fuzz > 0) {
      for (let len = Math.max(1, term.length - fuzz); len <= term.length + fuzz; len++) {
        for (const id of byLength[len] ?? []) {
          if (id === exact || hasDigit[id]) continue;
          const dist = boundedDistance(term, terms[id]!, fuzz, row);
          if (dist <= fuzz) out.set(id, Math.max(out.get(id) ?? 0, (FUZZY_WEIGHT * term.length) / (term.length + 0.3 * dist)));
        }
      }
    }
    if (prefix) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (terms[sorted[mid]!]! < term) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && terms[sorted[i]!]!.startsWith(term); i++) {
        const id = sorted[i]!;
        if (id === exact) continue;
        const extra = terms[id]!.length - term.length;
        out.set(id, Math.max(out.get(id) ?? 0, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * extra)));
      }
    }
    return out;
  }

  return {
    count: n,
    search(query, paging = {}) {
      const { size, start } = normalisePaging(paging, settings.defaultSize);
      const words = isQueryLongEnough(query, settings.minTermLength) ? queryTerms(query).slice(0, 32) : [];
      const touched: number[] = [];
      words.forEach((word, qi) => {
        const matches = expand(word, fuzzinessFor(word, settings.fuzziness), qi === words.length - 1 && word.length >= settings.minTermLength);
        const seen: number[] = [];
        for (const [id, weight] of matches) {
          const list = postings[id]!;
          for (let i = 0; i < list.length; i += 3) {
            const doc = list[i]!;
            const f = list[i + 1]!;
            const tf = list[i + 2]!;
            const norm = K1 * (1 - B + (B * fieldLen[doc * FIELD_COUNT + f]!) / avgLen[f]!);
            const s = weight * boosts[f]! * idf[id * FIELD_COUNT + f]! * (DELTA + (tf * (K1 + 1)) / (tf + norm));
            if (termBest[doc] === 0) seen.push(doc);
            termBest[doc]! += s;
          }
        }
        for (const doc of seen) {
          if (masks[doc] === 0) touched.push(doc);
          masks[doc]! |= 1 << qi;
          scores[doc]! += termBest[doc]!;
          termBest[doc] = 0;
        }
      });
      const need = requiredMatches(words.length, settings.minimumShouldMatch);
      let kept: number[] = [];
      for (const doc of touched) {
        let m = masks[doc]!;
        let count = 0;
        while (m) {
          m &= m - 1;
          count++;
        }
        if (count >= need) {
          // Products matching more of the query words rank higher (coordination).
          scores[doc]! *= count;
          kept.push(doc);
        }
      }
      let top = 0;
      for (const doc of kept) top = Math.max(top, scores[doc]!);
      kept = kept.filter((doc) => passesMinScore(scores[doc]!, top, settings.minScore));
      kept.sort((x, y) => scores[y]! - scores[x]! || x - y);
      const items: SearchHit[] = kept.slice(start, start + size).map((doc) => ({ ...docs[doc]!, score: scores[doc]! / top }));
      const total = kept.length;
      for (const doc of touched) {
        scores[doc] = 0;
        masks[doc] = 0;
      }
      return { items, total, start, perPage: size, cache: false, offline: false, noresults: total === 0 };
    },
  };
}
