/**
 * The notifications on screen (spec §3 Notification, §4, §9), without React so that every page can
 * show them: renders `$notifications` (de-duplicated by message, removed after their time to live
 * of 5,000 ms unless `hasNoTimeout`, by the store) into a live region, each with its message, its
 * optional action buttons and a close button. Loaded by the header script when the first
 * notification arrives.
 */
import { messages } from '../../lib/messages';
import { $notifications, notificationShown, removeNotification, runNotificationAction, type ShopNotification } from '../../lib/state/stores/notifications';
import css from './Notifications.css?inline';
import { topDialog } from './dialog-core';

const HOST = '[data-notifications]';

/** The live region notifications go to (created when missing). */
export function notificationsHost(doc: Document = document): HTMLElement {
  let host = doc.querySelector<HTMLElement>(HOST);
  if (!host) {
    host = doc.createElement('div');
    host.setAttribute('data-notifications', '');
    // Above the page: inside the open modal dialog if there is one (it carries them out again when it closes).
    (topDialog() ?? doc.body).append(host);
  }
  host.className = 'ntf';
  host.setAttribute('aria-live', 'polite');
  host.setAttribute('aria-label', messages.notificationsLabel);
  host.setAttribute('role', 'region');
  return host;
}

function button(doc: Document, cls: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

function item(doc: Document, n: ShopNotification): HTMLElement {
  const el = doc.createElement('div');
  el.className = `ntf__item ntf__item--${n.type}`;
  el.dataset.id = String(n.id);
  el.dataset.type = n.type;
  if (n.type === 'error') el.setAttribute('role', 'alert');
  const msg = doc.createElement('p');
  msg.className = 'ntf__msg';
  msg.textContent = n.message;
  const close = button(doc, 'ntf__close', '', () => removeNotification(n.id));
  close.setAttribute('aria-label', messages.notificationClose);
  close.innerHTML =
    '<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false"><path d="M2 2l10 10M12 2L2 12" stroke="currentColor" stroke-width="1.6" fill="none"/></svg>';
  el.append(msg, close);
  const actions = (['action1', 'action2'] as const).filter((k) => n[k]?.label);
  if (actions.length) {
    const box = doc.createElement('div');
    box.className = 'ntf__actions';
    for (const k of actions) {
      box.append(
        button(doc, `toast-btn ntf__action${k === 'action1' && actions.length > 1 ? ' ntf__action--ghost' : ''}`, n[k]!.label, () =>
          runNotificationAction(n.id, k),
        ),
      );
    }
    el.append(box);
  }
  return el;
}

/**
 * Where toasts go when the first of a group arrives: away from what the shopper just pressed (the
 * focused element, or, where a press does not focus (WebKit's buttons), the one under the pointer or
 * the finger). A press in the lower half of the screen (Add to cart scrolled to the foot of the view,
 * the add-to-bag bar) puts them at the top, under the header while it is in view, so they cover
 * neither the button nor the header's bag and search; otherwise they stay at the bottom
 * (Notifications.css). Toasts already shown keep their place. Inside an open dialog the stylesheet
 * places them (clear of the drawer's foot, where its main button is).
 */
function place(host: HTMLElement, doc: Document): void {
  const view = doc.defaultView!;
  const focused = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const pressed = focused ?? Array.from(doc.querySelectorAll(':hover')).pop() ?? null;
  const box = pressed && pressed !== doc.documentElement && pressed !== doc.body ? pressed.getBoundingClientRect() : null;
  host.classList.toggle('ntf--top', !!box && box.top + box.height / 2 > view.innerHeight / 2);
  followHeader(host, doc);
}

/** Keeps `--ntf-top` just under the header while the header is in view (it scrolls with the page). */
function followHeader(host: HTMLElement, doc: Document): void {
  const header = doc.querySelector('.site-header');
  const gap = doc.defaultView!.innerWidth < 768 ? 8 : 16;
  host.style.setProperty('--ntf-top', `${Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + gap}px`);
}

let stop: (() => void) | null = null;

/** Starts rendering the notifications into the live region; returns the stop function. Once per page. */
export function mountNotifications(doc: Document = document): () => void {
  if (stop) return stop;
  if (!doc.querySelector('style[data-ntf-style]')) {
    const style = doc.createElement('style');
    style.setAttribute('data-ntf-style', '');
    style.textContent = css;
    doc.head.append(style);
  }
  const host = notificationsHost(doc);
  const shown = new Map<number, HTMLElement>();
  let frame = 0;
  const onScroll = () => {
    if (frame || !host.classList.contains('ntf--top')) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      followHeader(host, doc);
    });
  };
  doc.addEventListener('scroll', onScroll, { passive: true });
  const unsubscribe = $notifications.subscribe((list) => {
    const ids = new Set(list.map((n) => n.id));
    for (const [id, el] of shown) {
      if (!ids.has(id)) {
        el.remove();
        shown.delete(id);
      }
    }
    for (const n of list) {
      if (shown.has(n.id)) continue;
      if (shown.size === 0) place(host, doc);
      const el = item(doc, n);
      shown.set(n.id, el);
      host.append(el);
      notificationShown(n.id);
    }
  });
  stop = () => {
    unsubscribe();
    doc.removeEventListener('scroll', onScroll);
    stop = null;
  };
  return stop;
}
