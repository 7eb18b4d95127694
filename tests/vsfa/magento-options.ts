/**
 * How the Magento stand-in (./magento.ts) turns a cart item's `product_option` into what a quote item
 * keeps of it, compares two items, and names the options in the cart totals: written from Magento 2's
 * source (magento/magento2, app/code/Magento):
 *
 * - Quote/Model/Quote/Item/CartItemOptionsProcessor.php, Catalog/Model/CustomOptions/CustomOptionProcessor.php,
 *   the configurable and bundle cart item processors: the REST `product_option` becomes a buy request
 *   (`options[id] = value`, `super_attribute[id] = value`, `bundle_option[id] = selections`), kept on the
 *   item as `info_buyRequest`;
 * - Catalog/Model/Product/Type/AbstractType.php `_prepareOptions`: the product's own options are walked
 *   in the product's order (so the order the request names them in does not matter); an id the product
 *   does not have is dropped; Option/Type/Text.php trims a text value, and a value left empty is no
 *   option at all (a required one is refused with the "required option(s)" text, one over its
 *   `max_characters` with "The text is too long."); the item's options are `option_ids` and `option_{id}`;
 * - ConfigurableProduct's Type `_prepareProduct`: the chosen attributes are kept as the JSON text of
 *   `super_attribute` in the order the request names them (`attributes`), with the child as
 *   `simple_product`; the item carries the child's sku and price, the parent's name and type;
 * - Bundle's Type `_prepareProduct`: the selections and their quantities are the item's
 *   `bundle_identity`; the stand-in lists them in the product's option and selection order, so the
 *   request's order does not part two items; a bundle item keeps the bundle's sku here (Magento's
 *   fixed-sku bundle; a dynamic-sku one appends the selections' skus);
 * - Quote/Model/Quote/Item.php `representProduct`/`compareOptions`: two items are one when every option
 *   code of each is in the other with an equal value, `info_buyRequest` aside; so the same options merge
 *   (the qty adds up, the item keeps the request it was first added with) and other options stay apart;
 * - Quote/Model/Quote/Item/Repository.php `getList` with CustomOptionProcessor `processOptions`: GET
 *   .../items answers each item's `product_option` read back from its `info_buyRequest`: as the request
 *   sent it (in its order, untrimmed, empty values included, ids as strings);
 * - Quote/Model/Cart/Totals/ItemConverter.php with Catalog/Helper/Product/Configuration.php: a totals
 *   item's `options` is the JSON text (PHP's json_encode: `\/`, `\u00a3`) of `[{ value, label }]`: a
 *   custom option's title and its value HTML-escaped (Text, Select `getFormattedOptionValue`), a
 *   configurable attribute's label and its value's label, a bundle option's title and its selections
 *   as `{qty} x {name} <span class="price">£{price}</span>` lines; line breaks become `<br />`, and a
 *   value over 55 characters is cut with an HTML "..." link and given in full as `full_view`.
 *
 * Not modelled: file, date and multiple-select custom options, percent prices, a custom option's own sku (Magento
 * appends it to the item's sku).
 */

/** A product's custom option (text or one-of-a-list), as Magento's catalog holds it. */
export interface MagentoCustomOption {
  option_id: number;
  title: string;
  type: 'field' | 'area' | 'drop_down' | 'radio' | 'checkbox';
  is_require?: boolean;
  max_characters?: number;
  /** What a text option adds to the price (incl. VAT). */
  price?: number;
  values?: Array<{ option_type_id: number; title: string; price?: number }>;
}

/** A configurable product's attributes and children (each child a product of its own in the stand-in). */
export interface MagentoConfigurable {
  attributes: Array<{ attribute_id: number; label: string; values: Array<{ value_index: number; label: string }> }>;
  children: Array<{ sku: string; values: Record<number, number> }>;
}

/** A bundle's options and their selections (dynamic price: the selections' prices add up). */
export interface MagentoBundleOption {
  option_id: number;
  title: string;
  required?: boolean;
  selections: Array<{ selection_id: number; name: string; price: number }>;
}

