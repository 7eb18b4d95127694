/** The build's heap limit grows with the catalogue and is read from the snapshot's manifest (src/lib/build/heap.ts). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildNodeArgs, heapLimitMb, snapshotProductCount } from '../../src/lib/build/heap';
import { SAMPLE_DIR } from '../../src/lib/build/snapshot';

function snapshotWith(manifest: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'heap-test-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}
const manifest = (products: number) => ({
  version: 1,
  generated_at: '2026-11-01T00:00:00.000Z',
  source: 't',
  store_code: 'gb',
  counts: { products },
  product_shards: [],
});

describe('build heap limit', () => {
  it('grows with the product count: under 1 GB at 10,000 products, under 2 GB at 50,000', () => {
    expect(heapLimitMb(400)).toBeLessThan(heapLimitMb(10_000));
    expect(heapLimitMb(10_000)).toBeLessThan(heapLimitMb(50_000));
    expect(heapLimitMb(10_000)).toBeLessThanOrEqual(800);
    expect(heapLimitMb(50_000)).toBeLessThanOrEqual(1600);
    expect(heapLimitMb(0)).toBeGreaterThanOrEqual(512);
  });

  it('refuses a count that is not one', () => {
    expect(() => heapLimitMb(-1)).toThrow(/count/);
    expect(() => heapLimitMb(Number.NaN)).toThrow(/count/);
  });

  it("reads the count from the snapshot's manifest and gives Node's flag for it", () => {
    const dir = snapshotWith(manifest(10_000));
    try {
      expect(snapshotProductCount(dir)).toBe(10_000);
      expect(buildNodeArgs(dir)).toEqual([`--max-old-space-size=${heapLimitMb(10_000)}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(snapshotProductCount(SAMPLE_DIR)).toBeGreaterThan(100);
  });

  it('names the snapshot when its manifest is missing or wrong', () => {
    const empty = mkdtempSync(join(tmpdir(), 'heap-test-'));
    const bad = snapshotWith({ ...manifest(1), counts: { products: 'many' } });
    try {
      expect(() => snapshotProductCount(empty)).toThrow(/manifest\.json is missing/);
      expect(() => snapshotProductCount(bad)).toThrow(/counts\.products/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
