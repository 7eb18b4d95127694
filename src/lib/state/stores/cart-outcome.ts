/**
 * What the shopper's last cart action came to (spec §4, §8 cart texts), and its reaction: the notice.
 * The actions of ./cart.ts only change the cart and record their outcome in `$lastCartOutcome`
 * (nanostores' "separate changes and reaction", as ./compare.ts and ./wishlist.ts do); the reaction
 * below turns each outcome into the shopper's notice.
 */
import { atom } from 'nanostores';
import { messages } from '../../messages';
import { notify } from './notifications';

/** Why an action was refused: a quantity of 0 or less, no price, out of stock, over the most per order, a refused or unchecked coupon. */
export type CartRefusal = 'quantity' | 'price' | 'out-of-stock' | 'over-max' | 'coupon-incorrect' | 'coupon-unreachable';

/** A line added or removed, or an action refused. Each outcome is a new object, so the same one twice is heard twice. */
export type CartOutcome = { kind: 'added' | 'removed'; sku: string } | { kind: 'refused'; reason: CartRefusal };

/** The last outcome of a cart action; null before any (and after the cart is cleaned). */
export const $lastCartOutcome = atom<CartOutcome | null>(null);

/** Records an action's outcome (the actions' only way to the shopper's notice). */
export function recordCartOutcome(outcome: CartOutcome): void {
  $lastCartOutcome.set(outcome);
}

const REFUSALS: Record<CartRefusal, string> = {
  quantity: messages.quantityAboveZero,
  price: messages.cannotAddPriceUnknown,
  'out-of-stock': messages.cannotAddOutOfStock,
  'over-max': messages.someProductsUnavailable,
  'coupon-incorrect': messages.incorrectCouponCode,
  'coupon-unreachable': messages.couponUnreachable,
};

// ------------------------------------------------------------------------------------------------
// Reactions

// The shopper hears of each line added or removed, and of each refusal (an error to acknowledge).
$lastCartOutcome.listen((o) => {
  if (!o) return;
  if (o.kind === 'refused') notify({ type: 'error', message: REFUSALS[o.reason], action1: { label: messages.ok } });
  else notify({ type: 'success', message: o.kind === 'added' ? messages.addedToCart : messages.removedFromCart });
});
