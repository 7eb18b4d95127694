/**
 * vue-storefront's multistore adjustment of API calls (VSF1 `core/lib/multistore.ts`
 * `adjustMultistoreApiUrl`): with `storeViews.multistore` on, the calls the API answers per store
 * view (cart, user, stock, order, review) carry the store view's code as `storeCode`, so that
 * vue-storefront-api talks to that store's Magento (its `/{storeCode}` REST base).
 */
import { config, enabledStoreViews, type Config, type StoreView } from '../config';
import { storeOfPath } from '../catalog/urls';

/** The API paths VSF adjusts per store view. */
const ADJUSTED = /^(?:cart|user|stock|order|review)(?:[/?]|$)/;

let current: string | null = null;

/** The enabled store view a path belongs to ('/de/...' when multistore is on), else the default. */
export function storeViewForPath(pathname: string, cfg: Config = config): StoreView {
  return storeOfPath(pathname, enabledStoreViews(cfg)).view ?? cfg.storeViews.default;
}

/**
 * The store view of the page this code runs in, from its path: what its API calls name, its storage
 * collections are named after and its money is shown in. The default store view outside a page (the
 * build, the server, a service worker, whose path is its script's).
 */
export function pageStoreView(cfg: Config = config): StoreView {
  return typeof location === 'undefined' ? cfg.storeViews.default : storeViewForPath(location.pathname, cfg);
}

/** The store view code calls are made for now: the one the store-view store set, else the page's (its path). */
export function apiStoreCode(): string {
  return current ?? pageStoreView().storeCode;
}

/** Sets the store view code calls are made for (src/lib/state/stores/store-view.ts). */
export function setApiStoreCode(code: string | null): void {
  current = code;
}

/** `url` with `storeCode={code}` added when multistore is on and the call is one VSF adjusts (once). */
export function withStoreCode(url: string, storeCode: string | null | undefined = apiStoreCode(), multistore: boolean = config.storeViews.multistore): string {
  if (!multistore || !storeCode) return url;
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/?(?:api\/)?/, '');
  if (!ADJUSTED.test(path) || /[?&]storeCode=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}storeCode=${encodeURIComponent(storeCode)}`;
}
