/**
 * What each catalogue page shows, computed from the memoised catalogue index (src/lib/routing/routes.ts):
 * category pages, the AMP category pages and the home page, and what they share with the product
 * pages (./product-page-data.ts). Pure data; no HTML.
 */
import { config } from '../config';
import { messages } from '../messages';
import { htmlToText, sanitizeHtml } from '../content/sanitize';
import { breadcrumbJsonLd, organizationJsonLd, type Crumb } from '../content/seo';
import { listProducts, type Listing } from '../catalog/listing/listing';
import {
  bannersFor,
  buildTime,
  catalog,
  categoryAncestors,
  currencyRate,
  descendantIds,
  hasCategoryPage,
  homeUrl,
  isBrandCategory,
  once,
  ownCatalogueDir,
  productImagePath,
  rootCategoryId,
  storeViewOf,
  urlOpts,
} from '../routing/routes';
import { ampCategoryUrl, brandUrl, categoryUrl } from '../catalog/urls';
import { galleryImage } from '../catalog/images';
import type { Banner, Category, Product } from '../schemas';
import { buildRole } from './shard';
import { keyStore } from './key-store';
import { preparedAmpListing, preparedListing, sharedInput } from './shard-inputs';

// ---------------------------------------------------------------------------------------------
// Shared

/** Breadcrumbs of a category: Home, its ancestors, then the category itself (active, no link). */
export function categoryCrumbs(c: Category, storeCode?: string, linkSelf = false): Crumb[] {
  const opts = urlOpts(storeCode);
  return [
    { name: messages.homeLink, href: homeUrl(storeCode) },
    ...categoryAncestors(c, storeCode).map((a) => ({ name: a.name, href: categoryUrl(a, opts) })),
    linkSelf ? { name: c.name, href: categoryUrl(c, opts) } : { name: c.name },
  ];
}

/** Products of a category and its descendants (candidates before the §5 query filters; what its listing and its listing file are made of). */
export function categoryCandidates(categoryId: number, storeCode?: string): Product[] {
  const { productIdsOf, byId, partial } = catalog(storeCode);
  // A page shard's index lacks the other shards' products: its listings come from the site part.
  if (partial) throw new Error(`category ${categoryId}: a page shard lists no category itself (its listings are in the site part's shard inputs)`);
  const ids = new Set<number>();
  for (const cid of descendantIds(categoryId, storeCode)) for (const pid of productIdsOf.get(cid) ?? []) ids.add(pid);
  return [...ids].map((id) => byId.get(id)!).filter(Boolean);
}

const listingCache = new Map<string, Listing>();
const wholeListings = new Map<string, Listing>();

/**
 * Every product a category lists in the default sort, with the total and the facets (memoised per
 * category and store view): its page shows the first page of it (`categoryListing`), its listing file
 * all of it (./listing-file.ts), from one sort and one count of its facets.
 */
export function wholeCategoryListing(categoryId: number, storeCode?: string): Listing {
  const store = storeViewOf(storeCode);
  const key = `${categoryId}|${store.storeCode}`;
  let l = wholeListings.get(key);
  if (!l) {
    const { categories, attributes } = catalog(store.storeCode);
    const candidates = categoryCandidates(categoryId, store.storeCode);
    l = listProducts(candidates, {
      categoryId,
      categories,
      attributes: [...attributes.values()],
      now: buildTime(),
      withoutPrice: currencyRate(store) !== 1,
      size: candidates.length,
    });
    wholeListings.set(key, l);
  }
  return l;
}

/** The first page, total and facets of a category (memoised per category and store view). */
export function categoryListing(categoryId: number, storeCode?: string): Listing {
  const store = storeViewOf(storeCode);
  const key = `${categoryId}|${store.storeCode}`;
  let l = listingCache.get(key);
  if (!l && buildRole() === 'pages') listingCache.set(key, (l = preparedListing(categoryId, store.storeCode)));
  if (!l) {
    const whole = wholeCategoryListing(categoryId, store.storeCode);
    listingCache.set(key, (l = { ...whole, products: whole.products.slice(0, config.constants.categoryPageSize) }));
  }
  return l;
}

