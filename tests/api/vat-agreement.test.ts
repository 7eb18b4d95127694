/**
 * One VAT rule for a bag: the reference API's totals and the checkout's own estimate (shown while the
 * API cannot be reached) give the same VAT to the penny for the same lines, as Magento works it out for
 * prices that include tax (the amount without VAT rounded half up first, the VAT the rest).
 */
import { describe, expect, it } from 'vitest';
import { estimateTotals } from '../../src/lib/checkout/state';
import { useTestShop } from './fixture';

/** The fixture's PENDANT-105 (£100) with gift wrap (+£3.95): £103.95 a piece, whose VAT at 20 % lands on half pennies. */
const PENDANT = { sku: 'PENDANT-105', product_option: { extension_attributes: { custom_options: [{ option_id: 3, option_value: '31' }] } } };

describe('the VAT of a bag', () => {
  const shop = useTestShop();

  it("is the API's and the offline estimate's alike, line by line, for every quantity", async () => {
    const s = shop();
    for (let qty = 1; qty <= 7; qty++) {
      const cartId = (await s.call('POST', '/api/cart/create')).body.result as string;
      const q = { cartId };
      expect((await s.call('POST', '/api/cart/update', { query: q, body: { cartItem: { ...PENDANT, qty } } })).status).toBe(200);
      expect((await s.call('POST', '/api/cart/update', { query: q, body: { cartItem: { sku: 'RING-101', qty: 1 } } })).status).toBe(200);
      const t = (await s.call('GET', '/api/cart/totals', { query: q })).body.result as {
        tax_amount: number;
        items: { price_incl_tax: number; qty: number; tax_amount: number }[];
      };
      const estimate = estimateTotals(
        t.items.map((l) => ({ price: l.price_incl_tax, qty: l.qty })),
        0,
      );
      expect(estimate.tax, `${qty} pendants and a ring`).toBe(t.tax_amount);
      // The lines' VAT adds up to the bag's (no discount, no shipping).
      expect(Math.round(t.items.reduce((sum, l) => sum + l.tax_amount, 0) * 100) / 100).toBe(t.tax_amount);
    }
  });

  it('rounds the amount without VAT half up first: 3 × £103.95 = £311.85 is £259.88 + £51.97', async () => {
    const s = shop();
    const cartId = (await s.call('POST', '/api/cart/create')).body.result as string;
    await s.call('POST', '/api/cart/update', { query: { cartId }, body: { cartItem: { ...PENDANT, qty: 3 } } });
    const t = (await s.call('GET', '/api/cart/totals', { query: { cartId } })).body.result as { tax_amount: number; subtotal: number };
    // 311.85 / 1.2 = 259.875, half up 259.88; 311.85 − 259.88 = 51.97.
    expect([t.subtotal, t.tax_amount]).toEqual([259.88, 51.97]);
    expect(estimateTotals([{ price: 103.95, qty: 3 }], 0).tax).toBe(51.97);
    // 51.99 / 1.2 = 43.325, half up 43.33; 51.99 − 43.33 = 8.66 (the estimate said 8.67).
    expect(estimateTotals([{ price: 51.99, qty: 1 }], 0).tax).toBe(8.66);
  });
});
