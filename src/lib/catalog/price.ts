/**
 * Prices (spec §4 Price): the special price applies only below the price and inside its date window;
 * a lower price of the catalogue price rules (final_price) and a lower group price count like one.
 */
import { config, type StoreView } from '../config';
import { dayNumber, formatPrice } from '../messages/format';
import { defaultChild, type VariantOptions } from './variants';

/** The fields the price rules read; products, configurable children and linked products all have them. */
export interface PriceFields {
  price?: number | null;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  /** Magento's price after its catalogue price rules, as the catalogue's index holds it (see catalogRulePrice). */
  final_price?: number | null;
}

/** The price fields of a record and nothing else (what a list entry, a form or a cart row keeps of a product). */
export function priceFieldsOf(p: PriceFields): Required<PriceFields> {
  return {
    price: p.price ?? null,
    special_price: p.special_price ?? null,
    special_from_date: p.special_from_date ?? null,
    special_to_date: p.special_to_date ?? null,
    final_price: p.final_price ?? null,
  };
}

/**
 * The price Magento's catalogue price rules set (the index's final_price) when the shopper pays it: above
 * 0 and below `otherwise`, the price or the special price that applies. A final_price equal to the special
 * price is that special price as the index saw it, and its dates govern it: an index written while a
 * special price ran does not keep it after its end date.
 */
