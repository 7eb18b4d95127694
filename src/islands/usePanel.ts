/** React side of the panel helpers: while `open`, focus stays inside the panel and Escape calls `close`. */
import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';
import { trapFocus } from './panel';

/**
 * Traps focus in `ref` while `open`; Escape closes; focus returns to the opener when it closes.
 * A layout effect: the trap is in place when the panel first paints, so an Escape pressed the moment
 * the panel appears closes it (a passive effect runs after the paint, and that key press was lost).
 */
export function usePanel(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  // The latest `close` without re-trapping when the caller passes a new function each render.
  const onEscape = useEffectEvent(() => close());
  useLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const release = trapFocus(el, { onEscape: () => onEscape() });
    return () => release();
  }, [open, ref]);
}