/**
 * True for a listing with no product at all (a category or a brand with nothing in it yet): its page
 * is its text only, so it carries noindex and stays out of the sitemap (./sitemap.ts `emptyListingPaths`).
 */
export function listsNothing(l: Pick<Listing, 'total'>): boolean {
  return l.total === 0;
}

/** How many products a category lists (the §5 rules of `categoryListing`, without working out its facets when not known yet). */
export function categoryTotal(categoryId: number, storeCode?: string): number {
  const store = storeViewOf(storeCode);
  const known = listingCache.get(`${categoryId}|${store.storeCode}`);
  if (known) return known.total;
  if (buildRole() === 'pages') return categoryListing(categoryId, store.storeCode).total;
  const { categories, attributes } = catalog(store.storeCode);
  const opts = { categoryId, categories, attributes: [...attributes.values()], now: buildTime(), size: 0, withoutFacets: true };
  return listProducts(categoryCandidates(categoryId, store.storeCode), opts).total;
}

/** Plain-text description for meta tags: the meta description, else the text of the HTML, cut at 160 characters. */
export function metaDescription(meta: string | null | undefined, html: string | null | undefined): string | undefined {
  return (meta && meta.trim()) || htmlToText(html ?? '', 160) || undefined;
}

// ---------------------------------------------------------------------------------------------
// Category page

export interface CategoryPageData {
  category: Category;
  title: string;
  description?: string;
  descriptionHtml: string;
  canonical: string;
  ampHref: string;
  image?: string;
  breadcrumbs: Crumb[];
  listing: Listing;
  banners: Banner[];
  jsonLd: unknown[];
  displayMode: 'single' | 'grid' | 'double';
  /** The category's own subcategories with a page, menu or not: each is reachable from its parent. */
  subcategories: { name: string; href: string }[];
}

