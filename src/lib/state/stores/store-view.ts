/** The current store view (spec §3 client state "storeView"); it also names the storage collections. */
import { atom } from 'nanostores';
import { config, enabledStoreViews, type StoreView } from '../../config';
import { pageStoreView, setApiStoreCode, storeViewForPath } from '../../api/store-code';
import { setStorageStoreCode } from '../storage';

export { storeViewForPath };

/** The store view the shopper is in: the page's (its path), until `setStoreView`. */
export const $storeView = atom<StoreView>(pageStoreView());

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
