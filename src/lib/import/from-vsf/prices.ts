/**
 * Prices of a VSF product record as the shop's VAT-inclusive GBP prices, rounded to the penny once.
 * Part of the VSF import's mapping (common.ts). A record comes in one of two forms:
 *
 * - as the indexer wrote it (a dump, or vue-storefront-api with `tax.calculateServerSide` off): `price`,
 *   `special_price` and `final_price` as Magento holds them, VAT added by the configuration's
 *   `prices.include_tax` (VSFA's `sourcePriceIncludesTax`) and `prices.final_price_include_tax`
 *   (`finalPriceIncludesTax`) with the rate of the tax rule of the product's tax class;
 * - as vue-storefront-api answers with `calculateServerSide` on (its `vsf-utilities` tax code): `price`
 *   rewritten to the net price of what the shopper pays today, and the gross amounts in
 *   `original_price_incl_tax`, `final_price_incl_tax`, `special_price_incl_tax` (camelCase copies
 *   `originalPriceInclTax` & co. only with `deprecatedPriceFieldsSupport`, or from older versions). The
 *   special price outside its dates is written as 0 there; its net amount stays in `original_special_price`.
 *
 * Both forms of one catalogue give the same prices (tests/unit/prices.test.ts).
 */
import type { TaxRate } from '../../schemas';
import type { ImportConfig } from '../config';
import { type Rec, MapError, isObj, round2, str, toInt, toNum } from './common';

/** How prices become the shop's VAT-inclusive GBP prices (docs/vsf-migration.md, Prices). */
export interface PriceRule {
  /** The record's `price` and `special_price` (and tier, option and link prices) include VAT. */
  includeTax: boolean;
  /** The record's `final_price` includes VAT. */
  finalIncludeTax: boolean;
  /** VAT rate in per cent of a product tax class (from the tax rules); `fallbackRate` for a class no rule names. */
  rateOf: (taxClassId: number | undefined) => number;
}

export function priceRule(config: ImportConfig, taxRates: readonly TaxRate[]): PriceRule {
  return {
    includeTax: config.prices.include_tax,
    finalIncludeTax: config.prices.final_price_include_tax ?? config.prices.include_tax,
    rateOf: (cls) => {
      if (cls === 0) return 0; // Magento's "None" tax class
      const rule = taxRates.find((t) => t.tax_country_id === config.vat.country && cls !== undefined && t.product_tax_class_ids.includes(cls));
      return rule ? rule.rate : config.vat.rate;
    },
  };
}

/** A net amount with `rate` per cent added, rounded to the penny. */
const gross = (n: number, rate: number) => round2(n * (1 + rate / 100));

/** A price of the record as it is, or with VAT added (a VAT-exclusive catalogue); rounded to the penny. */
export const inclTax = (n: number, rule: PriceRule, cls: number | undefined, included = rule.includeTax): number =>
  included ? round2(n) : gross(n, rule.rateOf(cls));

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

/** The first of the fields that holds a number. */
const first = (src: Rec, fields: readonly string[]) => {
  for (const f of fields) {
    const n = toNum(src[f]);
    if (n !== undefined) return n;
  }
  return undefined;
};

interface Prices {
  price: number;
  special: number | undefined;
  final: number | undefined;
}

/**
 * The prices of a record vue-storefront-api computed (undefined for a record as the indexer wrote it).
 *
 * `vsf-utilities` writes the original amounts (`original_price`, `original_price_tax`,
 * `original_price_incl_tax`, and the net `original_special_price` and `original_final_price`) before it
 * rewrites the others: the regular price is the gross original price, the special price the net original
 * special price grossed up by the rate VSFA applied (its `special_price_incl_tax` is 0 outside the
 * special's dates, holds the catalogue rule's price when that is lower, and on a configurable parent the
 * cheapest child's), the catalogue rule's price `final_price_incl_tax`. A record VSFA applied no tax to
 * although a tax rule names its class (`tax.userGroupId` naming no rule's customer tax class, the tax
 * rules not found) holds the catalogue's own amounts in its original prices: they are read by the rule.
 *
 * Older versions wrote only camelCase fields: the regular price `originalPriceInclTax` (else
 * `priceInclTax`), the special price `specialPriceInclTax`; `final_price` is read by the rule.
 */
function computed(src: Rec, rule: PriceRule, cls: number | undefined): Prices | undefined {
  const regular = toNum(src.original_price_incl_tax);
  if (regular === undefined) {
    const price = first(src, ['originalPriceInclTax', 'priceInclTax', 'price_incl_tax']);
    if (price === undefined) return undefined;
    const special = first(src, ['specialPriceInclTax']);
    const rawFinal = toNum(src.final_price);
    const final =
      first(src, ['finalPriceInclTax', 'final_price_incl_tax']) ?? (rawFinal !== undefined ? inclTax(rawFinal, rule, cls, rule.finalIncludeTax) : undefined);
    return {
      price: round2(price),
      special: special !== undefined && special > 0 ? round2(special) : undefined,
      final: final !== undefined && final > 0 ? round2(final) : undefined,
    };
  }
  const net = toNum(src.original_price);
  const tax = toNum(src.original_price_tax);
  // The rate VSFA applied, in per cent, from the original price's net amount and tax.
  const applied = net !== undefined && net > 0 && tax !== undefined ? Math.round((tax / net) * 1e6) / 1e4 : undefined;
  const origSpecial = toNum(src.original_special_price);
  const origFinal = toNum(src.original_final_price);
  if (applied === 0 && rule.rateOf(cls) > 0 && net !== undefined)
    return {
      price: inclTax(net, rule, cls),
      special: origSpecial !== undefined && origSpecial > 0 ? inclTax(origSpecial, rule, cls) : undefined,
      final: origFinal !== undefined && origFinal > 0 ? inclTax(origFinal, rule, cls, rule.finalIncludeTax) : undefined,
    };
  const rate = applied ?? rule.rateOf(cls);
  const final = toNum(src.final_price_incl_tax);
  return {
    price: round2(regular),
    special: origSpecial !== undefined && origSpecial > 0 ? gross(origSpecial, rate) : undefined,
    final: final !== undefined && final > 0 ? round2(final) : undefined,
  };
}

