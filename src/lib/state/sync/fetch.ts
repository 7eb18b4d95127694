/** The fetch the sync layer uses (injectable for tests) and the API URL builder. */
import { config } from '../../config';
import { withStoreCode } from '../../api/store-code';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

let impl: FetchFn | null = null;

/** Replaces fetch for the sync queue and token refresh (tests); null restores the global one. */
export function setSyncFetch(fn: FetchFn | null): void {
  impl = fn;
}

/** The fetch in use. */
export function syncFetch(input: string, init?: RequestInit): Promise<Response> {
  return (impl ?? globalThis.fetch)(input, init);
}

/**
 * `${config.api.baseUrl}/api/{path}` for a contract path ('cart/create?token=...'); absolute URLs and
 * '/...' pass through. With multistore on, the calls VSF adjusts per store view carry `storeCode`.
 */
export function apiUrl(path: string, baseUrl: string = config.api.baseUrl): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return withStoreCode(path);
  return withStoreCode(`${baseUrl}/api/${path}`);
}
