/**
 * Expected values of the e2e tests: from the snapshot and the spec's rules written out, not from the
 * shop's own price and format code (the code under test: a test must not take its expected value from it). Choosing WHICH product a
 * test opens may use src helpers; what the page must then show is computed here.
 */
import type { Product } from '../../src/lib/schemas';

type PriceFields = Pick<Product, 'price' | 'special_price' | 'special_from_date' | 'special_to_date'>;

/** §4 Price: the special price applies only below the price and inside its date range (whole days). */
export function shopperPrice(p: PriceFields, now = Date.now()): number {
  return expectedPrices(p, now).final;
}

/** §4 Price and the product tile (§2): the regular price, the special price when it applies (else null), and what the shopper pays. */
export function expectedPrices(p: PriceFields, now = Date.now()): { original: number; special: number | null; final: number } {
  const price = Number(p.price);
  const special = Number(p.special_price ?? 0);
  const from = p.special_from_date ? Date.parse(p.special_from_date.slice(0, 10)) : -Infinity;
  const to = p.special_to_date ? Date.parse(p.special_to_date.slice(0, 10)) + 86_400_000 : Infinity;
  const applies = special > 0 && special < price && from <= now && now < to;
  return { original: price, special: applies ? special : null, final: applies ? special : price };
}

/** Prices as a UK shop writes them (£1,234.50). */
export const formatPrice = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);
