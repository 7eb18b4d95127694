/**
 * vue-storefront's multistore adjustment of API calls (VSF1 `core/lib/multistore.ts`
 * `adjustMultistoreApiUrl`): with `storeViews.multistore` on, the calls the API answers per store
 * view (cart, user, stock, order, review) carry the store view's code as `storeCode`, so that
 * vue-storefront-api talks to that store's Magento (its `/{storeCode}` REST base).
 */
import { config } from '../config';

/** The API paths VSF adjusts per store view. */
const ADJUSTED = /^(?:cart|user|stock|order|review)(?:[/?]|$)/;

let current: string | null = null;

/** The store view code calls are made for now (set by the store-view store; null: the default). */
export function apiStoreCode(): string {
  return current ?? config.storeViews.default.storeCode;
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
