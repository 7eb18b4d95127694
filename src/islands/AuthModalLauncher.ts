/**
 * The sign-in modal's launcher, on every page with the header (a few hundred bytes, no React): the
 * modal (React) loads the first time `$ui.authModal` opens: a `[data-open-auth]` link or button, an
 * island calling `openAuthModal()`, a failed token refresh (signup form), or the message an account page
 * left when it sent a visitor home ('You need to be logged in to see this page', login form).
 */
import { $authNotice, takeFlash } from '../lib/account/flash';
import { $ui, openAuthModal } from '../lib/stores/ui';

let loading: Promise<void> | null = null;
const load = () =>
  (loading ??= import('./AuthModalMount')
    .then((m) => m.mountAuthModal())
    .catch((err: unknown) => {
      loading = null; // e.g. offline before the chunk was cached: the next opening tries again
      console.error('Sign-in modal could not be loaded', err);
    }));

$ui.subscribe((ui) => {
  if (ui.authModal) void load();
});

document.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest('[data-open-auth]') : null;
  if (!el) return;
  e.preventDefault();
  openAuthModal(el.getAttribute('data-open-auth') === 'register' ? 'register' : 'login');
});

const flash = typeof sessionStorage === 'undefined' ? null : takeFlash(sessionStorage);
if (flash) {
  $authNotice.set(flash);
  if (flash.auth) openAuthModal(flash.auth);
}
