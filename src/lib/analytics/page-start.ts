/**
 * The data layer's page start: what the page script (src/browser/consent/datalayer.ts) calls, so it only reads
 * the page. The data layer itself (./datalayer) stays behind it. The cookie answer is ./consent, kept
 * apart so its code loads only with the notice.
 */
import { initDataLayer, readConsent, readSettings, schedulePageView, type DataLayerSettings } from './datalayer';

/**
 * Starts the data layer from the settings the page carries and pushes a page view (500 ms after the
 * navigation, and after a back/forward restore) tagged with `categoryPath()`. With a tag manager
 * configured and no answer yet, asks for consent once (`askConsent` shows the cookie notice, loaded on
 * demand). False when the page carries no settings. Two plain parameters, not an options object: this
 * runs on every page, and property names survive minification.
 */
export function startDataLayer(categoryPath: () => string[], askConsent: (settings: DataLayerSettings) => Promise<unknown>): boolean {
  const settings = readSettings();
  if (!settings) return false;
  const pageView = () => schedulePageView({ path: window.location.pathname + window.location.search, title: document.title, categoryPath: categoryPath() });
  initDataLayer(settings);
  pageView();
  // A tag manager may only set analytics cookies once the shopper agrees: ask, once.
  if (settings.containerId && !readConsent()) {
    askConsent(settings).catch((err: unknown) => console.error('Cookie notice could not be loaded', err));
  }
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) pageView();
  });
  return true;
}
