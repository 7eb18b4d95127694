import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/lib/search/build';
import { createSearchEngine } from '../../src/lib/search/engine';
import { createSplitEngine, postingsFileOf, type SplitSearchEngine } from '../../src/lib/search/split-engine';
import {
  SplitStateSchema,
  splitRecordsOnly,
  splitSearchIndex,
  splitStateOf,
  wordsDigest,
  type SplitIndex,
  type SplitOptions,
} from '../../src/lib/search/split';
import type { SearchIndexFile, SearchPaging, SearchResult } from '../../src/lib/search/types';
import { iterateProducts, readAttributes, readCategories, readManifest } from '../../src/lib/snapshot/read';
import { BENCH_QUERIES, syntheticCatalogue } from '../../scripts/bench/search-catalogue';
import { benchQueries } from '../../scripts/bench/search';
import { SETTINGS } from './search-fixtures';

const sample = buildSearchIndex(iterateProducts(), readCategories(), { attributes: readAttributes(), generatedAt: readManifest().generated_at });

/** Answers a query on the split engine, serving the files it names from `split.files`; returns the answer and the files fetched. */
function answer(engine: SplitSearchEngine, split: SplitIndex, q: string, paging?: SearchPaging): { result: SearchResult; fetched: string[] } {
  const fetched: string[] = [];
  let r = engine.step(q, paging);
  while ('need' in r) {
    const { need } = r;
    expect(
      fetched.filter((f) => need.includes(f)),
      `"${q}" asks twice for a file`,
    ).toEqual([]);
    for (const name of need) {
      fetched.push(name);
      engine.add(name, JSON.parse(split.files.get(name)!));
    }
    r = engine.step(q, paging);
  }
  return { result: r, fetched };
}

function agree(file: SearchIndexFile, queries: string[], split = splitSearchIndex(file)) {
  const whole = createSearchEngine(file, SETTINGS);
  const engine = createSplitEngine(JSON.parse(JSON.stringify(split.index)), SETTINGS);
  for (const q of queries) {
    for (const paging of [{ size: 50 }, { size: 100000 }, { size: 7, start: 13 }]) {
      expect(answer(engine, split, q, paging).result, `"${q}" ${JSON.stringify(paging)}`).toEqual(whole.search(q, paging));
    }
  }
}

describe('split search index', () => {
  it('gives the whole index its totals, order, scores and records on the benchmark queries (sample catalogue)', () => {
    const queries = [...BENCH_QUERIES, ...benchQueries(sample, 300)];
    agree(sample, queries);
    agree(sample, queries, splitSearchIndex(sample, { recordsPerFile: 3, postingsPerFile: 20 }));
  });

  it('gives the whole index its answers on an all-searchable synthetic catalogue of 3,000 products', () => {
    const { products, categories } = syntheticCatalogue(3000);
    const file = buildSearchIndex(products, categories, { generatedAt: '2026-11-01T00:00:00.000Z' });
    agree(file, [...BENCH_QUERIES, ...benchQueries(file, 200)]);
  });

  it('a query fetches its own files, not the whole index', () => {
    const split = splitSearchIndex(sample, { postingsPerFile: 50 });
    expect(split.index.split.pf).toBeGreaterThanOrEqual(16);
    const engine = createSplitEngine(split.index, SETTINGS);
    const { result, fetched } = answer(engine, split, 'diamond ring', { size: 50 });
    expect(result.total).toBeGreaterThan(0);
    const postings = fetched.filter((f) => f.startsWith('p-'));
    expect(postings.length).toBeLessThan(split.index.split.pf / 2);
    expect(postings).toContain(postingsFileOf('diamond', split.index.split));
    // The records of the page shown, no more: at most one file per result.
    expect(fetched.filter((f) => f.startsWith('d-')).length).toBeLessThanOrEqual(result.items.length);
    // Asked again, everything is held.
    expect('need' in engine.step('diamond ring', { size: 50 })).toBe(false);
  });

  it('the comparison has teeth: a postings file missing a term changes the answer', () => {
    const split = splitSearchIndex(sample);
    const name = postingsFileOf('ring', split.index.split);
    const broken = JSON.parse(split.files.get(name)!) as Record<string, number[]>;
    delete broken.ring;
    const files = new Map(split.files).set(name, JSON.stringify(broken));
    const engine = createSplitEngine(split.index, SETTINGS);
    expect(answer(engine, { ...split, files }, 'ring').result.total).not.toBe(createSearchEngine(sample, SETTINGS).search('ring').total);
  });

  it('names its folder by a digest of the content: the same index gives the same files, a changed record another folder', () => {
    const a = splitSearchIndex(sample);
    const b = splitSearchIndex(JSON.parse(JSON.stringify(sample)));
    expect(b.index).toEqual(a.index);
    expect([...b.files]).toEqual([...a.files]);
    const changed = { ...sample, d: sample.d.map((d, i) => (i === 5 ? { ...d, p: d.p + 1 } : d)) };
    expect(splitSearchIndex(changed).index.split.h).not.toBe(a.index.split.h);
  });

  it('keeps only the terms without digits in /search-index.json', () => {
    const { index } = splitSearchIndex(sample);
    expect(index.split.t.length).toBeGreaterThan(50);
    expect(index.split.t.filter((t) => /\d/.test(t))).toEqual([]);
    expect(index.split.n).toBe(sample.d.length);
    expect(index.sg).toEqual(sample.sg);
  });
});

