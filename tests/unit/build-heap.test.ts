/** The build's heap limit grows with the catalogue and is read from the snapshot's manifest (src/lib/build/heap.ts). */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildEnv, buildNodeArgs, heapLimitMb, SEMI_SPACE_MB, snapshotProductCount } from '../../src/lib/build/heap';
import { astroBuild } from '../../server/rebuild';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';

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
      expect(buildNodeArgs(dir, [], {})).toEqual([`--max-old-space-size=${heapLimitMb(10_000)}`, `--max-semi-space-size=${SEMI_SPACE_MB}`]);
      // A page shard of a prepared build holds its share of the products; the site part and a
      // self-contained shard hold the whole catalogue's records.
      expect(buildNodeArgs(dir, ['--shard', '3/8', '--inputs', 'in'], {})[0]).toBe(`--max-old-space-size=${heapLimitMb(1250)}`);
      expect(buildNodeArgs(dir, [], { BUILD_SHARD: '3/8', BUILD_SHARD_INPUTS: 'in' })[0]).toBe(`--max-old-space-size=${heapLimitMb(1250)}`);
      // Its input's records are read whole: the limit makes room for them.
      const inputs = mkdtempSync(join(tmpdir(), 'heap-inputs-'));
      writeFileSync(join(inputs, '3.json'), 'x'.repeat(10 * 1024 * 1024));
      expect(buildNodeArgs(dir, ['--shard', '3/8', '--inputs', inputs], {})[0]).toBe(`--max-old-space-size=${heapLimitMb(1250) + 30}`);
      rmSync(inputs, { recursive: true, force: true });
      expect(buildNodeArgs(dir, ['--shard', '0/8'], {})[0]).toBe(`--max-old-space-size=${heapLimitMb(10_000)}`);
      expect(buildNodeArgs(dir, ['--shard', '3/8'], {})[0]).toBe(`--max-old-space-size=${heapLimitMb(10_000)}`);
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

  it("has the bundler's allocator return freed memory at once, unless the caller chose otherwise", () => {
    expect(buildEnv({})).toEqual({ MIMALLOC_PURGE_DELAY: '0' });
    expect(buildEnv({ MIMALLOC_PURGE_DELAY: '10' })).toEqual({ MIMALLOC_PURGE_DELAY: '10' });
  });

  it("the rebuild hook's build process gets the heap limit and the allocator setting", async () => {
    // A project whose `astro` records the arguments and environment it was started with.
    const root = mkdtempSync(join(tmpdir(), 'heap-test-'));
    const snap = snapshotWith(manifest(10_000));
    try {
      mkdirSync(join(root, 'node_modules/astro/bin'), { recursive: true });
      writeFileSync(
        join(root, 'node_modules/astro/bin/astro.mjs'),
        `import { writeFileSync } from 'node:fs';
writeFileSync(process.argv.at(-1) + '.json', JSON.stringify({ execArgv: process.execArgv, purge: process.env.MIMALLOC_PURGE_DELAY ?? null }));`,
      );
      const out = join(root, 'out');
      const saved = process.env.MIMALLOC_PURGE_DELAY;
      delete process.env.MIMALLOC_PURGE_DELAY;
      try {
        await astroBuild({ projectRoot: root, snapshotDir: snap, outDir: out });
      } finally {
        if (saved !== undefined) process.env.MIMALLOC_PURGE_DELAY = saved;
      }
      const seen = JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { execArgv: string[]; purge: string | null };
      expect(seen.execArgv).toContain(`--max-old-space-size=${heapLimitMb(10_000)}`);
      expect(seen.execArgv).toContain(`--max-semi-space-size=${SEMI_SPACE_MB}`);
      expect(seen.purge).toBe('0');
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(snap, { recursive: true, force: true });
    }
  });
});
