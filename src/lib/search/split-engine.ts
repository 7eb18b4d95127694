/**
 * The engine over a split index (docs/search.md "At scale"): /search-index.json holds the
 * statistics and the letter-only vocabulary; a query asks for the postings files of its words and
 * of the terms they expand to, then the records files of the page it shows. Same rules as the whole
 * index's engine (ranking.ts: vocabulary, postings, ranking are shared), so the same totals, order
 * and scores. Loaded only when the index is split (its own chunk).
 */
import { createVocabulary, createRanker, queryWords, type Postings } from './ranking';
import { folderOf } from './bundles';
import type { SearchSettings } from './query';
import {
  recordsFileOf,
  splitIndexFiles,
  type SearchDoc,
  type SearchPaging,
  type SearchPostingsFile,
  type SearchResult,
  type SearchSplitFile,
  type SearchSplitMeta,
} from './types';

/** Letters of a term that choose its postings file: every term a prefix query word of 3+ letters can reach shares the word's file. */
const KEY_LENGTH = 3;

/** The postings file holding a term (FNV-1a of its first letters). */
export function postingsFileOf(term: string, meta: Pick<SearchSplitMeta, 'pf'>): string {
  const key = term.slice(0, KEY_LENGTH);
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return `p-${(h >>> 0) % meta.pf}`;
}

/** Files a query still needs (names as postingsFileOf / recordsFileOf give them). */
export interface SearchNeed {
  need: string[];
}

/**
 * An engine over a split index. `step` answers, or names the files it needs first (add them, step
 * again); `search` does that with the engine's `fetchFile` (at most three rounds), and answers a
 * failed fetch or a file of another format with its problem (logged).
 */
export interface SplitSearchEngine {
  readonly count: number;
  search(query: string, paging?: SearchPaging): Promise<SearchResult | FileProblem>;
  step(query: string, paging?: SearchPaging): SearchResult | SearchNeed;
  /**
   * Every match's document number, best first, without their records (the search results page
   * lists them from the search listing's buckets, src/lib/search/split-listing.ts): only postings files are fetched.
   */
  matches(query: string): Promise<SearchMatches | FileProblem>;
  stepMatches(query: string): SearchMatches | SearchNeed;
  /** A fetched file (postings or records), by name; throws when it is not a file of this format. */
  add(name: string, data: unknown): void;
  /** Where a file is, relative to /search-index.json's folder: search-index/{its part's folder}/{name}.json. */
  path(name: string): string;
}

/** Every match of a query as document numbers (the split index's record numbers), best first. */
export interface SearchMatches {
  docs: number[];
  total: number;
}

/** Fetches a file of the index by its path relative to /search-index.json's folder. */
export type FetchFile = (path: string) => Promise<{ data: unknown } | FileProblem>;

/** Why a file is not there: offline (no network, the fetch failed) or an error answer or format. */
export type FileProblem = { offline: boolean; error: string };

export function createSplitEngine(
  file: SearchSplitFile,
  settings: SearchSettings,
  fetchFile: FetchFile = async () => ({ offline: false, error: 'no files' }),
): SplitSearchEngine {
  const meta = file.split;
  const n = meta.n;
  const folder = folderOf(meta, () => splitIndexFiles(meta));
  const vocab = createVocabulary();
  for (const t of meta.t) vocab.add(t);
  const loaded = new Set<string>();
  const terms = new Map<string, Postings>();
  const records = new Map<number, SearchDoc>();
  const rank = createRanker(n, meta.len, settings);

  const missing = (names: Iterable<string>): SearchNeed | null => {
    const need = [...new Set(names)].filter((f) => !loaded.has(f));
    return need.length ? { need } : null;
  };

  /** Steps until nothing is missing, fetching what each step names (at most three rounds); a file that cannot be had ends it. */
  async function resolve<R>(next: () => R | SearchNeed): Promise<R | FileProblem> {
    for (let r = next(); ; r = next()) {
      if (!(r && typeof r === 'object' && 'need' in r)) return r;
      const { need } = r;
      const files = await Promise.all(need.map((name) => fetchFile(engine.path(name))));
      for (const [i, f] of files.entries()) {
        let problem = 'error' in f ? f : null;
        try {
          if (!problem) engine.add(need[i]!, (f as { data: unknown }).data);
        } catch (e) {
          problem = { offline: false, error: (e as Error).message };
        }
        if (problem) {
          console.error(`Search: ${problem.error}`);
          return problem;
        }
      }
    }
  }

  /** The query words expanded to terms, or the postings files still needed for that. */
  function expand(query: string): [Postings, number][][] | SearchNeed {
    const words = queryWords(query, settings);
    // A word's own file holds its exact term with digits and every term its prefix reaches.
    const own = missing(words.map(([word]) => postingsFileOf(word, meta)));
    if (own) return own;
    const expanded = words.map((w) => [...vocab.expand(...w)].map(([id, weight]): [string, number] => [vocab.terms[id]!, weight]));
    const typos = missing(expanded.flat().map(([term]) => postingsFileOf(term, meta)));
    if (typos) return typos;
    // A term its file lacks (a file of another build) matches nothing rather than failing the query.
    return expanded.map((m) => m.flatMap(([term, weight]): [Postings, number][] => (terms.has(term) ? [[terms.get(term)!, weight]] : [])));
  }

  const engine: SplitSearchEngine = {
    count: n,
    path: (name) => `search-index/${folder(name)}/${name}.json`,
    search: (query, paging = {}) => resolve(() => engine.step(query, paging)),
    matches: (query) => resolve(() => engine.stepMatches(query)),
    add(name, data) {
      if (loaded.has(name)) return;
      const isPostings = name.startsWith('p-');
      if (isPostings ? typeof data !== 'object' || data === null || Array.isArray(data) : !Array.isArray(data)) {
        throw new Error(`search index file ${name} has an unknown format`);
      }
      if (isPostings) {
        for (const [term, list] of Object.entries(data as SearchPostingsFile)) {
          // Columns (doc differences, fields, tfs, field lengths) back to flat [doc, field, tf, length] postings.
          const k = list.length / 4;
          const p = new Array<number>(list.length);
          for (let i = 0, doc = 0; i < k; i++) {
            p[i * 4] = doc += list[i]!;
            for (let c = 1; c < 4; c++) p[i * 4 + c] = list[c * k + i]!;
          }
          terms.set(term, p);
          // Terms with digits are not in the vocabulary file: a query finds them in its words' files.
          vocab.add(term);
        }
      } else {
        const first = Number(name.slice(2)) * meta.rf;
        (data as SearchDoc[]).forEach((d, i) => records.set(first + i, d));
      }
      loaded.add(name);
    },
    step(query, paging = {}) {
      const words = expand(query);
      if ('need' in words) return words;
      const shown: string[] = [];
      const result = rank(words, paging, (doc, score) => {
        const d = records.get(doc);
        if (!d) shown.push(recordsFileOf(doc, meta));
        return { ...(d ?? { s: '', n: '', u: '', p: 0 }), score };
      });
      // The records of the page shown, when not all held yet: fetch them and ask again.
      return missing(shown) ?? result;
    },
    stepMatches(query) {
      const words = expand(query);
      if ('need' in words) return words;
      const { items, total } = rank(words, { start: 0, size: Number.MAX_SAFE_INTEGER }, (doc) => doc);
      return { docs: items, total };
    },
  };
  return engine;
}
