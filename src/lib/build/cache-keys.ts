/**
 * Cache keys for Astro's incremental build (experimental.incrementalBuild): a page whose key and code
 * are unchanged since the last build is copied from it instead of rendered. A key is a digest of
 * everything the page shows that does not come from code: its page data (the record, listings,
 * prices at build time, related products, breadcrumbs), the site chrome of its layout (menus,
 * shops, promo strip), the pictures' placeholder colours, the config (URL switches, constants,
 * store views), the year in the footer, and the code of the middleware that rewrites every page.
 * A key that missed a dependency would serve a stale page: tests/api/incremental-build.test.ts
 * changes each kind of snapshot data and checks that exactly the pages showing it are rendered again,
 * then compares every page with a full build. Build time only: imports node:crypto.
 */
import { createHash } from 'node:crypto';
import { middlewareCodeKey } from './code-key';
import { config, enabledStoreViews } from '../config';
import { bannersFor, catalog, once, routeFieldsOf, siteChrome, pricesFor, primaryCategory, storeViewOf, type CatalogIndex } from '../routing/routes';
import { catchAllRoutes, type AmpRoute } from '../routing/page-routes';
import { ampCategoryData, categoryCandidates, categoryPageData, homePageData } from './page-data';
import { readSocial } from '../snapshot/read';
import { productPageCore, relatedProducts, shippingMethods } from './product-page-data';
import { productIslandProps } from './product-island-props';
import { categoryPromoFor, financeInfo, takeoverFor } from './promo';
import { placeholderColours } from '../snapshot/placeholders-read';
import {
  blogData,
  contentPages,
  contentPaths,
  goneContentUrls,
  snapshotShops,
  storeParams,
  type CmsAliasRoute,
  type ContentPageRoute,
} from '../routing/content-routes';
import { brandContentPaths, brandListing } from './brand-page-data';
import { keepSplitStateAsBefore, searchIndexTime, searchPageData, storeSearchFiles, storeSearchListing } from './search-site-index';
import { searchListingFileUrl } from '../catalog/urls';
import { bundlesOf, folderOf, type SplitFolders } from '../search/bundles';
import { splitListingFiles } from '../search/split-listing';
import { linkedSkus, reuseOrCompute } from './key-reuse';
import { buildRole } from './shard';
import { digestBefore, digestThen, keyStore, noteDigest } from './key-store';
import type { Category, Product } from '../schemas';

/** A short digest of JSON values (undefined and functions count as null). */
export function digest(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(JSON.stringify(p) ?? 'null').update('\u0000');
  return h.digest('base64url').slice(0, 32);
}

/**
 * What every page of a layout shows whatever the page: the config, the footer's year, and for the
 * default layout the site chrome and the snapshot's placeholder colours (every picture of the default
 * layout, src/components/Img.astro, shows its colour under it; AMP pictures have none). A changed
 * colour re-renders every page of the layout: which pictures a page shows is not worked out here.
 */
function layoutKey(layout: 'default' | 'amp', storeCode: string): string {
  const year = new Date().getFullYear();
  // The middleware rewrites every HTML page after it is rendered (./code-key.ts).
  const code = middlewareCodeKey();
  return layout === 'amp'
    ? digest('amp', config, storeViewOf(storeCode), year, code)
    : digest('default', config, storeViewOf(storeCode), siteChrome(storeCode), placeholderColours(), year, code);
}
const layoutKeys = new Map<string, string>();
const memoLayoutKey = (layout: 'default' | 'amp', storeCode: string) => {
  const k = `${layout}|${storeCode}`;
  let v = layoutKeys.get(k);
  if (v === undefined) layoutKeys.set(k, (v = layoutKey(layout, storeCode)));
  return v;
};

/**
 * What the keys taken again from the generation before (./key-reuse.ts) read of the CMS pages: which
 * content routes the build leaves out (the finance and promo links of a product page,
 * src/lib/build/promo.ts, and the footer's FAQ link). Part of each such key's base, so a CMS page
 * added, removed or switched off computes them again (./render/changes.ts KEYED_FILES).
 */
let contentLinksKey: string | undefined;
const contentLinks = (): string => (contentLinksKey ??= digest(goneContentUrls()));

/**
 * A base worked out once per kind and store view: what it joins is worked out once per process, and a
 * change compares it with each of hundreds of thousands of entries kept (./key-reuse.ts).
 */
