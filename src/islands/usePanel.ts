/** React side of the panel helpers: while `open`, focus stays inside the panel and Escape calls `close`. */
import { useEffect, useRef, type RefObject } from 'react';
import { trapFocus } from './panel';

/** Traps focus in `ref` while `open`; Escape closes; focus returns to the opener when it closes. */
export function usePanel(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const release = trapFocus(el, { onEscape: () => latest.current() });
    return () => release();
  }, [open, ref]);
}
