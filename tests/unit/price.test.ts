import { describe, expect, it } from 'vitest';
import {
  applySpecialPrice,
  CUSTOMER_GROUPS,
  pricesMoveBetween,
  productPrices,
  specialPriceApplies,
  storeMoney,
  storeRate,
  tierPrice,
} from '../../src/lib/catalog/price';
import { dayNumber } from '../../src/lib/messages/format';
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

describe("whether the days between two days move a price (the renderer's keys on a new day)", () => {
  // Noon in London each day from 28 June to 8 July 2026, and the day numbers of those days.
  const days = Array.from({ length: 11 }, (_, i) => new Date(Date.UTC(2026, 5, 28 + i, 11)));
  const n = (d: Date) => dayNumber(d)!;
  const windows = [
    { price: 100, special_price: 80, special_from_date: '2026-07-03 00:00:00' },
    { price: 100, special_price: 80, special_to_date: '2026-07-03 23:00:00' },
    { price: 100, special_price: 80, special_from_date: '2026-07-01 00:00:00', special_to_date: '2026-07-05 00:00:00' },
    // Starting and ending between two days: neither day shows it, a day between does.
    { price: 100, special_price: 80, special_from_date: '2026-07-02 00:00:00', special_to_date: '2026-07-02 00:00:00' },
    { price: 100, special_price: 80, special_from_date: '2026-07-03T23:30:00Z' },
  ];

  it('moves whenever the special price applies on one day and not on the other (every pair of days, every window)', () => {
    for (const w of windows)
      for (const a of days)
        for (const b of days)
          if (specialPriceApplies(w, a) !== specialPriceApplies(w, b))
            expect(pricesMoveBetween(w, n(a), n(b)), `${JSON.stringify(w)} ${n(a)} ${n(b)}`).toBe(true);
  });

  it('moves when a window opens or closes between the days, either way round, and not otherwise', () => {
    const from3 = windows[0]!;
    expect(pricesMoveBetween(from3, 20260702, 20260703)).toBe(true);
    expect(pricesMoveBetween(from3, 20260703, 20260702)).toBe(true);
    expect(pricesMoveBetween(from3, 20260703, 20260708)).toBe(false);
    expect(pricesMoveBetween(from3, 20260628, 20260702)).toBe(false);
    const to3 = windows[1]!;
    expect(pricesMoveBetween(to3, 20260703, 20260704)).toBe(true);
    expect(pricesMoveBetween(to3, 20260628, 20260703)).toBe(false);
    // A window wholly between the days: a key read on a day between would move.
    expect(pricesMoveBetween(windows[3]!, 20260701, 20260703)).toBe(true);
    // 23:30 UTC on 3 July is 4 July in London (BST): the window opens on the 4th.
    expect(pricesMoveBetween(windows[4]!, 20260702, 20260703)).toBe(false);
    expect(pricesMoveBetween(windows[4]!, 20260703, 20260704)).toBe(true);
    expect(pricesMoveBetween({ price: 100, special_price: 80 }, 20260101, 20261231)).toBe(false);
    expect(pricesMoveBetween(from3, 20260703, 20260703)).toBe(false);
  });

  it("reads the windows of the records a product's prices are made of: children, bundle items, linked products", () => {
    const from3 = windows[0]!;
    const moves = (p: Parameters<typeof pricesMoveBetween>[0]) => pricesMoveBetween(p, 20260702, 20260703);
    expect(moves({ price: 0, configurable_children: [{ price: 50 }, from3] })).toBe(true);
    expect(moves({ price: 0, bundle_options: [{ product_links: [{ product: { price: 5 } }, { product: from3 }] }] })).toBe(true);
    expect(moves({ price: 10, product_links: [{ product: from3 }] })).toBe(true);
    expect(moves({ price: 10, configurable_children: [{ price: 50 }], bundle_options: [{ product_links: [{}] }], product_links: [{ product: null }] })).toBe(
      false,
    );
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
