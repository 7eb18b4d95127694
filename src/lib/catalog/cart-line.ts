/**
 * What makes two cart lines the same line, and how a line's chosen options read. As in vue-storefront
 * (its productChecksum and productsEquals) and Magento's quote: a line is a product (sku) with the
 * options the shopper chose, so the same ring engraved "For Anna" and "For Bea" is two lines, each
 * with its own price, while adding it again with the same options raises the line's quantity. The
 * bag, its server sync, the checkout and the reference API (server/catalog.ts) all ask this one rule.
 */

/** The part of a line the rule reads. */
export interface LineIdentity {
  sku: string;
  item_id?: number | null;
  product_option?: unknown;
}

type Ext = { custom_options?: unknown; bundle_options?: unknown; configurable_item_options?: unknown };
type Opt = Record<string, unknown>;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** One kind of option as sorted `id=value` texts; an option whose value is '' is left out. */
const chosen = (v: unknown, value: (o: Opt) => string): string[] =>
  (Array.isArray(v) ? (v as Opt[]) : []).flatMap((o) => (o && value(o) ? [`${text(o.option_id)}=${value(o)}`] : [])).sort();

/** A bundle option's choice: its qty (1 when not said) and its selections in order; '' when none or qty 0. */
const pieces = (o: Opt): string => {
  const qty = o.option_qty === undefined || o.option_qty === null ? 1 : Number(o.option_qty);
  const picks = Array.isArray(o.option_selections) ? o.option_selections.map(text).sort() : [];
  return qty > 0 && picks.length ? `${qty}x${picks.join(',')}` : '';
};

/**
 * The chosen options of a line's product_option (its extension_attributes' custom, bundle and
 * configurable options) as one string: equal choices give equal strings whatever their order, and an
 * option left empty (no value, no selection, a quantity of 0) counts as not chosen. '' for none.
 */
export function optionsChecksum(productOption: unknown): string {
  const ext = ((productOption as { extension_attributes?: Ext } | null | undefined)?.extension_attributes ?? {}) as Ext;
  const value = (o: Opt) => text(o.option_value);
  const all = [chosen(ext.custom_options, value), chosen(ext.bundle_options, pieces), chosen(ext.configurable_item_options, value)];
  return all.some((l) => l.length) ? JSON.stringify(all) : '';
}

/** A line's key: its sku and the checksum of its options (a line holds one product with one set of choices). */
export function cartLineKey(line: LineIdentity): string {
  return `${line.sku}\n${optionsChecksum(line.product_option)}`;
}

/**
 * Whether `a` and `b` are the same line: the same server item (both carry that item id), or the same
 * sku with the same chosen options. Differing item ids alone do not part two lines: a bag moved to
 * another server cart (a login) still carries the ids of the cart it left until the server answers.
 */
export function sameCartLine(a: LineIdentity, b: LineIdentity): boolean {
  if (a.item_id && b.item_id && a.item_id === b.item_id) return true;
  return cartLineKey(a) === cartLineKey(b);
}

/** The chosen options of a line in words, as the product page wrote them ('Size: O, Engraving text: Love'); '' when none. */
export function lineOptionsText(line: object | undefined): string {
  const options = (line as { options?: unknown } | undefined)?.options;
  return typeof options === 'string' ? options.trim() : '';
}