const bases = new Map<string, string>();
function memoBase(kind: string, storeCode: string, make: () => string): string {
  const k = `${kind}|${storeCode}`;
  let v = bases.get(k);
  if (v === undefined) bases.set(k, (v = make()));
  return v;
}

/**
 * The base of a value taken again from the generation before that reads listings but shows no layout
 * (a page's cache tags, ./cache-tags.ts): the config and store view (listing sizes and order) through
 * the layout's key, and the content links, as the page keys' bases have them.
 */
export const reuseBase = (storeCode: string): string => memoBase('reuse', storeCode, () => `${memoLayoutKey('default', storeCode)} ${contentLinks()}`);

/**
 * The digest of one snapshot record (a product), computed once per build: a page's key names the
 * records it shows by their digests instead of writing them out again (a product is shown by its own
 * page, its AMP pages, and the listings and related products of others). A record of the default
 * catalogue (the very object its index holds) that did not change since the generation before takes
 * that generation's digest (./key-store.ts digestBefore): a change of a few records does not
 * digest the whole catalogue again for the keys of the listings holding them (1.6 s at 100,000
 * products). The records are parsed from their unchanged JSON by the same code, so the digest is the same.
 */
const recordKeys = new WeakMap<object, string>();
export function recordKey(r: object): string {
  let k = recordKeys.get(r);
  if (k === undefined) {
    const id = (r as { id?: unknown }).id;
    const own = typeof id === 'number' && catalog().byId.get(id) === r ? id : undefined;
    k = (own !== undefined ? digestBefore('records', own) : undefined) ?? digest(r);
    recordKeys.set(r, k);
    if (own !== undefined) noteDigest('records', own, k);
  }
  return k;
}

/**
 * The keys of a product's page and of its AMP pages, from one computation of its page data (the
 * catch-all route and the AMP route ask for them in turn). The page data is the part without the
 * texts made from the record's HTML (productPageCore): those are functions of the record, which the
 * keys digest whole, so they need not be computed (sanitising every description cost seconds).
 */
const productKeys = new Map<string, { page: string; amp: string }>();
function productKeysOf(id: number, storeCode: string): { page: string; amp: string } {
  const k = productEntry(id, storeCode);
  let v = productKeys.get(k);
  if (v === undefined) {
    const base = productBase(storeCode);
    // Taken from the generation before when neither the product nor the products it links changed, and
    // its primary category's listing did not or still gives the same related products (./key-reuse.ts).
    const [page, amp] = reuseOrCompute(
      k,
      storeCode,
      base,
      () => {
        const d = productPageCore(id, storeCode);
        const keys = productKeysFrom(d, storeCode);
        return { keys: [keys.page, keys.amp], deps: { ids: [id], skus: linkedSkus(d.product), subtree: primaryCategory(d.product, storeCode)?.id ?? null } };
      },
      () => relatedRead(id, storeCode),
    );
    productKeys.set(k, (v = { page: page!, amp: amp! }));
  }
  return v;
}

/**
 * The names of the entries (./key-reuse.ts) of a product's keys (its page's and its AMP pages'), a
 * category page's and an AMP category page's.
 */
export const productEntry = (id: number, storeCode: string): string => `product|${id}|${storeCode}`;
export const categoryEntry = (id: number, storeCode: string): string => `category|${id}|${storeCode}`;
export const ampCategoryEntry = (id: number, storeCode: string): string => `amp-category|${id}|${storeCode}`;

/** The base of a product's keys (./key-reuse.ts): both layouts (its page's, its AMP pages') and the content links. */
export const productBase = (storeCode: string): string =>
  memoBase('product', storeCode, () => `${memoLayoutKey('default', storeCode)} ${memoLayoutKey('amp', storeCode)} ${contentLinks()}`);
/** The base of an AMP category page's key: the AMP layout and the content links. */
export const ampCategoryBase = (storeCode: string): string => memoBase('amp-category', storeCode, () => `${memoLayoutKey('amp', storeCode)} ${contentLinks()}`);

/**
 * What a product's page reads of its primary category's listing: its related products (chosen from
 * that listing), their records, and their prices as judged today, which its tiles show (a special
 * price a related product's record holds may start or end with the day: ./key-reuse.ts). Its keys
 * digest these with the rest.
 */
function relatedRead(id: number, storeCode: string): string {
  const p = catalog(storeCode).byId.get(id);
  return p ? digest(relatedProducts(p, undefined, storeCode).map((r) => [recordKey(r), pricesFor(r, storeCode)])) : '-';
}

