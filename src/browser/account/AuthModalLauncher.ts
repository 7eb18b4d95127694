/**
 * The sign-in modal's launcher, on every page with the header (a few hundred bytes, no React): the
 * modal (React) is mounted by the shop's one lazy-island mechanism (../kit/lazy.ts) the first time
 * `$ui.authModal` opens: a `[data-open-auth]` link or button, an island calling `openAuthModal()`, a
 * failed token refresh (signup form), or the message an account page left when it sent a visitor
 * home ('You need to be logged in to see this page', login form).
 */
import { $authNotice, showPageFlash } from '../../lib/account/flash';
import { $ui, openAuthModal } from '../../lib/state/stores/ui';
import { rememberOpener } from '../kit/dialog-core';
import { lazyIsland, mountWhen } from '../kit/lazy';

const authModal = lazyIsland('auth-modal', () => import('./AuthModal'));

mountWhen(
  $ui,
  (ui) => ui.authModal,
  authModal,
  // e.g. offline before the chunk was cached: the next opening tries again
  (err) => console.error('Sign-in modal could not be loaded', err),
);

document.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-open-auth]') : null;
  if (!el) return;
  e.preventDefault();
  rememberOpener(el);
  openAuthModal(el.getAttribute('data-open-auth') === 'register' ? 'register' : 'login');
});

// The previous page's message is forgotten only once the modal showing it is mounted: a failed
// download (reported above) leaves it for the next page start.
showPageFlash((flash) => {
  $authNotice.set(flash);
  if (!flash.auth) return Promise.resolve();
  openAuthModal(flash.auth);
  return authModal.mount();
}).catch(() => undefined);
