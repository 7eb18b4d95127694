/**
 * The promo strip's close button (src/components/PromoStrip.astro): closes the strip for the visit
 * (src/lib/content/promo-strip.ts) and keeps it shown or hidden as the §3 UI flag showPromoStrip says.
 */
import { $ui, setPromoStrip } from '../../lib/state/stores/ui';
import { closePromoStrip } from '../../lib/content/promo-strip';

const strip = document.querySelector<HTMLElement>('[data-promo-strip]');
if (strip) {
  if (strip.hidden) setPromoStrip(false);
  strip.querySelector('[data-promo-strip-close]')?.addEventListener('click', () => closePromoStrip());
  $ui.subscribe((ui) => {
    strip.hidden = !ui.showPromoStrip;
  });
}
