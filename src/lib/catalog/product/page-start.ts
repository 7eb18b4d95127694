/**
 * What a product page does when it opens, without React (spec §4 Product page): it records the view
 * in recently viewed, reads the wishlist and compare lists, and tells whether the options island must
 * start at once. The island's static HTML is what a shopper with empty lists sees ("Add to wishlist",
 * "Add to compare", no compare link), so for most shoppers React loads only when they touch the form
 * (`client:interact`); when this product (any variant of it) is on the wishlist or anything is being compared, the
 * toggles would show the wrong state until then, so the island is woken on load.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { $compare, loadCompare } from '../../state/stores/compare';
import { addRecentlyViewed } from '../../state/stores/recently-viewed';
import { $wishlist, loadWishlist } from '../../state/stores/wishlist';
import type { ProductSummary } from '../../state/stores/product-summary';

/**
 * True when the island's static HTML may be wrong for this shopper (see the module comment). The
 * wishlist keeps a configurable product as the variant chosen (its child's sku, the product's in
 * `parentSku`): any entry of the product wakes the island, which alone knows the variant the page
 * opens with (the address's child or the default one) and shows whether that one is listed.
 */
export function optionsNeedWaking(sku: string, wishlist: { items: Array<{ sku: string; parentSku?: string }> }, compare: { items: unknown[] }): boolean {
  return wishlist.items.some((i) => i.sku === sku || i.parentSku === sku) || compare.items.length > 0;
}

/**
 * Starts the page for `summary`: records the view, and returns a store that turns true (once, for
 * good) when both lists are read and the island must be woken. Subscribing keeps the two lists loaded,
 * so the toggles are ready when the island starts.
 */
export function startProductPage(summary: ProductSummary): ReadableAtom<boolean> {
  addRecentlyViewed(summary);
  const $wake = atom(false);
  const check = () => {
    const w = $wishlist.get();
    const c = $compare.get();
    if (w.loaded && c.loaded && optionsNeedWaking(summary.sku, w, c)) $wake.set(true);
  };
  $wishlist.subscribe(check);
  $compare.subscribe(check);
  void loadWishlist();
  void loadCompare();
  return $wake;
}
