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

/**
 * Adds each line to the cart; false, with the 'something went wrong' notice, when the cart could not
 * be loaded. The bag stored in this browser is read first (the cart store loads on demand, at the
 * first add of a product page): a line added to a bag not yet read is stored only once the read is
 * done, so a shopper who left the page right after 'added to the cart' (a slow phone's storage)
 * lost it. Then the line and the stored ones are written together, as the shopper is told.
 */
export async function addLinesToCart(lines: readonly FormCartLine[], from: AddedFrom): Promise<boolean> {
  try {
    const { addToCart, storedCart } = await import('../../state/stores/cart');
    await storedCart();
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
