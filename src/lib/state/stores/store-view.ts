/** The current store view (spec §3 client state "storeView"); it also names the storage collections. */
import { atom } from 'nanostores';
import { config, enabledStoreViews, type StoreView } from '../../config';
import { storeOfPath } from '../../catalog/urls';
import { setApiStoreCode } from '../../api/store-code';
import { setStorageStoreCode } from '../storage';

/** The store view the shopper is in. */
export const $storeView = atom<StoreView>(config.storeViews.default);

/** The enabled store view a path belongs to ('/de/...' when multistore is on), else the default. */
export function storeViewForPath(pathname: string, cfg = config): StoreView {
  return storeOfPath(pathname, enabledStoreViews(cfg)).view ?? cfg.storeViews.default;
}

/** Switches the store view by code (unknown or disabled codes give the default one). */
export function setStoreView(code: string, cfg = config): StoreView {
  const view = enabledStoreViews(cfg).find((s) => s.storeCode === code) ?? cfg.storeViews.default;
  setStorageStoreCode(view.storeCode);
  setApiStoreCode(view.storeCode);
  $storeView.set(view);
  return view;
}

/** Sets the store view from the page's path (call once at start in the browser). */
export function initStoreView(pathname: string = typeof location === 'undefined' ? '/' : location.pathname): StoreView {
  return setStoreView(storeViewForPath(pathname).storeCode);
}
