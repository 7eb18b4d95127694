/** What the shopper pressed last (pointer or key), watched from page start by notifications-start.ts, for the toasts to keep clear of it (Notifications.ts). */
let pressed: Element | null = null;

export function watchPresses(doc: Document): void {
  for (const type of ['pointerdown', 'keydown'] as const)
    doc.addEventListener(type, (e) => void (pressed = e.target instanceof Element ? e.target : null), { capture: true, passive: true });
}

export const lastPressed = (): Element | null => pressed;
