/**
 * Sitemap and robots rules: the sitemap lists every indexable page, each by its one
 * canonical URL, and no noindex page. Used by the build's sitemap writer (./sitemap-files.ts) and
 * by src/pages/robots.txt.ts.
 */
import { config, enabledStoreViews } from '../config';
import { brandAllProductsUrl, storeOfPath, storePrefix } from '../catalog/urls';
import { cmsCanonicalPath, contentPaths, snapshotCmsPages } from '../routing/content-routes';
import { catchAllRoutes } from '../routing/page-routes';
import { once } from '../routing/routes';
import type { CmsPage } from '../schemas';
import { brandCategories, brandSlug } from './brand-page-data';
import { canonicalMove } from './cdn/canonical-url';
import { storeRoots } from './cdn/store-roots';
import { categoryTotal, listsNothing } from './page-data';
import { snapshotDir } from '../snapshot/read';

/** Pages that are never indexed (noindex shells, error pages, duplicates of home, examples). Store prefix not included. */
export const NOINDEX_PATHS = [
  '/checkout',
  '/order-success',
  '/page-not-found',
  '/error',
  '/404',
  '/404.html',
  '/home-dev',
  '/pwa.html',
  '/raw-output-example.xml',
  '/append-prepend.html',
  '/no-js.html',
  '/compare',
  '/offline',
  '/search',
] as const;

/** Path prefixes never indexed: the account (login required), the AMP copies (their canonical is the full page) and the list panels' fragments. */
export const NOINDEX_PREFIXES = ['/my-account', '/amp', '/panels'] as const;

/** Paths robots.txt asks crawlers to leave alone (per store view). */
export const ROBOTS_DISALLOW = ['/my-account', '/checkout', '/order-success', '/panels/'] as const;

/** '/de/faq/' -> '/faq' (store prefix of an enabled store view and trailing slash removed). */
export function barePath(pathname: string): string {
  return storeOfPath(pathname.replace(/\/+$/, '') || '/', enabledStoreViews()).rest;
}

/**
 * The paths of the catalogue listings that list no product, in every store view: a category page and
 * a brand's full listing with nothing in them yet are noindex (./page-data.ts `listsNothing`), so
 * they stay out of the sitemap until products arrive.
 */
export const emptyListingPaths = once((): ReadonlySet<string> => {
  const empty = (categoryId: number, storeCode: string) => listsNothing({ total: categoryTotal(categoryId, storeCode) });
  const out = new Set<string>();
  for (const r of catchAllRoutes()) if (r.kind === 'category' && empty(Number(r.key), r.storeCode)) out.add(r.path);
  for (const { storeCode } of enabledStoreViews())
    for (const b of brandCategories()) if (empty(b.id, storeCode)) out.add(brandAllProductsUrl(brandSlug(b), { storeCode }));
  return out;
});

/**
 * The pages' build shares its `emptyListingPaths` with the sitemap writer, which runs in the same
 * process after the pages but in another copy of these modules (loaded with astro.config.mjs):
 * worked out there, it would load the whole catalogue a second time (5.5 s and about 300 MB at 50,000
 * products). The catch-all route's getStaticPaths, which every build calls and only the pages'
 * bundle does, offers it; the writer takes it when it is for the same snapshot, else works it out.
 */
const SHARED_EMPTY_LISTINGS = Symbol.for('pj.build.emptyListingPaths');
interface SharedEmptyListings {
  snapshot: string;
  paths: () => ReadonlySet<string>;
}
type Shared = Record<symbol, SharedEmptyListings | undefined>;

/** Offers this copy's `emptyListingPaths` to the sitemap writer (the pages' build, from its getStaticPaths). */
export function shareEmptyListingPaths(): void {
  (globalThis as Shared)[SHARED_EMPTY_LISTINGS] = { snapshot: snapshotDir(), paths: emptyListingPaths };
}

/** The empty listings the pages' build offered for this snapshot (let go of), or undefined: none offered. */
export function takeSharedEmptyListingPaths(): ReadonlySet<string> | undefined {
  const shared = (globalThis as Shared)[SHARED_EMPTY_LISTINGS];
  delete (globalThis as Shared)[SHARED_EMPTY_LISTINGS];
  return shared && shared.snapshot === snapshotDir() ? shared.paths() : undefined;
}

/**
 * True when a built page belongs in the sitemap. CMS pages count by their canonical path only
 * (/i/{slug} when the page has no content path; never /p/{slug}); noindex CMS pages never count, nor
 * do the listings with no product (`emptyListingPaths`).
 */
export function isIndexablePath(pathname: string, cmsPages: CmsPage[] = snapshotCmsPages(), emptyListings: ReadonlySet<string> = emptyListingPaths()): boolean {
  const decoded = safeDecode(pathname);
  if (emptyListings.has(decoded.replace(/\/+$/, '') || '/')) return false;
  const path = barePath(decoded);
  if ((NOINDEX_PATHS as readonly string[]).includes(path)) return false;
  if (NOINDEX_PREFIXES.some((pre) => path === pre || path.startsWith(`${pre}/`))) return false;
  // Fallback content /p/{slug}: an alias whose canonical is the CMS page's own path.
  if (/^\/p\/[^/]+$/.test(path)) return false;
  const noindex = new Set(cmsPages.filter((p) => p.noindex).map((p) => p.identifier));
  const cms = /^\/i\/([^/]+)$/.exec(path);
  if (cms) {
    const identifier = cms[1]!;
    return !noindex.has(identifier) && cmsCanonicalPath(identifier) === path;
  }
  if (contentPaths().includes(path) && noindex.has(path.slice(1))) return false;
  return true;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The sitemap's filter: receives each page's absolute URL. */
export function sitemapFilter(url: string, emptyListings?: ReadonlySet<string>): boolean {
  return isIndexablePath(new URL(url).pathname, undefined, emptyListings);
}

/**
 * The sitemap's entry: each entry names the page by its canonical URL, the one that
 * answers 200 (./cdn/canonical-url.ts: no trailing slash but on the store views' homes, `/` and `/de/`).
 */
export function sitemapSerialize<T extends { url: string }>(item: T, roots: readonly string[] = storeRoots()): T {
  const u = new URL(item.url);
  u.pathname = canonicalMove(u.pathname, roots) ?? u.pathname;
  return { ...item, url: u.toString() };
}

/** The body of robots.txt. */
export function robotsTxt(siteUrl: string = config.shop.siteUrl): string {
  const prefixes = enabledStoreViews().map((s) => storePrefix(s.storeCode));
  const lines = ['User-agent: *'];
  for (const prefix of prefixes) for (const path of ROBOTS_DISALLOW) lines.push(`Disallow: ${prefix}${path}`);
  lines.push('Allow: /', '', `Sitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap-index.xml`, '');
  return lines.join('\n');
}
