/**
 * The product form's add to cart (spec §4, §8): the lines the form's checks produced go to the cart
 * store (loaded on demand). Each line the cart took is told in `$addedFromProductPage`, and the data
 * layer hears of it there (the reaction below: § tag manager add-to-cart event).
 */
import { atom } from 'nanostores';
import { trackAddToCart, type TrackedProduct } from '../../analytics/datalayer';
import { messages } from '../../messages';
import type { FormCartLine } from './form-add';
import { notify } from '../../state/stores/notifications';

/** Where the lines come from: the product's path (its category tag) and its brand. */
export interface AddedFrom {
  categoryPath: string;
  brand: string | null;
}

/** The last line the cart took from the product form, with where it came from; null before any. */
export const $addedFromProductPage = atom<TrackedProduct | null>(null);

/** Adds each line to the cart; false, with the 'something went wrong' notice, when the cart could not be loaded. */
export async function addLinesToCart(lines: readonly FormCartLine[], from: AddedFrom): Promise<boolean> {
  try {
    const { addToCart } = await import('../../state/stores/cart');
    for (const line of lines) {
      if (addToCart(line)) $addedFromProductPage.set({ sku: line.sku as string, name: line.name, price: line.price, qty: line.qty, ...from });
    }
    return true;
  } catch (err) {
    console.error('The cart could not be loaded', err);
    notify({ type: 'error', message: messages.somethingWrong, action1: { label: messages.ok } });
    return false;
  }
}

// ------------------------------------------------------------------------------------------------
// Reactions

// The data layer hears of each line the cart took.
$addedFromProductPage.listen((added) => {
  if (added) trackAddToCart(added);
});
