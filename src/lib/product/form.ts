/**
 * The product page form (spec §2 product page, §4 Configurable product and Option prices, §5, §8):
 * the state behind the options island (chosen variant, custom and bundle options, quantities), its
 * live price, the checks run before adding to the cart (with the §8 texts) and the cart lines it
 * adds. Pure functions over the product; the island only keeps the state and calls them.
 */
import { config } from '../config';
import { messages, t } from '../messages';
import { maxOrderQty, mergeStock, type StockLimits } from '../catalog/quantity';
import type { CartItem, Product } from '../schemas';
import { productPrices, tierPrice, type PriceFields, type ProductPrices, type TierFor } from '../catalog/price';
import {
  changeSelection,
  configureProduct,
  findChildBySku,
  isOptionValueAvailable,
  isVariantAvailable,
  selectionOf,
  type Selection,
} from '../catalog/variants';
import {
  bundleOptionDefaults,
  customOptionDefaults,
  parseBundleQty,
  priceWithOptions,
  selectedCustomValues,
  validateBundleOptions,
  validateCustomOptions,
  type BundleChoices,
  type CustomOptionInput,
  type CustomOptionInputs,
} from '../catalog/options';

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

/** A line for the cart store's `addToCart` (its AddToCartInput) plus what the microcart shows. */
export type FormCartLine = Omit<CartItem, 'qty'> & {
  qty: number;
  stock?: { is_in_stock: boolean } | null;
  /** The most of this sku one order may hold (stock and max_sale_qty); absent when nothing limits it. */
  max_qty?: number;
  name: string;
  price: number;
  image?: string;
  parentSku?: string;
  url?: string;
  /** The chosen options in words ('Size: O, Engraving text: Love'). */
  options?: string;
};

/** Context of the add check: live stock and whether a stock check is still running. */
export interface AddContext {
  stockPending?: boolean;
  /** Live stock of the sku being added, when checked. */
  stock?: StockLimits | null;
  /** URL of each child's page (configurable), and of the product. */
  urls?: { product?: string; children?: Record<string, string> };
  allowOutOfStock?: boolean;
  now?: Date;
  /** The shopper's customer group when group price tiers are on (§6). */
  tier?: TierFor;
}

/** The outcome of the add check: cart lines, or the §8 message with the field errors. */
export type AddCheck = { ok: true; lines: FormCartLine[] } | { ok: false; message: string; errors: FormErrors };

const noErrors = (): FormErrors => ({ custom: {}, bundle: {} });

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
  };
}

/**
 * A child as the form needs it: its `custom_attributes` go when every option's value is a field of
 * its own (what `childValue` reads first), which keeps the product page's HTML in its 14 KB budget.
 */
function leanChild<T extends { custom_attributes?: unknown }>(c: T, options: ReadonlyArray<{ attribute_code: string }>): T {
  const own = c as Record<string, unknown>;
  if (!c.custom_attributes || !options.every((o) => own[o.attribute_code] !== undefined && own[o.attribute_code] !== null)) return c;
  const { custom_attributes: _drop, ...rest } = c;
  return rest as T;
}