export interface ProductWithOptions {
  sku: string;
  name: string;
  price: number;
  type_id?: string;
  custom_options?: MagentoCustomOption[];
  configurable?: MagentoConfigurable;
  bundle_options?: MagentoBundleOption[];
}

/** What a quote item keeps of its configuration. */
export interface ItemConfig {
  /** The option codes and values `Item::compareOptions` compares (`info_buyRequest` is never compared). */
  codes: Record<string, string>;
  /** The `product_option` read back from the item's `info_buyRequest` (GET .../items); null when none was sent. */
  answer: Record<string, unknown> | null;
  /** The item's sku (a configurable's child), price and type. */
  sku: string;
  price: number;
  productType: string;
  /** The totals item's options, before formatting: a label and a value (lines for a bundle). */
  labels: Array<{ label: string; value: string | string[] }>;
}

type Opt = Record<string, unknown>;
const list = (v: unknown): Opt[] => (Array.isArray(v) ? (v as Opt[]).filter((o) => o && typeof o === 'object') : []);
const REQUIRED = "The product's required option(s) weren't entered. Make sure the options are entered and try again.";
const CHOOSE = 'You need to choose options for your item.';

/** PHP's htmlspecialchars as Magento's Escaper::escapeHtml uses it. */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/** The item a product and its `product_option` make, or Magento's refusal (a string). */
export function prepareItem(
  product: ProductWithOptions,
  productOption: unknown,
  children: (sku: string) => ProductWithOptions | undefined,
): ItemConfig | string {
  const ext = ((productOption as { extension_attributes?: Opt } | null | undefined)?.extension_attributes ?? {}) as Opt;
  const codes: Record<string, string> = {};
  const labels: ItemConfig['labels'] = [];
  const answer: Record<string, unknown> = {};
  let sku = product.sku;
  let price = product.price;

  // Configurable: the child the chosen attributes name.
  if (product.type_id === 'configurable' && product.configurable) {
    const asked = list(ext.configurable_item_options).map((o) => [String(o.option_id), Number(o.option_value)] as const);
    const chosen = new Map(asked);
    const attrs = product.configurable.attributes;
    if (attrs.some((a) => !chosen.get(String(a.attribute_id)))) return CHOOSE;
    const child = product.configurable.children.find((c) => attrs.every((a) => c.values[a.attribute_id] === chosen.get(String(a.attribute_id))));
    const childProduct = child && children(child.sku);
    if (!childProduct) return CHOOSE;
    // PHP keeps the request's key order; JSON.stringify of an object would sort numeric keys.
    codes.attributes = `{${[...chosen].map(([id, v]) => `"${id}":${v}`).join(',')}}`;
    codes.simple_product = childProduct.sku;
    sku = childProduct.sku;
    price = childProduct.price;
    answer.configurable_item_options = [...chosen].map(([id, v]) => ({ option_id: id, option_value: v }));
    for (const a of attrs) {
      const v = a.values.find((x) => x.value_index === chosen.get(String(a.attribute_id)));
      if (v) labels.push({ label: a.label, value: v.label });
    }
  }

  // Bundle: the selections chosen in each option, with their quantities.
  if (product.type_id === 'bundle' && product.bundle_options) {
    const asked = list(ext.bundle_options);
    const byId = new Map(asked.map((o) => [Number(o.option_id), o]));
    const identity: Array<number> = [];
    for (const o of product.bundle_options) {
      const a = byId.get(o.option_id);
      const ids = Array.isArray(a?.option_selections) ? (a.option_selections as unknown[]).map(Number) : [];
      const qty = a?.option_qty === undefined || a?.option_qty === null ? 1 : Number(a.option_qty);
      const picked = o.selections.filter((s) => ids.includes(s.selection_id));
      if (!picked.length || !(qty > 0)) {
        if (o.required) return 'Please specify product option(s).';
        continue;
      }
      for (const s of picked) {
        identity.push(s.selection_id, qty);
        price += s.price * qty;
      }
      labels.push({ label: o.title, value: picked.map((s) => `${qty} x ${escapeHtml(s.name)} ${priceHtml(s.price)}`) });
    }
    if (!identity.length) return 'Please specify product option(s).';
    codes.bundle_identity = identity.join('_');
    answer.bundle_options = asked.map((o) => ({
      option_id: Number(o.option_id),
      option_qty: Number(o.option_qty ?? 1),
      option_selections: Array.isArray(o.option_selections) ? (o.option_selections as unknown[]).map(Number) : [],
    }));
  }

  // Custom options: the product's own, in its order; text trimmed, an empty value no option.
  const sent = list(ext.custom_options);
  const requested = new Map(sent.map((o) => [Number(o.option_id), o.option_value]));
  const errors: string[] = [];
  const kept: number[] = [];
  for (const o of product.custom_options ?? []) {
    const raw = requested.get(o.option_id);
    const value = raw === undefined || raw === null ? '' : String(raw).trim();
    if (!value) {
      if (o.is_require) errors.push(REQUIRED);
      continue;
    }
    if (o.type === 'field' || o.type === 'area') {
      if (o.max_characters && value.length > o.max_characters) {
        errors.push('The text is too long. Shorten the text and try again.');
        continue;
      }
      price += o.price ?? 0;
      labels.push({ label: o.title, value: escapeHtml(value) });
    } else {
      // One value of the list, or (a checkbox) several, named by their ids as the request lists them.
      const ids = o.type === 'checkbox' ? value.split(',').map((x) => x.trim()) : [value];
      const picked = ids.map((id) => o.values?.find((x) => String(x.option_type_id) === id));
      if (picked.some((v) => !v)) {
        errors.push('Some of the selected item options are not currently available.');
        continue;
      }
      for (const v of picked) price += v!.price ?? 0;
      labels.push({ label: o.title, value: escapeHtml(picked.map((v) => v!.title).join(', ')) });
    }
    kept.push(o.option_id);
    codes[`option_${o.option_id}`] = value;
  }
  if (errors.length) return [...new Set(errors)].join('\n');
  if (kept.length) codes.option_ids = kept.join(',');
  if (sent.length)
    answer.custom_options = sent.map((o) => ({ option_id: String(o.option_id), option_value: o.option_value === undefined ? '' : String(o.option_value) }));

  return {
    codes,
    answer: Object.keys(answer).length ? { extension_attributes: answer } : null,
    sku,
    price: Math.round(price * 100) / 100,
    productType: product.type_id ?? 'simple',
    labels,
  };
}

