/**
 * The product page form (spec §2 product page, §4 Configurable product and Option prices, §5, §8):
 * the state behind the options island (chosen variant, custom and bundle options, quantities), its
 * live price; the checks run before adding to the cart and the cart lines it adds are in
 * ./form-add.ts. Pure functions over the product; the island only keeps the state and calls them.
 */
import type { Product } from '../../schemas';
import { priceFieldsOf, productPrices, tierPrice, type PriceFields, type ProductPrices, type TierFor } from '../price';
import { changeSelection, configureProduct, findChildBySku, isOptionValueAvailable, isVariantAvailable, selectionOf, type Selection } from '../variants';
import { bundleOptionDefaults, customOptionDefaults, parseBundleQty, priceWithOptions, type BundleChoices, type CustomOptionInputs } from '../options';

/** The product fields the form reads (the island's props carry only these). */
export type FormProduct = Pick<
  Product,
  | 'id'
  | 'sku'
  | 'name'
  | 'type_id'
  | 'price'
  | 'special_price'
  | 'special_from_date'
  | 'special_to_date'
  | 'final_price'
  | 'status'
  | 'stock'
  | 'image'
  | 'url_key'
  | 'url_path'
  | 'slug'
  | 'custom_options'
  | 'bundle_options'
  | 'configurable_options'
  | 'configurable_children'
  | 'sgn'
  | 'sgn_price'
> & {
  /** Group price tiers (§6), kept only when the product has some. */
  tier_prices?: Product['tier_prices'];
};

type Child = NonNullable<FormProduct['configurable_children']>[number];

/** A product of a grouped set as the form lists it. */
export interface GroupedItem {
  product: { id: number; sku: string; name: string };
  qty: number;
  prices: ProductPrices;
  inStock: boolean;
  image?: string | null;
  href?: string;
}

/** What the shopper has chosen. Quantities are kept as typed (a string while editing). */
export interface FormState {
  /** Configurable option code to value id. */
  selection: Selection;
  /** The chosen configurable child, null for other types or when none can be chosen. */
  childSku: string | null;
  custom: CustomOptionInputs;
  bundle: BundleChoices;
  qty: number | string;
  /** Quantity per product of a grouped set, by sku. */
  grouped: Record<string, number | string>;
}

/** Field errors of the form, shown next to the fields. */
export interface FormErrors {
  custom: Record<number, string>;
  bundle: Record<number, string>;
  qty?: string;
  grouped?: Record<string, string>;
}

/** The fields of a product the form needs (drops descriptions, galleries, links and meta). */
export function formProduct(p: Product): FormProduct {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    type_id: p.type_id,
    price: p.price,
    special_price: p.special_price ?? null,
    special_from_date: p.special_from_date ?? null,
    special_to_date: p.special_to_date ?? null,
    final_price: p.final_price ?? null,
    status: p.status,
    stock: p.stock,
    image: p.image ?? null,
    url_key: p.url_key,
    url_path: p.url_path,
    slug: p.slug,
    custom_options: p.custom_options,
    bundle_options: p.bundle_options,
    configurable_options: p.configurable_options ?? null,
    configurable_children: p.configurable_children ? p.configurable_children.map((c) => leanChild(c, p.configurable_options ?? [])) : null,
    ...(p.tier_prices?.length ? { tier_prices: p.tier_prices } : {}),
    ...(p.sgn ? { sgn: p.sgn } : {}),
    ...(p.sgn && p.sgn_price ? { sgn_price: p.sgn_price } : {}),
  };
}

/**
 * A child as the form needs it: its `custom_attributes` go when every option's value is a field of
 * its own (what `childAttribute` in src/lib/catalog/variants.ts reads first), which keeps the product page's HTML in its 14 KB budget.
 */
function leanChild<T extends { custom_attributes?: unknown }>(c: T, options: ReadonlyArray<{ attribute_code: string }>): T {
  const own = c as Record<string, unknown>;
  if (!c.custom_attributes || !options.every((o) => own[o.attribute_code] !== undefined && own[o.attribute_code] !== null)) return c;
  const { custom_attributes: _drop, ...rest } = c;
  return rest as T;
}

/**
 * The form as the page opens: the child named by the URL (if any) or the first available one
 * (§4: status below 2, in stock unless out-of-stock listing is on), custom option defaults (radio
 * its first value, checkbox false, others empty), bundle defaults (the default link, else the first,
 * quantity 1), quantity 1 and the grouped set's own quantities.
 */
