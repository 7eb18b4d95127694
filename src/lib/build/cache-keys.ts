/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a page whose key and code
 * are unchanged since the last build is copied from it instead of rendered. A key is a digest of
 * everything the page shows that does not come from code: its page data (the record, listings,
 * prices at build time, related products, breadcrumbs), the site chrome of its layout (menus,
 * shops, promo strip), the config (URL switches, constants, store views) and the year in the footer.
 * A key that missed a dependency would serve a stale page: tests/api/incremental-build.test.ts
 * changes each kind of snapshot data and checks that exactly the pages showing it are rendered again,
 * then compares every page with a full build. Build time only: imports node:crypto.
 */
import { createHash } from 'node:crypto';
import { config } from '../config';
import { siteChrome, pricesFor, storeViewOf, type AmpRoute } from '../routing';
import { ampCategoryData, categoryPageData, productPageData } from '../page-data';
import { productIslandProps } from '../product-island-props';
import { categoryPromoFor, financeInfo, takeoverFor } from '../promo';
import type { ContentPageRoute } from '../content-routes';

/** A short digest of JSON values (undefined and functions count as null). */
export function digest(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(JSON.stringify(p) ?? 'null').update('\u0000');
  return h.digest('base64url').slice(0, 32);
}

/** What every page of a layout shows whatever the page: the config, the footer's year, and for the default layout the site chrome. */
function layoutKey(layout: 'default' | 'amp', storeCode: string): string {
  const year = new Date().getFullYear();
  return layout === 'amp'
    ? digest('amp', config, storeViewOf(storeCode), year)
    : digest('default', config, storeViewOf(storeCode), siteChrome(storeCode), year);
}
const layoutKeys = new Map<string, string>();
const memoLayoutKey = (layout: 'default' | 'amp', storeCode: string) => {
  const k = `${layout}|${storeCode}`;
  let v = layoutKeys.get(k);
  if (v === undefined) layoutKeys.set(k, (v = layoutKey(layout, storeCode)));
  return v;
};

/** The page data of a product, kept for the next call: its page and its AMP pages (one per child) ask in a row. */
let lastProduct: { id: number; storeCode: string; data: ReturnType<typeof productPageData> } | null = null;
function productData(id: number, storeCode: string): ReturnType<typeof productPageData> {
  if (lastProduct?.id !== id || lastProduct.storeCode !== storeCode) lastProduct = { id, storeCode, data: productPageData(id, storeCode) };
  return lastProduct.data;
}

/** A product page: its page data, the island's props, the promo block, finance and the tiles' prices. */
export function productPageKey(id: number, storeCode: string): string {
  const d = productData(id, storeCode);
  return digest(
    memoLayoutKey('default', storeCode),
    d,
    productIslandProps(d, storeCode),
    categoryPromoFor(d.product),
    financeInfo(d.product, storeCode),
    d.related.map((r) => pricesFor(r, storeCode)),
  );
}

/** A category page: its page data (listing, banners, breadcrumbs), the takeover banner and the tiles' prices. */
export function categoryPageKey(id: number, storeCode: string): string {
  const d = categoryPageData(id, storeCode);
  return digest(
    memoLayoutKey('default', storeCode),
    d,
    takeoverFor(d.category),
    d.listing.products.map((p) => pricesFor(p, storeCode)),
  );
}

/** A content (CMS) page of the catch-all: the page record and its layout. */
export function contentPageKey(content: ContentPageRoute, storeCode: string): string {
  return digest(memoLayoutKey('default', storeCode), content);
}

/** An AMP page: a product (the canonical page's data) or a category (its products in the AMP sort, their prices). */
export function ampPageKey(r: Pick<AmpRoute, 'kind' | 'key' | 'storeCode' | 'childSku'>): string {
  const layout = memoLayoutKey('amp', r.storeCode);
  if (r.kind === 'amp-product') {
    // What the AMP product page shows of the page data (no related products or reviews list), and the child its URL names
    const { product, title, description, descriptionHtml, canonical, breadcrumbs, prices, inStock, sku, options, children, grouped, bundle, attributes, images, jsonLd } =
      productData(r.key, r.storeCode);
    return digest(layout, r.childSku ?? null, { product, title, description, descriptionHtml, canonical, breadcrumbs, prices, inStock, sku, options, children, grouped, bundle, attributes, images, jsonLd });
  }
  const d = ampCategoryData(r.key, r.storeCode);
  return digest(layout, d, d.products.map((p) => pricesFor(p, r.storeCode)));
}
