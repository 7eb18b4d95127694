/**
 * getStaticPaths of the two AMP catch-all routes (§2 AMP routes): `src/pages/amp/[...path].astro` (the
 * default store view, /amp/...) and `src/pages/[store]/amp/[...path].astro` (the other store views,
 * /de/amp/..., multistore on only). Both render src/views/AmpPageView.astro with the same props and
 * the incremental build's cache key of the page (./cache-keys.ts).
 */
import { config, enabledStoreViews } from '../config';
import { homeUrl, ownCatalogueDir } from '../routing/routes';
import { ampRoutes, restParam, type AmpRoute } from '../routing/page-routes';
import { ampCategoryBase, ampCategoryEntry, ampPageKey, catalogueRoutesKey, digest, productBase, productEntry } from './cache-keys';
import { keepStanding, keysBefore, mayHaveMoved, noRecordChanged } from './key-reuse';
import { keyStore, listedFrom, type ListedFrom } from './key-store';
import { buildRole, ofThisShard } from './shard';

/** The AMP pages this build renders (a sharded build renders its share). */
const shardRoutes = () => ofThisShard(ampRoutes(), (r) => r.path);

/** What an AMP page renders: a product (and the configurable child it shows) or a category of a store view. */
export type AmpPageProps = Pick<AmpRoute, 'kind' | 'key' | 'storeCode' | 'childSku'>;

const pageOf = (r: AmpRoute) => ({
  props: { kind: r.kind, key: r.key, storeCode: r.storeCode, childSku: r.childSku } satisfies AmpPageProps,
  cacheKey: ampPageKey(r),
});

/** The entry an AMP page's key comes from (a product's keys, an AMP category's), and its base. */
const entryOf = (r: AmpRoute): { name: string; base: string; at: number } =>
  r.kind === 'amp-product'
    ? { name: productEntry(r.key, r.storeCode), base: productBase(r.storeCode), at: 1 }
    : { name: ampCategoryEntry(r.key, r.storeCode), base: ampCategoryBase(r.storeCode), at: 0 };

/**
 * What both AMP routes' lists read besides the snapshot's files (../key-store.ts ListedFrom): which
 * pages there are and their URLs come from the catalogue (the products' route fields,
 * `catalogueRoutesKey`; the category records, which only a full build changes) and the config; each
 * key is a product's or an AMP category's entry (./cache-keys.ts), taken again or computed from its
 * records, its base (the layouts' keys: config, store view, the year, the middleware's code; the
 * content links, all that they read of the CMS pages) and the day prices are judged on. With the same
 * files but the CMS pages and the products' records, the same bases and route fields give the same
 * list; the pages whose entries a changed record, or a price the days since moved, may have moved are
 * listed afresh (`fresh`, ./key-reuse.ts), less those whose AMP key came out as before. A store view
 * with a catalogue of its own never takes its keys again (./key-reuse.ts): the routes are listed then.
 */
/** The declaration of a route listing `mine` of the AMP routes, each item made by `item`. */
const ampListed = (mine: (r: AmpRoute) => boolean, item: (r: AmpRoute) => unknown): ListedFrom => ({
  inputs() {
    const stores = enabledStoreViews();
    if (buildRole() !== 'whole' || stores.some((s) => ownCatalogueDir(s.storeCode) !== null)) return null;
    const each = stores.map((s) => [s.storeCode, productBase(s.storeCode), ampCategoryBase(s.storeCode)]);
    return digest('amp-paths', config, each, catalogueRoutesKey());
  },
  fresh() {
    const out: unknown[] = [];
    if (noRecordChanged()) return out;
    for (const r of ampRoutes()) {
      if (!mine(r)) continue;
      const e = entryOf(r);
      // An AMP product page shows no related products: its key reads nothing of the product's primary
      // category (./cache-keys.ts productKeysFrom), whose changed records move only the page's key.
      if (!mayHaveMoved(e.name, r.storeCode, e.base, r.kind !== 'amp-product')) continue;
      const it = item(r);
      // Worked out again but as it was: the page keeps the key it had, and is not listed.
      if (keysBefore(e.name)?.[e.at] !== keyStore().recorded.get(e.name)?.keys[e.at]) out.push(it);
    }
    return out;
  },
  taken: () => keepStanding(['product', 'amp-category'], (prefix, storeCode) => (prefix === 'product' ? productBase(storeCode) : ampCategoryBase(storeCode))),
});

const isDefaultStore = (r: AmpRoute) => r.storeCode === config.storeViews.default.storeCode;

/** A default store view's AMP page: the path after the store's home and `/amp`. */
function defaultStoreItem(r: AmpRoute) {
  const prefix = homeUrl(r.storeCode).replace(/\/$/, '');
  return { params: { path: restParam(r.path.slice(prefix.length).replace(/^\/amp/, '')) }, ...pageOf(r) };
}

/** Another store view's AMP page: the store (`de`) and the path after `/de/amp`. */
function otherStoreItem(r: AmpRoute) {
  const [, store, , ...rest] = r.path.split('/');
  return { params: { store, path: restParam(rest.join('/')) }, ...pageOf(r) };
}

/** The default store view's AMP pages. */
export const defaultStoreAmpPaths = listedFrom(
  function defaultStoreAmpPaths() {
    return shardRoutes().filter(isDefaultStore).map(defaultStoreItem);
  },
  ampListed(isDefaultStore, defaultStoreItem),
);

/** The other store views' AMP pages. */
export const otherStoresAmpPaths = listedFrom(
  function otherStoresAmpPaths() {
    return shardRoutes()
      .filter((r) => !isDefaultStore(r))
      .map(otherStoreItem);
  },
  ampListed((r) => !isDefaultStore(r), otherStoreItem),
);
