/**
 * The deploy plan: from the files of the build before and of this one (each `_cdn/files.json`, a
 * digest per file) and their tag manifests, what to upload, what to delete, and what to purge from
 * the CDN's cache. Purging names tags where a tag's pages all changed (a price change: the product's
 * page, the listings and related-products blocks showing it, all tagged `p-{sku}`), and the paths of
 * the other changed files; `invalidate` lists every changed URL path, for CDNs without tags
 * (CloudFront invalidations, nginx). A changed `_headers` or edge function changes every answer: the
 * plan purges the site's tag. Pure.
 */
import { z } from 'zod';
import { pathKey, SITE_TAG } from './edge-map';
import type { TagManifest } from './tag-manifest';

export const FILES_MANIFEST = '_cdn/files.json';
export const DEPLOY_PLAN = '_cdn/deploy-plan.json';
/**
 * The `PUBLIC_*` overrides the site was built with (src/lib/config envOverrides): the shop server
 * compares its own with them before it answers pages from its own configuration (server/static.ts).
 */
export const BUILD_CONFIG_FILE = '_cdn/build-config.json';
export const buildConfigSchema = z.object({ version: z.literal(1), overrides: z.record(z.string().regex(/^PUBLIC_[A-Z0-9_]+$/), z.string()) });

export const filesManifestSchema = z.object({ version: z.literal(1), files: z.record(z.string().min(1), z.string().min(1)) });
export type FilesManifest = z.infer<typeof filesManifestSchema>;

export interface DeployPlan {
  version: 1;
  /** Files new or changed since the build before (paths relative to the site folder). */
  upload: string[];
  /** Files the build before had and this one has not. */
  delete: string[];
  unchanged: number;
  purge: {
    /** Cache tags to purge (Cloudflare, Fastly). */
    tags: string[];
    /** URL paths to purge besides the tags' pages. */
    paths: string[];
  };
  /** Every URL path whose answer changed (CloudFront invalidations, nginx). */
  invalidate: string[];
}

/** Files a deploy never uploads: the plan, the manifest and the build's configuration describe the folder, they are not part of the site. */
const NOT_UPLOADED = new Set([FILES_MANIFEST, DEPLOY_PLAN, BUILD_CONFIG_FILE]);
/** Files whose change changes every answer. */
const EVERY_ANSWER = new Set(['_headers', '_worker.js', '_routes.json']);

/** Names in UTF-16 code-unit order, the files manifest's and the plan's: the same on every machine, whatever its locale. */
export const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (xs: Iterable<string>) => [...xs].sort(byName);

/** The URL path a file answers at (`a/index.html` -> `/a`, `x.css` -> `/x.css`); null for files that are no URL (`_headers`, hashed assets never change in place). */
export function urlPathOf(file: string): string | null {
  if (file.startsWith('_')) return null;
  if (file === 'index.html') return '/';
  return `/${file.replace(/\/index\.html$/, '')}`;
}

/**
 * A tag manifest's tags by page and pages by tag, pages as their keys (pathKey), worked out once per
 * manifest: a manifest held between changes (../held-json.ts) serves each change's plan without a
 * pass over its 186,000 pages at 100,000 products. The site's and the stores' tags, never purged for
 * a few pages (below), are left out of `pagesOf`.
 */
interface TagIndex {
  tagsOf: Map<string, readonly string[]>;
  pagesOf: Map<string, string[]>;
}
const tagIndexes = new WeakMap<TagManifest, TagIndex>();
const purgeable = (tag: string) => tag !== SITE_TAG && !tag.startsWith('store-');
function tagIndex(m: TagManifest): TagIndex {
  let ix = tagIndexes.get(m);
  if (!ix) {
    ix = { tagsOf: new Map(), pagesOf: new Map() };
    for (const page in m.pages) {
      const tags = m.pages[page]!;
      const key = pathKey(page);
      const had = ix.tagsOf.get(key);
      ix.tagsOf.set(key, had ? [...had, ...tags] : tags);
      for (const t of tags) {
        if (!purgeable(t)) continue;
        const pages = ix.pagesOf.get(t);
        if (pages) pages.push(key);
        else ix.pagesOf.set(t, [key]);
      }
    }
    tagIndexes.set(m, ix);
  }
  return ix;
}

/**
 * `mayDiffer`: when the caller knows them, the only files that can differ between the two manifests
 * (an overlay's changed and removed files, ../render/overlay-build.ts); only those are compared, not
 * the 286,000 files of a site of 100,000 products.
 */
export function deployPlan(
  before: FilesManifest | null,
  after: FilesManifest,
  tagsBefore: TagManifest | null,
  tagsAfter: TagManifest,
  mayDiffer?: Iterable<string>,
): DeployPlan {
  const old = before?.files ?? {};
  const now = after.files;
  const upload: string[] = [];
  const del: string[] = [];
  let unchanged = 0;
  if (mayDiffer && before) {
    let uploaded = 0;
    for (const file in now) if (!NOT_UPLOADED.has(file)) uploaded++;
    for (const file of new Set(mayDiffer)) {
      if (NOT_UPLOADED.has(file) || old[file] === now[file]) continue;
      if (now[file] === undefined) del.push(file);
      else upload.push(file);
    }
    unchanged = uploaded - upload.length;
  } else {
    // `for … in`, not Object.entries: a manifest lists every file of the site (286,000 at 100,000 products).
    for (const file in now) {
      if (NOT_UPLOADED.has(file)) continue;
      if (old[file] === now[file]) unchanged++;
      else upload.push(file);
    }
    for (const file in old) if (now[file] === undefined && !NOT_UPLOADED.has(file)) del.push(file);
  }
  const touched = [...upload, ...del];
  const invalidate = sorted(new Set(touched.map(urlPathOf).filter((p): p is string => !!p)));
  if (before && touched.some((f) => EVERY_ANSWER.has(f))) {
    return { version: 1, upload: sorted(upload), delete: sorted(del), unchanged, purge: { tags: [SITE_TAG], paths: [] }, invalidate: ['/*'] };
  }
  // Tags whose every page (in either build) changed. The site's and a store's tags are also on pages
  // the manifest does not list (home, blog: every answer carries `site`): never purged for a few pages.
  const changed = new Set(invalidate.map(pathKey));
  // Only a tag of a changed page can have every page changed: the pages of those tags alone are gathered.
  const indexes = (tagsBefore === tagsAfter || !tagsBefore ? [tagsAfter] : [tagsBefore, tagsAfter]).map(tagIndex);
  const candidates = new Set<string>();
  for (const { tagsOf } of indexes) for (const page of changed) for (const t of tagsOf.get(page) ?? []) if (purgeable(t)) candidates.add(t);
  const pagesOf = new Map<string, Set<string>>();
  for (const t of candidates) pagesOf.set(t, new Set(indexes.flatMap((ix) => ix.pagesOf.get(t) ?? [])));
  const tags = sorted([...pagesOf].filter(([, pages]) => [...pages].every((p) => changed.has(p))).map(([t]) => t));
  const covered = new Set<string>();
  for (const t of tags) for (const p of pagesOf.get(t) ?? []) covered.add(p);
  const paths = invalidate.filter((p) => !covered.has(pathKey(p)));
  return { version: 1, upload: sorted(upload), delete: sorted(del), unchanged, purge: { tags, paths }, invalidate };
}
