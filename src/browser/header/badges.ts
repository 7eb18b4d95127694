/**
 * Header badges without React (spec §9 "minicart counts quantities"): keeps `[data-cart-count]` and
 * `[data-wishlist-count]` showing `$badges` (read from localStorage at once, fed by the cart and
 * wishlist stores, followed across tabs). The count is hidden at 0; the link's label says the count.
 */
import { $badges, type BadgeCounts } from '../../lib/state/stores/badges';

const TARGETS: Array<[keyof BadgeCounts, string]> = [
  ['cart', '[data-cart-count]'],
  ['wishlist', '[data-wishlist-count]'],
  ['compare', '[data-compare-count]'],
];

/** Shows `count` on a badge element and in its link's accessible name. */
export function showCount(badge: HTMLElement, count: number): void {
  const text = count > 0 ? String(count) : '';
  if (badge.textContent !== text) badge.textContent = text;
  badge.hidden = count <= 0;
  const link = badge.closest<HTMLElement>('a, button');
  if (!link) return;
  const base = (link.dataset.label ??= link.getAttribute('aria-label') ?? '');
  if (base) link.setAttribute('aria-label', count > 0 ? `${base} (${count})` : base);
}

/** Keeps every badge of the page current; returns the stop function. */
export function startBadges(root: ParentNode = document): () => void {
  return $badges.subscribe((counts) => {
    for (const [name, selector] of TARGETS) {
      root.querySelectorAll<HTMLElement>(selector).forEach((el) => showCount(el, counts[name]));
    }
  });
}