/** The keys of a product's page and of its AMP pages, from its page data. */
function productKeysFrom(d: ReturnType<typeof productPageCore>, storeCode: string): { page: string; amp: string } {
  const record = recordKey(d.product);
  const { title, canonical, breadcrumbs, prices, inStock, sku, options, children, grouped, bundle, attributes, images } = d;
  return {
    // The page: its page data, the island's props, the promo block, finance and the tiles' prices
    page: digest(
      memoLayoutKey('default', storeCode),
      { ...d, product: record, related: d.related.map(recordKey) },
      productIslandProps(d, storeCode),
      categoryPromoFor(d.product),
      financeInfo(d.product, storeCode),
      d.related.map((r) => pricesFor(r, storeCode)),
      // The JSON-LD offer's shipping details.
      shippingMethods(),
    ),
    // An AMP page: what it shows of the page data (no related products or reviews list); the child its URL names is added per page
    amp: digest(memoLayoutKey('amp', storeCode), {
      product: record,
      title,
      canonical,
      breadcrumbs,
      prices,
      inStock,
      sku,
      options,
      children,
      grouped,
      bundle,
      attributes,
      images,
      shipping: shippingMethods(),
    }),
  };
}

/** A product page: its page data, the island's props, the promo block, finance and the tiles' prices. */
export function productPageKey(id: number, storeCode: string): string {
  return productKeysOf(id, storeCode).page;
}

/** A category page: its page data (listing, banners, breadcrumbs), the takeover banner and the tiles' prices. */
export function categoryPageKey(id: number, storeCode: string): string {
  // Taken from the generation before when no product of the category or its descendants changed (./key-reuse.ts).
  return reuseOrCompute(categoryEntry(id, storeCode), storeCode, reuseBase(storeCode), () => {
    const d = categoryPageData(id, storeCode);
    const key = digest(
      memoLayoutKey('default', storeCode),
      { ...d, category: recordKey(d.category), listing: { ...d.listing, products: d.listing.products.map(recordKey) } },
      takeoverFor(d.category),
      d.listing.products.map((p) => pricesFor(p, storeCode)),
    );
    return { keys: [key], deps: { subtree: id } };
  })[0]!;
}

/** A content (CMS) page of the catch-all, or one of its aliases (/i/{slug}, /p/{slug}): the page record, its layout and canonical path. */
export function contentPageKey(content: ContentPageRoute | CmsAliasRoute, storeCode: string): string {
  return digest(memoLayoutKey('default', storeCode), content);
}

/** An AMP page: a product (the canonical page's data, the child its URL names) or a category (its products in the AMP sort, their prices). */
export function ampPageKey(r: Pick<AmpRoute, 'kind' | 'key' | 'storeCode' | 'childSku'>): string {
  if (r.kind === 'amp-product') return digest(productKeysOf(r.key, r.storeCode).amp, r.childSku ?? null);
  return reuseOrCompute(ampCategoryEntry(r.key, r.storeCode), r.storeCode, ampCategoryBase(r.storeCode), () => {
    const d = ampCategoryData(r.key, r.storeCode);
    const key = digest(
      memoLayoutKey('amp', r.storeCode),
      { ...d, category: recordKey(d.category), products: d.products.map(recordKey) },
      d.products.map((p) => pricesFor(p, r.storeCode)),
    );
    return { keys: [key], deps: { subtree: r.key } };
  })[0]!;
}

/** What the data files of a store view depend on besides their records: the config, the store view, the placeholder colours. */
function dataKey(storeCode: string): string {
  const k = `data|${storeCode}`;
  let v = layoutKeys.get(k);
  if (v === undefined) layoutKeys.set(k, (v = digest('data', config, storeViewOf(storeCode), placeholderColours())));
  return v;
}
/** The category tree and the attributes (names, positions, facet labels) of a store view's catalogue, digested once per build. */
const catalogueShapeKeys = new Map<CatalogIndex, string>();
function catalogueShape(storeCode: string): string {
  const index = catalog(storeCode);
  let key = catalogueShapeKeys.get(index);
  if (key === undefined) catalogueShapeKeys.set(index, (key = digest(index.categories.map(recordKey), [...index.attributes.values()].map(recordKey))));
  return key;
}

