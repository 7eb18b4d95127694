/** Mounts the search panel island open, outside Astro's hydration (used by launcher.ts). */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import SearchPanel from '../../islands/SearchPanel';
import { closePanels, setPanel } from '../stores/ui';

/** Renders the panel into a new element at the end of the body, open, listening to `trigger` buttons. */
export function mountSearchPanel(trigger: string, openedBy?: HTMLElement): void {
  const host = document.createElement('div');
  host.className = 'search-panel-host';
  document.body.append(host);
  closePanels();
  setPanel('searchpanel', true);
  createRoot(host).render(createElement(SearchPanel, { startOpen: true, trigger, returnFocusTo: openedBy }));
}
