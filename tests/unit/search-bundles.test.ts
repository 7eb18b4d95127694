/**
 * The warming bundles (src/lib/search/bundles.ts): bundle i holds files i × size … in the heads'
 * order, each file's JSON as the build wrote it (so the worker puts byte-identical files in its
 * cache), and a bundle naming a file the build did not write is an error at build time.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE_FILES, bundlesOf, SearchBundleSchema, writeBundles } from '../../src/lib/search/bundles';

const files = new Map(Array.from({ length: 21 }, (_, i) => [`d-${i}`, JSON.stringify([{ s: `S${i}`, p: i * 1.5, n: `Ring "${i}" é` }])]));
const names = [...files.keys()];

describe('search bundles', () => {
  it('numbers bundles over the names in order', () => {
    expect(bundlesOf(names, 8).map((b) => [b.name, b.files.length, b.files[0]])).toEqual([
      ['bundle-0', 8, 'd-0'],
      ['bundle-1', 8, 'd-8'],
      ['bundle-2', 5, 'd-16'],
    ]);
    expect(bundlesOf(names)).toHaveLength(Math.ceil(names.length / BUNDLE_FILES));
  });

  it("holds each file's content, given back byte for byte", () => {
    const bundles = writeBundles(files, names, 8);
    expect([...bundles.keys()]).toEqual(['bundle-0', 'bundle-1', 'bundle-2']);
    const got = new Map<string, string>();
    for (const text of bundles.values()) {
      const b = SearchBundleSchema.parse(JSON.parse(text));
      for (const [name, value] of Object.entries(b.f)) got.set(name, JSON.stringify(value));
    }
    expect(got).toEqual(files);
  });

  it('refuses to bundle a file the build did not write', () => {
    expect(() => writeBundles(files, [...names, 'd-99'], 8)).toThrow(/names d-99/);
  });
});
