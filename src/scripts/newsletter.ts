/**
 * The footer newsletter form's enhancement and the newsletter popup's opener, a few hundred bytes on
 * every page: the form is plain HTML; on submit the e-mail is checked (§5 texts from the form's data
 * attributes), the newsletter store is loaded and subscribes (§4 guard), then the thank-you page opens.
 * `[data-open="newsletter"]` buttons, `#newsletter` links and a `#newsletter` address (also on a hash change) open the popup
 * (the ui flag newsletterPopup); the popup island and React load only then (src/islands/lazy.ts).
 */
import { $ui, setNewsletterPopup } from '../lib/stores/ui';
import { rememberOpener } from '../islands/dialog-core';
import { lazyIsland, mountWhen } from '../islands/lazy';
import { lazyModule } from '../lib/lazy-module';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The newsletter store, downloaded on the first submit (offline before it was cached: the next submit tries again). */
const loadStore = lazyModule(() => import('../lib/stores/newsletter'));

/** The message the e-mail field shows now, '' when none. */
function emailMessage(form: HTMLFormElement, value: string): string {
  const v = value.trim();
  if (!v) return form.dataset.msgRequired ?? '';
  return EMAIL.test(v) ? '' : (form.dataset.msgInvalid ?? '');
}

function enhance(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const error = form.querySelector<HTMLElement>('[data-newsletter-error]');
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !error || !status) return;
  let tried = false;
  const show = (message: string) => {
    error.textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  };
  input.addEventListener('input', () => {
    if (tried) show(emailMessage(form, input.value));
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    tried = true;
    const message = emailMessage(form, input.value);
    show(message);
    if (message) {
      input.focus();
      return;
    }
    if (button) button.disabled = true;
    status.textContent = form.dataset.msgSending ?? '';
    loadStore()
      .then((m) => m.subscribeNewsletter(input.value.trim()))
      .catch(() => false)
      .then((ok) => {
        if (button) button.disabled = false;
        status.textContent = '';
        if (ok) window.location.assign(form.dataset.thankYou ?? '/');
        else show(form.dataset.msgFailed ?? '');
      });
  });
}

document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]').forEach(enhance);

const OPENER = '[data-open="newsletter"], a[href="#newsletter"]';
mountWhen(
  $ui,
  (ui) => ui.newsletterPopup,
  lazyIsland('newsletter-popup', () => import('../islands/NewsletterPopup')),
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
