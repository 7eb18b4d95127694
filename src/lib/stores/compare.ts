/** The compare list (spec §3, §4 Network: "compare list loads on mount"), persisted under current-compare. */
import { computed } from 'nanostores';
import { setBadge } from './badges';
import { t } from '../messages';
import { KEYS } from '../storage';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';
import { storedList, type StoredListState } from './stored-list';

export type CompareState = StoredListState<ProductSummary>;

const list = storedList<ProductSummary>({
  collection: 'compare',
  key: KEYS.compare,
  merge: unionBySku,
  // The header's compare badge (phones reach the list from it in one tap) follows the list.
  onItems: (items) => setBadge('compare', items.length),
});

/** The products being compared. */
export const $compare = list.$list;
/** How many products are being compared. */
export const $compareCount = computed($compare, (c) => c.items.length);

/** True when the sku is in the compare list. */
export function isInCompare(sku: string): boolean {
  return $compare.get().items.some((i) => i.sku === sku);
}

/** Adds a product not yet compared and notifies; false when it was already there. */
export function addToCompare(product: ProductSummary): boolean {
  if (isInCompare(product.sku)) return false;
  $compare.setKey('items', [...$compare.get().items, product]);
  notify({ type: 'success', message: t('addedToCompare', { name: product.name }) });
  return true;
}

/** Removes a product and notifies; false when it was not there. */
export function removeFromCompare(product: Pick<ProductSummary, 'sku' | 'name'>): boolean {
  if (!isInCompare(product.sku)) return false;
  $compare.setKey('items', $compare.get().items.filter((i) => i.sku !== product.sku));
  notify({ type: 'success', message: t('removedFromCompare', { name: product.name }) });
  return true;
}

/** Empties the compare list. */
export function clearCompare(): void {
  $compare.setKey('items', []);
}

/** Reads the stored list once. */
export const loadCompare = list.load;

/** Back to an empty, unloaded list (tests). */
export const resetCompareStore = list.reset;
