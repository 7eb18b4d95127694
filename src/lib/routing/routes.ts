/**
 * The catalogue index and per-page data, computed once per build from the snapshot (see docs/build.md,
 * "Routing and scale"). `getStaticPaths` returns only `{ kind, key, storeCode }` per page; a page
 * loads its record from the memoised in-memory index here; the routes themselves are in
 * ./page-routes.ts. Nothing in this module renders HTML.
 */
import * as snap from '../snapshot/read';
import { config, enabledStoreViews, type StoreView } from '../config';
import { menuTree, type MenuItem } from '../content/menus';
import { MENU_IDS, type Attribute, type Banner, type Banners, type Category, type CmsBlock, type Product, type Review, type Shop } from '../schemas';
import { homeUrl as storeHomeUrl, localizedPath, storeOfPath, type UrlOptions } from '../catalog/urls';
import { convertPrices, productPrices, storeRate, type PricedProduct, type ProductPrices } from '../catalog/price';
import { warnEmptyHeaderMenu } from '../build/warnings';
import { canonicalContentLink, isLinkableContentPath } from './content-routes';
import { buildRole, currentShard } from '../build/shard';
import { pageShardInput, productIdsOfRoutes } from '../build/shard-inputs';

/** Memoises a zero-argument loader for the life of the build process. */
export function once<T>(load: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = load();
      done = true;
    }
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Store views

/** The store view with this code (default store when absent or unknown). */
export function storeViewOf(storeCode?: string): StoreView {
  if (!storeCode) return config.storeViews.default;
  return enabledStoreViews().find((s) => s.storeCode === storeCode) ?? config.storeViews.default;
}

/** The `lang` attribute of a store view's pages ('en-GB', 'de-DE'). */
export function storeLang(storeCode?: string): string {
  return storeViewOf(storeCode).i18n.defaultLocale;
}

/** The home path of a store view: '/' for the default one, '/de/' for a prefixed one (multistore). */
export function homeUrl(storeCode?: string): string {
  return storeHomeUrl({ storeCode });
}

/** URL options for a store view's pages. */
export const urlOpts = (storeCode?: string): UrlOptions => ({ storeCode });

// ---------------------------------------------------------------------------------------------
// Site chrome

export interface SiteChrome {
  header: MenuItem[];
  mobile: MenuItem[];
  about: MenuItem[];
  legal: MenuItem[];
  help: MenuItem[];
  shopping: MenuItem[];
  shops: Shop[];
  promoStrip: CmsBlock | null;
}

const chromeByStore = new Map<string, SiteChrome>();

/**
 * Internal menu links get the store view's prefix (/de/rings on multistore); others stay as they are.
 * A link to a content route the build leaves out (no active CMS page) goes: the entry with it, or
 * only its link when it heads other entries.
 */
function localizeMenu(items: MenuItem[], storeCode: string): MenuItem[] {
  return items.flatMap((i): MenuItem[] => {
    const children = localizeMenu(i.children, storeCode);
    const own = !!i.href && i.href.startsWith('/') && !i.href.startsWith('//');
    const canonical = own ? canonicalContentLink(i.href!) : null;
    if (canonical !== null && !isLinkableContentPath(canonical)) return children.length > 0 ? [{ ...i, href: null, children }] : [];
    return [{ ...i, href: i.href === null ? null : storeLink(i.href, storeCode), children }];
  });
}

/**
 * A link the data gives (a menu entry's, a banner's) as a page of a store view links it: an own path
 * at its canonical address (a CMS page's, not its /p/ alias) with the store view's prefix
 * (`/rings` -> `/de/rings` on multistore) unless it has it already; another site's link as it is.
 */
export function storeLink(href: string, storeCode: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  // Already a store view's link (this one's, or another's on purpose).
  if (storeOfPath(href, enabledStoreViews()).view) return href;
  return localizedPath(canonicalContentLink(href), { storeCode });
}

/** The six menus as trees, the shops and the promo strip block: everything the header and footer show (per store view). */
export function siteChrome(storeCode: string = config.storeViews.default.storeCode): SiteChrome {
  let chrome = chromeByStore.get(storeCode);
  if (!chrome) {
    const menus = snap.readMenus();
    const tree = (id: number) => localizeMenu(menuTree(menus[String(id) as keyof typeof menus] ?? []), storeCode);
    const blocks = cmsBlocks();
    chrome = {
      header: tree(MENU_IDS.header),
      mobile: tree(MENU_IDS.mobile),
      about: tree(MENU_IDS.about),
      legal: tree(MENU_IDS.legal),
      help: tree(MENU_IDS.help),
      shopping: tree(MENU_IDS.shopping),
      shops: snap.readShops(),
      promoStrip: blocks.find((b) => b.identifier === 'promo-strip' && b.active) ?? null,
    };
    chromeByStore.set(storeCode, chrome);
    warnEmptyHeaderMenu(chrome.header);
  }
  return chrome;
}

