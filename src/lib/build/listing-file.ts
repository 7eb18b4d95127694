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
import { keyStore } from './key-store';
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

/** What a listing file says of a product besides its filter values (which index the file's own facets): its fields before them, and after. */
interface Tile {
  head: Omit<ListingItem, 'f' | 'img' | 'ph' | 'hover' | 'badge' | 'kids'>;
  rest: Pick<ListingItem, 'img' | 'ph' | 'hover' | 'badge' | 'kids'>;
  /** A configurable product's filter values by filter, as asked for (its children's values are gathered each time otherwise). */
  values: Map<string, readonly string[]>;
}

function tileOf(p: Product, storeCode: string | undefined): Tile {
  const prices = pricesFor(p, storeCode);
  const img = productImagePath(p);
  const head: Tile['head'] = {
    id: p.id,
    sku: p.sku,
    type: p.type_id,
    name: p.name,
    url: productUrl(p, urlOpts(storeCode)),
    price: [prices.original, prices.special, prices.final],
  };
  const rest: Tile['rest'] = {};
  if (img) rest.img = img;
  const ph = img ? placeholderColour(img) : undefined;
  if (ph) rest.ph = ph;
  if (p.hover_image && p.hover_image !== img) rest.hover = p.hover_image;
  if (p.sale === 1) rest.badge = 'sale';
  else if (p.new === 1) rest.badge = 'new';
  if (p.type_id === 'configurable' && p.configurable_children?.length) rest.kids = p.configurable_children.map((c) => c.sku);
  return { head, rest, values: new Map() };
}

/**
 * Each product's tile by store view, worked out once per change the persistent renderer makes (the
 * keys before offered, ./key-store.ts): it writes the search listing, every searchable product's,
 * and the listing files of the categories holding the product changed, their subtrees' again (a
 * price at 100,000 products). Null in a full build, which writes every file once and does not keep
 * every tile meanwhile.
 */
const tileMemo = new Map<string | undefined, WeakMap<Product, Tile>>();
function tilesOf(storeCode: string | undefined): WeakMap<Product, Tile> | null {
  if (!keyStore().previous) return null;
  let m = tileMemo.get(storeCode);
  if (!m) tileMemo.set(storeCode, (m = new WeakMap()));
  return m;
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
  const tiles = tilesOf(storeCode);

  const products = listing.products.map((p): ListingItem => {
    let tile = tiles?.get(p);
    if (!tile) {
      tile = tileOf(p, storeCode);
      tiles?.set(p, tile);
    }
    const f: Record<string, number[]> = {};
    for (const { code, ids } of facetIndex) {
      let values = p.type_id === 'configurable' ? tile.values.get(code) : undefined;
      if (!values) {
        values = facetValuesOf(p, code);
        if (p.type_id === 'configurable') tile.values.set(code, values);
      }
      const ks: number[] = [];
      for (const v of values) {
        const k = ids.get(v);
        if (k !== undefined) ks.push(k);
      }
      if (ks.length) f[code] = ks.sort((a, b) => a - b);
    }
    // The fields in the file's order: the tile's head, the filter values, the tile's rest.
    return { ...tile.head, f, ...tile.rest };
  });

  const file: ListingFile = { v: 1, id, sort, total: listing.total, facets: listing.facets, products };
  const position = new Map(products.map((p, i) => [p.id, i]));
  for (const s of config.constants.sorts) {
    if (s.value === sort || clientSort(s.value)) continue;
    // The order only: its facets are the default sort's.
    (file.orders ??= {})[s.value] = listProducts(all, { ...base, sort: s.value, withoutFacets: true }).products.map((p) => position.get(p.id)!);
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
