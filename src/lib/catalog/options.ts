/**
 * Custom and bundle options (spec §4 Option prices, §5): prices, defaults and required-option validation.
 */
import { z } from 'zod';
import { messages } from '../messages';
import type { BundleOption, CustomOption } from '../schemas';
import { bundlePrice, productPrices, type BundleChoices, type PriceFields, type TierFor } from './price';

/**
 * A custom option's input: an option_type_id for radio, drop_down and select; a boolean, an id or
 * a list of ids for checkbox (true means its first value); text for field and area.
 */
export type CustomOptionInput = string | number | boolean | number[] | null | undefined;
/** Custom option inputs by option_id. */
export type CustomOptionInputs = Record<number, CustomOptionInput>;

export type { BundleChoice, BundleChoices } from './price';
export { bundleOptionDefaults, bundlePrice, isMultiBundleOption } from './price';

/** Result of validating the options of a product. */
export interface OptionsValidation {
  valid: boolean;
  /** Field messages by option_id ('Field is required.' or 'Must be greater than 0'). */
  fields: Record<number, string>;
  /** The product-level error, when any field fails. */
  productError?: string;
}

type OptionPrice = { price?: number | string | null; price_type?: 'fixed' | 'percent' | null };

/** What one option value adds: fixed adds the amount; percent adds that percent of the original price. */
export function optionValuePrice(value: OptionPrice, originalPrice: number): number {
  const amount = Number(value.price ?? 0) || 0;
  return value.price_type === 'percent' ? (amount / 100) * originalPrice : amount;
}

/** The values of a custom option that the input selects. */
export function selectedCustomValues(option: CustomOption, input: CustomOptionInput): OptionPrice[] {
  if (option.type === 'field' || option.type === 'area') {
    return typeof input === 'string' && input.trim() !== '' ? [option] : [];
  }
  if (option.type === 'checkbox') {
    if (input === true) return option.values.slice(0, 1);
    if (Array.isArray(input)) return option.values.filter((v) => input.includes(v.option_type_id));
  }
  if (input === null || input === undefined || input === false || input === '') return [];
  const id = Number(input);
  return option.values.filter((v) => v.option_type_id === id);
}

/** The total the chosen custom options add to the price (percent values of the original price). */
export function customOptionsPrice(options: CustomOption[], values: CustomOptionInputs, originalPrice: number): number {
  let sum = 0;
  for (const o of options) {
    for (const v of selectedCustomValues(o, values[o.option_id])) sum += optionValuePrice(v, originalPrice);
  }
  return sum;
}

/** The product fields the total price needs. */
export interface OptionsProduct extends PriceFields {
  type_id?: string;
  custom_options?: CustomOption[];
  bundle_options?: BundleOption[];
}

/**
 * The unit price with options: a bundle takes its bundle price when above 0; custom options add
 * their fixed amounts and their percents of the original price.
 */
export function priceWithOptions(
  product: OptionsProduct,
  values: { custom?: CustomOptionInputs; bundle?: BundleChoices } = {},
  now: Date = new Date(),
  opts: { tier?: TierFor } = {},
): { original: number; final: number } {
  // With the shopper's own bundle choices, a sum of 0 falls back to the product's own price, not to
  // the price of the default choices.
  const base = productPrices(product.type_id === 'bundle' && values.bundle ? { ...product, bundle_options: null } : product, now, opts);
  let original = base.original;
  let final = base.final;
  if (product.type_id === 'bundle' && values.bundle) {
    const b = bundlePrice(product.bundle_options ?? [], values.bundle, now);
    if (b > 0) {
      original = b;
      final = b;
    }
  }
  const extra = customOptionsPrice(product.custom_options ?? [], values.custom ?? {}, original);
  return { original: original + extra, final: final + extra };
}

/** A cart or order line's product_option as vue-storefront sends it (extension_attributes). */
interface LineOptions {
  extension_attributes?: {
    /** option_value: an option_type_id, several joined by commas (checkbox), or the text of a field or area. */
    custom_options?: { option_id: number | string; option_value: unknown }[];
    bundle_options?: { option_id: number | string; option_qty?: unknown; option_selections?: (number | string)[] }[];
  };
}

/**
 * The option inputs of a cart or order line's product_option, in the product page's terms, so the
 * API prices a line by the page's rule (`priceWithOptions`): custom values by option (an id, ids for
 * a checkbox, text for a field or area), bundle choices with their quantity (`parseBundleQty`: §5
 * default 1). Options the product does not have, empty values and entries that are not objects are
 * left out; `bundle` is set only for a bundle with chosen options.
 */
