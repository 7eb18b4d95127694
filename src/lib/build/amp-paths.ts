/**
 * getStaticPaths of the two AMP catch-all routes (§2 AMP routes): `src/pages/amp/[...path].astro` (the
 * default store view, /amp/...) and `src/pages/[store]/amp/[...path].astro` (the other store views,
 * /de/amp/..., multistore on only). Both render src/views/AmpPageView.astro with the same props and
 * the incremental build's cache key of the page (./cache-keys.ts).
 */
import { config, enabledStoreViews } from '../config';
import { buildTime, homeUrl, ownCatalogueDir, storeViewOf } from '../routing/routes';
import { dayNumber } from '../messages/format';
import { ampRoutes, restParam, type AmpRoute } from '../routing/page-routes';
import { ampCategoryBase, ampPageKey, digest, productBase } from './cache-keys';
import { keepStanding } from './key-reuse';
import { listedFrom, type ListedFrom } from './key-store';
import { buildRole, ofThisShard } from './shard';

/** The AMP pages this build renders (a sharded build renders its share). */
const shardRoutes = () => ofThisShard(ampRoutes(), (r) => r.path);

/** What an AMP page renders: a product (and the configurable child it shows) or a category of a store view. */
export type AmpPageProps = Pick<AmpRoute, 'kind' | 'key' | 'storeCode' | 'childSku'>;

const pageOf = (r: AmpRoute) => ({
  props: { kind: r.kind, key: r.key, storeCode: r.storeCode, childSku: r.childSku } satisfies AmpPageProps,
  cacheKey: ampPageKey(r),
});

/**
 * What both AMP routes' lists read besides the snapshot's files (../key-store.ts ListedFrom): which
 * pages there are and their URLs come from the catalogue and the config; each key is a product's or
 * an AMP category's entry (./cache-keys.ts), taken again or computed from its records, its base (the
 * layouts' keys: config, store view, the year, the middleware's code; the content links, all that
 * they read of the CMS pages) and the day prices are judged on. With the same files but the CMS
 * pages, the same records, bases and days give the same entries, so the same list. A store view with
 * a catalogue of its own never takes its keys again (./key-reuse.ts): the routes are listed then.
 */
const ampListed: ListedFrom = {
  inputs() {
    const stores = enabledStoreViews();
    if (buildRole() !== 'whole' || stores.some((s) => ownCatalogueDir(s.storeCode) !== null)) return null;
    const each = stores.map((s) => [s.storeCode, productBase(s.storeCode), ampCategoryBase(s.storeCode), dayNumber(buildTime(), storeViewOf(s.storeCode))]);
    return digest('amp-paths', config, each);
  },
  taken: () => keepStanding(['product', 'amp-category'], (prefix, storeCode) => (prefix === 'product' ? productBase(storeCode) : ampCategoryBase(storeCode))),
};

/** The default store view's AMP pages: the path after the store's home and `/amp`. */
export const defaultStoreAmpPaths = listedFrom(function defaultStoreAmpPaths() {
  const storeCode = config.storeViews.default.storeCode;
  const prefix = homeUrl(storeCode).replace(/\/$/, '');
  return shardRoutes()
    .filter((r) => r.storeCode === storeCode)
    .map((r) => ({ params: { path: restParam(r.path.slice(prefix.length).replace(/^\/amp/, '')) }, ...pageOf(r) }));
}, ampListed);

/** The other store views' AMP pages: the store (`de`) and the path after `/de/amp`. */
export const otherStoresAmpPaths = listedFrom(function otherStoresAmpPaths() {
  return shardRoutes()
    .filter((r) => r.storeCode !== config.storeViews.default.storeCode)
    .map((r) => {
      const [, store, , ...rest] = r.path.split('/');
      return { params: { store, path: restParam(rest.join('/')) }, ...pageOf(r) };
    });
}, ampListed);
