/**
 * UI flags (spec §3 UI flags, §4 Panels): each panel sets the overlay together with itself;
 * a submenu path entry is removed 300 ms (config.constants.submenuPopDelayMs) after its menu closes.
 */
import { map } from 'nanostores';
import { config } from '../../config';

/** The panels that toggle the overlay with themselves. */
export type Panel = 'sidebar' | 'microcart' | 'wishlist' | 'storeslist' | 'faqList' | 'searchpanel';
/** Which form the account modal shows. */
export type AuthElem = 'login' | 'register' | 'forgot-pass';

export interface UiState {
  sidebar: boolean;
  microcart: boolean;
  wishlist: boolean;
  storeslist: boolean;
  faqList: boolean;
  searchpanel: boolean;
  newsletterPopup: boolean;
  showPromoStrip: boolean;
  overlay: boolean;
  loader: boolean;
  /** Form shown in the account modal (default 'login'). */
  authElem: AuthElem;
  /** The account (login / signup) modal is open. */
  authModal: boolean;
  checkoutMode: boolean;
  openMyAccount: boolean;
  submenu: { depth: number; path: string[] };
}

export const PANELS: readonly Panel[] = ['sidebar', 'microcart', 'wishlist', 'storeslist', 'faqList', 'searchpanel'];

const initial = (): UiState => ({
  sidebar: false,
  microcart: false,
  wishlist: false,
  storeslist: false,
  faqList: false,
  searchpanel: false,
  newsletterPopup: false,
  showPromoStrip: true,
  overlay: false,
  loader: false,
  authElem: 'login',
  authModal: false,
  checkoutMode: false,
  openMyAccount: false,
  submenu: { depth: 0, path: [] },
});

/** The UI flags. */
export const $ui = map<UiState>(initial());

/** Opens or closes a panel; the overlay follows it. */
export function setPanel(panel: Panel, open: boolean): void {
  $ui.set({ ...$ui.get(), [panel]: open, overlay: open });
}

/** Toggles a panel (and the overlay with it). */
export function togglePanel(panel: Panel): void {
  setPanel(panel, !$ui.get()[panel]);
}

/** Closes every panel and the overlay. */
export function closePanels(): void {
  const next = { ...$ui.get(), overlay: false };
  for (const p of PANELS) next[p] = false;
  $ui.set(next);
}

/** Shows or hides the overlay alone. */
export function setOverlay(on: boolean): void {
  $ui.setKey('overlay', on);
}

/** Shows or hides the loader. */
export function setLoader(on: boolean): void {
  $ui.setKey('loader', on);
}

/** Opens the account modal on a form ('register' is the signup modal). */
export function openAuthModal(elem: AuthElem = 'login'): void {
  $ui.set({ ...$ui.get(), authElem: elem, authModal: true });
}

/** Closes the account modal and returns it to the login form. */
export function closeAuthModal(): void {
  $ui.set({ ...$ui.get(), authElem: 'login', authModal: false });
}

/** Switches the account modal's form. */
export function setAuthElem(elem: AuthElem): void {
  $ui.setKey('authElem', elem);
}

/** Checkout mode (simplified header). */
export function setCheckoutMode(on: boolean): void {
  $ui.setKey('checkoutMode', on);
}

/** Opens or closes the my-account menu. */
export function setOpenMyAccount(on: boolean): void {
  $ui.setKey('openMyAccount', on);
}

/** Shows or hides the newsletter popup. */
export function setNewsletterPopup(on: boolean): void {
  $ui.setKey('newsletterPopup', on);
}

/** Shows or hides the promo strip. */
export function setPromoStrip(on: boolean): void {
  $ui.setKey('showPromoStrip', on);
}

/** Opens a submenu one level deeper. */
export function openSubmenu(id: string): void {
  const { depth, path } = $ui.get().submenu;
  $ui.setKey('submenu', { depth: depth + 1, path: [...path.slice(0, depth), id] });
}

/** Closes the deepest submenu; its path entry goes 300 ms later (after the closing animation). */
export function closeSubmenu(): void {
  const { depth, path } = $ui.get().submenu;
  if (depth === 0) return;
  $ui.setKey('submenu', { depth: depth - 1, path });
  setTimeout(() => {
    const now = $ui.get().submenu;
    if (now.path.length > now.depth) $ui.setKey('submenu', { depth: now.depth, path: now.path.slice(0, now.depth) });
  }, config.constants.submenuPopDelayMs);
}

/** Back to the initial flags (tests, store-view switch). */
export function resetUi(): void {
  $ui.set(initial());
}
