/**
 * The stores list and FAQ list panels (spec §3 UI flags storeslist, faqList; §4 Panels: each toggles
 * the overlay with itself), plain code, no React: a `[data-open-list=storeslist|faqList]` button
 * toggles its panel in `$ui`; the panel (`[data-list-panel]`, built by ListPanel.astro) follows the
 * flag, takes the focus, closes on Escape, on its close button or on the overlay, and gives the
 * focus back to its button. A panel waits in a `<template data-list-panel-template>` until first opened.
 */
import { $ui, closePanels, setPanel, type Panel } from '../lib/stores/ui';

export type ListPanelName = Extract<Panel, 'storeslist' | 'faqList'>;
export const LIST_PANELS: readonly ListPanelName[] = ['storeslist', 'faqList'];

/** Opens a list panel (closing any other panel first) or closes it when open. */
export function toggleListPanel(panel: ListPanelName): void {
  if ($ui.get()[panel]) {
    setPanel(panel, false);
    return;
  }
  closePanels();
  setPanel(panel, true);
}

/** The panel element, taken out of its template into the page on first use; null when the page has none. */
export function ensureListPanel(name: ListPanelName, doc: Document = document): HTMLElement | null {
  const found = doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
  if (found) return found;
  const tpl = doc.querySelector<HTMLTemplateElement>(`template[data-list-panel-template="${name}"]`);
  if (!tpl) return null;
  doc.body.append(tpl.content.cloneNode(true));
  return doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wires the list panels of a page once. */
export function startListPanels(doc: Document = document): void {
  const root = doc.documentElement as HTMLElement & { pjListPanels?: boolean };
  if (root.pjListPanels) return;
  root.pjListPanels = true;
  let opener: HTMLElement | null = null;

  doc.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target : null;
    const trigger = el?.closest<HTMLElement>('[data-open-list]');
    if (trigger) {
      // A link trigger opened in a new tab or window keeps its own page.
      if (trigger instanceof HTMLAnchorElement && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
      e.preventDefault();
      opener = trigger;
      toggleListPanel(trigger.dataset.openList as ListPanelName);
      return;
    }
    const close = el?.closest<HTMLElement>('[data-close-list]');
    if (close) setPanel(close.closest<HTMLElement>('[data-list-panel]')!.dataset.listPanel as ListPanelName, false);
  });

  doc.addEventListener('keydown', (e) => {
    const open = LIST_PANELS.find((p) => $ui.get()[p]);
    if (!open) return;
    const panel = doc.querySelector<HTMLElement>(`[data-list-panel="${open}"]`);
    if (e.key === 'Escape') {
      setPanel(open, false);
      return;
    }
    // keep Tab inside the open panel
    if (e.key !== 'Tab' || !panel) return;
    const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && doc.activeElement === first) (e.preventDefault(), last.focus());
    else if (!e.shiftKey && doc.activeElement === last) (e.preventDefault(), first.focus());
  });

  const shown = new Map<ListPanelName, boolean>();
  $ui.subscribe((ui) => {
    for (const name of LIST_PANELS) {
      const open = ui[name];
      const panel = open ? ensureListPanel(name, doc) : doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
      if (!panel) continue;
      if (shown.get(name) === open) continue;
      shown.set(name, open);
      panel.hidden = !open;
      // The header's overlay (when the page has one) darkens the page; else the panel's own backdrop does.
      panel.classList.toggle('list-panel--own-backdrop', !doc.querySelector('[data-overlay]'));
      doc.querySelectorAll<HTMLElement>(`[data-open-list="${name}"]`).forEach((b) => b.setAttribute('aria-expanded', String(open)));
      if (open) panel.querySelector<HTMLElement>('[data-close-list]:not(.list-panel__backdrop)')?.focus();
      else if (opener && opener.dataset.openList === name) opener.focus();
    }
  });
}
