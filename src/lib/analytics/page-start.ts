/**
 * The data layer's page start: what the page script (src/scripts/datalayer.ts) calls, so it only reads
 * the page. The data layer itself (./datalayer) stays behind it. The cookie answer is ./consent, kept
 * apart so its code loads only with the notice.
 */
import { initDataLayer, readConsent, readSettings, schedulePageView, type DataLayerSettings } from './datalayer';

/** What the page script gives: the category tag of the page, and how to ask for consent. */
export interface DataLayerPage {
  categoryPath(): string[];
  /** Shows the cookie notice (loaded on demand). */
  askConsent(settings: DataLayerSettings): Promise<unknown>;
}

/**
 * Starts the data layer from the settings the page carries and pushes a page view (500 ms after the
 * navigation, and after a back/forward restore). With a tag manager configured and no answer yet, asks
 * for consent, once. False when the page carries no settings.
 */
export function startDataLayer(page: DataLayerPage): boolean {
  const settings = readSettings();
  if (!settings) return false;
  const pageView = () =>
    schedulePageView({ path: window.location.pathname + window.location.search, title: document.title, categoryPath: page.categoryPath() });
  initDataLayer(settings);
  pageView();
  // A tag manager may only set analytics cookies once the shopper agrees: ask, once.
  if (settings.containerId && !readConsent()) {
    page.askConsent(settings).catch((err: unknown) => console.error('Cookie notice could not be loaded', err));
  }
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) pageView();
  });
  return true;
}
