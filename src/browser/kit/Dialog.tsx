/** React side of the one dialog (src/browser/kit/dialog-core.ts): a native <dialog>, open while `open` is. */
import { useEffectEvent, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { openDialog } from './dialog-core';
import dialogCss from './dialog.css?inline';

export interface DialogProps {
  open: boolean;
  /** Escape, the backdrop or the overlay: the island closes its state (the dialog follows `open`). */
  onClose: () => void;
  /** A panel (a drawer on the right; see dialog-core.ts) rather than a box in the middle. */
  panel?: boolean;
  /** False for a notice that leaves the page usable (no inert page, no focus trap). */
  modal?: boolean;
  className?: string;
  labelledBy?: string;
  /** What takes the focus first (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The dialog element itself (for the island's own focus moves). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** data-* attributes the tests and page scripts find the dialog by. */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/**
 * A layout effect: the dialog is modal, focused and listening for Escape when it first paints, so an
 * Escape pressed the moment it appears closes it (a passive effect runs after the paint, and that key
 * press was lost).
 */
export function Dialog({ open, onClose, panel = false, modal = true, className, labelledBy, initialFocus, dialogRef, data, children }: DialogProps) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  // The latest onClose, without reopening the dialog when the island passes a new function.
  const close = useEffectEvent(() => onClose());
  useLayoutEffect(() => {
    const d = ref.current;
    if (!open || !d) return;
    return openDialog(d, { onClose: () => close(), modal, panel, initial: initialFocus?.current });
  }, [open, modal, panel, ref, initialFocus]);
  const classes = ['dialog', panel ? 'dialog--panel' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    // The explicit role is for the a11y scans and page scripts that find open dialogs by [role="dialog"].
    // eslint-disable-next-line jsx-a11y/no-redundant-roles
    <dialog ref={ref} className={classes} role="dialog" aria-labelledby={labelledBy} {...data}>
      <style href="pj-dialog" precedence="island">
        {dialogCss}
      </style>
      {children}
    </dialog>
  );
}
