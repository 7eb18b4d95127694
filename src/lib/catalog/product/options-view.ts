/**
 * What the product form's option fields show and how a click changes a choice (spec §4 Option prices,
 * §5 bundles): the custom options in their sort order, the extra a value adds to the price, a bundle
 * link's prices, and the choices after ticking a bundle link or a custom checkbox. Pure; the option
 * components of src/browser/product/product-options/ render them.
 */
import { priceFieldsOf, productPrices, type ProductPrices } from '../price';
import { optionValuePrice, type CustomOptionInput } from '../options';
import type { FormProduct } from './form';
import type { ListProduct } from './summary-view';

type CustomOption = FormProduct['custom_options'][number];
type BundleLink = FormProduct['bundle_options'][number]['product_links'][number];

/** The custom options in their sort order (no sort order counts as 0). */
export function sortedCustomOptions(p: Pick<FormProduct, 'custom_options'>): CustomOption[] {
  return [...p.custom_options].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
}

/** What a custom option value adds to the price: its fixed amount, or its percent of `unitOriginal`. */
export function optionExtra(price: unknown, type: 'fixed' | 'percent' | null | undefined, unitOriginal: number): number {
  return optionValuePrice({ price: Number(price ?? 0), price_type: type ?? 'fixed' }, unitOriginal);
}

/** A bundle link's prices: its product's (special price and dates included), else the link's own price. */
export function bundleLinkPrices(l: Pick<BundleLink, 'price' | 'product'>): ProductPrices {
  return l.product ? productPrices(priceFieldsOf(l.product)) : { original: Number(l.price ?? 0), special: null, final: Number(l.price ?? 0) };
}

/** A bundle option's chosen links after ticking (`on`) or unticking a link: several for checkbox and multi, else one. */
export function pickBundleLink(chosen: readonly number[], id: number, on: boolean, multi: boolean): number[] {
  if (!multi) return on ? [id] : [];
  const others = chosen.filter((x) => x !== id);
  return on ? [...others, id] : others;
}

/** A custom checkbox option's input after ticking (`on`) or unticking a value: the chosen ids, or false when none is left. */
export function toggleCustomValue(o: Pick<CustomOption, 'values'>, input: CustomOptionInput, id: number, on: boolean): number[] | false {
  const now = input === true ? [o.values[0]!.option_type_id] : Array.isArray(input) ? input : [];
  const next = on ? [...now, id] : now.filter((x) => x !== id);
  return next.length ? next : false;
}

/** True when a value of a radio or checkbox custom option is chosen (a checkbox given as `true` means its first value). */
export function customValueChosen(o: Pick<CustomOption, 'type' | 'values'>, input: CustomOptionInput, id: number): boolean {
  if (o.type === 'radio') return Number(input) === id;
  return input === true ? id === o.values[0]?.option_type_id : Array.isArray(input) && input.includes(id);
}

/** The product's brand in words, from its comparable attributes; null when it has none. */
export function brandOf(summary: Pick<ListProduct, 'compare'>): string | null {
  return summary.compare?.find((r) => r.code === 'brand' || r.code === 'pj_brand')?.value ?? null;
}
