/** The product fields the client lists keep: the sku and name, and whatever else the island has. */
import type { Product } from '../../schemas';

/** A product or part of one (tiles pass a few fields, the product page the whole product). */
export type ProductSummary = Pick<Product, 'sku' | 'name'> & Partial<Omit<Product, 'sku' | 'name'>>;

/** Joins two lists keeping the first entry of each sku. */
export function unionBySku<T extends { sku: string }>(first: readonly T[], second: readonly T[]): T[] {
  const seen = new Set(first.map((i) => i.sku));
  return [...first, ...second.filter((i) => !seen.has(i.sku))];
}
