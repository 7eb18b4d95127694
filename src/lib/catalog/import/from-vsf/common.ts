/**
 * From the records vue-storefront indexers write into Elasticsearch (mage2vuestorefront,
 * magento2-vsbridge-indexer; what vue-storefront-api's `_search` answers) to the snapshot's records
 * (docs/snapshot.md). Pure: one module per entity beside this one (products, categories, attributes,
 * cms, reviews, tax), each function returning the mapped record or the field it could not map and why.
 * This module holds what they share: the problems and notes of a mapping, the readers of loosely typed
 * values, and the price rule. What every VSF field becomes is in docs/vsf-migration.md; the inverse is
 * `../to-vsf.ts`. The mapped records are then validated with the snapshot schemas by `../assemble.ts`.
 */
import type { TaxRate, UrlMapEntry } from '../../../schemas';
import type { ImportConfig } from '../config';

export type Rec = Record<string, unknown>;

/** Why one record (or one part of it) could not be mapped. */
export interface Problem {
  /** The dump file (or `_search` entity) the record came from. */
  file: string;
  /** The record's id (or sku, identifier, attribute_code) as the dump has it; '' when it has none. */
  id: string;
  /** The field, dotted ('configurable_children.2.price'). */
  field: string;
  reason: string;
  /** True when the whole record was left out; false when only the named part was. */
  skipped: boolean;
}

export class MapError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** What mapping one record may note besides its result: parts left out, legacy URLs. */
export interface MapNotes {
  /** Parts of the record left out (the record itself is written). */
  dropped: Array<{ field: string; reason: string }>;
  urlMap: UrlMapEntry[];
}

export const newNotes = (): MapNotes => ({ dropped: [], urlMap: [] });

/** A product picture path below media/: Magento's '/s/o/a.jpg' becomes '/catalog/product/s/o/a.jpg'; URLs and prefixed paths stay. */
export function productImage(v: unknown, prefix: string): unknown {
  if (typeof v !== 'string' || !v || v === 'no_selection' || /^https?:/i.test(v)) return v;
  const path = v.startsWith('/') ? v : `/${v}`;
  return !prefix || path.startsWith(`${prefix}/`) ? v : `${prefix}${path}`;
}

export const isObj = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** An integer from a number or a numeric string ("12", "12.0000"); undefined otherwise. */
export function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A number from a number or a numeric string; undefined otherwise. */
export function toNum(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A multiselect value as indexers write it: [12, "13"] or "12,13". */
export const intList = (v: unknown): number[] | undefined =>
  v === undefined || v === null ? undefined : (Array.isArray(v) ? v : String(v).split(',')).map(toInt).filter((n): n is number => n !== undefined);

/** A flag from true/false, 1/0, "1"/"0", "true"/"false"; undefined otherwise. */
export function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function required<T>(v: T | undefined, field: string, reason: string): T {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) throw new MapError(field, reason);
  return v;
}

/** A url_path or url_key without slashes around it and without Magento's `.html` suffix. */
export const stripUrl = (s: string): string => s.replace(/^\/+|\/+$/g, '').replace(/\.html?$/i, '');

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Undefined and null fields left out (a snapshot field is either there or absent). */
export function clean<T extends Rec>(r: T): T {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as T;
}

// Prices

/** How prices become the shop's VAT-inclusive GBP prices (docs/vsf-migration.md, Prices). */
export interface PriceRule {
  /** The dump's prices already include VAT (Magento "Catalog Prices: Including Tax"). */
  includeTax: boolean;
  /** VAT rate in per cent of a product tax class (from the tax rules); `fallbackRate` for a class no rule names. */
  rateOf: (taxClassId: number | undefined) => number;
}

export function priceRule(config: ImportConfig, taxRates: readonly TaxRate[]): PriceRule {
  return {
    includeTax: config.prices.include_tax,
    rateOf: (cls) => {
      if (cls === 0) return 0; // Magento's "None" tax class
      const rule = taxRates.find((t) => t.tax_country_id === config.vat.country && cls !== undefined && t.product_tax_class_ids.includes(cls));
      return rule ? rule.rate : config.vat.rate;
    },
  };
}

/** A VAT-exclusive price with VAT added, or an inclusive one as it is. */
export const inclTax = (n: number, rule: PriceRule, cls: number | undefined): number => (rule.includeTax ? n : round2(n * (1 + rule.rateOf(cls) / 100)));

/**
 * `price` as indexers write it: a number, a numeric string, or one entry per customer group
 * (`[{ customer_group_id, price | final_price | value }]`): the NOT LOGGED IN group's (0), else the first;
 * the other groups become tier prices from quantity 1.
 */
export function basePrice(v: unknown): { price: number | undefined; groups: Array<{ customer_group_id: number; value: number }> } {
  if (!Array.isArray(v)) return { price: toNum(v), groups: [] };
  const entries = v
    .map((e) =>
      isObj(e)
        ? { group: toInt(e.customer_group_id ?? e.group_id), value: toNum(e.price ?? e.value), final: toNum(e.final_price) }
        : { group: undefined, value: toNum(e), final: undefined },
    )
    .filter((e) => e.value !== undefined);
  const main = entries.find((e) => e.group === 0) ?? entries[0];
  return {
    price: main?.value,
    groups: entries
      .filter((e) => e !== main && e.group !== undefined)
      .map((e) => ({ customer_group_id: e.group!, value: Math.min(e.value!, e.final ?? Infinity) })),
  };
}

/**
 * The price fields of a product, child or linked product, VAT-inclusive: the regular price is
 * `originalPriceInclTax` (else `priceInclTax`) and the special price `specialPriceInclTax` when
 * vue-storefront-api computed them (calculateServerSide); otherwise, and for `final_price`, the dump's
 * `price`, `special_price` and `final_price` with VAT added unless its prices include it.
 */
export function priceFields(src: Rec, rule: PriceRule, cls: number | undefined, field = 'price') {
  const { price: raw, groups } = basePrice(src.price);
  const computed = toNum(src.originalPriceInclTax) ?? toNum(src.priceInclTax);
  const price = computed ?? (raw !== undefined ? inclTax(raw, rule, cls) : undefined);
  if (price === undefined)
    throw new MapError(field, `no price (expected a number, a numeric string or one per customer group; got ${JSON.stringify(src.price)})`);
  const rawSpecial = toNum(src.special_price);
  const special =
    rawSpecial !== undefined && rawSpecial > 0
      ? (toNum(src.specialPriceInclTax) ?? (computed !== undefined ? round2(rawSpecial * (price / (raw || price))) : inclTax(rawSpecial, rule, cls)))
      : rawSpecial === 0
        ? 0
        : undefined;
  const rawFinal = toNum(src.final_price);
  const final = rawFinal !== undefined ? inclTax(rawFinal, rule, cls) : undefined;
  return clean({
    price,
    special_price: special,
    final_price: final,
    special_from_date: str(src.special_from_date) || undefined,
    special_to_date: str(src.special_to_date) || undefined,
    groups: groups.map((g) => ({ customer_group_id: g.customer_group_id, qty: 1, value: inclTax(g.value, rule, cls) })),
  });
}
