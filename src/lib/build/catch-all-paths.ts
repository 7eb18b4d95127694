/**
 * getStaticPaths of the one catch-all route (src/pages/[...path].astro): categories, products and the
 * §2 content pages of every enabled store view, each with the incremental build's cache key of its
 * page (./cache-keys.ts).
 */
import { config, enabledStoreViews } from '../config';
import { ownCatalogueDir } from '../routing/routes';
import { catchAllRoutes, restParam, type PageKind, type PageRoute } from '../routing/page-routes';
import { contentPages } from '../routing/content-routes';
import {
  catalogueRoutesKey,
  categoryEntry,
  categoryPageKey,
  contentPageKey,
  contentRoutesKey,
  digest,
  productBase,
  productEntry,
  productPageKey,
  reuseBase,
} from './cache-keys';
import { keepStanding, keysBefore, mayHaveMoved, noRecordChanged } from './key-reuse';
import { listedFrom, type ListedFrom } from './key-store';
import { buildRole, ofThisShard } from './shard';
import { shareEmptyListingPaths } from './sitemap';

/** What a page of the catch-all renders: a category, a product or a content page of a store view. */
export interface CatchAllProps {
  kind: PageKind;
  key: string | number;
  storeCode: string;
}

/** A content page's key (the page record, its layout and path). */
function contentKeys(): (r: PageRoute) => string {
  const content = new Map(contentPages().map((c) => [c.path, c]));
  return (r) => contentPageKey(content.get(String(r.key))!, r.storeCode);
}

/** The entry a product or category page's key is kept under, and its base; null for a content page (its key is always worked out). */
function entryOf(r: PageRoute): { name: string; base: string } | null {
  if (r.kind === 'product') return { name: productEntry(Number(r.key), r.storeCode), base: productBase(r.storeCode) };
  if (r.kind === 'category') return { name: categoryEntry(Number(r.key), r.storeCode), base: reuseBase(r.storeCode) };
  return null;
}

/**
 * What the route's list reads besides the snapshot's files (./key-store.ts ListedFrom): which pages
 * there are and their URLs come from the catalogue (the products' route fields,
 * `catalogueRoutesKey`; the category records, which only a full build changes), the CMS pages' routes
 * (`contentRoutesKey`: their paths, the paths legacy URLs name, those left out) and the config; a
 * product's or a category's key is its entry (./key-reuse.ts), taken again or computed from its
 * records, its base (the layouts' keys, the content links) and the day prices are judged on. A
 * content page's key reads its page's text, which a CMS change changes, and a product's or a
 * category's the records a product change changed, or whose prices the days since moved
 * (./key-reuse.ts): those paths are listed afresh (`fresh`: the content pages, and the pages whose
 * entries may have moved, less those whose keys came out as before), the others taken. A store view with a catalogue of its own never takes its keys again:
 * the route is listed then.
 */
const catchAllListed: ListedFrom = {
  inputs() {
    const stores = enabledStoreViews();
    if (buildRole() !== 'whole' || stores.some((s) => ownCatalogueDir(s.storeCode) !== null)) return null;
    const each = stores.map((s) => [s.storeCode, productBase(s.storeCode), reuseBase(s.storeCode)]);
    return digest('catch-all-paths', config, each, contentRoutesKey(), catalogueRoutesKey());
  },
  fresh() {
    const still = noRecordChanged();
    const routes = catchAllRoutes().filter((r) => {
      if (r.kind === 'content') return true;
      const e = !still && entryOf(r);
      return e && mayHaveMoved(e.name, r.storeCode, e.base);
    });
    // A page whose entry was worked out again but came out as it was keeps the key it had: not listed.
    return pathsOf(routes).filter((item, i) => {
      const e = entryOf(routes[i]!);
      return !e || keysBefore(e.name)?.[0] !== item.cacheKey;
    });
  },
  taken: () => keepStanding(['product', 'category'], (prefix, storeCode) => (prefix === 'product' ? productBase(storeCode) : reuseBase(storeCode))),
};

/** The getStaticPaths items of `routes`, each with its page's cache key. */
function pathsOf(routes: readonly PageRoute[]) {
  const contentKey = contentKeys();
  const cacheKey = (r: PageRoute) =>
    r.kind === 'product' ? productPageKey(Number(r.key), r.storeCode) : r.kind === 'category' ? categoryPageKey(Number(r.key), r.storeCode) : contentKey(r);
  return routes.map((r) => ({
    params: { path: restParam(r.path) },
    props: { kind: r.kind, key: r.key, storeCode: r.storeCode } satisfies CatchAllProps,
    cacheKey: cacheKey(r),
  }));
}

/** Every page of the catch-all this build renders (a sharded build renders its share). */
export const catchAllPaths = listedFrom(function catchAllPaths() {
  // The sitemap writer takes the empty listings from this build rather than loading the catalogue again.
  shareEmptyListingPaths();
  return pathsOf(ofThisShard(catchAllRoutes(), (r) => r.path));
}, catchAllListed);
