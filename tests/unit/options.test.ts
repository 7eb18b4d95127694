import { describe, expect, it } from 'vitest';
import {
  optionValuePrice,
  customOptionsPrice,
  bundlePrice,
  priceWithOptions,
  customOptionDefaults,
  bundleOptionDefaults,
  parseBundleQty,
  BundleQtySchema,
  validateCustomOptions,
  validateBundleOptions,
  optionErrors,
  isMissing,
} from '../../src/lib/catalog/options';
import { CustomOptionSchema, BundleOptionSchema } from '../../src/lib/schemas';
import { product } from './catalog-fixtures';

const now = new Date('2026-07-03T12:00:00Z');

const engraving = CustomOptionSchema.parse({ option_id: 1, type: 'field', title: 'Engraving', is_require: true, price: 15, price_type: 'fixed' });
const giftBox = CustomOptionSchema.parse({
  option_id: 2,
  type: 'radio',
  title: 'Gift box',
  is_require: true,
  values: [
    { option_type_id: 21, title: 'Standard', price: 0, price_type: 'fixed' },
    { option_type_id: 22, title: 'Luxury', price: 12.5, price_type: 'fixed' },
  ],
});
const insurance = CustomOptionSchema.parse({
  option_id: 3,
  type: 'checkbox',
  title: 'Insurance',
  is_require: false,
  values: [{ option_type_id: 31, title: 'One year', price: 10, price_type: 'percent' }],
});
const metal = CustomOptionSchema.parse({
  option_id: 4,
  type: 'drop_down',
  title: 'Chain',
  is_require: false,
  values: [
    { option_type_id: 41, title: 'Silver', price: 5, price_type: 'percent' },
    { option_type_id: 42, title: 'Gold', price: 40, price_type: 'fixed' },
  ],
});

const linked = (id: number, price: number, extra: Record<string, unknown> = {}) => ({ id, sku: `L-${id}`, name: `Linked ${id}`, price, ...extra });
const watchBox = BundleOptionSchema.parse({
  option_id: 7,
  title: 'Watch',
  required: true,
  product_links: [
    { id: 71, qty: 1, is_default: false, product: linked(701, 300) },
    { id: 72, qty: 1, is_default: true, product: linked(702, 450, { special_price: 400 }) },
  ],
});
const strap = BundleOptionSchema.parse({
  option_id: 8,
  title: 'Spare strap',
  required: false,
  product_links: [{ id: 81, qty: 1, is_default: false, product: linked(801, 25) }],
});

describe('option prices', () => {
  it('a fixed option adds its amount', () => {
    expect(optionValuePrice({ price: 12.5, price_type: 'fixed' }, 200)).toBe(12.5);
  });

  it('a percent option adds that percent of the original price', () => {
    expect(optionValuePrice({ price: 10, price_type: 'percent' }, 200)).toBe(20);
  });

  it('sums every chosen custom option', () => {
    const values = { 1: 'J & M', 2: 22, 3: true, 4: 41 };
    // 15 fixed + 12.5 fixed + 10% of 200 + 5% of 200
    expect(customOptionsPrice([engraving, giftBox, insurance, metal], values, 200)).toBe(15 + 12.5 + 20 + 10);
  });

  it('an empty text option or unticked checkbox adds nothing', () => {
    expect(customOptionsPrice([engraving, insurance], { 1: '  ', 3: false }, 200)).toBe(0);
  });

  it('percent uses the original price, not the special price', () => {
    const p = product({ price: 200, special_price: 150, custom_options: [insurance] });
    expect(priceWithOptions(p, { custom: { 3: [31] } }, now)).toEqual({ original: 220, final: 170 });
  });

  it('bundle price is the sum of selected product price times quantity', () => {
    expect(bundlePrice([watchBox, strap], { 7: { linkIds: [71], qty: 2 }, 8: { linkIds: [81], qty: 3 } }, now)).toBe(300 * 2 + 25 * 3);
  });

  it('bundle price uses the selected product special price', () => {
    expect(bundlePrice([watchBox], { 7: { linkIds: [72], qty: 1 } }, now)).toBe(400);
  });

  it('bundle price applies when above 0', () => {
    const p = product({ type_id: 'bundle', price: 999, bundle_options: [watchBox, strap] });
    expect(priceWithOptions(p, { bundle: { 7: { linkIds: [71], qty: 1 } } }, now).final).toBe(300);
    expect(priceWithOptions(p, { bundle: { 7: { linkIds: [71], qty: 0 } } }, now).final).toBe(999);
  });
});

