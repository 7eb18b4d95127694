/**
 * Routes and per-page data, computed once per build from the snapshot (see docs/architecture.md,
 * "Routing and scale"). `getStaticPaths` returns only `{ kind, key, storeCode }` per page; a page
 * loads its record from the memoised in-memory index here. Nothing in this module renders HTML.
 */
import * as snap from '../build/snapshot';
import { config, enabledStoreViews, type StoreView } from '../config';
import { menuTree, type MenuItem } from '../content/menus';
import { MENU_IDS, type Attribute, type Banners, type Category, type CmsBlock, type Product, type Review, type Shop } from '../schemas';
import { ampCategoryUrl, ampProductUrl, categoryUrl, homeUrl as storeHomeUrl, localizedPath, productUrl, type UrlOptions } from '../catalog/urls';
import { contentPages } from './content-routes';
import { convertPrice, productPrices, type PricedProduct, type ProductPrices } from '../catalog/price';
import { warnEmptyHeaderMenu } from '../build/warnings';

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

/** Internal menu links get the store view's prefix (/de/rings on multistore); others stay as they are. */
function localizeMenu(items: MenuItem[], storeCode: string): MenuItem[] {
  return items.map((i) => ({
    ...i,
    href: i.href && i.href.startsWith('/') && !i.href.startsWith('//') ? localizedPath(i.href, { storeCode }) : i.href,
    children: localizeMenu(i.children, storeCode),
  }));
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
/** The banners of a store view (banners/{storeCode}.json, else the default store's file). */
export function bannersFor(storeCode: string = config.storeViews.default.storeCode): Banners {
  let b = bannersByStore.get(storeCode);
  if (!b) {
    try {
      b = snap.readBanners(storeCode);
    } catch (e) {
      if (storeCode === config.storeViews.default.storeCode) throw e;
      b = bannersFor(config.storeViews.default.storeCode);
    }
    bannersByStore.set(storeCode, b);
  }
  return b;
}

// ---------------------------------------------------------------------------------------------
// Catalogue index

export interface CatalogIndex {
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
}

/** The in-memory catalogue index, built once from the snapshot (products read shard by shard). */
export const catalog = once((): CatalogIndex => {
  const products: Product[] = [];
  const byId = new Map<number, Product>();
  const bySku = new Map<string, Product>();
  const productIdsOf = new Map<number, number[]>();
  for (const p of snap.iterateProducts()) {
    products.push(p);
    byId.set(p.id, p);
    bySku.set(p.sku, p);
    for (const cid of p.category_ids) {
      let list = productIdsOf.get(cid);
      if (!list) productIdsOf.set(cid, (list = []));
      list.push(p.id);
    }
  }
  const categories = snap.readCategories();
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const childrenOf = new Map<number, Category[]>();
  for (const c of categories) {
    if (c.id === c.parent_id) continue;
    let list = childrenOf.get(c.parent_id);
    if (!list) childrenOf.set(c.parent_id, (list = []));
    list.push(c);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  const attributes = new Map(snap.readAttributes().map((a) => [a.attribute_code, a]));
  const reviewsOf = new Map<number, Review[]>();
  for (const r of snap.readReviews()) {
    let list = reviewsOf.get(r.product_id);
    if (!list) reviewsOf.set(r.product_id, (list = []));
    list.push(r);
  }
  return { products, byId, bySku, categories, categoryById, childrenOf, productIdsOf, attributes, reviewsOf };
});

/** True for a product that gets a page: visible in catalogue or search (2, 3, 4), enabled, not discontinued. */
export function hasProductPage(p: Product): boolean {
  return p.visibility >= 2 && p.status < 2 && p.discontinued !== 1;
}

/** The url_path segment of the brands category: its children are listed at /brands/{slug}/all-products. */
export const BRANDS_SEGMENT = 'brands';

/** True for a brand's category (a child of the brands category): the brand listing route renders it. */
export function isBrandCategory(c: Pick<Category, 'url_path'>): boolean {
  return c.url_path.startsWith(`${BRANDS_SEGMENT}/`);
}

/**
 * True for a category that gets a page of the catch-all route: active, below the root category
 * (§9 root id 2), and not a brand's category (§2: a path with brands and all-products is the
 * brand listing, /brands/{slug}/all-products, rendered by the brand routes).
 */
export function hasCategoryPage(c: Category): boolean {
  const root = config.constants.categoryRootId;
  return c.is_active && c.id !== root && c.level >= 2 && c.path.split('/').includes(String(root)) && !isBrandCategory(c);
}

/** The ids of a category and all its descendants (§5: category filters include all descendants). */
export function descendantIds(categoryId: number): number[] {
  const { childrenOf } = catalog();
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
export function categoryAncestors(c: Category): Category[] {
  const { categoryById } = catalog();
  const root = config.constants.categoryRootId;
  return c.path
    .split('/')
    .map(Number)
    .filter((id) => id !== c.id && id !== root && id !== 1)
    .map((id) => categoryById.get(id))
    .filter((x): x is Category => !!x && hasCategoryPage(x));
}

/** The primary category of a product: the one whose url_path prefixes the product's, else its deepest category. */
export function primaryCategory(p: Product): Category | undefined {
  const { categoryById } = catalog();
  const cats = p.category_ids.map((id) => categoryById.get(id)).filter((c): c is Category => !!c && hasCategoryPage(c));
  const byPath = cats.filter((c) => p.url_path.startsWith(`${c.url_path}/`)).sort((a, b) => b.level - a.level)[0];
  return byPath ?? cats.sort((a, b) => b.level - a.level)[0];
}

// ---------------------------------------------------------------------------------------------
// Routes

export type PageKind = 'category' | 'product' | 'content';

/** One page of the catch-all route: the path (with leading slash, no trailing one) and what to render. */
export interface PageRoute {
  path: string;
  kind: PageKind;
  /** Category id, product id or content path. */
  key: string | number;
  storeCode: string;
}

export interface AmpRoute {
  path: string;
  kind: 'amp-product' | 'amp-category';
  key: number;
  storeCode: string;
  /** The configurable child an AMP product page shows (§2: the child in the URL is the child shown). */
  childSku?: string;
}

/** Paths answered by other route files; a catalogue or content page there would be shadowed. */
const RESERVED_EXACT = new Set([
  '/',
  '/pwa.html',
  '/home-dev',
  '/checkout',
  '/page-not-found',
  '/error',
  '/order-success',
  '/404',
  '/raw-output-example.xml',
  '/append-prepend.html',
  '/no-js.html',
  '/robots.txt',
  '/sitemap-index.xml',
  '/search',
]);
const RESERVED_PREFIXES = ['/my-account', `/${config.shop.blogPath}`, '/brands/', '/stores/', '/i/', '/amp/', '/_astro/', '/img/', '/api/'];

function isReserved(path: string): string | null {
  if (RESERVED_EXACT.has(path)) return path;
  for (const pre of RESERVED_PREFIXES) {
    // '/brands/' reserves what is below /brands; '/my-account' reserves itself too.
    if (pre.endsWith('/') ? path.startsWith(pre) : path === pre || path.startsWith(`${pre}/`)) return pre;
  }
  // /p/{slug} (one segment) is the fallback content route; products under /p are two or three segments deep.
  if (/^\/p\/[^/]+$/.test(path)) return '/p/{slug}';
  return null;
}

const stripQuery = (url: string) => url.replace(/[?#].*$/, '');

function prefixOf(storeCode: string): string {
  return storeHomeUrl({ storeCode }).replace(/\/$/, '');
}

/** A candidate page before the duplicate and reserved-path checks; `label` names it in errors. */
export interface RouteEntry extends PageRoute {
  label: string;
}

/** URL switches for computing routes (default: the config's). */
export type SwitchOptions = Pick<UrlOptions, 'short' | 'dispatcher'>;

/**
 * Checks candidate pages: a path reserved for another route file, or produced twice, fails with a
 * message naming both sides. Returns the routes in order.
 */
export function assembleRoutes(entries: RouteEntry[]): PageRoute[] {
  const seen = new Map<string, string>();
  const routes: PageRoute[] = [];
  for (const { label, ...r } of entries) {
    const prefix = prefixOf(r.storeCode);
    const bare = prefix && r.path.startsWith(`${prefix}/`) ? r.path.slice(prefix.length) : r.path;
    const reserved = isReserved(bare);
    if (reserved) throw new Error(`Route conflict: ${label} wants ${r.path}, which is reserved for the route ${reserved}.`);
    const other = seen.get(r.path);
    if (other) throw new Error(`Route conflict: ${label} and ${other} both produce the path ${r.path}. Give one of them another url_key or identifier.`);
    seen.set(r.path, label);
    routes.push(r);
  }
  return routes;
}

/** The candidate pages of the catch-all route: categories, products and content pages per enabled store view. */
export function catchAllEntries(switches: SwitchOptions = {}): RouteEntry[] {
  const { products, categories } = catalog();
  const entries: RouteEntry[] = [];
  for (const store of enabledStoreViews()) {
    const opts = { ...urlOpts(store.storeCode), ...switches };
    for (const c of categories) {
      if (!hasCategoryPage(c)) continue;
      entries.push({ path: stripQuery(categoryUrl(c, opts)), kind: 'category', key: c.id, storeCode: store.storeCode, label: `category ${c.id} '${c.name}'` });
    }
    for (const p of products) {
      if (!hasProductPage(p)) continue;
      entries.push({ path: stripQuery(productUrl(p, opts)), kind: 'product', key: p.id, storeCode: store.storeCode, label: `product ${p.sku}` });
    }
    const prefix = prefixOf(store.storeCode);
    for (const c of contentPages()) {
      entries.push({ path: `${prefix}${c.path}`, kind: 'content', key: c.path, storeCode: store.storeCode, label: `content page ${c.path}` });
    }
  }
  return entries;
}

/** Every page of the catch-all route for every enabled store view; throws on a duplicate or reserved path. */
export const catchAllRoutes = once((): PageRoute[] => assembleRoutes(catchAllEntries()));

/** Every AMP product and category page (src/pages/amp/[...path].astro). */
export const ampRoutes = once((): AmpRoute[] => {
  const { products, categories } = catalog();
  const routes: AmpRoute[] = [];
  for (const store of enabledStoreViews()) {
    const opts = urlOpts(store.storeCode);
    for (const c of categories)
      if (hasCategoryPage(c)) routes.push({ path: ampCategoryUrl(c, opts), kind: 'amp-category', key: c.id, storeCode: store.storeCode });
    for (const p of products) {
      if (!hasProductPage(p)) continue;
      routes.push({ path: ampProductUrl(p, opts), kind: 'amp-product', key: p.id, storeCode: store.storeCode });
      // AMP pages run no script of their own, so each child of a configurable is a page of its own.
      if (p.type_id !== 'configurable') continue;
      for (const c of p.configurable_children ?? []) {
        const path = ampProductUrl(p, { ...opts, childSku: c.sku });
        if (c.sku !== p.sku) routes.push({ path, kind: 'amp-product', key: p.id, storeCode: store.storeCode, childSku: c.sku });
      }
    }
  }
  return routes;
});

/** The Astro rest parameter of a path: '/rings/x' -> 'rings/x'. */
export const restParam = (path: string) => path.replace(/^\/+|\/+$/g, '');

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface Rewrite {
  from: string;
  to: string;
}

/** One path that answers with another page's body (a 200 rewrite, not a redirect). */
export interface RewriteAlias {
  from: string;
  to: string;
}

/**
 * The paths rewritten to a product page: a configurable child's URL answers with its parent's page
 * (the page preselects the child from the URL), and the named product route answers with the
 * url_path page when the dispatcher puts products there.
 */
export const rewriteAliases = once((): RewriteAlias[] => {
  const { products } = catalog();
  const out: RewriteAlias[] = [];
  for (const store of enabledStoreViews()) {
    const opts = urlOpts(store.storeCode);
    const named = { ...opts, dispatcher: false };
    for (const p of products) {
      if (!hasProductPage(p)) continue;
      const page = stripQuery(productUrl(p, opts));
      const skus = p.type_id === 'configurable' ? [p.sku, ...(p.configurable_children ?? []).map((c) => c.sku)] : [undefined];
      const aliases = [...new Set(skus.map((childSku) => productUrl(p, { ...named, childSku })))].filter((u) => u !== page);
      for (const from of aliases) out.push({ from, to: `${page}/` });
    }
  }
  return out;
});

/**
 * Server rewrites (dist/_rewrites.json): the aliases of rewriteAliases as one anchored rule per
 * product (every child of a configurable in one alternation).
 */
export const rewrites = once((): Rewrite[] => {
  const anyOf = (paths: string[]) => `^(?:${paths.map(escapeRe).join('|')})/?$`;
  const byTarget = new Map<string, string[]>();
  for (const a of rewriteAliases()) byTarget.set(a.to, [...(byTarget.get(a.to) ?? []), a.from]);
  return [...byTarget].map(([to, from]) => ({ from: anyOf(from), to }));
});

/** True when the build writes a page (or a rewrite answers) at this path: a redirect from it would hide that page. */
export function hasPageAt(path: string): boolean {
  const known = pagePaths();
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return known.has(p) || RESERVED_EXACT.has(p);
}

const pagePaths = once((): Set<string> => {
  const out = new Set<string>();
  for (const r of catchAllRoutes()) out.add(r.path);
  for (const r of ampRoutes()) out.add(r.path);
  for (const a of rewriteAliases()) out.add(a.from);
  return out;
});

/** The URL paths of discontinued products (answered 410 by the shop's server). */
export const goneProductUrls = once((): string[] => {
  const out = new Set<string>();
  for (const store of enabledStoreViews()) {
    const opts = urlOpts(store.storeCode);
    for (const p of catalog().products) {
      if (p.discontinued !== 1) continue;
      out.add(stripQuery(productUrl(p, opts)));
      out.add(stripQuery(productUrl(p, { ...opts, dispatcher: false })));
      out.add(ampProductUrl(p, opts));
    }
  }
  return [...out];
});

// ---------------------------------------------------------------------------------------------
// Prices and tiles

/** The moment the build prices products at (special-price windows are judged on this day). */
export const buildTime = once(() => (process.env.BUILD_TIME ? new Date(process.env.BUILD_TIME) : new Date()));

/** Original, special and final price of a product in a store view's currency. */
export function pricesFor(p: PricedProduct, storeCode?: string): ProductPrices {
  const store = storeViewOf(storeCode);
  const prices = productPrices(p, buildTime(), { store });
  const rate = currencyRate(store);
  if (rate === 1) return prices;
  const conv = (n: number) => convertPrice(n, rate);
  return { original: conv(prices.original), special: prices.special === null ? null : conv(prices.special), final: conv(prices.final) };
}

/** Exchange rate from the snapshot's GBP prices to a store view's currency (1 for GBP). */
export function currencyRate(store: StoreView): number {
  return store.i18n.currencyCode === config.storeViews.default.i18n.currencyCode ? 1 : store.i18n.exchangeRate;
}

/** The image of a product's tile: image, then small_image, thumbnail, first gallery image. */
export function productImagePath(p: Pick<Product, 'image' | 'small_image' | 'thumbnail' | 'media_gallery'>): string | null {
  return p.image || p.small_image || p.thumbnail || p.media_gallery.find((m) => m.typ === 'image')?.image || null;
}
