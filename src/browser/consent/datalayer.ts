/**
 * The data layer's page script: starts the data layer (src/lib/analytics/page-start.ts) with the
 * page's category tag, taken from the page's category path (`[data-category-path]`, else the
 * breadcrumb names and the address). The cookie notice (./cookie-notice.ts) loads only when asked for.
 */
import { startDataLayer } from '../../lib/analytics/page-start';
import { lazyModule } from '../../lib/state/lazy-module';

const cookieNotice = lazyModule(() => import('./cookie-notice'));

function categoryPath(): string[] {
  const marked = document.querySelector<HTMLElement>('[data-category-path]')?.dataset.categoryPath;
  if (marked) return [marked];
  const crumbs = [...document.querySelectorAll('nav.breadcrumbs a, nav.breadcrumbs [aria-current]')].map((el) => el.textContent?.trim() ?? '');
  return [...crumbs, window.location.pathname];
}

startDataLayer(categoryPath, (settings) => cookieNotice().then((m) => m.showCookieNotice(settings)));
