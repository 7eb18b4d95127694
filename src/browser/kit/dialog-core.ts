/**
 * The shop's one dialog (spec §4 Panels; the sign-in modal, the newsletter popup, the search panel,
 * the microcart, the wishlist, the stores and FAQ lists, the offline-orders panel): a native
 * `<dialog>`. Shown with `showModal()`, the page behind it is inert and out of the way of the
 * keyboard and screen readers; this module adds what the element leaves to the page:
 * - Escape closes through the shop's own state (`onClose`), also when the key arrives before the
 *   dialog's first paint;
 * - Tab and Shift+Tab wrap inside it (the element lets focus leave for the browser's own controls);
 * - a click on the backdrop closes it (outside its box, or anywhere outside a panel's drawer: a panel
 *   is a dialog as large as the screen, transparent, holding its drawer);
 * - the header's shared overlay and the notifications move into the open dialog, so they stay above
 *   the inert page (the overlay darkens and closes the panels; notifications stay readable);
 * - the page does not scroll behind it: a panel is as large as the screen and takes the wheel and the
 *   touch (the list panels, which load no dialog.css; e2e "the page behind an open list panel does
 *   not scroll"), and `html:has(dialog:modal)` in dialog.css holds the page behind the islands' dialogs;
 * - focus goes back to what opened it when it closes (to the page's main content when nothing did).
 * Plain code without React: the React islands use it through <Dialog> (Dialog.tsx), the list panels
 * (ListPanel.ts) directly.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements of the page that must stay above the page while a modal dialog is open. */
const CARRIED = '[data-overlay], [data-notifications]';

/** The elements of `root` that take focus with Tab, in document order (hidden ones left out). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden],[inert]') && (el.offsetWidth > 0 || el.offsetHeight > 0 || el.getClientRects().length > 0),
  );
}

/** Keeps a Tab or Shift+Tab key press inside `root` (wraps from the last element to the first and back). */
export function wrapTab(root: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const items = focusables(root).filter((el) => !el.closest(CARRIED));
  if (items.length === 0) {
    e.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = root.ownerDocument.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

let nextOpener: HTMLElement | null = null;

/**
 * Names the control that is opening a dialog (a header button whose panel loads first, a script's
 * `click()` that does not move the focus): the next dialog to open gives the focus back to it.
 */
export function rememberOpener(el: HTMLElement | null): void {
  nextOpener = el;
}

/** The open modal dialogs, the last one on top. */
const stack: HTMLDialogElement[] = [];

/** The modal dialog on top, if one is open (what must hold anything shown above the page). */
export function topDialog(): HTMLDialogElement | null {
  return stack[stack.length - 1] ?? null;
}

export interface DialogOptions {
  /** Called on Escape, a click on the backdrop or the overlay's own close: the shop closes its state. */
  onClose: () => void;
  /** Modal (default) or not (a notice in a corner: no inert page, no focus trap, no Escape). */
  modal?: boolean;
  /** A panel: a dialog as large as the screen holding its drawer; a click outside the drawer closes. */
  panel?: boolean;
  /** What takes the focus first (default: the dialog's first focusable element, as `showModal()` does). */
  initial?: HTMLElement | null;
}

/**
 * Opens `dialog` (see the module comment); returns the function that closes it and gives the focus
 * back to the control that opened it.
 */
export function openDialog(dialog: HTMLDialogElement, opts: DialogOptions): () => void {
  const doc = dialog.ownerDocument;
  const modal = opts.modal ?? true;
  const active = doc.activeElement;
  // No control opened it (it opened by itself as the page started): the focus goes to the page's main content when it closes, not to the top of the document.
  const opener = nextOpener ?? (active instanceof HTMLElement && active !== doc.body ? active : doc.getElementById('main'));
  nextOpener = null;

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      opts.onClose();
      return;
    }
    wrapTab(dialog, e);
  };
  // The browser's own close request (Escape it handled itself, a phone's back gesture): the shop closes.
  const onCancel = (e: Event) => {
    e.preventDefault();
    opts.onClose();
  };
  const onClick = (e: MouseEvent) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const outside = e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
    // A click on a box's own edge or scrollbar also has the dialog as its target: only a panel's empty screen or the backdrop closes.
    if (opts.panel || outside) opts.onClose();
  };

  let carried: HTMLElement[] = [];
  if (modal) {
    dialog.addEventListener('keydown', onKey);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    if (!dialog.open) dialog.showModal();
    stack.push(dialog);
    carried = Array.from(doc.querySelectorAll<HTMLElement>(CARRIED)).filter((el) => !dialog.contains(el));
    dialog.prepend(...carried);
    dialog.classList.toggle('dialog--overlaid', !!dialog.querySelector(':scope > [data-overlay]:not([hidden])'));
  } else if (!dialog.open) {
    dialog.show();
  }
  if (opts.initial) opts.initial.focus({ preventScroll: true });

  return () => {
    dialog.removeEventListener('keydown', onKey);
    dialog.removeEventListener('cancel', onCancel);
    dialog.removeEventListener('click', onClick);
    const at = stack.indexOf(dialog);
    if (at >= 0) stack.splice(at, 1);
    // What the dialog carried goes back to the page (or to the dialog below), in the order it was.
    const back = topDialog();
    for (const el of Array.from(dialog.querySelectorAll<HTMLElement>(`:scope > :is(${CARRIED})`))) {
      if (back) back.prepend(el);
      else doc.body.append(el);
    }
    carried = [];
    if (dialog.open) dialog.close();
    if (modal && opener?.isConnected) opener.focus({ preventScroll: true });
  };
}