export function catalogRulePrice(p: PriceFields, otherwise: number): number | null {
  const ruled = Number(p.final_price ?? 0);
  if (!(ruled > 0) || !(ruled < otherwise)) return null;
  if (Number(p.special_price ?? 0) > 0 && ruled === Number(p.special_price)) return null;
  return ruled;
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

/** The records a product's prices are made of: its own, its configurable children's, and those of the products its bundle options and links carry. */
interface PricedRecord extends PriceFields {
  configurable_children?: readonly PriceFields[] | null;
  bundle_options?: readonly { product_links?: readonly { product?: PriceFields | null }[] }[] | null;
  product_links?: readonly { product?: PriceFields | null }[] | null;
}

/**
 * Whether the product's prices may be judged otherwise on day `to` than on day `from` (day numbers,
 * dayNumber) with nothing else changed: a special price window of a record its prices are made of
 * starts or ends in between (specialPriceApplies is the only rule that reads the day). For the keys
 * of the persistent renderer (src/lib/build/key-reuse.ts): a day passing changes these products as a
 * price change would, and no other.
 */
export function pricesMoveBetween(p: PricedRecord, from: number, to: number, store: StoreView = config.storeViews.default): boolean {
  if (from === to) return false;
  const [lo, hi] = from < to ? [from, to] : [to, from];
  // A window applies from its first day on (a change between lo and hi when lo < first <= hi) and up
  // to its last day (a change when lo <= last < hi); an unreadable date never applies, on any day.
  const moves = (r: PriceFields | null | undefined): boolean => {
    if (!r || (!r.special_from_date && !r.special_to_date)) return false;
    const first = r.special_from_date ? dayNumber(r.special_from_date, store) : null;
    const last = r.special_to_date ? dayNumber(r.special_to_date, store) : null;
    return (first !== null && lo < first && first <= hi) || (last !== null && lo <= last && last < hi);
  };
  if (moves(p)) return true;
  if (p.configurable_children?.some(moves)) return true;
  if (p.bundle_options?.some((o) => o.product_links?.some((l) => moves(l.product)))) return true;
  return p.product_links?.some((l) => moves(l.product)) ?? false;
}

/** A copy of `p` whose special_price is kept when it applies at `now`, otherwise reset to 0. */
export function applySpecialPrice<T extends PriceFields>(p: T, now: Date = new Date(), store?: StoreView): T {
  return { ...p, special_price: specialPriceApplies(p, now, store) ? Number(p.special_price) : 0 };
}

/** A product-like value that may be configurable. */
export interface PricedProduct extends PriceFields {
  type_id?: string;
  /** A bundle's options: its price is the price of their default choices (see bundleOptionDefaults). */
  bundle_options?: readonly BundleOptionLike[] | null;
  configurable_children?: (PriceFields & { status: number; stock: { is_in_stock: boolean } })[] | null;
  tier_prices?: readonly TierPriceLike[] | null;
}

/** A tier price (§3 Product tier_prices): a price for a customer group from a quantity up. */
export interface TierPriceLike {
  customer_group_id: number;
  qty: number;
  value: number | string;
}

/** Customer groups as the backend numbers them: 0 the visitor who is not logged in, 1 a customer, 32000 every group. */
export const CUSTOMER_GROUPS = { guest: 0, customer: 1, all: 32000 } as const;

/** Whom prices are for, when group price tiers are on (§6): the customer group and the quantity. */
export interface TierFor {
  groupId: number;
  qty?: number;
}

/** The lowest tier price of a group (or of every group) for a quantity, or null when no tier applies. */
export function tierPrice(tiers: readonly TierPriceLike[] | null | undefined, who: TierFor): number | null {
  const qty = who.qty ?? 1;
  let best: number | null = null;
  for (const t of tiers ?? []) {
    if (t.customer_group_id !== who.groupId && t.customer_group_id !== CUSTOMER_GROUPS.all) continue;
    if (qty < t.qty) continue;
    const v = Number(t.value);
    if (v > 0 && (best === null || v < best)) best = v;
  }
  return best;
}

/**
 * Original, special (null when it does not apply) and final price. A configurable product without
 * a price of its own shows the price of its default child (the first available one).
 */
export function productPrices(p: PricedProduct, now: Date = new Date(), opts: VariantOptions & { store?: StoreView; tier?: TierFor } = {}): ProductPrices {
  if (p.type_id === 'configurable' && !(Number(p.price ?? 0) > 0)) {
    const child = defaultChild(p, opts) ?? p.configurable_children?.[0];
    if (child) return productPrices({ ...child, tier_prices: p.tier_prices }, now, opts);
  }
  // A bundle costs what its default choices cost (§4 Option prices), the same sum the product page
  // and the cart charge, so the tile, the JSON-LD offer and the AMP page cannot say another price.
  if (p.type_id === 'bundle' && p.bundle_options?.length) {
    const b = bundlePrice(p.bundle_options, bundleOptionDefaults(p.bundle_options), now);
    if (b > 0) return { original: b, special: null, final: b };
  }
  const original = Number(p.price ?? 0) || 0;
  let special = specialPriceApplies(p, now, opts.store) ? Number(p.special_price) : null;
  // Catalogue price rules: their price counts like a special price when it is lower.
  special = catalogRulePrice(p, special ?? original) ?? special;
  // Group price tiers (§6, when switched on): the group's price counts like a special price when it is lower.
  const tier = opts.tier ? tierPrice(p.tier_prices, opts.tier) : null;
  if (tier !== null && tier < (special ?? original)) special = tier;
  return { original, special, final: special ?? original };
}

/** A bundle option as the price rules read it (§3 Bundle option). */
export interface BundleOptionLike {
  option_id: number;
  required?: boolean;
  /** radio and select take one link; checkbox and multi any number. */
  type?: string | null;
  product_links: readonly {
    id: number;
    qty?: number | null;
    is_default?: boolean | null;
    price?: number | string | null;
    product?: PriceFields | null;
  }[];
}

/** A bundle option's input: the chosen product link ids (one for radio and select) and its quantity. */
export interface BundleChoice {
  linkIds: number[];
  qty: number;
}
/** Bundle option inputs by option_id. */
export type BundleChoices = Record<number, BundleChoice>;

/** True when a bundle option takes several links at once (its type is checkbox or multi). */
export function isMultiBundleOption(o: Pick<BundleOptionLike, 'type'>): boolean {
  return o.type === 'checkbox' || o.type === 'multi';
}

/**
 * Bundle defaults (§5): the links flagged default, else the first, quantity 1. An optional option
 * (required false) starts with only its flagged links, so nothing the shopper did not ask for is
 * in the price or the order; a single-choice option keeps one link.
 */
export function bundleOptionDefaults(options: readonly BundleOptionLike[]): BundleChoices {
  const out: BundleChoices = {};
  for (const o of options) {
    let ids = o.product_links.filter((l) => l.is_default).map((l) => l.id);
    if (ids.length === 0 && o.required !== false && o.product_links[0]) ids = [o.product_links[0].id];
    if (!isMultiBundleOption(o)) ids = ids.slice(0, 1);
    out[o.option_id] = { linkIds: ids, qty: 1 };
  }
  return out;
}

/** A bundle's price (§4): the sum of each selected product's price times its quantity. */
export function bundlePrice(options: readonly BundleOptionLike[], choices: BundleChoices, now: Date = new Date()): number {
  let sum = 0;
  for (const o of options) {
    const choice = choices[o.option_id];
    if (!choice) continue;
    for (const id of choice.linkIds) {
      const link = o.product_links.find((l) => l.id === id);
      if (!link) continue;
      const unit = link.product ? productPrices(link.product, now).final : Number(link.price ?? 0) || 0;
      sum += unit * (Number(choice.qty) || 0);
    }
  }
  return Math.round(sum * 100) / 100;
}

/**
 * The VAT included in an amount that includes it (a bag line, the shipping), to the penny, as Magento
 * works it out for prices that include tax: the amount without VAT rounded (half up) first, the VAT the
 * rest. In whole pennies and basis points, so that 51.99 at 20 % is 8.66 whichever way the floating
 * point falls. The reference API's totals and the checkout's estimate both take it.
 */
export function includedVat(gross: number, rate: number): number {
  return vatPennies(gross, rate) / 100;
}

/** `includedVat` in whole pennies. */
function vatPennies(gross: number, rate: number): number {
  const pennies = Math.round(gross * 100);
  const bp = Math.round(rate * 10_000);
  return pennies - Math.round((pennies * 10_000) / (10_000 + bp));
}

/** The VAT of a bag: each line's (after its discount, at its rate) and the shipping's, summed in pennies. */
export function bagVat(lines: readonly { gross: number; rate: number }[], shipping: { gross: number; rate: number }): number {
  return [...lines, shipping].reduce((sum, l) => sum + vatPennies(l.gross, l.rate), 0) / 100;
}

/** A GBP price in a store view's currency at `rate` (1 for GBP), rounded to pennies or cents. */
export function convertPrice(n: number, rate: number): number {
  return rate === 1 ? n : Math.round(n * rate * 100) / 100;
}

/** A product's prices in a store view's currency at `rate`, each converted as `convertPrice`. */
export function convertPrices(prices: ProductPrices, rate: number): ProductPrices {
  if (rate === 1) return prices;
  const conv = (n: number) => convertPrice(n, rate);
  return { original: conv(prices.original), special: prices.special === null ? null : conv(prices.special), final: conv(prices.final) };
}

/** How a store view's page shows money: a catalogue amount converted at its rate, an amount in its currency formatted. */
export interface StoreMoney {
  convert(catalogueAmount: number): number;
  /** A product's catalogue prices converted (`convertPrices`). */
  prices(cataloguePrices: ProductPrices): ProductPrices;
  /**
   * A bag line's amount: its catalogue unit price converted, times the quantity, to the cent (the
   * reference API's rule for a quote's line, so the bag shows what the cart's totals add up).
   */
  line(catalogueUnit: number, qty: number): number;
  format(amount: number): string;
}

/**
 * The exchange rate from the catalogue's prices (in the default store view's currency) to a store
 * view's currency: 1 when it is the same currency, else the store view's configured rate. The pages,
 * the bag and the reference API's cart all convert with it, so they show the same amounts.
 */
export function storeRate(store: StoreView, cfg = config): number {
  return store.i18n.currencyCode === cfg.storeViews.default.i18n.currencyCode ? 1 : store.i18n.exchangeRate;
}

/**
 * The money of the store view `storeCode` (any configured one; unknown: the default) at `rate` from the
 * catalogue's prices (default: its `storeRate`).
 */
export function storeMoney(storeCode: string | undefined, rate?: number, cfg = config): StoreMoney {
  const store = [cfg.storeViews.default, ...cfg.storeViews.others].find((s) => s.storeCode === storeCode) ?? cfg.storeViews.default;
  const r = rate ?? storeRate(store, cfg);
  return {
    convert: (n) => convertPrice(n, r),
    prices: (p) => convertPrices(p, r),
    line: (unit, qty) => Math.round(convertPrice(unit, r) * qty * 100) / 100,
    format: (n) => formatPrice(n, store),
  };
}
