/**
 * Adding from the product page form (spec §2 product page, §5, §8): the checks run before adding to
 * the cart (with the §8 texts) and the cart lines they give, with the chosen options as the API's
 * product_option and in words. Pure functions over the product and the form state (./form.ts).
 */
import { config } from '../../config';
import { messages, fill } from '../../messages';
import { maxOrderQty, mergeStock, type StockLimits } from '../quantity';
import type { CartItem } from '../../schemas';
import { type TierFor } from '../price';
import { isVariantAvailable } from '../variants';
import { childUrl } from '../urls';
import {
  lineOptionInputs,
  parseBundleQty,
  selectedCustomValues,
  validateBundleOptions,
  validateCustomOptions,
  type BundleChoices,
  type CustomOptionInput,
} from '../options';
import { chosenChild, qtyNumber, validQty, unitPrices, type FormProduct, type GroupedItem, type FormState, type FormErrors } from './form';

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
  /** The product's page and, for a configurable, its children's URL template (../urls.ts `childUrl`): the bag line links the page of what it holds. */
  urls?: { product?: string; child?: string };
  allowOutOfStock?: boolean;
  now?: Date;
  /** The shopper's customer group when group price tiers are on (§6). */
  tier?: TierFor;
}

/** The outcome of the add check: cart lines, or the §8 message with the field errors. */
export type AddCheck = { ok: true; lines: FormCartLine[] } | { ok: false; message: string; errors: FormErrors };

const noErrors = (): FormErrors => ({ custom: {}, bundle: {} });

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

/** A chosen option as Magento's cart totals item lists it (its `options`, a JSON text of these). */
export interface OptionLabel {
  label: string;
  value: string;
  /** A configurable option's attribute code ('color'): what the product page's list entry matches its compare rows by. */
  code?: string;
}

/** The chosen options as label and value, configurable ones first ('Colour' 'Platinum', 'Engraving text' 'Love'). */
export function optionLabels(
  p: Pick<FormProduct, 'type_id' | 'custom_options' | 'bundle_options' | 'configurable_options'>,
  state: Pick<FormState, 'selection' | 'custom' | 'bundle'>,
): OptionLabel[] {
  const out: OptionLabel[] = [];
  for (const o of p.configurable_options ?? []) {
    const v = o.values.find((x) => x.value_index === state.selection[o.attribute_code]);
    if (v) out.push({ code: o.attribute_code, label: o.label, value: v.label });
  }
  for (const o of p.custom_options) {
    const input = state.custom[o.option_id];
    if (o.type === 'field' || o.type === 'area') {
      if (typeof input === 'string' && input.trim()) out.push({ label: o.title, value: input.trim() });
      continue;
    }
    const titles = selectedCustomValues(o, input)
      .map((v) => (v as { title?: string }).title)
      .filter(Boolean);
    if (titles.length) out.push({ label: o.title, value: titles.join(', ') });
  }
  if (p.type_id === 'bundle') {
    for (const o of p.bundle_options) {
      const c = state.bundle[o.option_id];
      const links = o.product_links.filter((l) => c?.linkIds.includes(l.id));
      const qty = parseBundleQty(c?.qty);
      if (links.length && qty > 0) out.push({ label: o.title, value: links.map((l) => `${qty} x ${l.product?.name ?? l.sku ?? l.id}`).join(', ') });
    }
  }
  return out;
}

/** The chosen options in words, for the cart line ('Colour: Platinum, Size: O, Engraving text: Love'). */
export function optionsSummary(p: FormProduct, state: Pick<FormState, 'selection' | 'custom' | 'bundle'>): string {
  return optionLabels(p, state)
    .map((o) => `${o.label}: ${o.value}`)
    .join(', ');
}

/**
 * A cart line's custom and bundle options as label and value, read from its product_option against
 * its product's record: what the reference API's cart totals items carry as `options`, as Magento's do.
 */
export function lineOptionLabels(p: Pick<FormProduct, 'type_id' | 'custom_options' | 'bundle_options'>, productOption: unknown): OptionLabel[] {
  const { custom, bundle } = lineOptionInputs(p, productOption);
  return optionLabels(p, { selection: {}, custom, bundle: bundle ?? {} });
}

/**
 * The checks before adding to the cart, in order, each with its §8 text: no such configuration;
 * a quantity that is not above 0 ('Please fix the validation errors'); required custom options
 * ('Field is required.' on the field, 'Please configure product custom options ...'); required bundle
 * options ('Must be greater than 0', 'Please configure product bundle options ...'); a stock check
 * still running; out of stock (unless out-of-stock items are allowed in the cart); unknown price.
 * Otherwise the cart lines to add.
 */
/** What a refused quantity is told: a fraction (1.5) is above 0 but not a whole number; anything else is not above 0. */
const qtyMessage = (n: number): string => (n > 0 ? messages.quantityWholeNumber : messages.quantityAboveZero);

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
        errs[g.product.sku] = qtyMessage(n);
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
  if (!validQty(state.qty)) return fail(messages.fixValidationErrors, { qty: qtyMessage(qtyNumber(state.qty)) });
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
  if (qtyNumber(state.qty) > max) return fail(messages.someProductsUnavailable, { qty: fill(messages.quantityAtMost, { max }) });
  const unit = unitPrices(p, state, now, ctx.tier);
  if (!(unit.final > 0)) return fail(messages.cannotAddPriceUnknown);

  const sku = child?.sku ?? p.sku;
  const option = productOption(p, state);
  const summary = optionsSummary(p, state);
  const image = child?.image ?? p.image ?? undefined;
  // vue-storefront-api's signature of the price of the sku ordered (the chosen child's for a configurable).
  const signed = child ?? p;
  const sgn = signed.sgn;
  const url = child && ctx.urls?.child ? childUrl(ctx.urls.child, child.sku) : ctx.urls?.product;
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
        ...(typeof sgn === 'string' && sgn ? { sgn, ...(signed.sgn_price ? { sgn_price: signed.sgn_price } : {}) } : {}),
      },
    ],
  };
}