/** Item::representProduct's option check, both ways: every code of each in the other with an equal value. */
export function sameOptions(a: Record<string, string>, b: Record<string, string>): boolean {
  const within = (x: Record<string, string>, y: Record<string, string>) => Object.entries(x).every(([code, v]) => code in y && y[code] === v);
  return within(a, b) && within(b, a);
}

/** A price as Magento's currency helper renders it in a British store view. */
function priceHtml(n: number): string {
  return `<span class="price">£${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span>`;
}

const MAX = 55;
const CUT = ' <a href="#" class="dots tooltip toggle" onclick="return false">...</a>';
const nl2br = (s: string) => s.replace(/(\r\n|\n|\r)/g, '<br />$1');

/** A totals item's `options`: ItemConverter's JSON text of `[{ value, label }]` (with `full_view` for a cut value). */
export function totalsOptions(labels: ItemConfig['labels']): string {
  const out = labels.map(({ label, value }) => {
    if (Array.isArray(value)) return { value: nl2br(value.join('\n')), label };
    if (value.length <= MAX) return { value: nl2br(value), label };
    return { value: nl2br(value.slice(0, MAX)) + CUT, full_view: nl2br(value), label };
  });
  return phpJson(out);
}

/** PHP's json_encode with no flags: `/` escaped, and every character past ASCII as `\uXXXX`. */
export function phpJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
