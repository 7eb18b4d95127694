/**
 * The product form's live stock (spec §4 Configurable product, §8 'Stock check in progress'):
 * `checkStock` asks stock/check for the chosen child; the answer is kept by sku for the page
 * (`$liveStock`) and by id in the stock cache (./stock.ts), and the sku is pending while it runs.
 */
import { map } from 'nanostores';
import { setStock } from './stock';

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

/** Stock checked on this page (stock/check), by sku. */
export const $liveStock = map<Record<string, LiveStock>>({});

/** The skus whose stock check is on its way (true while it runs). */
export const $stockPending = map<Record<string, boolean>>({});

/**
 * Checks a sku's stock (stock/check, the API client loaded on demand) and keeps the answer by sku and
 * in the cache by id; the answer, or null when it cannot be checked (the last answer stays). With
 * `hold` (the default) the sku is pending while the check runs: the form says so and holds the add;
 * after login or logout (§4) the stock is checked again past the cache without holding the form.
 */
export async function checkStock(t: StockTarget, hold = true): Promise<LiveStock | null> {
  if (hold) $stockPending.setKey(t.sku, true);
  try {
    const { api } = await import('../../api');
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
