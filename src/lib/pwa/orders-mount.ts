/** Mounts the offline-orders panel (React) at the end of the body, outside Astro's hydration. */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import OfflineOrders from '../../islands/OfflineOrders';

/** Renders the panel once; it shows itself while there is something to say. */
export function mountOfflineOrders(): void {
  if (document.querySelector('.offline-orders-host')) return;
  const host = document.createElement('div');
  host.className = 'offline-orders-host';
  document.body.append(host);
  createRoot(host).render(createElement(OfflineOrders));
}
