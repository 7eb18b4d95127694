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

/** Files a deploy never uploads: the plan and the manifest describe the folder, they are not part of the site. */
const NOT_UPLOADED = new Set([FILES_MANIFEST, DEPLOY_PLAN]);
/** Files whose change changes every answer. */
const EVERY_ANSWER = new Set(['_headers', '_worker.js', '_routes.json']);

const sorted = (xs: Iterable<string>) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The URL path a file answers at (`a/index.html` -> `/a`, `x.css` -> `/x.css`); null for files that are no URL (`_headers`, hashed assets never change in place). */
export function urlPathOf(file: string): string | null {
  if (file.startsWith('_')) return null;
  if (file === 'index.html') return '/';
  return `/${file.replace(/\/index\.html$/, '')}`;
}

export function deployPlan(before: FilesManifest | null, after: FilesManifest, tagsBefore: TagManifest | null, tagsAfter: TagManifest): DeployPlan {
  const old = before?.files ?? {};
  const upload: string[] = [];
  let unchanged = 0;
  for (const [file, digest] of Object.entries(after.files)) {
    if (NOT_UPLOADED.has(file)) continue;
    if (old[file] === digest) unchanged++;
    else upload.push(file);
  }
  const del = Object.keys(old).filter((f) => !(f in after.files) && !NOT_UPLOADED.has(f));
  const touched = [...upload, ...del];
  const invalidate = sorted(new Set(touched.map(urlPathOf).filter((p): p is string => !!p)));
  if (before && touched.some((f) => EVERY_ANSWER.has(f))) {
    return { version: 1, upload: sorted(upload), delete: sorted(del), unchanged, purge: { tags: [SITE_TAG], paths: [] }, invalidate: ['/*'] };
  }
  // Tags whose every page (in either build) changed. The site's and a store's tags are also on pages
  // the manifest does not list (home, blog: every answer carries `site`): never purged for a few pages.
  const changed = new Set(invalidate.map(pathKey));
  // Only a tag of a changed page can have every page changed: the pages of those tags alone are gathered.
  const manifests = tagsBefore === tagsAfter ? [tagsAfter] : [tagsBefore, tagsAfter];
  const candidates = new Set<string>();
  for (const m of manifests)
    for (const [page, tags] of Object.entries(m?.pages ?? {}))
      if (changed.has(pathKey(page))) for (const t of tags) if (t !== SITE_TAG && !t.startsWith('store-')) candidates.add(t);
  const pagesOf = new Map<string, Set<string>>();
  for (const m of manifests) {
    for (const [page, tags] of Object.entries(m?.pages ?? {})) {
      for (const t of tags) {
        if (!candidates.has(t)) continue;
        let s = pagesOf.get(t);
        if (!s) pagesOf.set(t, (s = new Set()));
        s.add(pathKey(page));
      }
    }
  }
  const tags = sorted([...pagesOf].filter(([, pages]) => [...pages].every((p) => changed.has(p))).map(([t]) => t));
  const covered = new Set<string>();
  for (const t of tags) for (const p of pagesOf.get(t) ?? []) covered.add(p);
  const paths = invalidate.filter((p) => !covered.has(pathKey(p)));
  return { version: 1, upload: sorted(upload), delete: sorted(del), unchanged, purge: { tags, paths }, invalidate };
}