/**
 * A category's listing file (/listing/{id}.json, src/lib/build/listing-file.ts): every product of the
 * category and its descendants (by record), their prices now, the category tree and attributes
 * (facets), and the config, store view and placeholder colours. Not the site chrome: the file has none.
 */
export function listingFileKey(categoryId: number, storeCode: string): string {
  const base = `${dataKey(storeCode)} ${catalogueShape(storeCode)} ${contentLinks()}`;
  return reuseOrCompute(`listing|${categoryId}|${storeCode}`, storeCode, base, () => {
    const products = categoryCandidates(categoryId, storeCode);
    const key = digest(
      dataKey(storeCode),
      catalogueShape(storeCode),
      categoryId,
      products.map(recordKey),
      products.map((p) => pricesFor(p, storeCode)),
    );
    return { keys: [key], deps: { subtree: categoryId } };
  })[0]!;
}

/** The listing a brand's pages show (first tiles, total, facets), by record, with the tiles' prices. */
function brandListingKey(brand: Category, storeCode: string): unknown {
  const listing = brandListing(brand, storeCode);
  return [{ ...listing, products: listing.products.map(recordKey) }, listing.products.map((p) => pricesFor(p, storeCode))];
}

/**
 * A brand's page (/brands/{brand}): the brand and its parent (breadcrumbs), its listing, the content
 * pages about it. Taken from the generation before when no product of the brand's listing (the brand
 * category and its descendants) changed; the rest is its base (./key-reuse.ts).
 */
export function brandPageKey(brand: Category, storeCode: string): string {
  const parent = catalog().categoryById.get(brand.parent_id);
  const related = brandContentPaths(brand).map((path) => contentPages().find((c) => c.path === path) ?? null);
  const layout = memoLayoutKey('default', storeCode);
  return reuseOrCompute(`brand|${brand.id}|${storeCode}`, storeCode, digest(layout, 'brand', brand, parent ?? null, related, contentLinks()), () => ({
    keys: [digest(layout, 'brand', brand, parent ?? null, brandListingKey(brand, storeCode), related)],
    deps: { subtree: brand.id },
  }))[0]!;
}

/** A brand's listing (/brands/{brand}/all-products): the brand and its parent, its listing and the banners of the store view; taken again as the brand's page is. */
export function brandListingPageKey(brand: Category, storeCode: string): string {
  const parent = catalog().categoryById.get(brand.parent_id);
  const layout = memoLayoutKey('default', storeCode);
  const banners = bannersFor(storeCode);
  return reuseOrCompute(
    `brand-listing|${brand.id}|${storeCode}`,
    storeCode,
    digest(layout, 'brand-listing', brand, parent ?? null, banners, contentLinks()),
    () => ({ keys: [digest(layout, 'brand-listing', brand, parent ?? null, brandListingKey(brand, storeCode), banners)], deps: { subtree: brand.id } }),
  )[0]!;
}

/** Every blog page (the list, a category, a post): the whole blog (posts, categories), which each shows part of. */
export function blogPageKey(storeCode: string, page: unknown): string {
  const { posts, categories } = blogData();
  return digest(memoLayoutKey('default', storeCode), 'blog', posts, categories, page);
}

/**
 * A store view's home page (/, /home-dev, /pwa.html, /{store}/): its banners, featured categories
 * (their first product's picture and product count), newest products with their prices, the social
 * feed, and the layout. A fixed path's page has no getStaticPaths to carry a key: its module exports
 * it (./render/paths.ts FIXED_PAGE_KEY), for the persistent renderer. Taken from the generation
 * before when no product changed (a CMS paragraph); any product changed works it out again.
 */
export function homePageKey(storeCode?: string): string {
  const code = storeViewOf(storeCode).storeCode;
  const layout = memoLayoutKey('default', code);
  return reuseOrCompute(`home|${code}`, code, `${layout} ${catalogueShape(code)} ${contentLinks()}`, () => {
    const d = homePageData(storeCode);
    let social: unknown = null;
    try {
      social = readSocial();
    } catch {
      // A snapshot without social.json shows no feed (src/components/SocialFeed.astro).
    }
    const featured = d.categories.map((c) => [recordKey(c.category), c.href, c.image ?? null, c.count]);
    const newest = d.products.map((p) => [recordKey(p), pricesFor(p, code)]);
    return { keys: [digest(layout, 'home', code, d.banners, featured, newest, d.jsonLd, social)], deps: { all: true } };
  })[0]!;
}

