/** The one totals-rows rule (src/lib/checkout/totals.ts): the row order, the labels, the discount row and "Free". */
import { describe, expect, it } from 'vitest';
import { totalsRows, type TotalsFigures } from '../../src/lib/checkout/totals';
import { orderTotals } from '../../src/lib/account/orders';
import { externalOrderLines, externalOrderTotals } from '../../src/lib/checkout/order-success';

const rows = (f: TotalsFigures) => totalsRows(f).map((r) => [r.key, r.label, r.value]);
const BAG: TotalsFigures = { subtotal: 120, discount: -12, couponCode: 'WELCOME10', shipping: 6, shippingChosen: true, tax: 19, grandTotal: 114 };

describe('totals rows', () => {
  it('subtotal, discount, shipping, grand total, then the VAT included in it', () => {
    expect(rows(BAG)).toEqual([
      ['subtotal', 'Subtotal', '£120.00'],
      ['discount', 'Discount (WELCOME10)', '-£12.00'],
      ['shipping', 'Shipping', '£6.00'],
      ['grand_total', 'Grand total', '£114.00'],
      ['tax', 'VAT (included)', '£19.00'],
    ]);
  });

  it('a discount without a code is "Discount"; no discount, no row', () => {
    expect(rows({ ...BAG, couponCode: null })[1]).toEqual(['discount', 'Discount', '-£12.00']);
    expect(rows({ ...BAG, discount: 0 }).map(([key]) => key)).toEqual(['subtotal', 'shipping', 'grand_total', 'tax']);
  });

  it("a chosen method's shipping of 0 reads Free; a 0 before any method is chosen is an amount", () => {
    expect(rows({ ...BAG, shipping: 0 })[2]).toEqual(['shipping', 'Shipping', 'Free']);
    expect(rows({ ...BAG, shipping: 0, shippingChosen: false })[2]).toEqual(['shipping', 'Shipping', '£0.00']);
    expect(rows({ ...BAG, shipping: 6, shippingChosen: false })[2]).toEqual(['shipping', 'Shipping', '£6.00']);
  });

  it('an external order result has no subtotal row; its free shipping reads Free', () => {
    expect(rows(externalOrderTotals({ order_total: 99, order_tax: 16.5, order_shipping: 0 }))).toEqual([
      ['shipping', 'Shipping', 'Free'],
      ['grand_total', 'Grand total', '£99.00'],
      ['tax', 'VAT (included)', '£16.50'],
    ]);
  });

  it("an account order's rows: its shipping is the chosen method's", () => {
    const order = { subtotal: 100, subtotal_incl_tax: 120, tax_amount: 20, discount_amount: 0, shipping_amount: 0, shipping_incl_tax: 0, grand_total: 120 };
    expect(rows(orderTotals(order))).toEqual([
      ['subtotal', 'Subtotal', '£120.00'],
      ['shipping', 'Shipping', 'Free'],
      ['grand_total', 'Grand total', '£120.00'],
      ['tax', 'VAT (included)', '£20.00'],
    ]);
  });

  it('writes the amounts with the given format', () => {
    expect(totalsRows(BAG, (n) => `€${n}`).map((r) => r.value)).toEqual(['€120', '€-12', '€6', '€114', '€19']);
  });
});

describe('order lines beside the totals', () => {
  it("an external order's lines: a line without a name shows its sku, and there is no row total", () => {
    const lines = [
      { line_sku: 'RING-1', line_name: 'Silver Ring', line_qty: 2, line_original_price: 120, line_discount: 0 },
      { line_sku: 'CHAIN-9', line_qty: 1, line_original_price: 45, line_discount: 0 },
    ];
    expect(externalOrderLines({ order_lines: lines })).toEqual([
      { name: 'Silver Ring', sku: 'RING-1', qty: 2, price: 120 },
      { name: 'CHAIN-9', sku: 'CHAIN-9', qty: 1, price: 45 },
    ]);
  });
});
