/**
 * How many of one sku a shopper may order (§4 Configurable product and §9 Cart, with the stock entity
 * of §3): never what is out of stock, never more than the stock holds when stock is managed, never
 * more than the product's maximum per order (max_sale_qty). One rule for the product page and the cart.
 */

/** The stock fields the rule reads (the snapshot's stock, or the live stock/check answer). */
export interface StockLimits {
  is_in_stock?: boolean | null;
  qty?: number | null;
  max_sale_qty?: number | null;
  manage_stock?: boolean | null;
}

/** The most that may be ordered at once: 0 when out of stock; Infinity when nothing limits it. */
export function maxOrderQty(stock: StockLimits | null | undefined): number {
  if (!stock) return Number.POSITIVE_INFINITY;
  if (stock.is_in_stock === false) return 0;
  let max = Number.POSITIVE_INFINITY;
  const perOrder = Number(stock.max_sale_qty);
  if (stock.max_sale_qty != null && perOrder > 0) max = perOrder;
  // Stock is managed unless it says otherwise (virtual and downloadable products say manage_stock false).
  if (stock.manage_stock !== false && stock.qty != null && Number.isFinite(Number(stock.qty))) max = Math.min(max, Math.max(0, Number(stock.qty)));
  return max;
}

/** The live stock answer laid over the snapshot's: the live quantity and stock flag, the snapshot's per-order maximum. */
export function mergeStock(base: StockLimits | null | undefined, live: StockLimits | null | undefined): StockLimits | null {
  if (!base && !live) return null;
  return { ...(base ?? {}), ...Object.fromEntries(Object.entries(live ?? {}).filter(([, v]) => v !== undefined && v !== null)) };
}
