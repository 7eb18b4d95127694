/**
 * The data layer's page script: starts the data layer from the settings the page carries and pushes a
 * page view 500 ms after the navigation (and after a back/forward restore), with the category tag taken
 * from the page's category path (`[data-category-path]`, else the breadcrumb names and the address).
 * With a tag manager configured and no answer yet, it shows the cookie notice (./cookie-notice.ts).
 */
import { initDataLayer, readConsent, readSettings, schedulePageView } from '../lib/analytics/datalayer';
import { lazyModule } from '../lib/lazy-module';

const cookieNotice = lazyModule(() => import('./cookie-notice'));

function categoryPath(): string[] {
  const marked = document.querySelector<HTMLElement>('[data-category-path]')?.dataset.categoryPath;
  if (marked) return [marked];
  const crumbs = [...document.querySelectorAll('nav.breadcrumbs a, nav.breadcrumbs [aria-current]')].map((el) => el.textContent?.trim() ?? '');
  return [...crumbs, window.location.pathname];
}

function pageView(): void {
  schedulePageView({ path: window.location.pathname + window.location.search, title: document.title, categoryPath: categoryPath() });
}

const settings = readSettings();
if (settings) {
  initDataLayer(settings);
  pageView();
  // A tag manager may only set analytics cookies once the shopper agrees: ask, once.
  if (settings.containerId && !readConsent()) {
    cookieNotice()
      .then((m) => m.showCookieNotice(settings))
      .catch((err: unknown) => console.error('Cookie notice could not be loaded', err));
  }
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) pageView();
  });
}