export function initialFormState(p: FormProduct, opts: { childSku?: string | null; grouped?: GroupedItem[] } = {}): FormState {
  let selection: Selection = {};
  let childSku: string | null = null;
  if (p.type_id === 'configurable') {
    const named = opts.childSku ? findChildBySku(p, opts.childSku) : undefined;
    const asked = named ? selectionOfChild(p, named) : {};
    const configured = configureProduct(p, asked);
    const child = named && isVariantAvailable(named) ? named : (configured.child as Child | undefined);
    childSku = child?.sku ?? null;
    selection = child ? selectionOfChild(p, child) : configured.selection;
  }
  const grouped: Record<string, number> = {};
  for (const g of opts.grouped ?? []) grouped[g.product.sku] = g.qty;
  return {
    selection,
    childSku,
    custom: customOptionDefaults(p.custom_options),
    bundle: bundleOptionDefaults(p.bundle_options),
    qty: 1,
    grouped,
  };
}

function selectionOfChild(p: FormProduct, child: Child): Selection {
  return selectionOf(p, child);
}

/** The chosen configurable child, if any. */
export function chosenChild(p: FormProduct, state: Pick<FormState, 'childSku'>): Child | undefined {
  return state.childSku ? findChildBySku(p, state.childSku) : undefined;
}

/**
 * The shopper picks a value of a configurable option (§4): the new selection stands when an
 * available variant matches it; otherwise the previous one is kept and `notice` carries the
 * wrong-attributes text.
 */
export function chooseOption(p: FormProduct, state: FormState, code: string, value: number): { state: FormState; notice?: string } {
  const change = changeSelection(p, state.selection, code, value);
  if (change.notice) return { state, notice: change.notice };
  return { state: { ...state, selection: change.selection, childSku: change.child?.sku ?? null } };
}

/** True when choosing this value (keeping the other chosen options) has an available variant. */
export function optionValueAvailable(p: FormProduct, state: FormState, code: string, value: number): boolean {
  return isOptionValueAvailable(p, state.selection, code, value);
}

/** A quantity as typed, as a number (NaN when not a number). */
export function qtyNumber(raw: number | string | undefined): number {
  if (raw === '' || raw === undefined || raw === null) return Number.NaN;
  return Number(raw);
}

/** True when a quantity is a whole number above 0 (§5 'Quantity must be above 0'). */
export function validQty(raw: number | string | undefined): boolean {
  const n = qtyNumber(raw);
  return Number.isInteger(n) && n > 0;
}

/**
 * The unit price with the chosen options (§4): the chosen child's price for a configurable; a
 * bundle the sum of its selections times their quantities when above 0; custom options add their
 * fixed amounts and their percents of the original price. `special` is set when a special price applies.
 */
export function unitPrices(p: FormProduct, state: FormState, now: Date = new Date(), tier?: TierFor): ProductPrices {
  const child = p.type_id === 'configurable' ? chosenChild(p, state) : undefined;
  const base = productPrices(child ?? p, now);
  let src: PriceFields = child ? priceFieldsOf(child) : p.type_id === 'configurable' ? { price: base.original, special_price: base.special } : priceFieldsOf(p);
  // Group price tiers (§6): the group's price for this quantity, when lower, is the price options add to.
  const group = tier ? tierPrice(p.tier_prices, { ...tier, qty: validQty(state.qty) ? qtyNumber(state.qty) : 1 }) : null;
  if (group !== null && group < base.final) {
    src = { price: base.original, special_price: group };
    base.special = group;
  }
  const bundle: BundleChoices = {};
  for (const [id, c] of Object.entries(state.bundle)) bundle[Number(id)] = { linkIds: c.linkIds, qty: parseBundleQty(c.qty) };
  const withOptions = priceWithOptions(
    { ...src, type_id: p.type_id === 'bundle' ? 'bundle' : 'simple', custom_options: p.custom_options, bundle_options: p.bundle_options },
    { custom: state.custom, bundle },
    now,
  );
  const special = base.special !== null && withOptions.final < withOptions.original ? withOptions.final : null;
  return { original: withOptions.original, special, final: withOptions.final };
}

/** The price shown on the page: the unit price times the quantity when it is valid (as the AMP page does), else the unit price. */
export function shownPrices(p: FormProduct, state: FormState, now: Date = new Date(), tier?: TierFor): ProductPrices {
  const unit = unitPrices(p, state, now, tier);
  const q = validQty(state.qty) ? qtyNumber(state.qty) : 1;
  return { original: unit.original * q, special: unit.special === null ? null : unit.special * q, final: unit.final * q };
}
