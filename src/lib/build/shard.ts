/**
 * Sharded builds (docs/build.md, "Sharded builds"): `astro build --shard K/N` (or
 * `BUILD_SHARD=K/N`) renders the pages of the catalogue routes whose path hashes to shard K of N,
 * and every other output (assets, the service worker, the per-store pages, the global JSON files)
 * whole, as a single build would. `npm run build:merge` (./merge.ts) puts N shard folders together.
 *
 * A page's shard is a hash of its URL path, not its position in a list, so a page stays in its shard
 * when products are added or removed and the shards stay even as the catalogue grows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { shardOf } from '../routing/dispatcher';

export interface Shard {
  /** 1-based index of this shard. */
  index: number;
  /** Number of shards. */
  count: number;
}

/** The folder of the site part's output holding the page shards' inputs; the merge leaves it out. */
export const SHARD_INPUTS_FOLDER = '_shard-inputs';

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
  .refine((s) => s.index >= 0 && s.index <= s.count, { message: 'K must be between 0 (the site part) and N' });

/** The marker a shard writes (SHARD_MARKER): which shard of how many, and of which build. */
export const ShardMarkerSchema = z.object({
  /** 0 for the site part of a prepared build, 1..N for a shard of pages. */
  index: z.number().int().min(0),
  count: z.number().int().min(1),
  /** BUILD_TIME of the build: every shard must render prices at the same instant. */
  buildTime: z.string().nullable(),
  /** Present in a prepared build (the site part and the page shards reading its inputs). */
  prepared: z.literal(true).optional(),
});
export type ShardMarker = z.infer<typeof ShardMarkerSchema>;

/** Parses a 'K/N' setting; a bad value throws naming where it came from and what is wrong. */
export function parseShard(raw: string, source = '--shard'): Shard {
  const r = ShardSpecSchema.safeParse(raw);
  if (!r.success) throw new Error(`${source}: ${r.error.issues[0]!.message}, got '${raw}'`);
  return r.data;
}

/**
 * The value of `--name V` or `--name=V` among the build's arguments (Astro passes options it does not
 * know through); undefined when absent. `expected` says what a bare `--name` lacks.
 */
function argValue(argv: readonly string[], name: string, expected: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new Error(`--${name}: expected ${expected}, got nothing`);
      return v;
    }
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

/**
 * The shard of this build from the command line (`--shard K/N` or `--shard=K/N`), else from
 * `BUILD_SHARD`; null for a whole build.
 */
export function shardFromArgs(argv: readonly string[] = process.argv, env: Record<string, string | undefined> = process.env): Shard | null {
  const v = argValue(argv, 'shard', "K/N, e.g. '2/4'");
  if (v !== undefined) return parseShard(v);
  return env.BUILD_SHARD ? parseShard(env.BUILD_SHARD, 'BUILD_SHARD') : null;
}

/** The environment variable naming the folder of a prepared build's inputs (`--inputs DIR`). */
export const SHARD_INPUTS_ENV = 'BUILD_SHARD_INPUTS';

/** The folder of the site part's inputs for the page shards (`--inputs DIR`, else BUILD_SHARD_INPUTS), or null. */
export function inputsFromArgs(argv: readonly string[] = process.argv, env: Record<string, string | undefined> = process.env): string | null {
  return argValue(argv, 'inputs', "the folder of the site part's shard inputs") ?? (env[SHARD_INPUTS_ENV] || null);
}

/** The shard of this process (its pages read it); set by the build's integration from the command line. */
export function currentShard(env: Record<string, string | undefined> = process.env): Shard | null {
  return env.BUILD_SHARD ? parseShard(env.BUILD_SHARD, 'BUILD_SHARD') : null;
}

/**
 * What this build is: a whole build; a self-contained shard (K/N, it reads the whole catalogue and
 * writes every shared file, as every other shard does); or one part of a prepared build: the site
 * part (0/N: every page and file that reads the whole catalogue, and the page shards' inputs) or a
 * page shard (K/N with `--inputs`: its catalogue pages from those inputs, never the whole catalogue).
 */
