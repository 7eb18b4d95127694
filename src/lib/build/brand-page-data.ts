/**
 * Brand pages (§2 /brands/{brand} and the brand listing /brands/{slug}/all-products): each brand is
 * a child category of the brands category (url_path 'brands/{slug}'), read from the catalogue index.
 */
import { catalog, hasCategoryPage, homeUrl, isBrandCategory, urlOpts } from '../routing/routes';
import { brandAllProductsUrl, brandUrl, categoryUrl } from '../catalog/urls';
import { messages } from '../messages';
import type { Crumb } from '../content/seo';
import { categoryListing } from './page-data';
import { contentPaths, perStore } from '../routing/content-routes';
import type { Listing } from '../catalog/listing/listing';
import type { Category } from '../schemas';

/** The active brand categories, in position order. */
export function brandCategories(): Category[] {
  return catalog()
    .categories.filter((c) => c.is_active && isBrandCategory(c) && !c.url_path.slice('brands/'.length).includes('/'))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
}

/** The brand's route segment: /brands/{slug}. */
export const brandSlug = (c: Category): string => c.url_key;

/** What a brand route renders: the brand, in a store view. */
export interface BrandPageProps {
  brand: Category;
  storeCode: string;
}

/** getStaticPaths of the two brand routes (/brands/{brand} and /brands/{brand}/all-products): every brand in every store view. */
export function brandPaths(): { params: { brand: string; store: string | undefined }; props: BrandPageProps }[] {
  return perStore(() => brandCategories().map((brand) => ({ params: { brand: brandSlug(brand) }, props: { brand } })));
}

/** The brand listing's first page, total and facets (the §5 rules, memoised per store view). */
export function brandListing(c: Category, storeCode?: string): Listing {
  return categoryListing(c.id, storeCode);
}

/** What both brand pages start from: the brand's slug, the URLs of its page and of its full listing, and the listing. */
export function brandPageData(c: Category, storeCode?: string): { slug: string; pageUrl: string; allProductsUrl: string; listing: Listing } {
  const slug = brandSlug(c);
  return { slug, pageUrl: brandUrl(slug, { storeCode }), allProductsUrl: brandAllProductsUrl(slug, { storeCode }), listing: brandListing(c, storeCode) };
}

/** Content pages of the §2 list about a brand ('/evermore', '/thomas-sabo-outlet', '/raymond-weil-prize-draw'). */
export function brandContentPaths(c: Category): string[] {
  const slug = brandSlug(c);
  return contentPaths().filter((p) => p === `/${slug}` || p.startsWith(`/${slug}-`));
}

/** Breadcrumbs of a brand's pages: Home, the brands category when it has a page, then the brand. */
export function brandCrumbs(c: Category, storeCode?: string, brandHref?: string): Crumb[] {
  const parent = catalog(storeCode).categoryById.get(c.parent_id);
  return [
    { name: messages.homeLink, href: homeUrl(storeCode) },
    ...(parent && hasCategoryPage(parent) ? [{ name: parent.name, href: categoryUrl(parent, urlOpts(storeCode)) }] : []),
    brandHref ? { name: c.name, href: brandHref } : { name: c.name },
  ];
}
