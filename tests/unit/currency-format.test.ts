/** Amounts of cart and order data in the currency they name (src/lib/messages/currency-format.ts). */
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/lib/messages/format';
import { formatPriceIn, priceFormatter } from '../../src/lib/messages/currency-format';
import { config } from '../../src/lib/config';

const [de, it_] = config.storeViews.others as [typeof config.storeViews.default, typeof config.storeViews.default];

describe('formatPriceIn: an amount in the currency its data names (a cart quote, an order)', () => {
  const gb = config.storeViews.default;

  it("writes a currency in the page's own format when the page is in it, and GBP as it always was", () => {
    expect(formatPriceIn(1095, 'GBP')).toBe('£1,095.00');
    expect(formatPriceIn(1095, 'GBP', gb)).toBe(formatPrice(1095));
    expect(formatPriceIn(1281.15, 'EUR', de)).toBe('1.281,15 €');
    expect(formatPriceIn(1281.15, 'eur', it_)).toBe('1.281,15 €');
  });

  it("follows the data's currency, not the page's: a euro order on a pound page, a pound order on a euro page", () => {
    expect(formatPriceIn(1281.15, 'EUR', gb)).toBe('1.281,15 €');
    expect(formatPriceIn(1095, 'GBP', de)).toBe('£1,095.00');
  });

  it("falls back to the page's store view when the data names no currency", () => {
    expect(formatPriceIn(1281.15, undefined, de)).toBe('1.281,15 €');
    expect(formatPriceIn(1281.15, null, de)).toBe('1.281,15 €');
    expect(formatPriceIn(1095, '')).toBe('£1,095.00');
  });

  it("never writes a currency no store view uses with another one's sign: the page's digits and the code", () => {
    expect(formatPriceIn(1234.5, 'USD')).toBe('1,234.50 USD');
    expect(formatPriceIn(1234.5, 'CHF', de)).toBe('1.234,50 CHF');
  });

  it('priceFormatter gives the same writer to hand to a list of rows', () => {
    const eur = priceFormatter('EUR', gb);
    expect([eur(6), eur(-5)]).toEqual(['6,00 €', '-5,00 €']);
  });
});
