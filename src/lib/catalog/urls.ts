/**
 * Every catalogue URL (spec §2 "Catalogue routes"), built in one place: the short-URL switch,
 * the URL dispatcher (links use the stored url_path) and the /de, /it store prefixes (multistore only).
 */
import { config } from '../config';
import { slugify } from './slug';

/** Switches a URL honours; each defaults to the config value. */
export interface UrlOptions {
  /** Short catalogue URLs (config.switches.shortCatalogUrls). */
  short?: boolean;
  /** URL dispatcher: product and category links use url_path (config.switches.urlDispatcher). */
  dispatcher?: boolean;
  /** Store view code; default the default store view. Its prefix applies only when multistore is on. */
  storeCode?: string;
  /** Multistore (config.storeViews.multistore); mainly for tests. */
  multistore?: boolean;
}

/** The product fields a URL needs. After `configureProduct`, sku is the child's and parentSku the parent's. */
export interface ProductUrlFields {
  sku: string;
  slug: string;
  type_id: string;
  url_path?: string | null;
  parentSku?: string | null;
}

/** The category fields a URL needs. */
export interface CategoryUrlFields {
  slug: string;
  url_path?: string | null;
}

const short = (o: UrlOptions) => o.short ?? config.switches.shortCatalogUrls;
const dispatcher = (o: UrlOptions) => o.dispatcher ?? config.switches.urlDispatcher;
const seg = (s: string) => encodeURIComponent(s);
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** The URL prefix of a store view: '' for the default one or when multistore is off, else '/de', '/it'. */
export function storePrefix(storeCode?: string, opts: Pick<UrlOptions, 'multistore'> = {}): string {
  const multistore = opts.multistore ?? config.storeViews.multistore;
  const def = config.storeViews.default;
  if (!multistore || !storeCode || storeCode === def.storeCode) return '';
  const view = config.storeViews.others.find((s) => s.storeCode === storeCode);
  return view ? view.url.replace(/\/+$/, '') : `/${seg(storeCode)}`;
}

/**
 * The store view a site path belongs to among `views` (the store views in play: each but the default
 * has its URL prefix), its prefix and the path without it: `/de/rings` -> { de, '/de', '/rings' },
 * `/de` -> { de, '/de', '/' }; a path under no prefix: { null, '', path } (the default store view's). The one rule for
 * "is this path under a store view's prefix" (sitemap, share alternates, gone pages, menu and banner
 * links, the browser's store view).
 */
export function storeOfPath<V extends { url: string }>(path: string, views: readonly V[]): { view: V | null; prefix: string; rest: string } {
  for (const view of views) {
    const prefix = view.url.replace(/\/+$/, '');
    if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return { view, prefix, rest: path.slice(prefix.length) || '/' };
  }
  return { view: null, prefix: '', rest: path };
}

/** A path with the store prefix applied ('/page-not-found' -> '/de/page-not-found' on multistore). */
export function localizedPath(path: string, opts: UrlOptions = {}): string {
  const prefix = storePrefix(opts.storeCode, opts);
  const p = path.startsWith('/') ? path : `/${path}`;
  if (!prefix) return p;
  return p === '/' ? `${prefix}/` : `${prefix}${p}`;
}

/**
 * Editors' HTML with its links to the shop's pages (`href="/repairs"`) kept in the store view: under
 * /de they lead to /de/repairs. Files (`/media/guide.pdf`), other sites, anchors and links already in
 * the store view are left as written. Nothing changes in the default store view or with multistore off.
 */
export function localizeLinks(html: string, opts: UrlOptions = {}): string {
  const prefix = storePrefix(opts.storeCode, opts);
  if (!prefix) return html;
  return html.replace(/(<a\b[^>]*?\shref=")(\/(?!\/)[^"]*)"/gi, (whole, start: string, href: string) => {
    const path = href.split(/[?#]/)[0]!;
    const inStore = path === prefix || path.startsWith(`${prefix}/`);
    return inStore || /\.[^/]*$/.test(path) ? whole : `${start}${localizedPath(href, opts)}"`;
  });
}

