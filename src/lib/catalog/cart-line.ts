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

/** The HTML escapes Magento's Escaper writes (PHP's htmlspecialchars; `&#039;` is the quote). */
const ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/**
 * A totals option's value in words. Magento writes it for a page, not as text: the value HTML-escaped,
 * a line break as `<br />`, a bundle selection's price in a `<span class="price">`, and a value over 55
 * characters cut with a "..." link after it and given whole as `full_view`. So the whole value is read,
 * that markup (and only that: a value from our own API is plain text) taken out and the escapes read back.
 */
function optionWords(o: { value: string; full_view?: unknown }): string {
  const html = typeof o.full_view === 'string' ? o.full_view : o.value;
  return html
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/gi, '')
    .replace(/<\/?span\b[^>]*>|<br\s*\/?>/gi, '')
    .replace(/&(amp|lt|gt|quot|#0?39);/g, (_, e: string) => ESCAPES[e] ?? "'")
    .trim();
}

/** Magento's totals item `options` (a JSON text of `{ label, value }`) in words; '' when none or not that shape. */
export function optionsFromTotals(options: string | null | undefined): string {
  try {
    const list: unknown = JSON.parse(options ?? '[]');
    if (!Array.isArray(list)) return '';
    return list
      .flatMap((o: { label?: unknown; value?: unknown; full_view?: unknown }) =>
        typeof o?.label === 'string' && typeof o.value === 'string' ? [`${o.label}: ${optionWords(o as { value: string })}`] : [],
      )
      .join(', ');
  } catch {
    return '';
  }
}

/**
 * The bag's lines with their options in words from the cart's totals where they have none: a line only
 * the server cart knew (added on another device, or before a login on this one) comes without them,
 * and the totals name them as Magento's do. The same array when nothing changes.
 */
export function withTotalsOptions<T extends { item_id?: number | null }>(items: T[], totals: { items: { item_id: number; options?: string | null }[] }): T[] {
  let changed = false;
  const out = items.map((i) => {
    if (!i.item_id || lineOptionsText(i)) return i;
    const text = optionsFromTotals(totals.items.find((t) => t.item_id === i.item_id)?.options);
    if (!text) return i;
    changed = true;
    return { ...i, options: text };
  });
  return changed ? out : items;
}
