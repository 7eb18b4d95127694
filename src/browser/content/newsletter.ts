/**
 * The footer newsletter form's enhancement and the newsletter popup's opener, a few hundred bytes on
 * every page: the form is plain HTML; on submit the e-mail is checked by the forms' rule
 * (src/lib/forms/email.ts, downloaded on the first submit; §5 texts from the form's data attributes),
 * the newsletter store is loaded and subscribes (§4 guard), then the thank-you page opens.
 * `[data-open="newsletter"]` buttons, `#newsletter` links and a `#newsletter` address (also on a hash change) open the popup
 * (the ui flag newsletterPopup); the popup island and React load only then (src/browser/kit/lazy.ts).
 */
import { $ui, setNewsletterPopup } from '../../lib/state/stores/ui';
import { rememberOpener } from '../kit/dialog-core';
import { lazyIsland, mountWhen } from '../kit/lazy';
import { lazyModule } from '../../lib/state/lazy-module';

/** The newsletter store, downloaded on the first submit (offline before it was cached: the next submit tries again). */
const loadStore = lazyModule(() => import('../../lib/state/stores/newsletter'));

/**
 * The §5 e-mail check, the forms' own rule, downloaded on the first submit: the field shows a
 * message only once the shopper has submitted, so no page pays for it before then.
 */
const loadEmailCheck = lazyModule(() => import('../../lib/forms/email'));

/** The message the e-mail field shows now, '' when none. */
function emailMessage(form: HTMLFormElement, value: string, isEmail: (v: string) => boolean): string {
  const v = value.trim();
  if (!v) return form.dataset.msgRequired ?? '';
  return isEmail(v) ? '' : (form.dataset.msgInvalid ?? '');
}

function enhance(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const error = form.querySelector<HTMLElement>('[data-newsletter-error]');
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !error || !status) return;
  // Set on the first submit, once the check is here; the message then follows the typing.
  let isEmail: ((v: string) => boolean) | null = null;
  const show = (message: string) => {
    error.textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  };
  const done = (message: string) => {
    if (button) button.disabled = false;
    status.textContent = '';
    show(message);
  };
  input.addEventListener('input', () => {
    if (isEmail) show(emailMessage(form, input.value, isEmail));
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (button) button.disabled = true;
    loadEmailCheck()
      .then((m) => {
        isEmail = m.isEmail;
        const message = emailMessage(form, input.value, m.isEmail);
        if (message) {
          done(message);
          input.focus();
          return;
        }
        show('');
        status.textContent = form.dataset.msgSending ?? '';
        return loadStore()
          .then((store) => store.subscribeNewsletter(input.value.trim()))
          .catch(() => false)
          .then((ok) => {
            if (ok) window.location.assign(form.dataset.thankYou ?? '/');
            else done(form.dataset.msgFailed ?? '');
          });
      })
      // Offline before the check was cached: nothing can be sent either; the next submit tries again.
      .catch(() => done(form.dataset.msgFailed ?? ''));
  });
}

document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]').forEach(enhance);

const OPENER = '[data-open="newsletter"], a[href="#newsletter"]';
mountWhen(
  $ui,
  (ui) => ui.newsletterPopup,
  lazyIsland('newsletter-popup', () => import('./NewsletterPopup')),
  (err) => {
    console.error('Newsletter popup could not be loaded', err);
    setNewsletterPopup(false);
  },
);
const openPopup = () => setNewsletterPopup(true);
document.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest<HTMLElement>(OPENER) : null;
  if (!el) return;
  e.preventDefault();
  rememberOpener(el);
  openPopup();
});
const fromHash = () => {
  if (window.location.hash === '#newsletter') openPopup();
};
fromHash();
window.addEventListener('hashchange', fromHash);