/** The child sku a product URL names: `?childSku=` or the last path segment (/{parentSku}/{slug}/{childSku}). */
export function childSkuFromUrl(p: Pick<FormProduct, 'sku' | 'configurable_children'>, pathname: string, search = ''): string | null {
  const fromQuery = new URLSearchParams(search).get('childSku');
  let last = '';
  try {
    last = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  } catch {
    last = '';
  }
  for (const sku of [fromQuery, last]) {
    if (sku && sku !== p.sku && findChildBySku(p, sku)) return sku;
  }
  return null;
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

function priceFields(src: PriceFields): PriceFields {
  return { price: src.price, special_price: src.special_price, special_from_date: src.special_from_date, special_to_date: src.special_to_date };
}

/**
 * The unit price with the chosen options (§4): the chosen child's price for a configurable; a
 * bundle the sum of its selections times their quantities when above 0; custom options add their
 * fixed amounts and their percents of the original price. `special` is set when a special price applies.
 */
export function unitPrices(p: FormProduct, state: FormState, now: Date = new Date(), tier?: TierFor): ProductPrices {
  const child = p.type_id === 'configurable' ? chosenChild(p, state) : undefined;
  const base = productPrices(child ?? p, now);
  let src: PriceFields = child ? priceFields(child) : p.type_id === 'configurable' ? { price: base.original, special_price: base.special } : priceFields(p);
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

/** The option value text of a custom option input (checkbox ids joined by commas), '' when nothing is chosen. */
export function customOptionValue(option: FormProduct['custom_options'][number], input: CustomOptionInput): string {
  if (option.type === 'field' || option.type === 'area') return typeof input === 'string' ? input.trim() : '';
  return selectedCustomValues(option, input)
    .map((v) => String((v as { option_type_id?: number }).option_type_id ?? ''))
    .filter(Boolean)
    .join(',');
}

/**
 * The cart line's product_option (the API contract: extension_attributes.custom_options
 * `[{ option_id, option_value }]` and bundle_options `[{ option_id, option_qty, option_selections }]`);
 * undefined when nothing is chosen.
 */
export function productOption(p: FormProduct, state: FormState): CartItem['product_option'] {
  const custom = p.custom_options
    .map((o) => ({ option_id: o.option_id, option_value: customOptionValue(o, state.custom[o.option_id]) }))
    .filter((o) => o.option_value !== '');
  const bundle =
    p.type_id === 'bundle'
      ? p.bundle_options
          .map((o) => {
            const c = state.bundle[o.option_id];
            return { option_id: o.option_id, option_qty: parseBundleQty(c?.qty), option_selections: c?.linkIds ?? [] };
          })
          .filter((o) => o.option_selections.length > 0 && o.option_qty > 0)
      : [];
  if (custom.length === 0 && bundle.length === 0) return undefined;
  return { extension_attributes: { ...(custom.length ? { custom_options: custom } : {}), ...(bundle.length ? { bundle_options: bundle } : {}) } };
}

/** The chosen options in words, for the cart line ('Colour: Platinum, Size: O, Engraving text: Love'). */
export function optionsSummary(p: FormProduct, state: FormState): string {
  const parts: string[] = [];
  for (const o of p.configurable_options ?? []) {
    const v = o.values.find((x) => x.value_index === state.selection[o.attribute_code]);
    if (v) parts.push(`${o.label}: ${v.label}`);
  }
  for (const o of p.custom_options) {
    const input = state.custom[o.option_id];
    if (o.type === 'field' || o.type === 'area') {
      if (typeof input === 'string' && input.trim()) parts.push(`${o.title}: ${input.trim()}`);
      continue;
    }
    const titles = selectedCustomValues(o, input)
      .map((v) => (v as { title?: string }).title)
      .filter(Boolean);
    if (titles.length) parts.push(`${o.title}: ${titles.join(', ')}`);
  }
  if (p.type_id === 'bundle') {
    for (const o of p.bundle_options) {
      const c = state.bundle[o.option_id];
      const links = o.product_links.filter((l) => c?.linkIds.includes(l.id));
      const qty = parseBundleQty(c?.qty);
      if (links.length && qty > 0) parts.push(`${o.title}: ${links.map((l) => `${qty} x ${l.product?.name ?? l.sku ?? l.id}`).join(', ')}`);
    }
  }
  return parts.join(', ');
}

/**
 * The checks before adding to the cart, in order, each with its §8 text: no such configuration;
 * a quantity that is not above 0 ('Please fix the validation errors'); required custom options
 * ('Field is required.' on the field, 'Please configure product custom options ...'); required bundle
 * options ('Must be greater than 0', 'Please configure product bundle options ...'); a stock check
 * still running; out of stock (unless out-of-stock items are allowed in the cart); unknown price.
 * Otherwise the cart lines to add.
 */
export function checkAdd(p: FormProduct, state: FormState, ctx: AddContext = {}, grouped: GroupedItem[] = []): AddCheck {
  const fail = (message: string, errors: Partial<FormErrors> = {}): AddCheck => ({ ok: false, message, errors: { ...noErrors(), ...errors } });
  const allowOutOfStock = ctx.allowOutOfStock ?? config.switches.allowOutOfStockInCart;
  const now = ctx.now ?? new Date();

  if (p.type_id === 'grouped') {
    const errs: Record<string, string> = {};
    const lines: FormCartLine[] = [];
    for (const g of grouped) {
      const raw = state.grouped[g.product.sku];
      const n = qtyNumber(raw);
      if (raw === '' || raw === undefined || n === 0) continue;
      if (!Number.isInteger(n) || n < 0) {
        errs[g.product.sku] = messages.quantityAboveZero;
        continue;
      }
      lines.push({
        sku: g.product.sku,
        name: g.product.name,
        qty: n,
        price: g.prices.final,
        product_type: 'simple',
        stock: { is_in_stock: g.inStock },
        parentSku: p.sku,
        ...(g.image ? { image: g.image } : {}),
        ...(g.href ? { url: g.href } : ctx.urls?.product ? { url: ctx.urls.product } : {}),
      });
    }
    if (Object.keys(errs).length) return fail(messages.fixValidationErrors, { grouped: errs });
    if (lines.length === 0) return fail(messages.quantityAboveZero);
    if (ctx.stockPending) return fail(messages.stockCheckInProgress);
    if (!allowOutOfStock && lines.some((l) => l.stock && !l.stock.is_in_stock)) return fail(messages.cannotAddOutOfStock);
    if (lines.some((l) => !(l.price > 0))) return fail(messages.cannotAddPriceUnknown);
    return { ok: true, lines };
  }

  const child = p.type_id === 'configurable' ? chosenChild(p, state) : undefined;
  if (p.type_id === 'configurable' && (!child || !isVariantAvailable(child))) return fail(messages.noSuchConfiguration);
  if (!validQty(state.qty)) return fail(messages.fixValidationErrors, { qty: messages.quantityAboveZero });
  const custom = validateCustomOptions(p.custom_options, state.custom);
  if (!custom.valid) return fail(custom.productError ?? messages.fixValidationErrors, { custom: custom.fields });
  if (p.type_id === 'bundle') {
    const bundleChoices: BundleChoices = {};
    for (const [id, c] of Object.entries(state.bundle)) bundleChoices[Number(id)] = { linkIds: c.linkIds, qty: parseBundleQty(c.qty) };
    const bundle = validateBundleOptions(p.bundle_options, bundleChoices);
    if (!bundle.valid) return fail(bundle.productError ?? messages.fixValidationErrors, { bundle: bundle.fields });
  }
  if (ctx.stockPending) return fail(messages.stockCheckInProgress);
  const stock = mergeStock(child ? child.stock : p.stock, ctx.stock);
  if (!allowOutOfStock && stock && stock.is_in_stock === false) return fail(messages.cannotAddOutOfStock);
  // More than the stock holds, or than one order may take (max_sale_qty): the §8 text, and the limit beside the field.
  const max = maxOrderQty(allowOutOfStock ? { ...stock, is_in_stock: true, qty: null } : stock);
  if (qtyNumber(state.qty) > max) return fail(messages.someProductsUnavailable, { qty: t('quantityAtMost', { max }) });
  const unit = unitPrices(p, state, now, ctx.tier);
  if (!(unit.final > 0)) return fail(messages.cannotAddPriceUnknown);

  const sku = child?.sku ?? p.sku;
  const option = productOption(p, state);
  const summary = optionsSummary(p, state);
  const image = child?.image ?? p.image ?? undefined;
  const url = child ? (ctx.urls?.children?.[child.sku] ?? ctx.urls?.product) : ctx.urls?.product;
  return {
    ok: true,
    lines: [
      {
        sku,
        name: p.name,
        qty: qtyNumber(state.qty),
        price: Math.round(unit.final * 100) / 100,
        product_type: child ? 'simple' : p.type_id,
        stock: stock ? { is_in_stock: stock.is_in_stock !== false } : null,
        ...(Number.isFinite(max) ? { max_qty: max } : {}),
        ...(child ? { parentSku: p.sku } : {}),
        ...(image ? { image } : {}),
        ...(url ? { url } : {}),
        ...(summary ? { options: summary } : {}),
        ...(option ? { product_option: option } : {}),
      },
    ],
  };
}
