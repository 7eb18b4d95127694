/**
 * The documented limits of the deploy targets (docs/deploy.md) the CDN files must stay within, and
 * the check a build's files are held to (tests at 10,000 and 50,000 products). Pure.
 */

/** Cloudflare Pages (developers.cloudflare.com/pages/platform/limits): the strictest target. */
export const CLOUDFLARE_PAGES = {
  files: 20_000,
  fileBytes: 25 * 1024 * 1024,
  headerRules: 100,
  headerLineChars: 2_000,
  staticRedirects: 2_000,
  dynamicRedirects: 100,
  routesRules: 100,
  workerBytes: 1024 * 1024,
} as const;

/** Our own bound on a redirect-map bucket: what an edge function parses on a cold request (~1 ms a 100 KB). */
export const MAX_BUCKET_BYTES = 512 * 1024;
/** Our own bound on the redirect map's files: a small share of any target's file limit (Cloudflare Pages: 20,000 on the free plan). */
export const MAX_EDGE_FILES = 1_000;
/** CloudFront: 50 tags a page, 256 characters a tag (also within Cloudflare's and Fastly's). */
export const MAX_PAGE_TAGS = 50;
export const MAX_TAG_CHARS = 256;

/** What is measured of a build's CDN files. */
export interface CdnFilesSummary {
  /** Files of the redirect map (index and buckets). */
  edgeFiles: number;
  largestBucketBytes: number;
  /** Rules of `_headers`, and its longest line. */
  headerRules: number;
  longestHeaderLine: number;
  /** Lines of `_redirects` (none: the redirect map replaces it). */
  redirectLines: number;
  routesRules: number;
  workerBytes: number | null;
  mostTagsOnAPage: number;
  longestTag: number;
}

/** The limits a summary breaks, each named with its figure (empty: within every limit). */
export function limitViolations(s: CdnFilesSummary): string[] {
  const out: string[] = [];
  const over = (what: string, value: number, max: number) => {
    if (value > max) out.push(`${what}: ${value} > ${max}`);
  };
  over('redirect map files', s.edgeFiles, MAX_EDGE_FILES);
  over('largest redirect-map bucket (bytes)', s.largestBucketBytes, MAX_BUCKET_BYTES);
  over('_headers rules', s.headerRules, CLOUDFLARE_PAGES.headerRules);
  over('_headers longest line', s.longestHeaderLine, CLOUDFLARE_PAGES.headerLineChars);
  over('_redirects lines', s.redirectLines, CLOUDFLARE_PAGES.staticRedirects + CLOUDFLARE_PAGES.dynamicRedirects);
  over('_routes.json rules', s.routesRules, CLOUDFLARE_PAGES.routesRules);
  if (s.workerBytes !== null) over('_worker.js bytes', s.workerBytes, CLOUDFLARE_PAGES.workerBytes);
  over('tags on one page', s.mostTagsOnAPage, MAX_PAGE_TAGS);
  over('longest tag', s.longestTag, MAX_TAG_CHARS);
  return out;
}

/** Measures the CDN files: the `_cdn/` files by their path under `_cdn/` (as the build makes them), `_headers`, `_routes.json`, `_redirects` and the worker's size. */
export function summarize(
  cdn: ReadonlyMap<string, string>,
  headers: string,
  routes: string,
  redirects: string | null,
  workerBytes: number | null,
): CdnFilesSummary {
  let edgeFiles = 0;
  let largestBucketBytes = 0;
  for (const [file, text] of cdn) {
    if (!file.startsWith('edge/')) continue;
    edgeFiles++;
    largestBucketBytes = Math.max(largestBucketBytes, new TextEncoder().encode(text).length);
  }
  const tagged = cdn.get('cache-tags.json');
  const pages = tagged ? Object.values((JSON.parse(tagged) as { pages: Record<string, string[]> }).pages) : [];
  const lines = headers.split('\n');
  const routeRules = JSON.parse(routes) as { include: string[]; exclude: string[] };
  return {
    edgeFiles,
    largestBucketBytes,
    headerRules: lines.filter((l) => l.startsWith('/')).length,
    longestHeaderLine: lines.reduce((m, l) => Math.max(m, l.length), 0),
    redirectLines: redirects === null ? 0 : redirects.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).length,
    routesRules: routeRules.include.length + routeRules.exclude.length,
    workerBytes,
    mostTagsOnAPage: pages.reduce((m, t) => Math.max(m, t.length), 0),
    longestTag: pages.reduce((m, t) => t.reduce((n, x) => Math.max(n, x.length), m), 0),
  };
}
