/** The compare list (spec §3, §4 Network: "compare list loads on mount"), persisted under current-compare. */
import { computed, map, onMount } from 'nanostores';
import { setBadge } from './badges';
import { t } from '../messages';
import { collection, KEYS } from '../storage';
import { notify } from './notifications';
import { unionBySku, type ProductSummary } from './product-summary';

export interface CompareState {
  loaded: boolean;
  items: ProductSummary[];
}

/** The products being compared. */
export const $compare = map<CompareState>({ loaded: false, items: [] });
/** How many products are being compared. */
export const $compareCount = computed($compare, (c) => c.items.length);

let loading: Promise<void> | null = null;

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
export function loadCompare(): Promise<void> {
  loading ??= (async () => {
    const cached = (await collection('compare').getItem<ProductSummary[]>(KEYS.compare)) ?? [];
    $compare.set({ loaded: true, items: unionBySku(cached, $compare.get().items) });
  })();
  return loading;
}

/** Back to an empty, unloaded list (tests). */
export function resetCompareStore(): void {
  loading = null;
  $compare.set({ loaded: false, items: [] });
}

let started = false;
/** Starts the store once (first read or subscription): reads the stored list, then persists each change. */
function start(): void {
  if (started) return;
  started = true;
  $compare.listen((c) => {
    if (c.loaded) void collection('compare').setItem(KEYS.compare, c.items);
    // The header's compare badge (phones reach the list from it in one tap) follows the list.
    if (c.loaded) setBadge('compare', c.items.length);
  });
  void loadCompare();
}

onMount($compare, start);