export function lineOptionInputs(product: OptionsProduct, productOption: unknown): { custom: CustomOptionInputs; bundle?: BundleChoices } {
  const ext = (productOption as LineOptions | null | undefined)?.extension_attributes;
  const entries = <T>(list: T[] | undefined): T[] => (Array.isArray(list) ? list.filter((x) => !!x && typeof x === 'object') : []);
  const custom: CustomOptionInputs = {};
  for (const chosen of entries(ext?.custom_options)) {
    const opt = product.custom_options?.find((o) => String(o.option_id) === String(chosen.option_id));
    const raw = chosen.option_value;
    if (!opt || raw === '' || raw === null || raw === undefined) continue;
    if (opt.type === 'field' || opt.type === 'area') custom[opt.option_id] = String(raw);
    else if (opt.type === 'checkbox') custom[opt.option_id] = String(raw).split(',').map(Number);
    else custom[opt.option_id] = Number(raw);
  }
  const chosenBundles = entries(ext?.bundle_options);
  if (product.type_id !== 'bundle' || !chosenBundles.length) return { custom };
  const bundle: BundleChoices = {};
  for (const chosen of chosenBundles) {
    const opt = product.bundle_options?.find((o) => String(o.option_id) === String(chosen.option_id));
    if (!opt) continue;
    const linkIds = (Array.isArray(chosen.option_selections) ? chosen.option_selections : []).map(Number);
    bundle[opt.option_id] = { linkIds, qty: parseBundleQty(chosen.option_qty) };
  }
  return { custom, bundle };
}

/** Custom option defaults: radio its first value; checkbox false; others empty. */
export function customOptionDefaults(options: CustomOption[]): CustomOptionInputs {
  const out: CustomOptionInputs = {};
  for (const o of options) {
    if (o.type === 'radio') out[o.option_id] = o.values[0]?.option_type_id ?? '';
    else if (o.type === 'checkbox') out[o.option_id] = false;
    else out[o.option_id] = '';
  }
  return out;
}

/** The bundle quantity a raw input stands for: numeric, min 0, default 1 when empty or not a number. */
export function parseBundleQty(raw: unknown): number {
  if (raw === '' || raw === null || raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isFinite(n)) return 1;
  return Math.max(0, n);
}

const bundleQtySchema = () => z.preprocess(parseBundleQty, z.number().min(0));
/** The bundle quantity input as a zod schema (same rule as parseBundleQty). */
// Built in a pure call, so client bundles that never read it (the product page island) leave zod out.
export const BundleQtySchema = /* @__PURE__ */ bundleQtySchema();

/** True when a required custom option's value counts as missing: empty, null, false or 0. */
export function isMissing(value: CustomOptionInput): boolean {
  if (value === undefined || value === null || value === false || value === 0) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Required custom options fail when empty, null, false or 0: 'Field is required.'. */
export function validateCustomOptions(options: CustomOption[], values: CustomOptionInputs): OptionsValidation {
  const fields: Record<number, string> = {};
  for (const o of options) {
    if (o.is_require && isMissing(values[o.option_id])) fields[o.option_id] = messages.fieldRequiredDot;
  }
  const valid = Object.keys(fields).length === 0;
  return valid ? { valid, fields } : { valid, fields, productError: messages.configureCustomOptions };
}

/** A required bundle option's quantity and selection must be greater than 0: 'Must be greater than 0'. */
export function validateBundleOptions(options: BundleOption[], choices: BundleChoices): OptionsValidation {
  const fields: Record<number, string> = {};
  for (const o of options) {
    if (!o.required) continue;
    const c = choices[o.option_id];
    if (!c || c.linkIds.length === 0 || !(Number(c.qty) > 0)) fields[o.option_id] = messages.mustBeGreaterThanZero;
  }
  const valid = Object.keys(fields).length === 0;
  return valid ? { valid, fields } : { valid, fields, productError: messages.configureBundleOptions };
}

/** The product's errors map with the custom and bundle option errors set or cleared. */
export function optionErrors(
  errors: Record<string, string | null>,
  custom: OptionsValidation | null,
  bundle: OptionsValidation | null,
): Record<string, string | null> {
  const out = { ...errors };
  delete out.custom_options;
  delete out.bundle_options;
  if (custom?.productError) out.custom_options = custom.productError;
  if (bundle?.productError) out.bundle_options = bundle.productError;
  return out;
}
