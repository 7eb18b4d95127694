/**
 * Placeholder colours of the snapshot's pictures (`placeholders.json`, written by scripts/snapshot.ts
 * and scripts/sample-catalog.ts; docs/snapshot.md). Build time only: read once, validated by zod.
 * A snapshot without the file, or a picture not in it, simply gets no placeholder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotDir } from './read';
import { PlaceholdersSchema } from './schemas';
import { mediaPath } from '../catalog/images';

let cache: { dir: string; map: Record<string, string> } | null = null;

function load(dir: string): Record<string, string> {
  if (cache?.dir === dir) return cache.map;
  const file = join(dir, 'placeholders.json');
  let map: Record<string, string> = {};
  if (existsSync(file)) {
    const parsed = PlaceholdersSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Snapshot placeholders.json: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
    map = parsed.data;
  }
  cache = { dir, map };
  return map;
}

/** Every placeholder colour of the snapshot, by media path (the incremental build's page keys digest it). */
export function placeholderColours(dir = snapshotDir()): Readonly<Record<string, string>> {
  return load(dir);
}

/** The placeholder colour of a picture ('#rrggbb'), or undefined. */
export function placeholderColour(ref: string, dir = snapshotDir()): string | undefined {
  const path = mediaPath(ref);
  return path === null ? undefined : load(dir)[path];
}