/** A shop's page (/stores/jewellers-{location}): every shop (the page lists the others too). */
export function shopPageKey(storeCode: string, location: string): string {
  return digest(memoLayoutKey('default', storeCode), 'shop', snapshotShops(), location);
}

/**
 * The search files of a store view and its search results page (./search-site-index.ts): the keys of
 * their paths, worked out together because they read the same thing, every searchable product. Taken
 * from the generation before when no product changed and the base did not (the layout, config, store
 * view, category tree and attributes), so a change that reaches no product (a CMS paragraph) does not
 * work out the search index again, seconds at 100,000 products. `page`: the results page's key;
 * `index` and `listing`: the heads' (their text's digest); `indexFiles` and `listingFiles`: the split
 * files and their bundles, each as [folder, name], keyed by the folder, a digest of its part's
 * content (../search/bundles.ts); null when the index is whole.
 */
export interface SearchKeys {
  page: string;
  index: string;
  listing: string;
  indexFiles: [folder: string, name: string][] | null;
  listingFiles: [folder: string, name: string][] | null;
}
/** Made once per store view for the keys offered (four routes ask), again when other keys are offered. */
const searchKeysMade = new Map<string, { offered: unknown; keys: SearchKeys }>();
export function searchKeys(storeCode: string): SearchKeys {
  const offered = keyStore().previous;
  const made = searchKeysMade.get(storeCode);
  if (made && made.offered === offered) return made.keys;
  // With the time the index says it was made: a pull's new manifest changes the search files and no other key.
  const base = `${memoLayoutKey('default', storeCode)} ${dataKey(storeCode)} ${catalogueShape(storeCode)} ${contentLinks()} ${searchIndexTime()}`;
  // One list of strings (the kept keys' shape): page, index, listing, then per split its file count and [folder, name] pairs ('-': whole).
  let computed = false;
  const keys = reuseOrCompute(`search|${storeCode}`, storeCode, base, () => {
    computed = true;
    const { index, names: indexNames } = storeSearchFiles(storeCode);
    const { listing, files: listed, bundles: listedBundles } = storeSearchListing(storeCode);
    const { facets, templateProduct } = searchPageData(storeCode);
    const split = (head: SplitFolders, names: () => string[], all: string[]) => {
      const folder = folderOf(head, names);
      return [String(all.length), ...all.flatMap((name) => [folder(name), name])];
    };
    // Every file of the split and its bundles, named in order (a split made from the one before holds fewer, ./search-site-index.ts).
    const withBundles = (names: string[], ps: number) => [...names, ...bundlesOf(names, ps).map((b) => b.name)];
    return {
      keys: [
        digest(
          base,
          'search',
          facets,
          templateProduct ? [recordKey(templateProduct), pricesFor(templateProduct, storeCode)] : null,
          searchListingFileUrl(storeCode),
        ),
        digest(index),
        digest(listing),
        ...('split' in index ? split(index.split, () => indexNames, withBundles(indexNames, index.split.ps)) : ['-']),
        ...('split' in listing ? split(listing.split, () => splitListingFiles(listing), [...listed.keys(), ...listedBundles.keys()]) : ['-']),
      ],
      deps: { all: true },
    };
  });
  // No search file made again: the split state the generation before kept still describes them.
  if (!computed) keepSplitStateAsBefore(storeCode);
  let at = 3;
  const split = (): [string, string][] | null => {
    const count = keys[at++];
    if (count === '-') return null;
    const out = pairsOf(keys, at, Number(count));
    at += out.length * 2;
    return out;
  };
  const got = { page: keys[0]!, index: keys[1]!, listing: keys[2]!, indexFiles: split(), listingFiles: split() };
  searchKeysMade.set(storeCode, { offered, keys: got });
  return got;
}

/**
 * What the files made from every product read of the CMS pages besides: which content routes there
 * are (the pages' paths, the paths legacy URLs name, the ones left out), with the config and store
 * views. A page's text is not in it.
 */
let contentRoutesDigest: string | undefined;
export const contentRoutesKey = (): string =>
  (contentRoutesDigest ??= digest(
    'content-routes',
    config,
    storeParams(),
    catchAllRoutes()
      .filter((r) => r.kind === 'content')
      .map((r) => [r.path, r.key, r.storeCode]),
    contentPaths(),
    goneContentUrls(),
  ));

/**
 * A digest of what `compute` reads of every product: taken again from the generation before when no
 * product changed (a CMS paragraph), or when `asBefore` tells that what it reads did not, so the change
 * does not read the whole catalogue for it.
 */
