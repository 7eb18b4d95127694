/**
 * The stores list and FAQ list panels (spec §3 UI flags storeslist, faqList; §4 Panels: each toggles
 * the overlay with itself), plain code, no React: a `[data-open-list=storeslist|faqList]` button
 * toggles its panel in `$ui`; the panel (`<dialog data-list-panel>`, built by ListPanel.astro, the
 * shop's one dialog: ../kit/dialog-core.ts) follows the flag, takes the focus, closes on Escape, on its close
 * button or on the overlay, and gives the focus back to its button. A panel's markup is downloaded
 * from its fragment on the first open.
 */
import { $ui, closePanels, setPanel, type Panel } from '../../lib/state/stores/ui';
import { openDialog, rememberOpener } from '../kit/dialog-core';

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

/** Fragments being downloaded, by panel. */
const loading = new Map<ListPanelName, Promise<HTMLElement | null>>();

/**
 * The panel element: already in the page, or downloaded from its fragment (the trigger's
 * `data-list-src`, src/lib/build/list-panels.ts) and added to the page on first use; null when the page
 * has no such panel or the fragment cannot be fetched (offline before the service worker cached it).
 */
export function ensureListPanel(name: ListPanelName, doc: Document = document, fetcher: typeof fetch = fetch): Promise<HTMLElement | null> {
  const found = doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
  if (found) return Promise.resolve(found);
  const src = doc.querySelector<HTMLElement>(`[data-open-list="${name}"][data-list-src]`)?.dataset.listSrc;
  if (!src) return Promise.resolve(null);
  let job = loading.get(name);
  if (!job) {
    job = fetcher(src)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`${src}: ${res.status}`))))
      .then((html) => {
        const again = doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
        if (again) return again;
        const tpl = doc.createElement('template');
        tpl.innerHTML = html;
        const panel = tpl.content.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
        if (!panel) throw new Error(`${src}: no ${name} panel in the fragment`);
        doc.body.append(panel);
        return panel;
      })
      .catch((err: unknown) => {
        console.error('List panel could not be loaded', err);
        loading.delete(name);
        return null;
      });
    loading.set(name, job);
  }
  return job;
}

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

  const release = new Map<ListPanelName, () => void>();
  const show = (name: ListPanelName, panel: HTMLElement, open: boolean) => {
    if (release.has(name) === open) return;
    // The header's overlay (when the page has one) darkens the page; else the panel's own backdrop does.
    panel.classList.toggle('list-panel--own-backdrop', !doc.querySelector('[data-overlay]'));
    doc.querySelectorAll<HTMLElement>(`[data-open-list="${name}"]`).forEach((b) => b.setAttribute('aria-expanded', String(open)));
    if (open) {
      rememberOpener(opener && opener.dataset.openList === name ? opener : null);
      const initial = panel.querySelector<HTMLElement>('[data-close-list]:not(.list-panel__backdrop)');
      release.set(name, openDialog(panel as HTMLDialogElement, { panel: true, initial, onClose: () => setPanel(name, false) }));
    } else {
      release.get(name)?.();
      release.delete(name);
    }
  };
  // An Escape while a panel is still downloading (its flag open, its dialog not yet) closes it too;
  // once the dialog is open, the dialog hears Escape itself.
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const waiting = LIST_PANELS.find((p) => $ui.get()[p] && !release.has(p));
    if (waiting) setPanel(waiting, false);
  });
  $ui.subscribe((ui) => {
    for (const name of LIST_PANELS) {
      const open = ui[name];
      const present = doc.querySelector<HTMLElement>(`[data-list-panel="${name}"]`);
      if (present || !open) {
        if (present) show(name, present, open);
        continue;
      }
      void ensureListPanel(name, doc).then((panel) => {
        if (!panel) {
          // No fragment (offline before it was cached): a link trigger still leads to its page.
          setPanel(name, false);
          if (opener instanceof HTMLAnchorElement && opener.dataset.openList === name) location.assign(opener.href);
          return;
        }
        // The shopper may have closed it (or opened another) while it downloaded.
        show(name, panel, $ui.get()[name]);
      });
    }
  });
}
