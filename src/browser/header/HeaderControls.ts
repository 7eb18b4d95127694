/**
 * The header's controls on every page, in a few KB of plain code (no React until asked): the cart
 * and wishlist badges; the overlay that follows the panels (spec §4 Panels: sidebar, microcart,
 * search panel, wishlist, stores list and FAQ list each toggle the overlay with themselves); the
 * mobile menu as the sidebar panel (Escape closes, focus stays inside); the notifications renderer,
 * loaded with the first notification. The first press of the cart, wishlist or search button opens
 * its panel, and the panel's island (React) is loaded and mounted by the shop's one lazy-island
 * mechanism (../kit/lazy.ts) when its flag first opens; the cart and wishlist buttons stay links to
 * /checkout and /my-account without JavaScript or with a modifier key, the search button submits
 * its form to /search. Its press also focuses the form's own field, which takes what is typed before
 * the panel's box is there (docs/search.md, "Keys typed before the panel is there").
 */
import { startBadges } from './badges';
import { $ui, closePanels, setPanel, type Panel } from '../../lib/state/stores/ui';
import { rememberOpener, wrapTab } from '../kit/dialog-core';
import { lazyIsland, mountWhen, type LazyIsland } from '../kit/lazy';
import { startNotifications } from '../kit/notifications-start';

type HeaderPanel = Extract<Panel, 'microcart' | 'wishlist' | 'searchpanel'>;

/** The microcart and the wishlist share one island; the search panel is its own. */
const headerPanels = lazyIsland('header-panels', () => import('./HeaderPanels'));
const searchPanel = lazyIsland('search-panel', () => import('../search/SearchPanel'));

/** Each header button: the panel it opens and the island that renders it. */
const BUTTONS: Record<string, { panel: HeaderPanel; island: LazyIsland }> = {
  microcart: { panel: 'microcart', island: headerPanels },
  wishlist: { panel: 'wishlist', island: headerPanels },
  search: { panel: 'searchpanel', island: searchPanel },
};
const TRIGGERS = Object.keys(BUTTONS)
  .map((b) => `[data-panel="${b}"]`)
  .join(', ');

/** Opens a header panel (closing any other first); its island is mounted when the flag opens. */
export function openPanel(panel: HeaderPanel, opener?: HTMLElement | null): void {
  rememberOpener(opener ?? null);
  closePanels();
  setPanel(panel, true);
}

function trigger(e: Event): HTMLElement | null {
  const el = e.target instanceof Element ? e.target.closest(TRIGGERS) : null;
  return el instanceof HTMLElement ? el : null;
}

const buttonOf = (el: HTMLElement) => BUTTONS[el.dataset.panel ?? '']!;

// Hovering a button downloads its panel; pressing it starts the mount (the click that follows opens).
function onPointerOver(e: Event) {
  const el = trigger(e);
  if (el)
    void buttonOf(el)
      .island.warm()
      .catch(() => {});
}

function onPointerDown(e: Event) {
  const el = trigger(e);
  if (el)
    void buttonOf(el)
      .island.mount()
      .catch(() => {});
}

function onClick(e: MouseEvent) {
  const el = trigger(e);
  if (!el) return;
  // The search form's field (below) was typed into and Enter pressed: its form goes to the results page.
  const field = (el as HTMLButtonElement).form?.q as HTMLInputElement | undefined;
  if (e.detail === 0 && field && document.activeElement === field) return;
  // A new tab or window keeps the link's own page.
  if (el instanceof HTMLAnchorElement && (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
  e.preventDefault();
  const { panel } = buttonOf(el);
  if ($ui.get()[panel]) setPanel(panel, false);
  else {
    openPanel(panel, el);
    // The search panel's box is not there before its code is: the keys typed meanwhile go into the
    // form's own field, focused in the click (a phone shows its keyboard), and the panel takes them over.
    field?.focus({ preventScroll: true });
  }
}

/** Mounts each panel's island when its flag first opens; without the island the button's own page is the way on. */
function startPanels(doc: Document): void {
  for (const { panel, island } of Object.values(BUTTONS)) {
    mountWhen(
      $ui,
      (ui) => ui[panel],
      island,
      (err) => {
        console.error('The panel could not be loaded', err);
        setPanel(panel, false);
        const button = doc.querySelector<HTMLElement>(`[data-panel="${Object.keys(BUTTONS).find((b) => BUTTONS[b]!.panel === panel)}"]`);
        if (button instanceof HTMLAnchorElement) window.location.assign(button.href);
        else button?.closest('form')?.submit();
      },
    );
  }
  // The search button says what it opens and whether it is open.
  const search = Array.from(doc.querySelectorAll<HTMLElement>('[data-panel="search"]'));
  for (const b of search) b.setAttribute('aria-haspopup', 'dialog');
  $ui.subscribe((ui) => {
    for (const b of search) b.setAttribute('aria-expanded', String(ui.searchpanel));
  });
}

/** The overlay under the open panel (its styles: src/styles/global.css); a click on it closes the panels. */
function startOverlay(doc: Document): void {
  const overlay = doc.createElement('div');
  overlay.className = 'shop-overlay';
  overlay.hidden = true;
  overlay.setAttribute('data-overlay', '');
  overlay.addEventListener('click', () => closePanels());
  doc.body.append(overlay);
  $ui.subscribe((ui) => {
    overlay.hidden = !ui.overlay;
    // The mobile menu opens under the header, so the overlay stays below it.
    overlay.classList.toggle('shop-overlay--under-header', ui.sidebar);
    doc.documentElement.classList.toggle('has-overlay', ui.overlay && !ui.sidebar);
  });
}

/**
 * The mobile menu (<details data-mobile-nav>) is the sidebar panel: it follows `$ui.sidebar`, keeps
 * the focus inside and closes on Escape. It is a disclosure under the header, not a dialog: the
 * header (search, cart) stays usable beside it, so the page is not made inert.
 */
function startSidebar(doc: Document): void {
  const nav = doc.querySelector<HTMLDetailsElement>('details[data-mobile-nav]');
  if (!nav) return;
  nav.addEventListener('toggle', () => {
    if (nav.open && !$ui.get().sidebar) setPanel('sidebar', true);
    if (!nav.open && $ui.get().sidebar) setPanel('sidebar', false);
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setPanel('sidebar', false);
    } else wrapTab(nav, e);
  };
  let open = false;
  $ui.subscribe((ui) => {
    if (nav.open !== ui.sidebar) nav.open = ui.sidebar;
    if (ui.sidebar === open) return;
    open = ui.sidebar;
    if (open) {
      doc.addEventListener('keydown', onKey, true);
      nav.querySelector('summary')?.focus({ preventScroll: true });
    } else {
      doc.removeEventListener('keydown', onKey, true);
      const active = doc.activeElement;
      if (active && active !== nav.querySelector('summary') && nav.contains(active)) nav.querySelector('summary')?.focus({ preventScroll: true });
    }
  });
}

/** Starts everything once per page. */
export function startHeaderControls(doc: Document = document): void {
  if ((doc.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader) return;
  (doc.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader = true;
  startBadges(doc);
  startOverlay(doc);
  startSidebar(doc);
  startPanels(doc);
  startNotifications(doc);
  doc.addEventListener('pointerover', onPointerOver, { passive: true });
  doc.addEventListener('pointerdown', onPointerDown, { passive: true });
  doc.addEventListener('click', onClick);
}

startHeaderControls();
