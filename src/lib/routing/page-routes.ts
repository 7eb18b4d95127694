/**
 * The pages the build makes and the paths they answer (see docs/build.md, "Routing and
 * scale"): the catch-all routes per store view (categories, products, content), the AMP routes, the
 * rewrites and their aliases, and the product URLs that are gone. Computed once per build from the
 * catalogue index in ./routes.ts; nothing here renders HTML.
 */
import { config, enabledStoreViews } from '../config';
import { ampCategoryUrl, ampProductUrl, categoryUrl, homeUrl as storeHomeUrl, productUrl, type UrlOptions } from '../catalog/urls';
import { contentPages } from './content-routes';
import { once, urlOpts, catalog, hasProductPage, hasCategoryPage } from './routes';
import { buildRole } from '../build/shard';
import { pageShardInput } from '../build/shard-inputs';

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
  const entries: RouteEntry[] = [];
  for (const store of enabledStoreViews()) {
    const { products, categories } = catalog(store.storeCode);
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
export const catchAllRoutes = once((): PageRoute[] =>
  // A page shard of a prepared build has its own routes from the site part, which checked them all.
  buildRole() === 'pages' ? pageShardInput().catchAll : assembleRoutes(catchAllEntries()),
);

/** Every AMP product and category page (src/pages/amp/[...path].astro). */
export const ampRoutes = once((): AmpRoute[] => {
  if (buildRole() === 'pages') return pageShardInput().amp;
  const routes: AmpRoute[] = [];
  for (const store of enabledStoreViews()) {
    const { products, categories } = catalog(store.storeCode);
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
  const out: RewriteAlias[] = [];
  for (const store of enabledStoreViews()) {
    const { products } = catalog(store.storeCode);
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
    for (const p of catalog(store.storeCode).products) {
      if (p.discontinued !== 1) continue;
      out.add(stripQuery(productUrl(p, opts)));
      out.add(stripQuery(productUrl(p, { ...opts, dispatcher: false })));
      out.add(ampProductUrl(p, opts));
    }
  }
  return [...out];
});
