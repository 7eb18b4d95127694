/** The product fields the client lists keep: the sku and name, and whatever else the island has. */
import type { Product } from '../../schemas';

/**
 * A product or part of one (tiles pass a few fields, the product page the whole product). A configured
 * variant is its child's sku with its product's in `parentSku`, as Vue Storefront's lists keep it.
 */
export type ProductSummary = Pick<Product, 'sku' | 'name'> & Partial<Omit<Product, 'sku' | 'name'>> & { parentSku?: string };

/** Joins two lists keeping the first entry of each sku. */
export function unionBySku<T extends { sku: string }>(first: readonly T[], second: readonly T[]): T[] {
  const seen = new Set(first.map((i) => i.sku));
  return [...first, ...second.filter((i) => !seen.has(i.sku))];
}

/**
 * The entry a list holds for a product as the shopper configured it: the entry of its sku, else, for a
 * configured variant, its product's own entry (what the lists kept before they kept the chosen variant,
 * which stands for every variant); undefined when it is not listed.
 */
export function listedEntry<T extends { sku: string }>(items: readonly T[], product: { sku: string; parentSku?: string }): T | undefined {
  return items.find((i) => i.sku === product.sku) ?? (product.parentSku ? items.find((i) => i.sku === product.parentSku) : undefined);
}
