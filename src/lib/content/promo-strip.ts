/** The sessionStorage key that keeps the promo strip closed for the rest of the visit (PromoStrip.astro; its inline script uses the same literal). */
export const PROMO_STRIP_KEY = 'pj-promo-strip';