export type BuildRole = 'whole' | 'shard' | 'site' | 'pages';

export function buildRole(env: Record<string, string | undefined> = process.env): BuildRole {
  const shard = currentShard(env);
  if (!shard) return 'whole';
  if (shard.index === 0) return 'site';
  if (env[SHARD_INPUTS_ENV]) return 'pages';
  return shard.count === 1 ? 'whole' : 'shard';
}

/** The folder of the site part's inputs a page shard reads (null outside a page shard). */
export function shardInputsDir(env: Record<string, string | undefined> = process.env): string | null {
  return buildRole(env) === 'pages' ? env[SHARD_INPUTS_ENV]! : null;
}

/**
 * The items of a route whose files read the whole catalogue (the search index and listing, the URL
 * map, the CDN's edge files, the per-category listing files): none in a page shard of a prepared
 * build, whose site part writes them.
 */
export function wholeSiteOnly<T>(items: () => readonly T[], env: Record<string, string | undefined> = process.env): T[] {
  return buildRole(env) === 'pages' ? [] : [...items()];
}

/**
 * The items of a route of files that read whole categories (the per-category listing files): a
 * self-contained shard writes its share, by each file's URL path; a prepared build's site part
 * writes them all and its page shards none.
 */
export function shardedFiles<T>(items: readonly T[], pathOf: (item: T) => string, env: Record<string, string | undefined> = process.env): T[] {
  const role = buildRole(env);
  if (role === 'site') return [...items];
  if (role === 'pages') return [];
  return ofThisShard(items, pathOf, currentShard(env));
}

/** The shard (1-based) a page's URL path belongs to among `count`. */
export function shardOfPath(path: string, count: number): number {
  return shardOf(path.replace(/\/+$/, '') || '/', count) + 1;
}

/** True when this build renders the page at `path` (always, in a whole build). */
export function inShard(path: string, shard: Shard | null = currentShard()): boolean {
  // The site part (0/N) renders no page of a sharded route.
  return !shard || (shard.count === 1 && shard.index === 1) || shardOfPath(path, shard.count) === shard.index;
}

/** The items of a sharded route that this build renders: `pathOf` names each item's URL path. */
export function ofThisShard<T>(items: readonly T[], pathOf: (item: T) => string, shard: Shard | null = currentShard()): T[] {
  return shard && (shard.count > 1 || shard.index === 0) ? items.filter((i) => inShard(pathOf(i), shard)) : [...items];
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
  const inputs = inputsFromArgs(argv);
  if (shard?.index === 0 && inputs)
    throw new Error(`--shard 0/${shard.count} is the site part: it writes the page shards' inputs (into ${SHARD_INPUTS_FOLDER}/ of its output), it reads none`);
  if (inputs && !shard) throw new Error("--inputs: only a page shard (--shard K/N) reads the site part's inputs");
  if (shard) process.env.BUILD_SHARD = `${shard.index}/${shard.count}`;
  if (inputs) process.env[SHARD_INPUTS_ENV] = resolve(inputs);
  return {
    name: 'pj-shard',
    hooks: {
      'astro:build:done': ({ dir, logger }: { dir: URL; logger: { info: (s: string) => void } }) => {
        if (!shard) return;
        const root = fileURLToPath(dir);
        mkdirSync(root, { recursive: true });
        const marker: ShardMarker = {
          index: shard.index,
          count: shard.count,
          buildTime: process.env.BUILD_TIME ?? null,
          ...(shard.index === 0 || inputs ? { prepared: true as const } : {}),
        };
        writeFileSync(join(root, SHARD_MARKER), `${JSON.stringify(marker)}\n`);
        logger.info(`shard ${shard.index}/${shard.count} written (merge the shards with npm run build:merge)`);
      },
    },
  };
}