/** Every CMS block of the snapshot. */
export const cmsBlocks = once(() => snap.readCmsBlocks());

const bannersByStore = new Map<string, Banners>();
/** The banners of a store view (banners/{storeCode}.json, else the default store's file), their links in the store view. */
export function bannersFor(storeCode: string = config.storeViews.default.storeCode): Banners {
  let b = bannersByStore.get(storeCode);
  if (!b) {
    try {
      b = snap.readBanners(storeCode);
    } catch (e) {
      if (storeCode === config.storeViews.default.storeCode) throw e;
      b = snap.readBanners(config.storeViews.default.storeCode);
    }
    // Their links lead to the store view's own pages, as its menus' do.
    const local = (list: Banner[]) => list.map((x) => ({ ...x, link: storeLink(x.link, storeCode) }));
    b = { ...b, mainBanners: local(b.mainBanners), smallBanners: local(b.smallBanners), productBanners: local(b.productBanners) };
    bannersByStore.set(storeCode, b);
  }
  return b;
}

// ---------------------------------------------------------------------------------------------
// Catalogue index

export interface CatalogIndex {
  /**
   * Every product of the snapshot. In a whole build the full records; in a shard build (N > 1) the
   * slim records of slimProduct (what listings, facets, tiles, related links, the search index, the
   * URL map and the rewrites read): a shard's own product pages read their full record with
   * productRecord (src/lib/build/shard-records.ts).
   */
  products: Product[];
  byId: Map<number, Product>;
  bySku: Map<string, Product>;
  categories: Category[];
  categoryById: Map<number, Category>;
  /** Direct children of a category, in position order. */
  childrenOf: Map<number, Category[]>;
  /** Product ids assigned directly to a category. */
  productIdsOf: Map<number, number[]>;
  attributes: Map<string, Attribute>;
  reviewsOf: Map<number, Review[]>;
  /**
   * True in a page shard of a prepared build: `products` holds its own products and those they link,
   * not the catalogue, and `productIdsOf` is empty (its listings come from the site part's input).
   */
  partial?: boolean;
  /** A page shard's own products' full records (src/lib/build/shard-records.ts reads them). */
  fullRecords?: Map<number, Product>;
}

/** One copy of each repeated short string of the slim records (link types, category names). */
const shared = new Map<string, string>();
const share = (s: string): string => {
  const v = shared.get(s);
  if (v !== undefined) return v;
  shared.set(s, s);
  return s;
};

/**
 * The record of a product that another page shows (a tile, a facet count, a related link, a search
 * entry, a URL map line, a page's cache tags): the product without what only its own page reads
 * (description, short description, meta title and description; the gallery beyond its first image,
 * the tile's fallback; a link's fields other than its type and target sku), and with one copy of a
 * repeated image path or category name. About 40 % of a record's heap in the generated catalogue
 * (docs/benchmarks/history/2026-11-27.md, "Sharded build: slim records"). Still a valid Product: every field left out is optional.
 */
export function slimProduct(p: Product): Product {
  const { description: _d, short_description: _s, meta_title: _t, meta_description: _m, media_gallery, product_links, category, ...rest } = p;
  const first = media_gallery.find((m) => m.typ === 'image');
  const out: Product = {
    ...rest,
    media_gallery: first ? [{ image: first.image === rest.image ? rest.image : first.image, typ: 'image' }] : [],
    product_links: product_links.map((l) => ({ link_type: share(l.link_type), linked_product_sku: l.linked_product_sku })),
    ...(category ? { category: category.map((c) => ({ category_id: c.category_id, name: share(c.name) })) } : {}),
  };
  for (const k of ['small_image', 'thumbnail', 'hover_image'] as const) if (out[k] && out[k] === rest.image) out[k] = rest.image;
  return out;
}

/**
 * What a page reads of a product it shows but does not render (a related product's tile, a line of a
 * group or bundle): the slim record without its own links, categories and custom options, which only
 * its own page reads. A prepared build's page shard holds these for the products its pages show.
 */
export function linkedRecord(p: Product): Product {
  const { product_links: _links, category: _category, custom_options: _options, ...rest } = slimProduct(p);
  return { ...rest, product_links: [], custom_options: [] };
}

/**
 * The in-memory catalogue index, built once from the snapshot (products read shard by shard). A shard
 * build (N > 1) holds slim records (slimProduct): its memory then falls with the pages it renders,
 * not only with Astro's page state (docs/build.md, "Sharded builds").
 */
const defaultCatalog = once((): CatalogIndex => (buildRole() === 'pages' ? pageShardCatalog() : wholeCatalog()));

