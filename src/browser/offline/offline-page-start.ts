/**
 * The offline page's script (src/pages/offline.astro): starts src/lib/pwa/offline-page.ts with the
 * page's store prefixes and delay.
 */
import { startOfflinePage } from '../../lib/pwa/offline-page';

const root = document.querySelector<HTMLElement>('[data-offline-page]');
if (root) {
  startOfflinePage(root.querySelector<HTMLElement>('[data-offline-ok]'), {
    storePrefixes: JSON.parse(root.dataset.storePrefixes ?? '[]') as string[],
    delayMs: Number(root.dataset.delay ?? 5000),
  });
}
