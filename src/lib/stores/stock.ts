/**
 * Stock (spec §3 stock cache, §4 Configurable product): the stock cache, answers keyed by child (or
 * simple product) id and persisted in the stock collection; and the live checks of the product form
 * (`checkStock`: stock/check for the chosen child, remembered by sku for the page and in the cache).
 */
import { map } from 'nanostores';
import { collection } from '../storage';

/** One cached stock answer. */
export interface StockEntry {
  is_in_stock: boolean;
  qty?: number | null;
  /** When the answer was received (ms since epoch). */
  checked_at: number;
}

/** A live stock answer (stock/check) as the product form uses it. */
export interface LiveStock {
  is_in_stock: boolean;
  qty: number;
}

/** What a stock check is about: the sku asked for and the id the cache keeps it under. */
export interface StockTarget {
  sku: string;
  id: number;
}

/** Cached stock by child id. */
export const $stock = map<Record<string, StockEntry>>({});

/** Stock checked on this page (stock/check), by sku. */
export const $liveStock = map<Record<string, LiveStock>>({});

/** The skus whose stock check is on its way (true while it runs). */
export const $stockPending = map<Record<string, boolean>>({});

/** Stores a stock answer for a child id. */
export function setStock(id: number | string, entry: Omit<StockEntry, 'checked_at'> & { checked_at?: number }): void {
  $stock.setKey(String(id), { ...entry, checked_at: entry.checked_at ?? Date.now() });
}

/** The cached answer for a child id, if any. */
export function getStock(id: number | string): StockEntry | undefined {
  return $stock.get()[String(id)];
}

/** Fills the cache from storage for the given ids (those not already known). */
export async function loadStock(ids: Array<number | string>): Promise<void> {
  const c = collection('stock');
  for (const id of ids.map(String)) {
    if ($stock.get()[id]) continue;
    const entry = await c.getItem<StockEntry>(id);
    if (entry && !$stock.get()[id]) {
      loadingFromStorage = true;
      try {
        $stock.setKey(id, entry);
      } finally {
        loadingFromStorage = false;
      }
    }
  }
}

/**
 * Checks a sku's stock (stock/check, the API client loaded on demand) and keeps the answer by sku and
 * in the cache by id; the answer, or null when it cannot be checked (the last answer stays). With
 * `hold` (the default) the sku is pending while the check runs: the form says so and holds the add;
 * after login or logout (§4) the stock is checked again past the cache without holding the form.
 */
export async function checkStock(t: StockTarget, hold = true): Promise<LiveStock | null> {
  if (hold) $stockPending.setKey(t.sku, true);
  try {
    const { api } = await import('../api');
    const r = await api.stock.check(t.sku);
    if (!r.ok) return null;
    const entry = { is_in_stock: r.result.is_in_stock, qty: r.result.qty };
    setStock(t.id, entry);
    $liveStock.setKey(t.sku, entry);
    return entry;
  } catch {
    return null;
  } finally {
    if (hold) $stockPending.setKey(t.sku, false);
  }
}

// ------------------------------------------------------------------------------------------------
// Reactions

let loadingFromStorage = false;
// Each answer is kept in the stock collection (not those read from it).
$stock.listen((value, _old, key) => {
  if (loadingFromStorage || key === undefined) return;
  const entry = value[key];
  if (entry) void collection('stock').setItem(String(key), entry);
});
