/**
 * Panel helpers without React (spec §4 Panels): focus trapped inside an open panel, Escape closes
 * it, focus goes back to what opened it. Used by the React panels (through usePanel) and by the
 * plain header script (mobile menu).
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

/** The elements of `root` that take focus with Tab, in document order (hidden ones left out). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden],[inert]') && (el.offsetWidth > 0 || el.offsetHeight > 0 || el.getClientRects().length > 0),
  );
}

export interface TrapOptions {
  /** Called on Escape. */
  onEscape?: () => void;
  /** What gets focus first (default: the first focusable element, else the container). */
  initial?: HTMLElement | null;
  /** Where focus goes when the trap is released (default: what had focus before). */
  returnTo?: HTMLElement | null;
}

/**
 * Keeps Tab and Shift+Tab inside `root` and calls `onEscape` on Escape; returns the release
 * function, which puts focus back where it was.
 */
export function trapFocus(root: HTMLElement, opts: TrapOptions = {}): (restore?: boolean) => void {
  const before = opts.returnTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && opts.onEscape) {
      e.preventDefault();
      e.stopPropagation();
      opts.onEscape();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = focusables(root);
    if (items.length === 0) {
      e.preventDefault();
      root.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !root.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !root.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };
  // Focus that escapes (a click outside, a script) is brought back.
  const onFocusIn = (e: FocusEvent) => {
    const t = e.target as Node | null;
    if (t && !root.contains(t) && !(t instanceof Element && t.closest('[data-notifications]'))) {
      (focusables(root)[0] ?? root).focus();
    }
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocusIn);
  const start = opts.initial ?? focusables(root)[0] ?? root;
  if (start === root && !root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1');
  start.focus({ preventScroll: true });
  return (restore = true) => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocusIn);
    if (restore && before?.isConnected) before.focus({ preventScroll: true });
  };
}
