/**
 * The stores list and FAQ list panels (spec §3 UI flags storeslist, faqList) as static fragments:
 * each store view's panels are built once (src/pages/[...store]/panels/[panel].html.astro) and
 * downloaded on the first open (src/browser/content/ListPanel.ts), so pages carry only the buttons.
 */
import { localizedPath } from '../catalog/urls';
import { cmsBlockHtml } from './promo';
import { siteChrome } from '../routing/routes';

export type ListPanelName = 'storeslist' | 'faqList';

/** Address of a panel's fragment for a store view. */
export function listPanelSrc(panel: ListPanelName, storeCode?: string): string {
  return localizedPath(`/panels/${panel}.html`, { storeCode });
}

/** The panels a store view has: the stores list when it has shops, the FAQ list when the 'faq-list' CMS block is active. */
export function listPanels(storeCode?: string): ListPanelName[] {
  const out: ListPanelName[] = [];
  if (siteChrome(storeCode).shops.length > 0) out.push('storeslist');
  if (cmsBlockHtml('faq-list')) out.push('faqList');
  return out;
}
