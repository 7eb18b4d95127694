/**
 * External checkout hand-off (spec §2 checkout, §6): with an external checkout switched on, going to
 * /checkout replaces the window location with `{external shop}/vue/cart/sync/token/{userToken}/cart/{cartServerToken}`.
 */
import { config, type Config } from '../config';

/** The external cart-sync address; a guest's user token and a missing cart token are empty. */
export function externalCheckoutUrl(base: string, userToken: string | null | undefined, cartToken: string | null | undefined): string {
  const root = base.replace(/\/+$/, '');
  const part = (s: string | null | undefined) => encodeURIComponent(s ?? '');
  return `${root}/vue/cart/sync/token/${part(userToken)}/cart/${part(cartToken)}`;
}

/** True when the external checkout is switched on. */
export function externalCheckoutEnabled(cfg: Pick<Config, 'checkout'> = config): boolean {
  return cfg.checkout.external.enabled && cfg.checkout.external.url.length > 0;
}

/**
 * Hands the shopper over: waits until the server cart holds every line (so the external shop sees
 * them), then replaces the location (no history entry, so Back does not bounce into the hand-off).
 */
export async function handOffToExternalCheckout(deps: {
  settle: () => Promise<void>;
  tokens: () => { userToken: string | null; cartToken: string | null };
  replace: (url: string) => void;
  cfg?: Pick<Config, 'checkout'>;
}): Promise<string> {
  const cfg = deps.cfg ?? config;
  await deps.settle();
  const { userToken, cartToken } = deps.tokens();
  const url = externalCheckoutUrl(cfg.checkout.external.url, userToken, cartToken);
  deps.replace(url);
  return url;
}
