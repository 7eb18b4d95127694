/** The compare list (spec §3, §4 Network: "compare list loads on mount"), persisted under current-compare. */
import { computed } from 'nanostores';
import { setBadge } from './badges';
import { messages, fill } from '../../messages';
import { KEYS } from '../storage';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';
import { listActions } from './list-actions';
import { storedList, type StoredListState } from './stored-list';

export type CompareState = StoredListState<ProductSummary>;

const list = storedList<ProductSummary>({
  collection: 'compare',
  key: KEYS.compare,
  merge: unionBySku,
  // The header's compare badge (phones reach the list from it in one tap) follows the list.
  onItems: (items) => setBadge('compare', items.length),
});
const actions = listActions(list);

/** The products being compared. */
export const $compare = list.$list;
/** How many products are being compared. */
export const $compareCount = computed($compare, (c) => c.items.length);
/** The last product the shopper added to or removed from the list. */
export const $lastCompareChange = actions.$lastChange;

/** True when the sku is in the compare list. */
export const isInCompare = actions.has;

/** Adds a product not yet compared; false when it was already there. */
export const addToCompare = (product: ProductSummary): boolean => actions.add(product);

/** Removes a product; false when it was not there. */
export const removeFromCompare = (product: Pick<ProductSummary, 'sku' | 'name'>): boolean => actions.remove(product);

/** Adds a product as configured, or removes the entry that holds it (./product-summary.ts `listedEntry`). */
export const toggleCompare: (product: ProductSummary) => void = actions.toggle;

/** Empties the compare list (no notice). */
export function clearCompare(): void {
  $compare.setKey('items', []);
}

/** Reads the stored list once. */
export const loadCompare = list.load;

// ------------------------------------------------------------------------------------------------
// Reactions

// The shopper hears of each product added or removed.
$lastCompareChange.listen((c) => {
  if (c) notify({ type: 'success', message: fill(c.kind === 'added' ? messages.addedToCompare : messages.removedFromCompare, { name: c.item.name }) });
});
