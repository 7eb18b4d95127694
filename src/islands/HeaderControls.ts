/**
 * The header's controls on every page, in a few KB of plain code (no React until asked): the cart
 * and wishlist badges; the overlay that follows the panels (spec §4 Panels: sidebar, microcart,
 * search panel, wishlist, stores list and FAQ list each toggle the overlay with themselves); the
 * mobile menu as the sidebar panel (Escape closes, focus stays inside); the notifications renderer,
 * loaded with the first notification. The first press of the cart or wishlist button loads the
 * panels (React, src/islands/HeaderControls.mount.tsx) and opens the one asked for; the buttons stay
 * links to /checkout and /my-account without JavaScript or with a modifier key.
 */
import { startBadges } from '../scripts/badges';
import { $notifications } from '../lib/stores/notifications';
import { $ui, closePanels, setPanel, type Panel } from '../lib/stores/ui';
import { trapFocus } from './panel';

const TRIGGERS = '[data-panel="microcart"], [data-panel="wishlist"]';

type Mount = typeof import('./HeaderControls.mount');
let chunk: Promise<Mount> | null = null;

/** Downloads the panels' code (hovering a trigger starts it); a failed download is tried again next time. */
function importPanels(): Promise<Mount> {
  chunk ??= import('./HeaderControls.mount').catch((e: unknown) => {
    chunk = null;
    throw e;
  });
  return chunk;
}

/** Loads and mounts the React panels (once). */
export function loadPanels(): Promise<Mount> {
  return importPanels().then((m) => {
    m.mountPanels();
    return m;
  });
}

/** Opens a header panel (microcart or wishlist), loading the panels first if needed. */
export function openPanel(panel: Extract<Panel, 'microcart' | 'wishlist'>, opener?: HTMLElement | null): void {
  if (opener) lastOpener = opener;
  closePanels();
  setPanel(panel, true);
  loadPanels().catch((err: unknown) => {
    console.error('The panel could not be loaded', err);
    setPanel(panel, false);
    // Without the panel the button's own page is the way on.
    if (opener instanceof HTMLAnchorElement) window.location.assign(opener.href);
  });
}

/** The element that opened the last panel (focus goes back to it when the panel closes). */
export let lastOpener: HTMLElement | null = null;

function trigger(e: Event): HTMLElement | null {
  const el = e.target instanceof Element ? e.target.closest(TRIGGERS) : null;
  return el instanceof HTMLElement ? el : null;
}

function onPointerOver(e: Event) {
  if (trigger(e)) void importPanels().catch(() => {});
}

function onPointerDown(e: Event) {
  if (trigger(e)) void loadPanels().catch(() => {});
}

function onClick(e: MouseEvent) {
  const el = trigger(e);
  if (!el) return;
  // A new tab or window keeps the link's own page.
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const panel = el.dataset.panel as 'microcart' | 'wishlist';
  if ($ui.get()[panel]) setPanel(panel, false);
  else openPanel(panel, el);
}

/** The overlay under the open panel; a click on it closes the panels. */
const OVERLAY_CSS =
  '.shop-overlay{position:fixed;inset:0;z-index:90;background:rgba(31,42,55,.45);animation:shop-fade var(--fade,.25s) ease}' +
  '.shop-overlay[hidden]{display:none}.shop-overlay--under-header{z-index:15}html.has-overlay{overflow:hidden}' +
  '@keyframes shop-fade{from{opacity:0}to{opacity:1}}@media (prefers-reduced-motion:reduce){.shop-overlay{animation:none}}';

function startOverlay(doc: Document): void {
  const style = doc.createElement('style');
  style.textContent = OVERLAY_CSS;
  doc.head.append(style);
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

/** The mobile menu (<details data-mobile-nav>) is the sidebar panel: it follows `$ui.sidebar`, traps focus and closes on Escape. */
function startSidebar(doc: Document): void {
  const nav = doc.querySelector<HTMLDetailsElement>('details[data-mobile-nav]');
  if (!nav) return;
  let release: ((restore?: boolean) => void) | null = null;
  nav.addEventListener('toggle', () => {
    if (nav.open && !$ui.get().sidebar) setPanel('sidebar', true);
    if (!nav.open && $ui.get().sidebar) setPanel('sidebar', false);
  });
  $ui.subscribe((ui) => {
    if (nav.open !== ui.sidebar) nav.open = ui.sidebar;
    if (ui.sidebar && !release) {
      release = trapFocus(nav, { onEscape: () => setPanel('sidebar', false), initial: nav.querySelector('summary') });
    } else if (!ui.sidebar && release) {
      release();
      release = null;
    }
  });
}

/** Loads the notifications renderer when the first notification arrives. */
function startNotifications(doc: Document): void {
  let loaded = false;
  const unbind = $notifications.subscribe((list) => {
    if (loaded || list.length === 0) return;
    loaded = true;
    import('./Notifications')
      .then((m) => m.mountNotifications(doc))
      .catch((err: unknown) => {
        loaded = false;
        console.error('Notifications could not be shown', err);
      });
    queueMicrotask(() => unbind());
  });
}

/** Starts everything once per page. */
export function startHeaderControls(doc: Document = document): void {
  if ((doc.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader) return;
  (doc.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader = true;
  startBadges(doc);
  startOverlay(doc);
  startSidebar(doc);
  startNotifications(doc);
  doc.addEventListener('pointerover', onPointerOver, { passive: true });
  doc.addEventListener('pointerdown', onPointerDown, { passive: true });
  doc.addEventListener('click', onClick);
}

startHeaderControls();
