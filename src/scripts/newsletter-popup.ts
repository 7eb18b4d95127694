/** Mounts the newsletter popup island on demand (loaded by src/scripts/newsletter.ts) and opens it (ui flag newsletterPopup). */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import NewsletterPopup from '../islands/NewsletterPopup';
import { setNewsletterPopup } from '../lib/stores/ui';

let root: Root | null = null;

/** Opens the popup, rendering it into a new element at the end of the body the first time. */
export function mountNewsletterPopup(): void {
  setNewsletterPopup(true);
  if (root) return;
  const host = document.createElement('div');
  host.className = 'newsletter-popup-host';
  document.body.append(host);
  root = createRoot(host);
  root.render(createElement(NewsletterPopup));
}
