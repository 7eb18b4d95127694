/**
 * Magento's catalogue price rules (§4 Price): the index's final_price is what the shopper pays where it
 * is lower than the price or the special price that applies; a final_price that only repeats the special
 * price follows the special price's dates. The product page, the search record, the shopper's lists, the
 * product form (the cart line) and the reference API's charge say the same amount.
 */
import { describe, expect, it } from 'vitest';
import { productPrices } from '../../src/lib/catalog/price';
import { formProduct, initialFormState, unitPrices } from '../../src/lib/catalog/product/form';
import { listProduct } from '../../src/lib/build/product-island-props';
import { bundleLinkPrices } from '../../src/lib/catalog/product/options-view';
import { asListProduct, listPrices } from '../../src/lib/catalog/product/summary-view';
import { toSearchDoc } from '../../src/lib/search/build';
import { docPrices } from '../../src/lib/search/types';
import type { Product } from '../../src/lib/schemas';
import { unitPrice, type SkuRow } from '../../server/pricing';
import { skuRow } from '../../server/seed';
import { product, ring } from './catalog-fixtures';

const now = new Date('2026-07-03T12:00:00Z');
const ENDED = { special_from_date: '2026-06-01 00:00:00', special_to_date: '2026-06-30 00:00:00' };

describe('the catalogue price rules price (final_price)', () => {
  it('is paid where it is below the price', () => {
    expect(productPrices({ price: 200, final_price: 170 }, now)).toEqual({ original: 200, special: 170, final: 170 });
  });
  it('is paid where it is below a special price that applies', () => {
    expect(productPrices({ price: 1000, special_price: 900, final_price: 850 }, now)).toEqual({ original: 1000, special: 850, final: 850 });
  });
  it('a special price below it wins', () => {
    expect(productPrices({ price: 1000, special_price: 800, final_price: 850 }, now)).toEqual({ original: 1000, special: 800, final: 800 });
  });
  it('equal to the price, above it, or 0: nothing changes', () => {
    for (const final_price of [200, 250, 0, null])
      expect(productPrices({ price: 200, final_price }, now)).toEqual({ original: 200, special: null, final: 200 });
  });
  it('equal to a special price that has ended: the index saw the special price, whose dates have passed', () => {
    expect(productPrices({ price: 500, special_price: 400, final_price: 400, ...ENDED }, now)).toEqual({ original: 500, special: null, final: 500 });
  });
  it('below a special price that has ended: the rule price', () => {
    expect(productPrices({ price: 800, special_price: 700, final_price: 720, ...ENDED }, now)).toEqual({ original: 800, special: 720, final: 720 });
  });
});

/** The reference API's row of a sku (server/seed.ts). */
const skuRowOf = (p: Product, childSku?: string): SkuRow => skuRow(p, childSku ? p.configurable_children!.find((x) => x.sku === childSku)! : undefined);

describe('one catalogue rule price everywhere', () => {
  it('a simple product: page, search record, list entry, product form and charge', () => {
    const p = product({ price: 200, final_price: 170 });
    expect(productPrices(p, now).final).toBe(170);
    expect(productPrices(docPrices(toSearchDoc(p)), now).final).toBe(170);
    expect(listPrices(asListProduct(listProduct(p)), now)?.final).toBe(170);
    const form = formProduct(p);
    expect(unitPrices(form, initialFormState(form), now).final).toBe(170);
    expect(unitPrice(skuRowOf(p), null, now)).toBe(170);
  });

  it('a configurable child: its own final_price, not its parent’s', () => {
    const p = ring([{ price: 1000, final_price: 900 }, { price: 1100 }], { final_price: 900 });
    expect(productPrices(p, now).final).toBe(900);
    expect(productPrices(docPrices(toSearchDoc(p)), now).final).toBe(900);
    const form = formProduct(p);
    const second = initialFormState(form, { childSku: 'EVR-1042-1' });
    expect(unitPrices(form, second, now).final).toBe(1100);
    expect(unitPrice(skuRowOf(p, 'EVR-1042-0'), null, now)).toBe(900);
    expect(unitPrice(skuRowOf(p, 'EVR-1042-1'), null, now)).toBe(1100);
  });

  it('a bundle choice priced by its linked product', () => {
    expect(bundleLinkPrices({ price: null, product: { id: 1, sku: 'L', name: 'L', price: 300, final_price: 270 } }).final).toBe(270);
  });
});
