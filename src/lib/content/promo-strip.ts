/** The promo strip's state for the visit: the §3 UI flag showPromoStrip, and the close remembered in sessionStorage. */
import { setPromoStrip } from '../state/stores/ui';

/** The sessionStorage key that keeps the promo strip closed for the rest of the visit (PromoStrip.astro; its inline script uses the same literal). */
export const PROMO_STRIP_KEY = 'pj-promo-strip';

/**
 * The shopper closed the strip: the UI flag goes false, and the strip stays closed for the rest of the
 * visit (session storage by default; reading it may throw where storage is blocked, hence inside the try).
 */
export function closePromoStrip(storage?: Pick<Storage, 'setItem'>): void {
  setPromoStrip(false);
  try {
    (storage ?? sessionStorage).setItem(PROMO_STRIP_KEY, 'closed');
  } catch {
    // private mode or storage blocked: closed for this page only
  }
}