/**
 * The price fields of a product or configurable child, VAT-inclusive: from the amounts
 * vue-storefront-api computed when the record has them, else from the indexer's `price` (one per
 * customer group allowed), `special_price` and `final_price` by the rule.
 */
export function priceFields(src: Rec, rule: PriceRule, cls: number | undefined, field = 'price') {
  const { price: raw, groups } = basePrice(src.price);
  const vsfa = computed(src, rule, cls);
  const rawSpecial = toNum(src.special_price);
  const rawFinal = toNum(src.final_price);
  // An older processor's record without the original special price: the indexer's special price at the
  // ratio of the computed regular price to the indexer's.
  if (vsfa && vsfa.special === undefined && src.original_price_incl_tax === undefined && rawSpecial !== undefined && rawSpecial > 0)
    vsfa.special = round2(rawSpecial * (vsfa.price / (raw || vsfa.price)));
  const prices: Prices | undefined =
    vsfa ??
    (raw === undefined
      ? undefined
      : {
          price: inclTax(raw, rule, cls),
          special: rawSpecial !== undefined && rawSpecial > 0 ? inclTax(rawSpecial, rule, cls) : undefined,
          final: rawFinal !== undefined && rawFinal > 0 ? inclTax(rawFinal, rule, cls, rule.finalIncludeTax) : undefined,
        });
  if (!prices) throw new MapError(field, `no price (expected a number, a numeric string or one per customer group; got ${JSON.stringify(src.price)})`);
  // Every field named, undefined ones too: they replace what the record had (the caller cleans); a null stays null.
  const orNull = (v: unknown, field: string) => v ?? (src[field] === null ? null : undefined);
  return {
    price: prices.price,
    special_price: orNull(prices.special ?? (!vsfa && rawSpecial === 0 ? 0 : undefined), 'special_price'),
    final_price: orNull(prices.final, 'final_price'),
    special_from_date: orNull(str(src.special_from_date) || undefined, 'special_from_date'),
    special_to_date: orNull(str(src.special_to_date) || undefined, 'special_to_date'),
    groups: groups.map((g) => ({ customer_group_id: g.customer_group_id, qty: 1, value: inclTax(g.value, rule, cls) })),
  };
}

/**
 * The amounts `vsf-utilities` writes beside a record's prices (net, tax, gross, originals; camelCase
 * copies with `deprecatedPriceFieldsSupport`): read by `priceFields`, then left out of the snapshot,
 * whose prices are `price`, `special_price` and `final_price` alone (the same as a dump's import).
 */
export const VSFA_COMPUTED_FIELDS = [
  'price_tax',
  'price_incl_tax',
  'original_price',
  'original_price_tax',
  'original_price_incl_tax',
  'original_special_price',
  'original_final_price',
  'special_price_tax',
  'special_price_incl_tax',
  'final_price_tax',
  'final_price_incl_tax',
  'priceTax',
  'priceInclTax',
  'originalPrice',
  'originalPriceTax',
  'originalPriceInclTax',
  'specialPriceTax',
  'specialPriceInclTax',
  'finalPriceTax',
  'finalPriceInclTax',
] as const;

/** What vue-storefront-api signed with a record's `sgn`: the one price field its order route checks, as it answered it. */
export interface SignedPrice {
  /** `priceInclTax` when VSFA computed the record's prices (`tax.calculateServerSide`), else `price`. */
  field: 'priceInclTax' | 'price';
  /** The field's value as signed; null when the record had none (VSFA then signed it absent). */
  value: number | null;
}

/**
 * The price a record's `sgn` covers, or undefined when it carries no `sgn` (or signed a value that is
 * not a number, which no order line can repeat). VSFA signs `{ priceInclTax }` when it computes prices
 * (the record then holds its `*_incl_tax` fields; the camelCase `priceInclTax` itself only with
 * `deprecatedPriceFieldsSupport`), else `{ price }` as indexed; an order line must carry the same value
 * in the same field, or leave it out when VSFA signed it absent.
 */
export function signedPrice(src: Rec): SignedPrice | undefined {
  if (typeof src.sgn !== 'string' || !src.sgn) return undefined;
  const computedByVsfa = ['price_incl_tax', 'original_price_incl_tax', 'priceInclTax', 'originalPriceInclTax'].some((f) => f in src);
  const field = computedByVsfa ? 'priceInclTax' : 'price';
  const value = src[field];
  if (value === undefined || value === null) return { field, value: null };
  return typeof value === 'number' ? { field, value } : undefined;
}