describe('option defaults', () => {
  it('radio defaults to its first value, checkbox to false, others empty', () => {
    expect(customOptionDefaults([engraving, giftBox, insurance, metal])).toEqual({ 1: '', 2: 21, 3: false, 4: '' });
  });

  it('bundle selection defaults to the link flagged default', () => {
    expect(bundleOptionDefaults([watchBox])).toEqual({ 7: { linkIds: [72], qty: 1 } });
  });

  it('bundle selection defaults to the first link when none is flagged', () => {
    expect(bundleOptionDefaults([{ ...strap, required: true }])).toEqual({ 8: { linkIds: [81], qty: 1 } });
  });

  it('an optional bundle option starts with nothing chosen unless a link is flagged default', () => {
    expect(bundleOptionDefaults([strap])).toEqual({ 8: { linkIds: [], qty: 1 } });
    const flagged = { ...strap, product_links: strap.product_links.map((l) => ({ ...l, is_default: true })) };
    expect(bundleOptionDefaults([flagged])).toEqual({ 8: { linkIds: [81], qty: 1 } });
  });

  it('a checkbox bundle option takes every flagged link and the price adds them all', () => {
    const charms = BundleOptionSchema.parse({
      option_id: 9,
      title: 'Charms',
      required: true,
      type: 'checkbox',
      product_links: [
        { id: 91, qty: 1, is_default: true, product: linked(901, 30) },
        { id: 92, qty: 1, is_default: true, product: linked(902, 20) },
        { id: 93, qty: 1, is_default: false, product: linked(903, 90) },
      ],
    });
    expect(bundleOptionDefaults([charms])).toEqual({ 9: { linkIds: [91, 92], qty: 1 } });
    expect(bundlePrice([charms], { 9: { linkIds: [91, 92, 93], qty: 1 } }, now)).toBe(30 + 20 + 90);
  });

  it('a radio bundle option keeps one link even when several are flagged', () => {
    const both = { ...watchBox, product_links: watchBox.product_links.map((l) => ({ ...l, is_default: true })) };
    expect(bundleOptionDefaults([both])[7]!.linkIds).toHaveLength(1);
  });

  it('bundle quantity is numeric, at least 0, default 1', () => {
    expect(parseBundleQty('')).toBe(1);
    expect(parseBundleQty(undefined)).toBe(1);
    expect(parseBundleQty('3')).toBe(3);
    expect(parseBundleQty(-2)).toBe(0);
    expect(parseBundleQty('abc')).toBe(1);
    expect(BundleQtySchema.parse('0')).toBe(0);
  });
});

describe('required custom options', () => {
  it('fails when empty, null, false or 0', () => {
    for (const v of ['', null, false, 0, undefined, []]) expect(isMissing(v as never)).toBe(true);
    for (const v of ['x', 22, true, [31]]) expect(isMissing(v as never)).toBe(false);
  });

  it('shows field is required. and the custom options product error', () => {
    const r = validateCustomOptions([engraving, giftBox, insurance], { 1: '', 2: 0, 3: false });
    expect(r.valid).toBe(false);
    expect(r.fields).toEqual({ 1: 'Field is required.', 2: 'Field is required.' });
    expect(r.productError).toBe('Please configure product custom options and fix the validation errors');
  });

  it('passes when every required option has a value', () => {
    expect(validateCustomOptions([engraving, giftBox, insurance], { 1: 'JM', 2: 21, 3: false })).toEqual({ valid: true, fields: {} });
  });
});

describe('required bundle options', () => {
  it('a required option with quantity 0 must be greater than 0', () => {
    const r = validateBundleOptions([watchBox, strap], { 7: { linkIds: [71], qty: 0 }, 8: { linkIds: [], qty: 0 } });
    expect(r.fields).toEqual({ 7: 'Must be greater than 0' });
    expect(r.productError).toBe('Please configure product bundle options and fix the validation errors');
  });

  it('a required option without a selection must be greater than 0', () => {
    expect(validateBundleOptions([watchBox], { 7: { linkIds: [], qty: 1 } }).fields).toEqual({ 7: 'Must be greater than 0' });
    expect(validateBundleOptions([watchBox], {}).valid).toBe(false);
  });

  it('passes with the defaults', () => {
    expect(validateBundleOptions([watchBox, strap], bundleOptionDefaults([watchBox, strap])).valid).toBe(true);
  });

  it('sets and clears the product errors', () => {
    const bad = validateBundleOptions([watchBox], {});
    const errors = optionErrors({ variants: null }, null, bad);
    expect(errors).toEqual({ variants: null, bundle_options: 'Please configure product bundle options and fix the validation errors' });
    expect(optionErrors(errors, null, { valid: true, fields: {} })).toEqual({ variants: null });
  });
});