describe('a split made from the one before when only its records changed', () => {
  /** The sample with new prices (and a picture) for the documents at `at`. */
  const repriced = (at: number[]): SearchIndexFile => ({
    ...sample,
    at: '2026-11-30T00:00:00.000Z',
    d: sample.d.map((d, i) => (at.includes(i) ? { ...d, p: d.p + 7, sp: 1.5, m: 'other.jpg' } : d)),
  });
  /** The state a split leaves (as kept between builds: through JSON and its schema). */
  const stateOf = (split: SplitIndex, file: SearchIndexFile, opts: SplitOptions) =>
    SplitStateSchema.parse(JSON.parse(JSON.stringify(splitStateOf(split.index, split.files, wordsDigest(file, opts)))));
  /** The records-only split agrees with a whole split of the new file: the same head and the same text for every file it has, and it has every records file. */
  function agreesWithWhole(after: SearchIndexFile, opts: SplitOptions) {
    const before = stateOf(splitSearchIndex(sample, opts), sample, opts);
    expect(wordsDigest(after, opts)).toBe(before.words);
    const patched = splitRecordsOnly(after, before, opts);
    const whole = splitSearchIndex(after, opts);
    expect(patched).not.toBeNull();
    expect(patched!.index).toEqual(whole.index);
    expect(JSON.stringify(patched!.index)).toBe(JSON.stringify(whole.index));
    expect([...patched!.files.keys()]).toEqual([...whole.files.keys()].filter((f) => f.startsWith('d-')));
    for (const [name, text] of patched!.files) expect(text, name).toBe(whole.files.get(name));
    return { before, patched: patched!, whole };
  }

  it('gives the whole split of the new file: its head, its folders and its records files, the postings parts keeping their folders', () => {
    const opts = { postingsPerFile: 50, partFiles: 4 };
    const { before, whole } = agreesWithWhole(repriced([0, 40, sample.d.length - 1]), opts);
    // Some parts renamed, the postings' parts not.
    const pf = whole.index.split.pf;
    expect(pf % 4).toBe(0);
    expect(whole.index.split.hs.slice(0, pf / 4)).toEqual(before.meta.hs.slice(0, pf / 4));
    expect(whole.index.split.hs.filter((h, k) => h !== before.meta.hs[k]).length).toBeGreaterThan(0);
    expect(whole.index.split.h).not.toBe(before.meta.h);
  });

  it('takes a part of postings and records files as it was when its records are, and gives up when they changed', () => {
    // Parts of 3 files: part 0 holds p-0..p-2, and the part holding the last postings file holds records files too.
    const opts = { postingsPerFile: 50, partFiles: 3 };
    const pf = splitSearchIndex(sample, opts).index.split.pf;
    expect(pf % 3).not.toBe(0);
    const mixedDocs = Array.from({ length: sample.d.length }, (_, i) => i).filter((i) => Math.floor((pf + Math.floor(i / 8)) / 3) === Math.floor((pf - 1) / 3));
    expect(mixedDocs.length).toBeGreaterThan(0);
    agreesWithWhole(repriced([sample.d.length - 1]), opts);
    const before = stateOf(splitSearchIndex(sample, opts), sample, opts);
    expect(splitRecordsOnly(repriced([mixedDocs[0]!]), before, opts)).toBeNull();
  });

  it('says when the words changed, and gives up on another numbering', () => {
    const opts = { postingsPerFile: 50, partFiles: 4 };
    const before = stateOf(splitSearchIndex(sample, opts), sample, opts);
    const renamed = { ...sample, d: sample.d.map((d, i) => (i === 3 ? { ...d, n: `${d.n} Heritage` } : d)) };
    expect(wordsDigest(renamed, opts)).not.toBe(before.words);
    const recategorised = { ...sample, c: { ...sample.c, [String(sample.d.find((d) => d.c)!.c![0])]: 'Other' } };
    expect(wordsDigest(recategorised, opts)).not.toBe(before.words);
    expect(wordsDigest(sample, { ...opts, partFiles: 8 })).not.toBe(before.words);
    expect(splitRecordsOnly(repriced([1]), before, { ...opts, recordsPerFile: 4 })).toBeNull();
    expect(splitRecordsOnly({ ...sample, d: sample.d.slice(1) }, before, opts)).toBeNull();
  });
});
