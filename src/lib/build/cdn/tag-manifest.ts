/**
 * The tag manifest (dist/_cdn/cache-tags.json): every tagged page's path and its cache tags, sorted by
 * path. CloudFront has no cache tags: a deploy turns the tags to purge into the paths to invalidate
 * with it (./deploy-plan.ts). It is also the per-page form a sharded build merges (docs/architecture.md).
 */
import { z } from 'zod';
import { byName } from './deploy-plan';

export const TAG_MANIFEST = '_cdn/cache-tags.json';

export const tagManifestSchema = z.object({
  version: z.literal(1),
  pages: z.record(z.string().startsWith('/'), z.array(z.string().min(1).max(256)).max(50)),
});
export type TagManifest = z.infer<typeof tagManifestSchema>;

/** Writes the manifest, sorted by path (the same tags give the same bytes). */
export function tagManifest(tags: ReadonlyMap<string, readonly string[]>): string {
  const pages: Record<string, string[]> = {};
  for (const path of [...tags.keys()].sort(byName)) pages[path] = [...tags.get(path)!];
  return `${JSON.stringify({ version: 1, pages } satisfies TagManifest)}\n`;
}

/** Reads a manifest; a file that is not one throws with what is wrong. */
export function parseTagManifest(text: string, name = TAG_MANIFEST): TagManifest {
  const r = tagManifestSchema.safeParse(JSON.parse(text));
  if (!r.success) throw new Error(`${name}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** The pages carrying any of the tags, sorted. */
export function pagesTagged(m: TagManifest, tags: Iterable<string>): string[] {
  const want = new Set(tags);
  return Object.entries(m.pages)
    .filter(([, t]) => t.some((x) => want.has(x)))
    .map(([p]) => p)
    .sort(byName);
}
