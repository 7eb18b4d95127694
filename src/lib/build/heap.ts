/**
 * The V8 heap limit of a site build, grown with the catalogue. Left to itself, V8 sizes the heap
 * from the machine's memory and keeps garbage it could collect: a 10,000-product build peaked at
 * 1,084 MB resident when its live data needs far less (docs/benchmarks/history/2026-11-26.md). A limit that follows
 * the snapshot's product count makes V8 collect sooner, so the peak follows the catalogue too.
 * Every place that starts a build passes these arguments to Node and the variables of `buildEnv` to
 * its environment: `npm run build` (scripts/build.ts), the rebuild hook (server/rebuild.ts
 * `astroBuild`) and the benchmark.
 *
 * Most of a build's resident memory is not V8's heap (docs/benchmarks/history/2026-11-27.md, "Build memory"): the
 * bundler (rolldown, native code with its own allocator, mimalloc) frees the memory of the server
 * and client bundles once they are written, but mimalloc kept those pages resident for the rest of
 * the build. `MIMALLOC_PURGE_DELAY=0` makes it hand freed pages back to the system at once.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SnapshotManifestSchema } from '../snapshot/schemas';
import { inputsFromArgs, shardFromArgs } from './shard';

/** Heap for the build's fixed part (Astro, Vite, the bundles, the sample-sized snapshot), MB. */
export const HEAP_BASE_MB = 512;
/** Heap per product of the snapshot (records, page data, keys, the search index), MB. */
export const HEAP_PER_PRODUCT_MB = 0.02;

/** The heap limit (MB, whole) for a build of `products` products. */
export function heapLimitMb(products: number): number {
  if (!Number.isFinite(products) || products < 0) throw new RangeError(`heapLimitMb: products must be a count, got ${products}`);
  return Math.ceil(HEAP_BASE_MB + products * HEAP_PER_PRODUCT_MB);
}

/**
 * The product count a snapshot folder's manifest declares. A missing or invalid manifest throws:
 * the build would fail on it anyway, with the snapshot reader's message.
 */
export function snapshotProductCount(snapshotDir: string): number {
  const file = join(snapshotDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`Snapshot ${snapshotDir}: manifest.json is missing`);
  const parsed = SnapshotManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Snapshot ${file}: ${parsed.error.issues[0]?.path.join('.') || '(root)'} ${parsed.error.issues[0]?.message}`);
  return parsed.data.counts.products ?? 0;
}

/**
 * The largest semi-space of V8's young generation, MB. V8's default lets the young generation grow
 * to 3 x 64 MB whatever the old-space limit, and a build, which allocates fast (every page's HTML,
 * props and strings), keeps it near that size. 32 MB: a 10,000-product build's peak fell from
 * 927 to 877 MB; 16 MB saved as much but doubled the scavenges again (docs/benchmarks/history/2026-11-27.md).
 */
export const SEMI_SPACE_MB = 32;

/**
 * Node's arguments for a build of the snapshot in `snapshotDir` (before the script's path); `buildArgs`
 * are the build's own arguments. A page shard of a prepared build (`--shard K/N --inputs DIR`) holds
 * its 1/N of the products, not the catalogue: its limit follows its share.
 */
export function buildNodeArgs(snapshotDir: string, buildArgs: readonly string[] = [], env: Record<string, string | undefined> = process.env): string[] {
  const products = snapshotProductCount(snapshotDir);
  const shard = shardFromArgs(buildArgs, env);
  const inputs = shard && shard.index > 0 ? inputsFromArgs(buildArgs, env) : null;
  const limit = shard && inputs ? heapLimitMb(Math.ceil(products / shard.count)) + inputHeapMb(join(inputs, `${shard.index}.json`)) : heapLimitMb(products);
  return [`--max-old-space-size=${limit}`, `--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * Heap for a page shard's input file (MB): it is read whole (the text and the objects made of it,
 * about three times the file's size). 0 when the file is not there (the build then stops on it,
 * naming it).
 */
export function inputHeapMb(file: string): number {
  return existsSync(file) ? Math.ceil((3 * statSync(file).size) / 1024 / 1024) : 0;
}

/**
 * Environment variables of a build's process (on top of the caller's): mimalloc, the allocator of the
 * bundler's native code, returns freed memory at once instead of keeping it resident. A variable the
 * caller already set wins (e.g. `MIMALLOC_PURGE_DELAY=10` measures a build with mimalloc's default).
 */
export function buildEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return { MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0' };
}
