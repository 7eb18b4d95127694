/**
 * The data layer's page start and the cookie answer: what the page scripts (src/scripts/datalayer.ts,
 * src/scripts/cookie-notice.ts) call, so they only read the page and draw. The data layer itself
 * (./datalayer) and the consent claim's storage stay behind these two actions.
 */
import {
  CONSENT_CLAIM,
  CONSENT_MIRROR_KEY,
  grantConsent,
  initDataLayer,
  readConsent,
  readSettings,
  schedulePageView,
  type Consent,
  type DataLayerSettings,
} from './datalayer';

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

/**
 * Records the shopper's cookie answer: accepting loads the tag manager; the answer is mirrored in
 * localStorage at once (later pages know without the storage layer), then stored as the claim
 * `cookiesAccepted` (spec §3 Claim; the storage layer loads on demand). Never rejects.
 */
export async function answerCookieNotice(
  answer: Consent,
  description: string,
  storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null,
): Promise<void> {
  if (answer === 'accepted') grantConsent();
  try {
    storage?.setItem(CONSENT_MIRROR_KEY, answer);
  } catch {
    // private mode without storage: the notice comes back on the next page
  }
  try {
    const { setClaim } = await import('../stores/claims');
    await setClaim(CONSENT_CLAIM, answer === 'accepted', description);
  } catch (err) {
    console.error('The cookie answer could not be stored', err);
  }
}
