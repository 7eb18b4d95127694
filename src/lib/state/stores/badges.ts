/**
 * Header badge counts (cart quantity, wishlist and compare list sizes) in a module that imports nothing but nanostores,
 * so the header can show them without loading the cart, the sync layer or React. The cart and wishlist
 * stores write the counts here and into localStorage ('shop-badges'); other tabs follow through the
 * 'storage' event.
 */
import { atom, onMount } from 'nanostores';

export interface BadgeCounts {
  cart: number;
  wishlist: number;
  compare: number;
}

export const BADGES_KEY = 'shop-badges';

function read(): BadgeCounts {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(BADGES_KEY);
    const v = raw ? (JSON.parse(raw) as Partial<BadgeCounts>) : {};
    return { cart: Number(v.cart) || 0, wishlist: Number(v.wishlist) || 0, compare: Number(v.compare) || 0 };
  } catch {
    return { cart: 0, wishlist: 0, compare: 0 };
  }
}

/** The counts shown on the header badges. */
export const $badges = atom<BadgeCounts>(read());

/** Sets one count (called by the cart and wishlist stores). */
export function setBadge(name: keyof BadgeCounts, count: number): void {
  if ($badges.get()[name] === count) return;
  const next = { ...$badges.get(), [name]: count };
  $badges.set(next);
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(BADGES_KEY, JSON.stringify(next));
  } catch {
    // storage full or blocked: the badge still updates in this tab
  }
}

onMount($badges, () => {
  if (typeof window === 'undefined') return;
  const on = (e: StorageEvent) => {
    if (e.key === BADGES_KEY) $badges.set(read());
  };
  window.addEventListener('storage', on);
  return () => window.removeEventListener('storage', on);
});
