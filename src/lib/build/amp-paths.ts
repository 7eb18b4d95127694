/**
 * getStaticPaths of the two AMP catch-all routes (§2 AMP routes): `src/pages/amp/[...path].astro` (the
 * default store view, /amp/...) and `src/pages/[store]/amp/[...path].astro` (the other store views,
 * /de/amp/..., multistore on only). Both render src/views/AmpPageView.astro with the same props and
 * the incremental build's cache key of the page (./cache-keys.ts).
 */
import { config } from '../config';
import { homeUrl } from '../routing/routes';
import { ampRoutes, restParam, type AmpRoute } from '../routing/page-routes';
import { ampPageKey } from './cache-keys';
import { ofThisShard } from './shard';

/** The AMP pages this build renders (a sharded build renders its share). */
const shardRoutes = () => ofThisShard(ampRoutes(), (r) => r.path);

/** What an AMP page renders: a product (and the configurable child it shows) or a category of a store view. */
export type AmpPageProps = Pick<AmpRoute, 'kind' | 'key' | 'storeCode' | 'childSku'>;

const pageOf = (r: AmpRoute) => ({
  props: { kind: r.kind, key: r.key, storeCode: r.storeCode, childSku: r.childSku } satisfies AmpPageProps,
  cacheKey: ampPageKey(r),
});

/** The default store view's AMP pages: the path after the store's home and `/amp`. */
export function defaultStoreAmpPaths() {
  const storeCode = config.storeViews.default.storeCode;
  const prefix = homeUrl(storeCode).replace(/\/$/, '');
  return shardRoutes()
    .filter((r) => r.storeCode === storeCode)
    .map((r) => ({ params: { path: restParam(r.path.slice(prefix.length).replace(/^\/amp/, '')) }, ...pageOf(r) }));
}

/** The other store views' AMP pages: the store (`de`) and the path after `/de/amp`. */
export function otherStoresAmpPaths() {
  return shardRoutes()
    .filter((r) => r.storeCode !== config.storeViews.default.storeCode)
    .map((r) => {
      const [, store, , ...rest] = r.path.split('/');
      return { params: { store, path: restParam(rest.join('/')) }, ...pageOf(r) };
    });
}
