/** Prices (spec §4 Price): the special price applies only below the price and inside its date window. */
import { config, type StoreView } from '../config';
import { dayNumber } from '../format';
import { defaultChild, type VariantOptions } from './variants';

/** The fields the price rules read; products, configurable children and linked products all have them. */
export interface PriceFields {
  price?: number | null;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
}

/** The prices a tile or a product page shows. */
export interface ProductPrices {
  /** The regular price (struck through when a special price applies). */
  original: number;
  /** The special price when it applies, else null. */
  special: number | null;
  /** What the shopper pays: special ?? original. */
  final: number;
}

/**
 * True when the special price applies at `now`: above 0, below the price, and today (in the shop's
 * time zone) inside [special_from_date, special_to_date], both days included; a missing date is open.
 */
export function specialPriceApplies(p: PriceFields, now: Date = new Date(), store: StoreView = config.storeViews.default): boolean {
  const special = Number(p.special_price ?? 0);
  const price = Number(p.price ?? 0);
  if (!(special > 0) || !(special < price)) return false;
  const today = dayNumber(now, store);
  if (today === null) return false;
  if (p.special_from_date) {
    const from = dayNumber(p.special_from_date, store);
    if (from === null || today < from) return false;
  }
  if (p.special_to_date) {
    const to = dayNumber(p.special_to_date, store);
    if (to === null || today > to) return false;
  }
  return true;
}

/** A copy of `p` whose special_price is kept when it applies at `now`, otherwise reset to 0. */
export function applySpecialPrice<T extends PriceFields>(p: T, now: Date = new Date(), store?: StoreView): T {
  return { ...p, special_price: specialPriceApplies(p, now, store) ? Number(p.special_price) : 0 };
}

/** A product-like value that may be configurable. */
export interface PricedProduct extends PriceFields {
  type_id?: string;
  configurable_children?: (PriceFields & { status: number; stock: { is_in_stock: boolean } })[] | null;
}

/**
 * Original, special (null when it does not apply) and final price. A configurable product without
 * a price of its own shows the price of its default child (the first available one).
 */
export function productPrices(p: PricedProduct, now: Date = new Date(), opts: VariantOptions & { store?: StoreView } = {}): ProductPrices {
  if (p.type_id === 'configurable' && !(Number(p.price ?? 0) > 0)) {
    const child = defaultChild(p, opts) ?? p.configurable_children?.[0];
    if (child) return productPrices(child, now, opts);
  }
  const original = Number(p.price ?? 0) || 0;
  const special = specialPriceApplies(p, now, opts.store) ? Number(p.special_price) : null;
  return { original, special, final: special ?? original };
}
