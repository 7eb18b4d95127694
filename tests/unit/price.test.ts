import { describe, expect, it } from 'vitest';
import { applySpecialPrice, CUSTOMER_GROUPS, productPrices, specialPriceApplies, storeMoney, storeRate, tierPrice } from '../../src/lib/catalog/price';
import { config } from '../../src/lib/config';
import { product, ring } from './catalog-fixtures';

const now = new Date('2026-07-03T12:00:00Z');

describe('special price', () => {
  it('special price applies when below the price and inside its dates', () => {
    const p = { price: 100, special_price: 80, special_from_date: '2026-07-01 00:00:00', special_to_date: '2026-07-10 00:00:00' };
    expect(specialPriceApplies(p, now)).toBe(true);
    expect(applySpecialPrice(p, now).special_price).toBe(80);
  });

  it('special price not below the price is reset to 0', () => {
    expect(applySpecialPrice({ price: 100, special_price: 100 }, now).special_price).toBe(0);
    expect(applySpecialPrice({ price: 100, special_price: 120 }, now).special_price).toBe(0);
  });

  it('special price ignored before its start date', () => {
    const p = { price: 100, special_price: 80, special_from_date: '2026-07-04 00:00:00' };
    expect(applySpecialPrice(p, now).special_price).toBe(0);
  });

  it('special price ignored after its end date', () => {
    const p = { price: 100, special_price: 80, special_to_date: '2026-07-02 23:59:59' };
    expect(applySpecialPrice(p, now).special_price).toBe(0);
  });

  it('a window ending today still applies', () => {
    const p = { price: 100, special_price: 80, special_to_date: '2026-07-03 00:00:00' };
    expect(applySpecialPrice(p, new Date('2026-07-03T22:00:00Z')).special_price).toBe(80);
  });

  it('a window starting today applies from the start of the day', () => {
    const p = { price: 100, special_price: 80, special_from_date: '2026-07-03 18:00:00' };
    expect(applySpecialPrice(p, new Date('2026-07-03T07:00:00Z')).special_price).toBe(80);
  });

  it('missing dates mean an open-ended window', () => {
    expect(applySpecialPrice({ price: 100, special_price: 80 }, now).special_price).toBe(80);
    expect(applySpecialPrice({ price: 100, special_price: 80, special_from_date: '2020-01-01' }, now).special_price).toBe(80);
    expect(applySpecialPrice({ price: 100, special_price: 80, special_to_date: '2030-01-01T00:00:00Z' }, now).special_price).toBe(80);
  });

  it('reads iso dates as well as backend dates', () => {
    const p = { price: 100, special_price: 80, special_from_date: '2026-07-01T00:00:00.000Z', special_to_date: '2026-07-03T10:00:00.000Z' };
    expect(applySpecialPrice(p, now).special_price).toBe(80);
  });

  it('today is the day in the uk, not in utc', () => {
    // 23:30 UTC on 3 July is already 4 July in London (BST).
    const p = { price: 100, special_price: 80, special_to_date: '2026-07-03 23:59:59' };
    expect(applySpecialPrice(p, new Date('2026-07-03T23:30:00Z')).special_price).toBe(0);
  });

  it('a missing or zero special price becomes 0', () => {
    expect(applySpecialPrice<{ price: number; special_price?: number }>({ price: 100 }, now).special_price).toBe(0);
    expect(applySpecialPrice({ price: 100, special_price: null }, now).special_price).toBe(0);
  });

  it('does not change the product it is given', () => {
    const p = { price: 100, special_price: 120 };
    applySpecialPrice(p, now);
    expect(p.special_price).toBe(120);
  });
});

