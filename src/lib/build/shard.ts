/**
 * Sharded builds (docs/architecture.md, "Sharded builds"): `astro build --shard K/N` (or
 * `BUILD_SHARD=K/N`) renders the pages of the catalogue routes whose path hashes to shard K of N,
 * and every other output (assets, the service worker, the per-store pages, the global JSON files)
 * whole, as a single build would. `npm run build:merge` (./merge.ts) puts N shard folders together.
 *
 * A page's shard is a hash of its URL path, not its position in a list, so a page stays in its shard
 * when products are added or removed and the shards stay even as the catalogue grows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { shardOf } from '../routing/dispatcher';

export interface Shard {
  /** 1-based index of this shard. */
  index: number;
  /** Number of shards. */
  count: number;
}

/** The file each shard writes beside its pages; the merge checks it and leaves it out. */
export const SHARD_MARKER = '_shard.json';

export const ShardSpecSchema = z
  .string()
  .trim()
  .regex(/^\d+\/\d+$/, { message: "expected K/N, e.g. '2/4'" })
  .transform((s) => {
    const [index, count] = s.split('/').map(Number) as [number, number];
    return { index, count };
  })
  .refine((s) => s.count >= 1 && s.count <= 4096, { message: 'N must be between 1 and 4096' })
  .refine((s) => s.index >= 1 && s.index <= s.count, { message: 'K must be between 1 and N' });

/** The marker a shard writes (SHARD_MARKER): which shard of how many, and of which build. */
export const ShardMarkerSchema = z.object({
  index: z.number().int().min(1),
  count: z.number().int().min(1),
  /** BUILD_TIME of the build: every shard must render prices at the same instant. */
  buildTime: z.string().nullable(),
});
export type ShardMarker = z.infer<typeof ShardMarkerSchema>;

/** Parses a 'K/N' setting; a bad value throws naming where it came from and what is wrong. */
export function parseShard(raw: string, source = '--shard'): Shard {
  const r = ShardSpecSchema.safeParse(raw);
  if (!r.success) throw new Error(`${source}: ${r.error.issues[0]!.message}, got '${raw}'`);
  return r.data;
}

/**
 * The shard of this build from the command line (`--shard K/N` or `--shard=K/N`), else from
 * `BUILD_SHARD`; null for a whole build.
 */
export function shardFromArgs(argv: readonly string[] = process.argv, env: Record<string, string | undefined> = process.env): Shard | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--shard') {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new Error("--shard: expected K/N, e.g. '2/4', got nothing");
      return parseShard(v);
    }
    if (a.startsWith('--shard=')) return parseShard(a.slice('--shard='.length));
  }
  return env.BUILD_SHARD ? parseShard(env.BUILD_SHARD, 'BUILD_SHARD') : null;
}

/** The shard of this process (its pages read it); set by the build's integration from the command line. */
export function currentShard(env: Record<string, string | undefined> = process.env): Shard | null {
  return env.BUILD_SHARD ? parseShard(env.BUILD_SHARD, 'BUILD_SHARD') : null;
}

/** The shard (1-based) a page's URL path belongs to among `count`. */
export function shardOfPath(path: string, count: number): number {
  return shardOf(path.replace(/\/+$/, '') || '/', count) + 1;
}

/** True when this build renders the page at `path` (always, in a whole build). */
export function inShard(path: string, shard: Shard | null = currentShard()): boolean {
  return !shard || shard.count === 1 || shardOfPath(path, shard.count) === shard.index;
}

/** The items of a sharded route that this build renders: `pathOf` names each item's URL path. */
export function ofThisShard<T>(items: readonly T[], pathOf: (item: T) => string, shard: Shard | null = currentShard()): T[] {
  return shard && shard.count > 1 ? items.filter((i) => inShard(pathOf(i), shard)) : [...items];
}

/**
 * The integration of sharded builds: reads `--shard` before the pages run (and hands it to them
 * through BUILD_SHARD), and writes SHARD_MARKER into a shard's output.
 */
export function shardBuild(argv: readonly string[] = process.argv) {
  const shard = shardFromArgs(argv);
  // Shards run on different machines at different moments: a price whose special starts between
  // two of them would differ between pages. Every shard renders at the one instant BUILD_TIME names.
  if (shard && !process.env.BUILD_TIME)
    throw new Error(
      `--shard ${shard.index}/${shard.count}: set BUILD_TIME (an ISO date, the same for every shard of the build), e.g. BUILD_TIME=$(date -u +%FT%TZ)`,
    );
  if (shard) process.env.BUILD_SHARD = `${shard.index}/${shard.count}`;
  return {
    name: 'pj-shard',
    hooks: {
      'astro:build:done': ({ dir, logger }: { dir: URL; logger: { info: (s: string) => void } }) => {
        if (!shard) return;
        const root = fileURLToPath(dir);
        mkdirSync(root, { recursive: true });
        const marker: ShardMarker = { index: shard.index, count: shard.count, buildTime: process.env.BUILD_TIME ?? null };
        writeFileSync(join(root, SHARD_MARKER), `${JSON.stringify(marker)}\n`);
        logger.info(`shard ${shard.index}/${shard.count} written (merge the shards with npm run build:merge)`);
      },
    },
  };
}