export function everyProductDigest(name: string, compute: () => string, asBefore?: () => boolean): string {
  const base = contentRoutesKey();
  return reuseOrCompute(name, config.storeViews.default.storeCode, base, () => {
    // A product changed, but what the digest reads may not have: `asBefore` says so without reading every product.
    const old = keyStore().previous?.entries[name];
    return { keys: old && old.base === base && asBefore?.() ? old.keys : [compute()], deps: { all: true } };
  })[0]!;
}

/** Whether the products' routes are the generation before's (which pages there are, at which URLs). */
export const routesAsBefore = (): boolean => keyStore().previous?.entries['catalogue-routes']?.keys[0] === catalogueRoutesKey();

/**
 * The digest of a product's route fields (../routing/routes.ts routeFieldsOf). A product of the default
 * catalogue keeps it by id (./key-store.ts, `routes`): one whose record did not change takes the
 * generation before's, so the products' routes of a change are digested for its few records only.
 */
export function routeDigest(p: Product): string {
  const own = catalog().byId.get(p.id) === p;
  const before = own ? digestBefore('routes', p.id) : undefined;
  if (before !== undefined) {
    noteDigest('routes', p.id, before);
    return before;
  }
  const d = digest(routeFieldsOf(p));
  if (own) noteDigest('routes', p.id, d);
  return d;
}

/**
 * Whether every product that changed since the generation before has the route fields it had then
 * (none added or removed): with no other snapshot file changed but the CMS pages (./render/changes.ts),
 * the catalogue's routes are the ones before.
 */
function changedRoutesAsBefore(): boolean {
  const changed = keyStore().previous?.changed.ids;
  if (!changed) return false;
  const { byId } = catalog();
  for (const id of changed) {
    const p = byId.get(id);
    const then = digestThen('routes', id);
    if (!p || then === undefined || routeDigest(p) !== then) return false;
  }
  return true;
}

/**
 * The route fields (../routing/routes.ts routeFieldsOf) of every product of every store view's
 * catalogue, in catalogue order: what the files made from every product read of them besides the
 * pages' cache tags, and which pages the routes listing the products have (./render/paths.ts). Taken
 * again when the products that changed have the route fields they had.
 */
const catalogueRoutesKey = once(() =>
  everyProductDigest(
    'catalogue-routes',
    () => {
      const h = createHash('sha256');
      const seen = new Set<CatalogIndex>();
      for (const s of enabledStoreViews()) {
        const c = catalog(s.storeCode);
        if (seen.has(c)) continue;
        seen.add(c);
        h.update(`${s.storeCode}\u0000`);
        for (const p of c.products) h.update(`${routeDigest(p)}\n`);
      }
      return h.digest('base64url').slice(0, 32);
    },
    changedRoutesAsBefore,
  ),
);
export { catalogueRoutesKey };

/**
 * Files made together from every product (the CDN's edge files, the URL dispatcher's map), by name
 * with their keys (their text's digest). They read of the products only their routes (which pages
 * there are, at which URLs) and of the CMS pages only the content routes (contentRoutesKey), so their
 * base is those two with `also` (the pages' cache tags, for the edge files), and nothing else they
 * read can change without every key being computed (./render/changes.ts): taken again from the
 * generation before whenever neither the products' routes nor the pages' tags changed, so neither a
 * price nor a CMS paragraph works them out again (seconds at 100,000 products).
 */
export function wholeCatalogueFileKeys(name: string, files: () => ReadonlyMap<string, string>, also: () => string = () => ''): [string, string][] {
  // Only a whole build keeps keys for the next change (./key-reuse.ts); a shard's base would go unread.
  const base = buildRole() === 'whole' ? digest(contentRoutesKey(), catalogueRoutesKey(), also()) : '';
  const keys = reuseOrCompute(name, config.storeViews.default.storeCode, base, () => ({
    keys: [...files()].flatMap(([file, text]) => [file, digest(text)]),
    deps: {},
  }));
  return pairsOf(keys, 0, Math.floor(keys.length / 2));
}

/** `count` pairs of a kept key list from index `from`: [a, b] of keys[from], keys[from + 1] and so on. */
function pairsOf(keys: readonly string[], from: number, count: number): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0, at = from; i < count; i++, at += 2) out.push([keys[at]!, keys[at + 1]!]);
  return out;
}
