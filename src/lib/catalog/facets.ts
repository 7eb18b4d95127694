/**
 * Facets of a catalogue listing (spec §4 Category listing, §5): the values each filterable attribute
 * takes in a listing, with their counts, and the price ranges' labels. Pure, like the query executor
 * in ./query.ts whose products and price rules it counts with.
 */
import { config, isFilterableAttribute } from '../config';
import { dayNumber, formatPriceWhole } from '../messages/format';
import { messages, fill } from '../messages';
import type { Attribute } from '../schemas';
import { childAttribute } from './variants';
import { finalPriceOf, hasOption, priceRangeId, type PriceRange, type QueryableProduct } from './query';
import { priceRangeOf } from './listing-engine';

/** One value of a filter with the number of products that have it. */
export interface FacetValue {
  attribute_code: string;
  /** Option id, or 'from-to' for a price range. */
  id: string;
  label: string;
  count: number;
  from?: number;
  to?: number;
}

/** Options of `facets`. */
export interface FacetOptions {
  /** Attribute codes to count; default every filterable attribute (§9: color, size, price, brand, pj_*). */
  codes?: string[];
  /** Price buckets; default config.priceFilterRanges. */
  priceRanges?: PriceRange[];
  now?: Date;
}

/** How many values a filter keeps (§9: aggregation size 100, 10 for size and color). */
export function aggregationSize(code: string): number {
  return code === 'size' || code === 'color' ? config.constants.filterAggregationSizeSizeColor : config.constants.filterAggregationSize;
}

/**
 * The label of a price bucket, without decimals, saying what it holds: its lower amount, not its upper
 * one ([from, to), ./listing-engine.ts `priceRangeOf`): 'Under £100', '£100 to under £250', '£2,500 and above'.
 */
export function priceRangeLabel(r: PriceRange): string {
  const from = formatPriceWhole(r.from ?? 0);
  if (r.to === undefined) return fill(messages.priceRangeAbove, { from });
  const to = formatPriceWhole(r.to);
  return (r.from ?? 0) <= 0 ? fill(messages.priceRangeBelow, { to }) : fill(messages.priceRangeLabel, { from, to });
}

/** Whether an attribute's value is none: absent or empty. */
const noValue = (v: unknown): boolean => v === undefined || v === null || v === '';
/** An option id as text (49 and '49' are one value). */
const idOf = (v: unknown): string => (typeof v === 'string' ? v : String(v));

/** Adds an attribute's value (one, or a list of a multiselect) as option ids; an empty value adds none. */
function addValue(v: unknown, into: Set<string>): void {
  if (noValue(v)) return;
  if (Array.isArray(v)) for (const x of v) into.add(idOf(x));
  else into.add(idOf(v));
}

function collectValues(p: QueryableProduct, code: string, into: Set<string>): void {
  addValue(p[code], into);
  if (p.type_id === 'configurable' && p.configurable_children && hasOption(p, code)) {
    for (const c of p.configurable_children) addValue(childAttribute(c, code), into);
  }
}

const NONE: readonly string[] = [];

/**
 * Gives each value id a product has for a filter to `visit`, each once (a configurable option adds its
 * children's values), as `facets` counts them. Most products hold one value or none for most filters:
 * those are given without a set.
 */
function forEachFacetValue(p: QueryableProduct, code: string, visit: (id: string) => void): void {
  if (p.type_id !== 'configurable') {
    const own = p[code];
    if (noValue(own)) return;
    if (!Array.isArray(own)) return visit(idOf(own));
  }
  const out = new Set<string>();
  collectValues(p, code, out);
  for (const v of out) visit(v);
}

/** The value ids a product has for a filter (`forEachFacetValue`'s), as a list. */
export function facetValuesOf(p: QueryableProduct, code: string): readonly string[] {
  const out: string[] = [];
  forEachFacetValue(p, code, (v) => out.push(v));
  return out.length ? out : NONE;
}

/**
 * Attributes in Magento's order of its layered navigation (`position`), whatever order the backend
 * listed them in (vue-storefront-api's `_search` answers in the index's order, which a reindex may
 * change); those without a position after, in the order given.
 */
function inPositionOrder(attributes: readonly Attribute[]): Attribute[] {
  return attributes
    .map((a, i) => ({ a, i }))
    .sort((x, y) => (x.a.position ?? Infinity) - (y.a.position ?? Infinity) || x.i - y.i)
    .map(({ a }) => a);
}

/**
 * Counts, per filterable attribute, how many products have each value (a configurable product
 * counts once with its own and its children's values). Keeps the most frequent values up to the
 * aggregation size, listed in the attribute's option order; values without an option label are
 * left out. Price counts the configured ranges that have products. The filters: price first, then
 * the attributes by position.
 */
export function facets(products: readonly QueryableProduct[], attributes: Attribute[], opts: FacetOptions = {}): Record<string, FacetValue[]> {
  const now = opts.now ?? new Date();
  const codes = opts.codes ?? [
    ...(config.filterableAttributes.includes('price') ? ['price'] : []),
    ...inPositionOrder(attributes)
      .map((a) => a.attribute_code)
      .filter((c) => c !== 'price' && isFilterableAttribute(c)),
  ];
  const out: Record<string, FacetValue[]> = {};
  const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));

  for (const code of codes) {
    if (code === 'price') {
      const ranges = opts.priceRanges ?? config.priceFilterRanges;
      const counts = new Array<number>(ranges.length).fill(0);
      const day = dayNumber(now) ?? 0;
      for (const p of products) {
        const v = finalPriceOf(p, now, day);
        const idx = priceRangeOf(ranges, v);
        if (idx >= 0) counts[idx]!++;
      }
      out.price = [];
      ranges.forEach((r, i) => {
        if (!counts[i]) return;
        const v: FacetValue = { attribute_code: 'price', id: priceRangeId(r), label: priceRangeLabel(r), count: counts[i]! };
        if (r.from !== undefined) v.from = r.from;
        if (r.to !== undefined) v.to = r.to;
        out.price!.push(v);
      });
      continue;
    }
    const attribute = byCode.get(code);
    if (!attribute) continue;
    const order = optionRanks(attribute);
    const counts = new Map<string, number>();
    const count = (v: string) => {
      if (order.has(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
    };
    for (const p of products) forEachFacetValue(p, code, count);
    const rank = (id: string) => order.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))
      .slice(0, aggregationSize(code))
      .sort((a, b) => rank(a[0]) - rank(b[0]));
    out[code] = top.map(([id, count]) => ({ attribute_code: code, id, label: order.get(id)!.label, count }));
  }
  return out;
}

/**
 * An attribute's options by value: each one's label and rank, its `sort_order` (Magento's option
 * position) or else its place in the list. Filters list values in this order, and Magento gives a
 * configurable product's option values in it.
 */
export function optionRanks(attribute: Pick<Attribute, 'options'>): Map<string, { label: string; rank: number }> {
  return new Map(attribute.options.map((o, i) => [String(o.value), { label: o.label, rank: o.sort_order ?? i }]));
}