/**
 * The snapshot folder of a store view's own catalogue (`stores/{code}/`, docs/snapshot.md "Store
 * views"), or null when it shows the default store view's: the default store view itself, a store
 * view not enabled (multistore off), or one the snapshot holds no catalogue for.
 */
export function ownCatalogueDir(storeCode?: string): string | null {
  if (!storeCode || storeCode === config.storeViews.default.storeCode) return null;
  if (!enabledStoreViews().some((s) => s.storeCode === storeCode)) return null;
  return snap.storeSnapshotDir(storeCode);
}

/** No enabled store view has a catalogue of its own: every page has the same path under each store view's prefix. */
export const storeViewsShareCatalogue = once(() => !enabledStoreViews().some((v) => ownCatalogueDir(v.storeCode)));

const storeCatalogs = new Map<string, CatalogIndex>();

/**
 * The catalogue index of a store view: its own catalogue's when the snapshot holds one
 * (ownCatalogueDir), else the default store view's, built once from the snapshot.
 */
export function catalog(storeCode?: string): CatalogIndex {
  const own = ownCatalogueDir(storeCode);
  if (!own) return defaultCatalog();
  let index = storeCatalogs.get(own);
  if (!index) storeCatalogs.set(own, (index = wholeCatalog(own, true)));
  return index;
}

/** The index of every product of a snapshot folder (slim records in a shard build, N > 1, unless `full`). */
function wholeCatalog(dir: string = snap.snapshotDir(), full = false): CatalogIndex {
  const products: Product[] = [];
  const byId = new Map<number, Product>();
  const bySku = new Map<string, Product>();
  const productIdsOf = new Map<number, number[]>();
  const shard = currentShard();
  const slim = !full && !!shard && shard.count > 1;
  for (const full of snap.iterateProducts(dir)) {
    const p = slim ? slimProduct(full) : full;
    products.push(p);
    byId.set(p.id, p);
    bySku.set(p.sku, p);
    for (const cid of p.category_ids) {
      let list = productIdsOf.get(cid);
      if (!list) productIdsOf.set(cid, (list = []));
      list.push(p.id);
    }
  }
  const reviewsOf = new Map<number, Review[]>();
  for (const r of snap.readReviews(dir)) {
    let list = reviewsOf.get(r.product_id);
    if (!list) reviewsOf.set(r.product_id, (list = []));
    list.push(r);
  }
  return { products, byId, bySku, productIdsOf, reviewsOf, ...smallTables(dir) };
}

/**
 * The index of a page shard of a prepared build (src/lib/build/shard-inputs.ts): its own products
 * (full records in `fullRecords`, slim ones in `byId`) and the linkedRecord of each product they show
 * (the site part's input names them), read from the snapshot; not the rest of the catalogue. Listings
 * come from the shared input.
 */
function pageShardCatalog(): CatalogIndex {
  const input = pageShardInput();
  const own = productIdsOfRoutes(input.catchAll, input.amp);
  // One pass over the snapshot: the full records of its own products, and what its pages read of the
  // products they show (the site part named them).
  const wanted = new Set([...own, ...input.linked]);
  const records = snap.readProductRecords(wanted, undefined, (p) => (own.has(p.id) ? p : linkedRecord(p)));
  const fullRecords = new Map([...own].flatMap((id) => (records.has(id) ? [[id, records.get(id)!] as const] : [])));
  const products: Product[] = [];
  const byId = new Map<number, Product>();
  const bySku = new Map<string, Product>();
  const add = (p: Product) => {
    if (byId.has(p.id)) return;
    products.push(p);
    byId.set(p.id, p);
    bySku.set(p.sku, p);
  };
  for (const p of fullRecords.values()) add(slimProduct(p));
  for (const [id, p] of records) if (!own.has(id)) add(p);
  const reviewsOf = new Map<number, Review[]>();
  for (const r of input.reviews) {
    let list = reviewsOf.get(r.product_id);
    if (!list) reviewsOf.set(r.product_id, (list = []));
    list.push(r);
  }
  return { products, byId, bySku, productIdsOf: new Map(), reviewsOf, ...smallTables(), partial: true, fullRecords };
}

