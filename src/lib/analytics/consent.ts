/**
 * The cookie answer: what the cookie notice (src/browser/consent/cookie-notice.ts, loaded only when it shows)
 * calls, so it only draws. The data layer (./datalayer) and the consent claim's storage stay behind it.
 */
import { CONSENT_CLAIM, CONSENT_MIRROR_KEY, grantConsent, type Consent } from './datalayer';

/**
 * Records the shopper's cookie answer: accepting loads the tag manager; the answer is mirrored in
 * localStorage at once (later pages know without the storage layer), then stored as the claim
 * `cookiesAccepted` (spec §3 Claim; the storage layer loads on demand). Never rejects.
 */
export async function answerCookieNotice(answer: Consent, description: string, storage?: Pick<Storage, 'setItem'>): Promise<void> {
  if (answer === 'accepted') grantConsent();
  try {
    (storage ?? localStorage).setItem(CONSENT_MIRROR_KEY, answer);
  } catch {
    // private mode or storage blocked (reading localStorage may throw): the notice comes back on the next page
  }
  try {
    const { setClaim } = await import('../state/stores/claims');
    await setClaim(CONSENT_CLAIM, answer === 'accepted', description);
  } catch (err) {
    console.error('The cookie answer could not be stored', err);
  }
}
