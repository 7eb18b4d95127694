/**
 * The search engine's pieces shared by the whole index's engine (engine.ts) and the split index's
 * (split-engine.ts): a length-bucketed vocabulary with a bounded edit distance for typos and a sorted
 * one for the as-you-type prefix, postings in flat arrays, and BM25+ ranking per field with §9's
 * boosts, minimum matches and score cut. Pure: the constants come in as settings.
 */
import { fuzzinessFor, queryTerms, requiredMatches, tokenize, tokenizeSku } from './text';
import { isQueryLongEnough, normalisePaging, passesMinScore, type SearchSettings } from './query';
import type { SearchHit, SearchIndexFile, SearchPaging, SearchResult } from './types';

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

/** One term's postings, flat [doc, field, tf, field length, ...]. */
export type Postings = ArrayLike<number>;

/** The vocabulary: terms get ids in the order they are added; query words expand to ids with a weight. */
export interface Vocabulary {
  readonly terms: string[];
  add(term: string): number;
  /**
   * Ids matching a query word with the weight of the match: exact, then typos (terms with digits
   * are never typo matches), then the prefix; in that order, which fixes the order scores are summed in.
   */
  expand(term: string, fuzz: number, prefix: boolean): Map<number, number>;
}

export function createVocabulary(): Vocabulary {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const byLength: number[][] = [];
  const digit: boolean[] = [];
  const row = new Int32Array(64);
  let sorted: number[] | null = null;
  return {
    terms,
    add(term) {
      let id = ids.get(term);
      if (id === undefined) {
        id = terms.length;
        ids.set(term, id);
        terms.push(term);
        (byLength[term.length] ??= []).push(id);
        digit.push(/\d/.test(term));
        sorted = null;
      }
      return id;
    },
    expand(term, fuzz, prefix) {
      const out = new Map<number, number>();
      const exact = ids.get(term);
      if (exact !== undefined) out.set(exact, 1);
      if (fuzz > 0) {
        for (let len = Math.max(1, term.length - fuzz); len <= term.length + fuzz; len++) {
          for (const id of byLength[len] ?? []) {
            if (id === exact || digit[id]) continue;
            const dist = boundedDistance(term, terms[id]!, fuzz, row);
            if (dist <= fuzz) out.set(id, Math.max(out.get(id) ?? 0, (FUZZY_WEIGHT * term.length) / (term.length + 0.3 * dist)));
          }
        }
      }
      if (prefix) {
        sorted ??= terms.map((_, id) => id).sort((x, y) => (terms[x]! < terms[y]! ? -1 : terms[x]! > terms[y]! ? 1 : 0));
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
    },
  };
}

/** The words of a query the engines search (none when the query is too short): [word, edits allowed, matches as a prefix]. */
export function queryWords(query: string, settings: SearchSettings): [string, number, boolean][] {
  const words = isQueryLongEnough(query, settings.minTermLength) ? queryTerms(query).slice(0, 32) : [];
  return words.map((word, qi) => [word, fuzzinessFor(word, settings.fuzziness), qi === words.length - 1 && word.length >= settings.minTermLength]);
}

/** The inverted index of a set of records: vocabulary, postings per term id, total field lengths. */
export interface IndexedDocs {
  n: number;
  vocab: Vocabulary;
  postings: number[][];
  totalLen: number[];
}

/** Indexes the records of an index file: the four fields' words, per term flat [doc, field, tf, field length]. */
export function indexDocs(file: Pick<SearchIndexFile, 'c' | 'd'>): IndexedDocs {
  const vocab = createVocabulary();
  const postings: number[][] = [];
  const totalLen = new Array<number>(FIELD_COUNT).fill(0);
  file.d.forEach((d, doc) => {
    const fields = [
      tokenize(d.n),
      [...tokenizeSku(d.s), ...(d.cs ?? []).flatMap(tokenizeSku)],
      (d.c ?? []).flatMap((id) => tokenize(file.c[id] ?? '')),
      d.k ? tokenize(d.k) : [],
    ];
    fields.forEach((tokens, f) => {
      totalLen[f]! += tokens.length;
      const counts = new Map<string, number>();
      for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, tf] of counts) (postings[vocab.add(t)] ??= []).push(doc, f, tf, tokens.length);
    });
  });
  return { n: file.d.length, vocab, postings, totalLen };
}

/**
 * The ranking over n documents: BM25+ per field times the boost, summed over a word's matches and
 * over the words, the 75% rule, coordination, the normalised minimum score, sort and §5 paging.
 * `words[qi]` lists the postings a query word matched with the weight of the match; `record(doc)`
 * gives the record of a document shown.
 */
export function createRanker(n: number, totalLen: number[], settings: SearchSettings) {
  const b = settings.boosts;
  const boosts = [b.name, b.sku, b.category_name, b.c2c_supplier_code];
  const avgLen = totalLen.map((t) => (n ? t / n : 0) || 1);
  const scores = new Float64Array(n);
  const masks = new Uint32Array(n);
  const termBest = new Float64Array(n);
  /**
   * Ranks the expanded query words' postings; `hit` makes the page's items from each document number
   * and its normalised score (a record with its score, or only the number where the records are not wanted).
   */
  return function rank<H = SearchHit>(
    words: Iterable<[Postings, number]>[],
    paging: SearchPaging,
    hit: (doc: number, score: number) => H,
  ): Omit<SearchResult, 'items'> & { items: H[] } {
    const { size, start } = normalisePaging(paging, settings.defaultSize);
    const touched: number[] = [];
    words.forEach((wordMatches, qi) => {
      const seen: number[] = [];
      const matches = [...wordMatches];
      // Inverse document frequency per field, blended over the terms the word matched: each field
      // takes the most documents any of them is in, as Elasticsearch's fuzzy and prefix rewrite does
      // (Lucene's TopTermsBlendedFreqScoringRewrite). Weighed by its own frequency, a rare typo match
      // outscores the word itself for being rare: "wing" charms above every ring for "ring".
      const df = [0, 0, 0, 0];
      const own = [0, 0, 0, 0];
      for (const [list] of matches) {
        own.fill(0);
        for (let i = 1; i < list.length; i += 4) own[list[i]!]!++;
        for (let f = 0; f < FIELD_COUNT; f++) df[f] = Math.max(df[f]!, own[f]!);
      }
      const idf = df.map((d) => Math.log(1 + (n - d + 0.5) / (d + 0.5)));
      for (const [list, weight] of matches) {
        for (let i = 0; i < list.length; i += 4) {
          const doc = list[i]!;
          const f = list[i + 1]!;
          const tf = list[i + 2]!;
          const norm = K1 * (1 - B + (B * list[i + 3]!) / avgLen[f]!);
          const s = weight * boosts[f]! * idf[f]! * (DELTA + (tf * (K1 + 1)) / (tf + norm));
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
    const items = kept.slice(start, start + size).map((doc) => hit(doc, scores[doc]! / top));
    const total = kept.length;
    for (const doc of touched) {
      scores[doc] = 0;
      masks[doc] = 0;
    }
    return { items, total, start, perPage: size, cache: false, offline: false, noresults: total === 0 };
  };
}
