/** Mounts the sign-in modal outside Astro's hydration (used by AuthModalLauncher on pages with the header). */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import AuthModal from './AuthModal';

let mounted = false;

/** Renders the modal once into a new element at the end of the body. */
export function mountAuthModal(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.className = 'auth-modal-host';
  document.body.append(host);
  createRoot(host).render(createElement(AuthModal));
}
