/**
 * Build side of the per-category listing files (format: src/lib/catalog/listing/client.ts): every
 * product a category page lists, in the default sort, with the tile fields and the index of each
 * filter value it has. Same rules, prices and facets as the static page (src/lib/catalog/listing/listing.ts).
 */
import { config } from '../config';
import { listProducts, type Listing } from '../catalog/listing/listing';
import { brandCategories, brandSlug } from './brand-page-data';
import { buildTime, catalog, currencyRate, once, pricesFor, productImagePath, rootCategoryId, storeViewOf, urlOpts } from '../routing/routes';
import { catchAllRoutes } from '../routing/page-routes';
import { facetValuesOf } from '../catalog/facets';
import { productUrl } from '../catalog/urls';
import { placeholderColour } from '../snapshot/placeholders-read';
import { type ListingFile, type ListingItem } from '../catalog/listing/client';
import { listingFileUrl } from '../catalog/urls';
import { isSearchable } from '../search/build';
import type { Product } from '../schemas';
import { buildRole } from './shard';
import { sharedInput } from './shard-inputs';
import { categoryCandidates, wholeCategoryListing } from './page-data';

/** Sorts the browser works out itself from the file (its own order and the final price). */
const clientSort = (sort: string) => /^(position|final_price|price)(:|$)/.test(sort);

/** The listing file of a category in a store view. */
export function listingFile(categoryId: number, storeCode?: string): ListingFile {
  // The category page's own listing, whole (its sort and facets worked out once for both).
  return listingFileOf(categoryCandidates(categoryId, storeCode), categoryId, storeCode, categoryId, wholeCategoryListing(categoryId, storeCode));
}

/**
 * The listing of every searchable product (the search index's products, src/lib/search/build.ts),
 * in the category listing's format: the search results page (src/lib/search/results.ts) lists the
 * matches of a query from it, with the tiles, prices and filters of a category page. Its id is the
 * root category's.
 */
export function searchListingFile(storeCode?: string): ListingFile {
  return listingFileOf(catalog(storeCode).products.filter(isSearchable), rootCategoryId(), storeCode);
}

/**
 * The listing file of candidate products (the §5 query filters applied here, and the category's when
 * given) under a listing id; `listed`: their listing in the default sort, when worked out already.
 */
function listingFileOf(all: Product[], id: number, storeCode?: string, categoryId?: number, listed?: Listing): ListingFile {
  const store = storeViewOf(storeCode);
  const { categories, attributes } = catalog(storeCode);
  const base = {
    ...(categoryId === undefined ? {} : { categoryId }),
    categories,
    attributes: [...attributes.values()],
    now: buildTime(),
    withoutPrice: currencyRate(store) !== 1,
    size: all.length,
  };
  const sort = config.constants.sorts[0]?.value ?? 'position:desc';
  const listing = listed ?? listProducts(all, { ...base, sort });
  const facetIndex = listing.facets.filter((f) => f.code !== 'price').map((f) => ({ code: f.code, ids: new Map(f.values.map((v, k) => [v.id, k])) }));
  const opts = urlOpts(storeCode);

  const products = listing.products.map((p): ListingItem => {
    const prices = pricesFor(p, storeCode);
    const img = productImagePath(p);
    const f: Record<string, number[]> = {};
    for (const { code, ids } of facetIndex) {
      const ks: number[] = [];
      for (const v of facetValuesOf(p, code)) {
        const k = ids.get(v);
        if (k !== undefined) ks.push(k);
      }
      if (ks.length) f[code] = ks.sort((a, b) => a - b);
    }
    const item: ListingItem = {
      id: p.id,
      sku: p.sku,
      type: p.type_id,
      name: p.name,
      url: productUrl(p, opts),
      price: [prices.original, prices.special, prices.final],
      f,
    };
    if (img) item.img = img;
    const ph = img ? placeholderColour(img) : undefined;
    if (ph) item.ph = ph;
    if (p.hover_image && p.hover_image !== img) item.hover = p.hover_image;
    if (p.sale === 1) item.badge = 'sale';
    else if (p.new === 1) item.badge = 'new';
    if (p.type_id === 'configurable' && p.configurable_children?.length) item.kids = p.configurable_children.map((c) => c.sku);
    return item;
  });

  const file: ListingFile = { v: 1, id, sort, total: listing.total, facets: listing.facets, products };
  const position = new Map(products.map((p, i) => [p.id, i]));
  for (const s of config.constants.sorts) {
    if (s.value === sort || clientSort(s.value)) continue;
    (file.orders ??= {})[s.value] = listProducts(all, { ...base, sort: s.value }).products.map((p) => position.get(p.id)!);
  }
  return file;
}

/** The categories that have a listing file: every category page and every brand listing. */
export const listedCategoryIds = once((): number[] => {
  // A page shard of a prepared build knows only its own routes: the site part lists them all.
  if (buildRole() === 'pages') return sharedInput().listedCategoryIds;
  const ids = new Set<number>();
  for (const r of catchAllRoutes()) if (r.kind === 'category') ids.add(Number(r.key));
  for (const b of brandCategories()) ids.add(b.id);
  return [...ids];
});

/** The category id behind a listing key of CategoryListing (a category id or 'brand:{slug}'). */
export function listingCategoryId(listingKey: string | number): number | null {
  if (typeof listingKey === 'number') return listingKey;
  if (/^\d+$/.test(listingKey)) return Number(listingKey);
  const m = /^brand:(.+)$/.exec(listingKey);
  if (m) return brandCategories().find((b) => brandSlug(b) === m[1])?.id ?? null;
  return null;
}

/** The URL of the listing file behind a listing key, or null when there is none. */
export function listingFileUrlFor(listingKey: string | number, storeCode?: string): string | null {
  const id = listingCategoryId(listingKey);
  return id === null || !listedCategoryIds().includes(id) ? null : listingFileUrl(id, storeCode);
}