/** Everything a category page shows. */
export function categoryPageData(categoryId: number, storeCode?: string): CategoryPageData {
  const c = catalog(storeCode).categoryById.get(categoryId);
  if (!c) throw new Error(`Category ${categoryId} is not in the snapshot`);
  const opts = urlOpts(storeCode);
  const canonical = categoryUrl(c, opts);
  const breadcrumbs = categoryCrumbs(c, storeCode);
  const listing = categoryListing(c.id, storeCode);
  const first = listing.products[0];
  const img = c.image ?? (first ? productImagePath(first) : null);
  return {
    category: c,
    title: c.meta_title || c.name,
    description: metaDescription(c.meta_description, c.description),
    descriptionHtml: sanitizeHtml(c.description ?? ''),
    canonical,
    ampHref: ampCategoryUrl(c, opts),
    image: img ? galleryImage(img) : undefined,
    breadcrumbs,
    listing,
    banners: bannersFor(storeViewOf(storeCode).storeCode).productBanners,
    jsonLd: [breadcrumbJsonLd(breadcrumbs, canonical)],
    displayMode: c.display_mode ?? 'grid',
    // A brand's category is shown by the brand page (§2 brands routes).
    subcategories: (catalog(storeCode).childrenOf.get(c.id) ?? [])
      .filter((k) => k.is_active && (hasCategoryPage(k) || isBrandCategory(k)))
      .map((k) => ({ name: k.name, href: isBrandCategory(k) ? brandUrl(k.name, { storeCode }) : categoryUrl(k, opts) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Home page

export interface HomePageData {
  banners: ReturnType<typeof bannersFor>;
  categories: { category: Category; href: string; image?: string; count: number }[];
  products: Product[];
  jsonLd: unknown[];
}

interface CategoryHead {
  first: Product | undefined;
  total: number;
}
/** The heads worked out, per category and store view: the home's three pages (/, /home-dev, /pwa.html) ask for the same eight. */
const headCache = new Map<string, CategoryHead>();

/**
 * A category's first product (in its listing's order) and its total, as its listing has them. A
 * whole build lists every category page, so the listing is worked out (and kept) for them; a change
 * made by the persistent renderer (kept keys offered) lists few, and the home page's eight featured
 * categories' facets were most of its time at 100,000 products: their listing is worked out without.
 */
export function categoryHead(categoryId: number, storeCode?: string): CategoryHead {
  const store = storeViewOf(storeCode);
  const key = `${categoryId}|${store.storeCode}`;
  let head = headCache.get(key);
  if (head) return head;
  let l = listingCache.get(key);
  if (!l && keyStore().previous && buildRole() === 'whole') {
    const { categories } = catalog(store.storeCode);
    l = listProducts(categoryCandidates(categoryId, store.storeCode), {
      categoryId,
      categories,
      attributes: [],
      now: buildTime(),
      size: 1,
      withoutFacets: true,
    });
  }
  l ??= categoryListing(categoryId, storeCode);
  headCache.set(key, (head = { first: l.products[0], total: l.total }));
  return head;
}

/** The home page: banners, the featured (top-level menu) categories and the newest products. */
export function homePageData(storeCode?: string): HomePageData {
  const { childrenOf } = catalog(storeCode);
  const opts = urlOpts(storeCode);
  const top = (childrenOf.get(rootCategoryId()) ?? []).filter((c) => hasCategoryPage(c) && c.include_in_menu).slice(0, 8);
  const featured = top.map((c) => {
    const { first, total } = categoryHead(c.id, storeCode);
    const img = c.image ?? (first ? productImagePath(first) : null);
    return { category: c, href: categoryUrl(c, opts), image: img ?? undefined, count: total };
  });
  return {
    banners: bannersFor(storeViewOf(storeCode).storeCode),
    categories: featured,
    products: newestProducts(storeCode),
    jsonLd: [organizationJsonLd()],
  };
}

const newestOf = (products: Product[]) =>
  listProducts(products, { attributes: [], now: buildTime(), sort: 'created_at:desc', size: 8, withoutFacets: true }).products;
const newestOfDefault = once((): Product[] => (buildRole() === 'pages' ? sharedInput().newest : newestOf(catalog().products)));

/** The home page's newest products: the default store view's in every store view but one with a catalogue of its own. */
export function newestProducts(storeCode?: string): Product[] {
  return ownCatalogueDir(storeCode) ? newestOf(catalog(storeCode).products) : newestOfDefault();
}

// ---------------------------------------------------------------------------------------------
// AMP category page

const ampListings = new Map<string, { products: Product[]; total: number }>();

/**
 * The AMP category page's products (the AMP default sort) and their total, memoised per category and
 * store view: its cache key, its cache tags and the page itself read it (a sort of every product of
 * the category each time otherwise).
 */
export function ampCategoryListing(categoryId: number, storeCode?: string): { products: Product[]; total: number } {
  const store = storeViewOf(storeCode).storeCode;
  if (buildRole() === 'pages') return preparedAmpListing(categoryId, store);
  const key = `${categoryId}|${store}`;
  let l = ampListings.get(key);
  if (!l) {
    const { categories } = catalog(storeCode);
    l = listProducts(categoryCandidates(categoryId, storeCode), {
      categoryId,
      categories,
      attributes: [],
      now: buildTime(),
      sort: config.constants.ampCategoryDefaultSort,
      withoutFacets: true,
    });
    ampListings.set(key, l);
  }
  return l;
}

export interface AmpCategoryData {
  category: Category;
  title: string;
  description?: string;
  canonical: string;
  breadcrumbs: Crumb[];
  products: Product[];
  total: number;
  jsonLd: unknown[];
}

/** The AMP category page: the canonical page's texts, products sorted by the AMP default (updated_at descending). */
export function ampCategoryData(categoryId: number, storeCode?: string): AmpCategoryData {
  const c = catalog(storeCode).categoryById.get(categoryId);
  if (!c) throw new Error(`Category ${categoryId} is not in the snapshot`);
  const opts = urlOpts(storeCode);
  const canonical = categoryUrl(c, opts);
  const breadcrumbs: Crumb[] = [
    { name: messages.homeLink, href: homeUrl(storeCode) },
    ...categoryAncestors(c, storeCode).map((a) => ({ name: a.name, href: ampCategoryUrl(a, opts) })),
    { name: c.name },
  ];
  const listing = ampCategoryListing(c.id, storeCode);
  return {
    category: c,
    title: c.meta_title || c.name,
    description: metaDescription(c.meta_description, c.description),
    canonical,
    breadcrumbs,
    products: listing.products,
    total: listing.total,
    jsonLd: [breadcrumbJsonLd(breadcrumbs, canonical)],
  };
}
