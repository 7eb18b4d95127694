/**
 * The files manifest of an overlay generation (src/lib/build/render/cdn-files.ts patchedFiles):
 * the parent's with the changed files' digests, the new files merged in and the removed ones left
 * out, in the full build's order, checked against a plain merge-and-sort on many random changes.
 */
import { describe, expect, it } from 'vitest';
import { patchedFiles } from '../../src/lib/build/render/cdn-files';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** What the manifest must hold: every file of the parent and the set, less the removed ones not set again, sorted. */
function expected(parent: Record<string, string>, set: Map<string, string>, removed: Set<string>): [string, string][] {
  const all = { ...parent, ...Object.fromEntries(set) };
  return Object.entries(all)
    .filter(([f]) => !removed.has(f) || set.has(f))
    .sort(([a], [b]) => byName(a, b));
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("an overlay's files manifest", () => {
  it('is the parent with the changes, in the order of a sort, for many random changes', () => {
    const next = random(7);
    const name = () =>
      ['', 'amp/', '_astro/', 'search-index/ab/', 'Z/'][Math.floor(next() * 5)] + `f${Math.floor(next() * 400)}${next() < 0.5 ? '/index.html' : '.json'}`;
    for (let round = 0; round < 200; round++) {
      const names = [...new Set(Array.from({ length: Math.floor(next() * 60) }, name))].sort(byName);
      const parent = Object.fromEntries(names.map((n) => [n, `d${Math.floor(next() * 9)}`]));
      const set = new Map(
        Array.from(
          { length: Math.floor(next() * 12) },
          () => [next() < 0.5 && names.length ? names[Math.floor(next() * names.length)]! : name(), `n${round}`] as [string, string],
        ),
      );
      const removed = new Set(
        Array.from({ length: Math.floor(next() * 6) }, () => (next() < 0.7 && names.length ? names[Math.floor(next() * names.length)]! : name())),
      );
      const got = patchedFiles(parent, set, removed);
      expect(Object.entries(got)).toEqual(expected(parent, set, removed));
    }
  });

  it("sorts a parent that is not in the full build's order", () => {
    const parent = { 'b/index.html': '1', 'a/index.html': '1', 'c.json': '1' };
    const got = patchedFiles(parent, new Map([['aa.json', '2']]), new Set(['c.json']));
    expect(Object.entries(got)).toEqual([
      ['a/index.html', '1'],
      ['aa.json', '2'],
      ['b/index.html', '1'],
    ]);
  });

  it('leaves the parent as it was', () => {
    const parent = { 'a.json': '1', 'b.json': '1' };
    patchedFiles(parent, new Map([['a.json', '2']]), new Set(['b.json']));
    expect(parent).toEqual({ 'a.json': '1', 'b.json': '1' });
  });
});