/** The catalogue's small tables: categories (with each one's children) and attributes. */
function smallTables(dir: string = snap.snapshotDir()): Pick<CatalogIndex, 'categories' | 'categoryById' | 'childrenOf' | 'attributes'> {
  const categories = snap.readCategories(dir);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const childrenOf = new Map<number, Category[]>();
  for (const c of categories) {
    if (c.id === c.parent_id) continue;
    let list = childrenOf.get(c.parent_id);
    if (!list) childrenOf.set(c.parent_id, (list = []));
    list.push(c);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  const attributes = new Map(snap.readAttributes(dir).map((a) => [a.attribute_code, a]));
  return { categories, categoryById, childrenOf, attributes };
}

/** The catalogue's root category, from the snapshot's manifest (docs/snapshot.md): the menus, category pages and listings hang below it. */
export const rootCategoryId = once(() => snap.readRootCategoryId());

/** True for a product that gets a page: visible in catalogue or search (2, 3, 4), enabled, not discontinued. */
export function hasProductPage(p: Product): boolean {
  return p.visibility >= 2 && p.status < 2 && p.discontinued !== 1;
}

/**
 * What of a product decides which pages it has and at which URLs: what hasProductPage, productUrl and
 * ampProductUrl read, with its children's SKUs (their aliases and AMP pages) and its gone URLs. The
 * route lists, the redirect rules and the URL dispatcher's map read nothing else of a product, so the
 * files made of them are taken again when no product's route fields changed (a price, a text, stock:
 * src/lib/build/cache-keys.ts wholeCatalogueFileKeys). tests/unit/site-map.test.ts changes every other
 * field of every product and checks that those files do not change.
 */
export function routeFieldsOf(p: Product): unknown[] {
  const own = [p.id, p.sku, p.slug, p.type_id, p.url_path, p.url_key, p.parentSku ?? null, p.visibility, p.status, p.discontinued];
  return [...own, p.configurable_children?.map((c) => c.sku) ?? null];
}

/** The url_path segment of the brands category: its children are listed at /brands/{slug}/all-products. */
export const BRANDS_SEGMENT = 'brands';

/** True for a brand's category (a child of the brands category): the brand listing route renders it. */
export function isBrandCategory(c: Pick<Category, 'url_path'>): boolean {
  return c.url_path.startsWith(`${BRANDS_SEGMENT}/`);
}

/**
 * True for a category that gets a page of the catch-all route: active, below the root category
 * (rootCategoryId: the manifest's, §9's 2 by default), and not a brand's category (§2: a path with brands and all-products is the
 * brand listing, /brands/{slug}/all-products, rendered by the brand routes).
 */
export function hasCategoryPage(c: Category): boolean {
  const root = rootCategoryId();
  return c.is_active && c.id !== root && c.level >= 2 && c.path.split('/').includes(String(root)) && !isBrandCategory(c);
}

/** The ids of a category and all its descendants (§5: category filters include all descendants). */
export function descendantIds(categoryId: number, storeCode?: string): number[] {
  const { childrenOf } = catalog(storeCode);
  const out: number[] = [];
  const stack = [categoryId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    for (const c of childrenOf.get(id) ?? []) stack.push(c.id);
  }
  return out;
}

/** The active ancestors of a category below the root, from the top down (not including itself). */
export function categoryAncestors(c: Category, storeCode?: string): Category[] {
  const { categoryById } = catalog(storeCode);
  const root = rootCategoryId();
  return c.path
    .split('/')
    .map(Number)
    .filter((id) => id !== c.id && id !== root && id !== 1)
    .map((id) => categoryById.get(id))
    .filter((x): x is Category => !!x && hasCategoryPage(x));
}

/** The primary category of a product: the one whose url_path prefixes the product's, else its deepest category. */
export function primaryCategory(p: Product, storeCode?: string): Category | undefined {
  const { categoryById } = catalog(storeCode);
  const cats = p.category_ids.map((id) => categoryById.get(id)).filter((c): c is Category => !!c && hasCategoryPage(c));
  const byPath = cats.filter((c) => p.url_path.startsWith(`${c.url_path}/`)).sort((a, b) => b.level - a.level)[0];
  return byPath ?? cats.sort((a, b) => b.level - a.level)[0];
}

// ---------------------------------------------------------------------------------------------
// Prices and tiles

/** The moment the build prices products at (special-price windows are judged on this day). */
export const buildTime = once(() => (process.env.BUILD_TIME ? new Date(process.env.BUILD_TIME) : new Date()));

/** Original, special and final price of a product in a store view's currency. */
export function pricesFor(p: PricedProduct, storeCode?: string): ProductPrices {
  const store = storeViewOf(storeCode);
  return convertPrices(productPrices(p, buildTime(), { store }), currencyRate(store));
}

/**
 * Exchange rate from the snapshot's GBP prices to a store view's currency: 1 for GBP, and for a store
 * view with a catalogue of its own (its prices are in its own currency already).
 */
export function currencyRate(store: StoreView): number {
  if (ownCatalogueDir(store.storeCode)) return 1;
  return storeRate(store);
}

/** The image of a product's tile: image, then small_image, thumbnail, first gallery image. */
export function productImagePath(p: Pick<Product, 'image' | 'small_image' | 'thumbnail' | 'media_gallery'>): string | null {
  return p.image || p.small_image || p.thumbnail || p.media_gallery.find((m) => m.typ === 'image')?.image || null;
}
