import { describe, expect, it } from 'vitest';
import {
  isVariantAvailable,
  defaultChild,
  configureProduct,
  changeSelection,
  findVariant,
  findChildBySku,
  selectionOf,
  isOptionValueAvailable,
} from '../../src/lib/catalog/variants';
import { messages } from '../../src/lib/messages';
import { ring } from './catalog-fixtures';

const outOfStock = { is_in_stock: false, qty: 0 };

describe('variant availability', () => {
  it('a variant with status 2 or higher is unavailable', () => {
    expect(isVariantAvailable({ status: 2, stock: { is_in_stock: true } })).toBe(false);
    expect(isVariantAvailable({ status: 3, stock: { is_in_stock: true } })).toBe(false);
  });

  it('a variant with status below 2 in stock is available', () => {
    expect(isVariantAvailable({ status: 1, stock: { is_in_stock: true } })).toBe(true);
    expect(isVariantAvailable({ status: 0, stock: { is_in_stock: true } })).toBe(true);
  });

  it('an out-of-stock variant is unavailable while out-of-stock listing is off', () => {
    expect(isVariantAvailable({ status: 1, stock: { is_in_stock: false } }, { listOutOfStock: false })).toBe(false);
  });

  it('an out-of-stock variant is available while out-of-stock listing is on', () => {
    expect(isVariantAvailable({ status: 1, stock: { is_in_stock: false } }, { listOutOfStock: true })).toBe(true);
  });

  it('the default child is the first sellable one (status below 2, in stock), listing on or off', () => {
    const p = ring([{ sku: 'a', status: 2 }, { sku: 'b', stock: outOfStock }, { sku: 'c' }]);
    expect(defaultChild(p, { listOutOfStock: false })?.sku).toBe('c');
    expect(defaultChild(p, { listOutOfStock: true })?.sku).toBe('c');
  });

  it('with none in stock, out-of-stock listing on falls back to the first available child; off, to none', () => {
    const p = ring([
      { sku: 'a', status: 2 },
      { sku: 'b', stock: outOfStock },
      { sku: 'c', stock: outOfStock },
    ]);
    expect(defaultChild(p, { listOutOfStock: true })?.sku).toBe('b');
    expect(defaultChild(p, { listOutOfStock: false })).toBeUndefined();
  });
});

describe('configureProduct', () => {
  const p = ring([
    { sku: 'gold-L', color: 49, size: 167, price: 1000 },
    { sku: 'gold-M', color: 49, size: 168, price: 1050, status: 2 },
    { sku: 'silver-M', color: 50, size: 168, price: 900, stock: outOfStock },
    { sku: 'silver-N', color: 50, size: 169, price: 950, image: '/catalog/product/ring/silver.svg' },
    {
      sku: 'gold-N',
      custom_attributes: [
        { attribute_code: 'color', value: '49' },
        { attribute_code: 'size', value: '169' },
      ],
    },
  ]);

  it('picks the first available child matching the chosen options', () => {
    const r = configureProduct(p, { color: 50, size: 169 }, { listOutOfStock: false });
    expect(r.child?.sku).toBe('silver-N');
    expect(r.error).toBeUndefined();
  });

  it('merges the child into the product and keeps the parent sku', () => {
    const r = configureProduct(p, { color: 50, size: 169 }, { listOutOfStock: false });
    expect(r.product).toMatchObject({ sku: 'silver-N', parentSku: 'EVR-1042', price: 950, image: '/catalog/product/ring/silver.svg', is_configured: true });
    expect(r.product.name).toBe('Evermore Platinum Solitaire Ring');
    expect(r.product.slug).toBe('evermore-platinum-solitaire-ring');
  });

  it('matches options held in custom_attributes', () => {
    expect(configureProduct(p, { color: 49, size: 169 }).child?.sku).toBe('gold-N');
  });

  it('a partial selection picks the first matching child', () => {
    expect(configureProduct(p, { color: 50 }, { listOutOfStock: false }).child?.sku).toBe('silver-N');
    // Listing on, the out-of-stock silver-M matches too, but the in-stock silver-N comes first.
    expect(configureProduct(p, { color: 50 }, { listOutOfStock: true }).child?.sku).toBe('silver-N');
    // Asked for exactly, an out-of-stock child is still chosen with listing on (the page says it is out of stock).
    expect(configureProduct(p, { color: 50, size: 168 }, { listOutOfStock: true }).child?.sku).toBe('silver-M');
  });

  it('skips a disabled child and falls back to the default child', () => {
    const r = configureProduct(p, { color: 49, size: 168 });
    expect(r.child?.sku).toBe('gold-L');
    expect(r.selection).toEqual({ color: 49, size: 167 });
  });

  it('skips an out-of-stock child when out-of-stock listing is off', () => {
    expect(configureProduct(p, { color: 50, size: 168 }, { listOutOfStock: false }).child?.sku).toBe('gold-L');
    expect(configureProduct(p, { color: 50, size: 168 }, { listOutOfStock: true }).child?.sku).toBe('silver-M');
  });

  it('sets the variants error when no child is available', () => {
    const none = ring([
      { sku: 'x', status: 2 },
      { sku: 'y', stock: outOfStock },
    ]);
    const r = configureProduct(none, { color: 49 }, { listOutOfStock: false });
    expect(r.child).toBeUndefined();
    expect(r.error).toBe('No available product variants');
    expect(r.product.errors.variants).toBe(messages.noAvailableVariants);
    expect(r.product.is_configured).toBe(true);
    expect(r.product.sku).toBe('EVR-1042');
  });

  it('clears an earlier variants error once a child is chosen', () => {
    const withError = { ...p, errors: { variants: messages.noAvailableVariants } };
    expect(configureProduct(withError, { color: 49, size: 167 }).product.errors).toEqual({});
  });

  it('is_configured becomes true', () => {
    expect(p.is_configured).toBeFalsy();
    expect(configureProduct(p, {}).product.is_configured).toBe(true);
  });

  it('reconfiguring a configured product keeps the original parent sku', () => {
    const first = configureProduct(p, { color: 49, size: 167 }).product;
    expect(configureProduct(first, { color: 50, size: 169 }).product.parentSku).toBe('EVR-1042');
  });
});

describe('changing a selection on the product page', () => {
  const p = ring([
    { sku: 'gold-L', color: 49, size: 167 },
    { sku: 'silver-M', color: 50, size: 168 },
  ]);

  it('a choice with a variant keeps the new selection', () => {
    const r = changeSelection(p, { color: 49, size: 167 }, 'size', 167);
    expect(r).toMatchObject({ selection: { color: 49, size: 167 } });
    expect(r.child?.sku).toBe('gold-L');
    expect(r.notice).toBeUndefined();
  });

  it('a choice with no variant restores the previous selection with the wrong-attributes notice', () => {
    const r = changeSelection(p, { color: 49, size: 167 }, 'size', 168);
    expect(r.selection).toEqual({ color: 49, size: 167 });
    expect(r.child?.sku).toBe('gold-L');
    expect(r.notice).toBe('No such configuration for the product. Please do choose another combination of attributes.');
  });

  it('tells which option values have a variant', () => {
    expect(isOptionValueAvailable(p, { color: 49 }, 'size', 167)).toBe(true);
    expect(isOptionValueAvailable(p, { color: 49 }, 'size', 168)).toBe(false);
  });

  it('finds a child by sku and the selection it stands for', () => {
    const child = findChildBySku(p, 'silver-M');
    expect(child && selectionOf(p, child)).toEqual({ color: 50, size: 168 });
    expect(findVariant(p, { color: 50 })?.sku).toBe('silver-M');
  });
});
