/**
 * Build side of the permanent redirects (§2 URL dispatcher, at the HTTP level): every old URL the
 * dispatcher can resolve from the snapshot alone becomes a 301 rule of the redirect map
 * (src/lib/build/cdn/edge-map.ts, dist/_cdn/edge/), which CDNs' edge functions and the shop's server
 * (server/static.ts) read. What cannot be known at build time (a url_key under any old category path)
 * is left to the page-not-found page's script.
 *
 * The rules start with the 200 rewrites (a configurable child's URL, the named product route, an
 * order's page) so that, applied in order, those pages are served before a product's stale-slug rule
 * sees them.
 */
import * as snap from '../snapshot/read';
import { config, enabledStoreViews, type StoreView } from '../config';
import { catalog, hasProductPage, once } from './routes';
import { hasPageAt, rewriteAliases } from './page-routes';
import { productUrl, storeOfPath } from '../catalog/urls';
import { legacyTarget, urlMap } from './url-map';
import type { RedirectRule } from './redirect-rules';
import { contentRewriteRules, goneContentUrls, goneUrlsOf } from './content-routes';

const LEGACY_SUFFIX = /\.(html?|php)$/i;
const stripQuery = (url: string) => url.replace(/[?#].*$/, '');

/** The redirect rules (in `_redirects` form), in the order they must apply. */
export const redirectRules = once((): RedirectRule[] => {
  const out: RedirectRule[] = [];
  const seen = new Set<string>();
  const add = (from: string, to: string, status = 301) => {
    const key = from.toLowerCase();
    if (seen.has(key)) return;
    // Never hide a page the build writes, never send a page to itself.
    if (status === 301 && (hasPageAt(from) || stripQuery(to).replace(/\/$/, '') === from)) return;
    seen.add(key);
    out.push({ from, to, status });
  };

  // 1. What must be served as it is (200: another page's body at this URL).
  for (const a of rewriteAliases()) add(a.from, a.to, 200);
  for (const r of contentRewriteRules()) add(r.from, r.to, 200);

  // 2. Legacy paths of the snapshot's url-map.json: the path itself and, without a suffix, its .html twin.
  const { byId, categoryById, products } = catalog();
  for (const e of snap.readUrlMap()) {
    const to = legacyTarget(e, byId, categoryById);
    if (!to) continue;
    const from = e.from.startsWith('/') ? e.from.replace(/\/+$/, '') : `/${e.from}`;
    add(from, to);
    if (!LEGACY_SUFFIX.test(from)) add(`${from}.html`, to);
  }

  // 3. Categories by slug: /{slug}, /{slug}.html and /c/{slug} (the other position of the short-URL switch).
  for (const [slug, to] of Object.entries(urlMap().map.categories)) {
    for (const from of [`/${slug}`, `/${slug}.html`, `/c/${slug}`]) add(from, to);
  }

  // 4. Products by sku under a slug that is no longer current (/{sku}/{old-slug}[/{childSku}], also
  //    under /p and /amp): each child first, then the product. The named route with the current slug
  //    was written above as a 200 rule or is a page, so it is served before these match.
  const store = config.storeViews.default.storeCode;
  for (const p of products) {
    if (!hasProductPage(p)) continue;
    const page = stripQuery(productUrl(p, { storeCode: store }));
    const sku = encodeURIComponent(p.sku);
    for (const base of [`/${sku}`, `/p/${sku}`]) {
      for (const c of p.configurable_children ?? []) {
        if (c.sku === p.sku) continue;
        add(`${base}/:slug/${encodeURIComponent(c.sku)}`, productUrl(p, { storeCode: store, childSku: c.sku }));
      }
      add(`${base}/*`, page);
    }
  }
  return out;
});

/** The body a discontinued product's URL, or a content route left out, answers with (status 410). */
export const GONE_PAGE = '/404.html';

/** The gone page for a URL: its store view's own under its prefix (`/de/404.html`, multistore), else GONE_PAGE. */
export function gonePageFor(path: string, views: readonly StoreView[] = enabledStoreViews()): string {
  return `${storeOfPath(path, views).prefix}${GONE_PAGE}`;
}

/**
 * Every rule of the redirect map (src/lib/build/cdn/edge-map.ts): discontinued products' URLs and
 * those of the content routes left out for want of an active CMS page first (410, before any file or
 * rewrite), then the redirect rules above.
 */
export const edgeRules = once((): RedirectRule[] => [
  ...[...goneUrlsOf(catalog().products), ...goneContentUrls()].map((from) => ({ from, to: gonePageFor(from), status: 410 })),
  ...redirectRules(),
]);
