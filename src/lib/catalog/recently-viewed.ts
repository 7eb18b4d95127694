/** Recently viewed products (spec §3, §5): unique by sku, the most recent first. */

/** Adds a viewed item at the front; an item with the same sku moves to the front. `max` keeps the list short when given. */
export function addRecentlyViewed<T extends { sku: string }>(list: readonly T[], item: T, max?: number): T[] {
  const next = [item, ...list.filter((x) => x.sku !== item.sku)];
  return max !== undefined && max >= 0 ? next.slice(0, max) : next;
}

/** Removes the item with this sku. */
export function removeRecentlyViewed<T extends { sku: string }>(list: readonly T[], sku: string): T[] {
  return list.filter((x) => x.sku !== sku);
}

/** Keeps the first item of each sku (for a list read back from storage). */
export function uniqueBySku<T extends { sku: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((x) => (seen.has(x.sku) ? false : (seen.add(x.sku), true)));
}