/** An absolute URL on the shop's public origin (for canonical links and share tags). */
export function absoluteUrl(path: string): string {
  return `${config.shop.siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The product route's name: `${type_id}-product` (§2). */
export function productRouteName(p: Pick<ProductUrlFields, 'type_id'>): string {
  return `${p.type_id}-product`;
}

/**
 * The product route's params. A configurable product always carries a childSku: the given one,
 * else the product's own sku (the parent's until a child has been configured).
 */
export function productRouteParams(p: ProductUrlFields, childSku?: string): { parentSku: string; slug: string; childSku?: string } {
  const parentSku = p.parentSku || p.sku;
  if (p.type_id !== 'configurable') return { parentSku, slug: p.slug };
  return { parentSku, slug: p.slug, childSku: childSku || p.sku };
}

/**
 * The product page URL. Dispatcher on: `/{url_path}` plus `?childSku=X` for a configurable child.
 * Otherwise `/{parentSku}/{slug}[/{childSku}]`, under `/p` when short URLs are off.
 */
export function productUrl(p: ProductUrlFields, opts: { childSku?: string } & UrlOptions = {}): string {
  const params = productRouteParams(p, opts.childSku);
  if (dispatcher(opts) && p.url_path) {
    const child = params.childSku && params.childSku !== params.parentSku ? `?childSku=${seg(params.childSku)}` : '';
    return localizedPath(`/${trimSlashes(p.url_path)}${child}`, opts);
  }
  const base = short(opts) ? '' : '/p';
  const child = params.childSku ? `/${seg(params.childSku)}` : '';
  return localizedPath(`${base}/${seg(params.parentSku)}/${seg(params.slug)}${child}`, opts);
}

/** Stands for a child's sku in a product's child URL template (left as it is by encodeURIComponent). */
export const CHILD_SKU_TOKEN = '__child_sku__';

/** A configurable child's page URL from its product's template (`productUrl` with CHILD_SKU_TOKEN as the child). */
export function childUrl(template: string, childSku: string): string {
  return template.replace(CHILD_SKU_TOKEN, seg(childSku));
}

/** The absolute canonical URL of a product page: the parent's URL, without a chosen child. */
export function productCanonicalUrl(p: ProductUrlFields, opts: UrlOptions = {}): string {
  const parent = { ...p, sku: p.parentSku || p.sku };
  return absoluteUrl(productUrl(parent, { ...opts, childSku: undefined }));
}

/** The category page URL: `/{url_path}` with the dispatcher on, else `/{slug}` (short) or `/c/{slug}`. */
export function categoryUrl(c: CategoryUrlFields, opts: UrlOptions = {}): string {
  if (dispatcher(opts) && c.url_path) return localizedPath(`/${trimSlashes(c.url_path)}`, opts);
  return localizedPath(`${short(opts) ? '' : '/c'}/${seg(c.slug)}`, opts);
}

/** The absolute canonical URL of a category page. */
export function categoryCanonicalUrl(c: CategoryUrlFields, opts: UrlOptions = {}): string {
  return absoluteUrl(categoryUrl(c, opts));
}

/** The CMS page URL: `/i/{slug}` whatever the short-URL switch. */
export function cmsUrl(identifier: string, opts: UrlOptions = {}): string {
  return localizedPath(`/i/${slugify(identifier)}`, opts);
}

/**
 * The AMP product URL: `/amp/{parentSku}/{slug}` (short) or `/amp/p/{parentSku}/{slug}`, plus
 * `/{childSku}` for a configurable product. AMP routes do not use the dispatcher.
 */
export function ampProductUrl(p: ProductUrlFields, opts: { childSku?: string } & UrlOptions = {}): string {
  const params = productRouteParams(p, opts.childSku);
  const child = params.childSku ? `/${seg(params.childSku)}` : '';
  return localizedPath(`/amp${short(opts) ? '' : '/p'}/${seg(params.parentSku)}/${seg(params.slug)}${child}`, opts);
}

/** The AMP category URL: `/amp/{slug}` (short) or `/amp/c/{slug}`. */
export function ampCategoryUrl(c: CategoryUrlFields, opts: UrlOptions = {}): string {
  return localizedPath(`/amp${short(opts) ? '' : '/c'}/${seg(c.slug)}`, opts);
}

/** A brand's page: `/brands/{slug}`. */
export function brandUrl(brandLabel: string, opts: UrlOptions = {}): string {
  return localizedPath(`/brands/${slugify(brandLabel)}`, opts);
}

/** A brand's product listing: `/brands/{slug}/all-products`. */
export function brandAllProductsUrl(brandLabel: string, opts: UrlOptions = {}): string {
  return localizedPath(`/brands/${slugify(brandLabel)}/all-products`, opts);
}

/** A shop's page: `/stores/jewellers-{location}` ('Preston' -> '/stores/jewellers-preston'). */
export function storeUrl(location: string, opts: UrlOptions = {}): string {
  return localizedPath(`/stores/jewellers-${slugify(location)}`, opts);
}

/** The blog (`/pjworld`), one of its categories (`/pjworld/{category}`) or a post (`/pjworld/post/{slug}`). */
export function blogUrl(target: { category?: string; post?: string } = {}, opts: UrlOptions = {}): string {
  const root = `/${config.shop.blogPath}`;
  if (target.post) return localizedPath(`${root}/post/${seg(target.post)}`, opts);
  if (target.category) return localizedPath(`${root}/${seg(target.category)}`, opts);
  return localizedPath(root, opts);
}

/** The home page of a store view ('/' or '/de/'). */
export function homeUrl(opts: UrlOptions = {}): string {
  return localizedPath('/', opts);
}

/** The search results page ('/search?q=ring+size+p', '/de/search'): every match of a query. */
export function searchUrl(query = '', opts: UrlOptions = {}): string {
  const path = localizedPath('/search', opts);
  const q = query.trim();
  return q ? `${path}?${new URLSearchParams({ q }).toString()}` : path;
}

/** The store-code-prefixed page-not-found path. */
export function pageNotFoundUrl(opts: UrlOptions = {}): string {
  return localizedPath('/page-not-found', opts);
}

/** The URL of a category's listing file, with the store prefix when multistore is on. */
export function listingFileUrl(categoryId: number, storeCode?: string): string {
  return localizedPath(`/listing/${categoryId}.json`, { storeCode });
}

/** The URL of the listing of every searchable product (the search results page's), with the store prefix when multistore is on. */
export function searchListingFileUrl(storeCode?: string): string {
  return localizedPath('/search-listing.json', { storeCode });
}
