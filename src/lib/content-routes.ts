/**
 * The content routes of spec §2: the fixed list of content pages (/clearance ... /check-test), the
 * two `{token}` CMS pages, the CMS route /i/{slug} and the fallback content route /p/{slug}. Each
 * content page is the CMS page whose identifier is its path without the leading slash.
 * Paths here carry no store prefix; the route files add it.
 */
import type { CmsPage, Shop } from './schemas';
import { readCmsPages, readShops, snapshotDir } from './snapshot';

/** The content pages of spec §2, in the spec's order (the two `{token}` entries are TOKEN_PAGE_IDENTIFIERS). */
export const CONTENT_PATHS = [
  '/clearance', '/about-us', '/contact-us', '/corporate-services', '/design-service', '/engagement-rings',
  '/engagement-rings-new', '/repairs', '/valuations', '/engraving', '/jewellery-re-modelling', '/repair-or-renew',
  '/scrap-gold', '/bespoke-jewellery-design', '/watch-battery-replacement', '/part-exchange', '/launch-campaign',
  '/launch-campaign-dev', '/launch-campaign/terms-and-conditions', '/black-friday', '/mothers-day', '/fathers-day',
  '/valentines-day', '/christmas', '/christmas-2022', '/12-days-of-christmas', '/january-sale', '/evermore',
  '/klarna-info', '/klarna-faqs', '/covid-19-statement', '/careers', '/delivery-and-shipping', '/store-collection',
  '/returns-info', '/finance-options', '/price-match', '/faq', '/contact', '/terms-and-conditions', '/privacy-policy',
  '/enable-cookies', '/insurance', '/cleaning', '/newsletter-subscription-thank-you',
  '/evermore-subscription-thank-you', '/thomas-sabo-outlet', '/gift-wrap-service', '/raymond-weil-prize-draw',
  '/nomination-promotions', '/shop-by-occasion', '/shop-by-brand', '/check-test',
] as const;

/** CMS identifiers that fill the two `{token}` entries of the §2 content list (served at /{identifier}). */
export const TOKEN_PAGE_IDENTIFIERS = ['gift-guide', 'wedding-collection'] as const;

export type ContentLayout = 'default' | 'empty' | 'minimal';

export interface ContentPageRoute {
  /** Path without store prefix, e.g. '/launch-campaign/terms-and-conditions'. */
  path: string;
  page: CmsPage;
  layout: ContentLayout;
}

export interface CmsAliasRoute {
  /** The route parameter: the CMS identifier. */
  slug: string;
  page: CmsPage;
  layout: ContentLayout;
  /** The page's one canonical path (its content path, or /i/{slug}). */
  canonical: string;
}

const cache = new Map<string, CmsPage[]>();

/** The snapshot's CMS pages, read once per snapshot folder. */
export function snapshotCmsPages(dir: string = snapshotDir()): CmsPage[] {
  let pages = cache.get(dir);
  if (!pages) {
    pages = readCmsPages(dir);
    cache.set(dir, pages);
  }
  return pages;
}

const shopCache = new Map<string, Shop[]>();

/** The snapshot's shops (Preston, Blackburn, Bury, Carlisle), read once per snapshot folder. */
export function snapshotShops(dir: string = snapshotDir()): Shop[] {
  let shops = shopCache.get(dir);
  if (!shops) {
    shops = readShops(dir);
    shopCache.set(dir, shops);
  }
  return shops;
}

const identifierOf = (path: string) => path.replace(/^\/+/, '');

/** Every content route path of §2 (fixed list plus the `{token}` pages), without store prefix. */
export function contentPaths(): string[] {
  return [...CONTENT_PATHS, ...TOKEN_PAGE_IDENTIFIERS.map((id) => `/${id}`)];
}

/**
 * Every content page of the §2 list with its CMS page and layout. A listed path without a CMS page
 * fails the build naming the path and the identifier looked for; an inactive page is not built.
 */
export function contentPages(pages: CmsPage[] = snapshotCmsPages()): ContentPageRoute[] {
  const byIdentifier = new Map(pages.map((p) => [p.identifier, p]));
  const missing = contentPaths().filter((path) => !byIdentifier.has(identifierOf(path)));
  if (missing.length > 0) {
    throw new Error(
      `Content pages missing from cms-pages.json: ${missing
        .map((path) => `${path} (identifier '${identifierOf(path)}')`)
        .join(', ')}. Every content route of spec §2 needs an active CMS page with that identifier.`,
    );
  }
  return contentPaths()
    .map((path) => byIdentifier.get(identifierOf(path))!)
    .filter((page) => page.active)
    .map((page) => ({ path: `/${page.identifier}`, page, layout: page.layout }));
}

/** The one canonical path of a CMS page: its §2 content path when it has one, else /i/{identifier}. */
export function cmsCanonicalPath(identifier: string): string {
  return contentPaths().includes(`/${identifier}`) ? `/${identifier}` : `/i/${identifier}`;
}

/**
 * The CMS route /i/{slug} (the same for both positions of the short-URL switch): every active CMS
 * page whose identifier is one URL segment. Pages that also have a content path point their
 * canonical link there.
 */
export function cmsRoutes(pages: CmsPage[] = snapshotCmsPages()): CmsAliasRoute[] {
  return pages
    .filter((p) => p.active && /^[a-z0-9][a-z0-9-]*$/i.test(p.identifier))
    .map((page) => ({ slug: page.identifier, page, layout: page.layout, canonical: cmsCanonicalPath(page.identifier) }));
}

/**
 * The fallback content route /p/{slug}: the same CMS pages as /i/{slug}, one segment deep (the
 * product route /p/{parentSku}/{slug} of the long URLs is two segments deep, so they never meet).
 * Its canonical link is the page's canonical path.
 */
export function fallbackContentRoutes(pages: CmsPage[] = snapshotCmsPages()): CmsAliasRoute[] {
  return cmsRoutes(pages);
}
