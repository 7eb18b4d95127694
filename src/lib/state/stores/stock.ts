/**
 * The stock cache (spec §3): stock answers keyed by child (or simple product) id, persisted in the
 * stock collection. The product form's live checks are in ./live-stock.ts.
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

/** Cached stock by child id. */
export const $stock = map<Record<string, StockEntry>>({});

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

// ------------------------------------------------------------------------------------------------
// Reactions

let loadingFromStorage = false;
// Each answer is kept in the stock collection (not those read from it).
$stock.listen((value, _old, key) => {
  if (loadingFromStorage || key === undefined) return;
  const entry = value[key];
  if (entry) void collection('stock').setItem(String(key), entry);
});
