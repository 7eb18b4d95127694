/**
 * The MiniSearch contender: the same §9 semantics as src/lib/search/engine.ts on top of the MiniSearch library.
 * Not shipped to the browser; kept so the benchmark (scripts/bench/search-cli.ts) and the unit tests
 * can compare the two (docs/search.md has the numbers behind choosing the hand-written engine).
 */
import MiniSearch from 'minisearch';
import { fuzzinessFor, queryTerms, requiredMatches, tokenize, tokenizeSku } from '../../src/lib/search/text';
import { emptyResult, isQueryLongEnough, normalisePaging, passesMinScore, type SearchSettings } from '../../src/lib/search/query';
import type { SearchEngine } from '../../src/lib/search/engine';
import type { SearchDoc, SearchHit, SearchIndexFile } from '../../src/lib/search/types';

// Index fields: name, sku, category names, c2c_supplier_code.
const FIELDS = ['n', 's', 'c', 'k'] as const;

/** Builds the MiniSearch engine from the index file. */
export function createMiniSearchEngine(file: SearchIndexFile, settings: SearchSettings): SearchEngine {
  const byId = new Map<string, SearchDoc>();
  const catNames = file.c;
  const ms = new MiniSearch<SearchDoc>({
    idField: 's',
    fields: [...FIELDS],
    extractField: (doc, field) => {
      if (field === 'c') return (doc.c ?? []).map((id) => catNames[id] ?? '').join(' ');
      if (field === 's') return [doc.s, ...(doc.cs ?? [])].join(' ');
      return (doc as unknown as Record<string, unknown>)[field] as string;
    },
    tokenize: (text, field) => (field === 's' ? tokenizeSku(text) : tokenize(text)),
    processTerm: (term) => term,
  });
  for (const d of file.d) byId.set(d.s, d);
  ms.addAll(file.d);

  const b = settings.boosts;
  const boost = { n: b.name, s: b.sku, c: b.category_name, k: b.c2c_supplier_code };

  return {
    count: byId.size,
    search(query, paging = {}) {
      const terms = isQueryLongEnough(query, settings.minTermLength) ? queryTerms(query) : [];
      if (!terms.length) return emptyResult({}, paging, settings.defaultSize);
      const need = requiredMatches(terms.length, settings.minimumShouldMatch);
      const raw = ms.search(terms.join(' '), {
        boost,
        combineWith: 'OR',
        tokenize: (t) => t.split(' '),
        processTerm: (t) => t,
        fuzzy: (term) => fuzzinessFor(term, settings.fuzziness) || false,
        // As-you-type: the last word also matches as a prefix once it has 3 letters.
        prefix: (term, i, all) => i === all.length - 1 && term.length >= settings.minTermLength,
      });
      // Minimum should match, then the min-score cut on scores normalised to the best remaining hit.
      const kept = raw.filter((r) => r.queryTerms.length >= need);
      const top = kept.reduce((m, r) => Math.max(m, r.score), 0);
      const ranked = kept.filter((r) => passesMinScore(r.score, top, settings.minScore));
      const { size, start } = normalisePaging(paging, settings.defaultSize);
      const items: SearchHit[] = [];
      for (const r of ranked.slice(start, start + size)) {
        const doc = byId.get(r.id as string);
        if (doc) items.push({ ...doc, score: r.score / top });
      }
      return { items, total: ranked.length, start, perPage: size, cache: false, offline: false, noresults: ranked.length === 0 };
    },
  };
}
