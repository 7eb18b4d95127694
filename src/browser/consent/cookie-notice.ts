/**
 * The cookie notice (UK PECR: analytics cookies need the shopper's consent), shown only when a tag
 * manager container is configured and the shopper has not answered yet. The answer is recorded as the
 * claim `cookiesAccepted` (spec §3 Claim: code, created_at, value, description) by
 * src/lib/analytics/consent.ts. Loaded on demand by src/browser/consent/datalayer.ts; plain DOM, no framework.
 */
import type { Consent, DataLayerSettings } from '../../lib/analytics/datalayer';
import { answerCookieNotice } from '../../lib/analytics/consent';

const CSS =
  '.cookie-notice{position:fixed;left:16px;right:16px;bottom:16px;z-index:85;max-width:720px;margin:0 auto;padding:18px 20px;' +
  'background:var(--surface,#fff);color:var(--ink,#1f2a37);border:1px solid var(--line,#e6dfd4);box-shadow:0 12px 32px rgba(31,42,55,.16);' +
  'display:flex;flex-wrap:wrap;align-items:center;gap:12px 20px;font-size:.9rem;line-height:1.5}' +
  '.cookie-notice p{margin:0;flex:1 1 320px}.cookie-notice__actions{display:flex;flex-wrap:wrap;gap:10px}' +
  '.cookie-notice a{color:inherit}';

/** Shows the notice; resolves with the shopper's answer once given. */
export function showCookieNotice(settings: DataLayerSettings, doc: Document = document): Promise<Consent> {
  const c = settings.consent;
  const style = doc.createElement('style');
  style.textContent = CSS;
  doc.head.append(style);
  const box = doc.createElement('section');
  box.className = 'cookie-notice';
  box.setAttribute('aria-label', c.label);
  box.dataset.cookieNotice = '';
  const text = doc.createElement('p');
  text.textContent = `${c.text} `;
  const link = doc.createElement('a');
  link.href = c.policyHref;
  link.textContent = c.policyLabel;
  text.append(link);
  const actions = doc.createElement('div');
  actions.className = 'cookie-notice__actions';
  const button = (label: string, ghost: boolean) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = ghost ? 'btn btn--ghost' : 'btn';
    b.textContent = label;
    actions.append(b);
    return b;
  };
  const accept = button(c.accept, false);
  const decline = button(c.decline, true);
  box.append(text, actions);
  doc.body.append(box);
  return new Promise((resolve) => {
    const answer = (a: Consent) => {
      box.remove();
      style.remove();
      void answerCookieNotice(a, c.claimDescription).then(() => resolve(a));
    };
    accept.addEventListener('click', () => answer('accepted'));
    decline.addEventListener('click', () => answer('declined'));
  });
}