describe('productPrices', () => {
  it('final price is the special price when it applies', () => {
    expect(productPrices(product({ price: 250, special_price: 199 }), now)).toEqual({ original: 250, special: 199, final: 199 });
  });

  it('final price is the original price when no special applies', () => {
    expect(productPrices(product({ price: 250, special_price: 300 }), now)).toEqual({ original: 250, special: null, final: 250 });
    expect(productPrices(product({ price: 250, special_price: 199, special_to_date: '2026-06-30 00:00:00' }), now)).toEqual({
      original: 250,
      special: null,
      final: 250,
    });
  });

  it('reads prices sent as numeric strings', () => {
    expect(productPrices(product({ price: '99.50' }), now).final).toBe(99.5);
  });

  it('configurable product without a price shows its first available child price', () => {
    const p = ring([{ price: 900, status: 2 }, { price: 1200, special_price: 1000 }, { price: 1500 }]);
    expect(productPrices(p, now)).toEqual({ original: 1200, special: 1000, final: 1000 });
  });

  it('a configurable is priced by its first sellable child: an out-of-stock one is skipped while another is in stock, listing on or off', () => {
    const p = ring([{ price: 900, stock: { is_in_stock: false, qty: 0 } }, { price: 1100 }]);
    expect(productPrices(p, now, { listOutOfStock: false }).final).toBe(1100);
    expect(productPrices(p, now, { listOutOfStock: true }).final).toBe(1100);
    const allOut = ring([{ price: 900, stock: { is_in_stock: false, qty: 0 } }]);
    expect(productPrices(allOut, now, { listOutOfStock: true }).final).toBe(900);
  });

  it('configurable product with its own price keeps it', () => {
    expect(productPrices(ring([{ price: 900 }], { price: 850 }), now).final).toBe(850);
  });
});

describe('group price tiers (§6)', () => {
  const tiers = [
    { customer_group_id: 0, qty: 3, value: 44.99 },
    { customer_group_id: 1, qty: 1, value: 47.49 },
    { customer_group_id: 32000, qty: 10, value: 40 },
  ];
  it('the lowest tier of the group, or of every group, from its quantity', () => {
    expect(tierPrice(tiers, { groupId: CUSTOMER_GROUPS.guest })).toBeNull();
    expect(tierPrice(tiers, { groupId: CUSTOMER_GROUPS.guest, qty: 3 })).toBe(44.99);
    expect(tierPrice(tiers, { groupId: CUSTOMER_GROUPS.customer })).toBe(47.49);
    expect(tierPrice(tiers, { groupId: CUSTOMER_GROUPS.customer, qty: 10 })).toBe(40);
    expect(tierPrice([], { groupId: 1 })).toBeNull();
    expect(tierPrice(undefined, { groupId: 1 })).toBeNull();
  });

  it('a lower group price shows like a special price; a higher one or none changes nothing', () => {
    const p = { price: 49.99, tier_prices: tiers };
    expect(productPrices(p, new Date(), { tier: { groupId: 1 } })).toEqual({ original: 49.99, special: 47.49, final: 47.49 });
    expect(productPrices(p)).toEqual({ original: 49.99, special: null, final: 49.99 });
    expect(productPrices({ price: 30, tier_prices: tiers }, new Date(), { tier: { groupId: 1 } }).final).toBe(30);
  });
});

describe("a store view's currency (multistore)", () => {
  const [de] = config.storeViews.others;

  it('storeRate: 1 for the catalogue currency, the configured rate for another', () => {
    expect(storeRate(config.storeViews.default)).toBe(1);
    expect(storeRate(de!)).toBe(1.17);
    // A store view in pounds too is not converted, whatever rate it names.
    expect(storeRate({ ...de!, i18n: { ...de!.i18n, currencyCode: 'GBP', exchangeRate: 2 } })).toBe(1);
  });

  it("storeMoney without a rate converts at the store view's own, to the cent", () => {
    expect(storeMoney('de').convert(1095)).toBe(1281.15);
    expect(storeMoney('de').convert(103.95)).toBe(121.62);
    expect(storeMoney('de').format(storeMoney('de').convert(1095))).toBe('1.281,15 €');
    expect(storeMoney('gb').convert(1095)).toBe(1095);
    expect(storeMoney('de', 1).convert(1095)).toBe(1095);
  });
});
