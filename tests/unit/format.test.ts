import { describe, expect, it } from 'vitest';
import { formatPrice, formatDate, dayNumber } from '../../src/lib/messages/format';
import { config } from '../../src/lib/config';

const [de, it_] = config.storeViews.others as [typeof config.storeViews.default, typeof config.storeViews.default];

describe('formatPrice', () => {
  it('puts the pound sign before the amount with two decimals', () => {
    expect(formatPrice(1234.5)).toBe('£1,234.50');
    expect(formatPrice(6)).toBe('£6.00');
    expect(formatPrice(0)).toBe('£0.00');
  });

  it('rounds to two decimals', () => {
    expect(formatPrice(19.999)).toBe('£20.00');
    expect(formatPrice(0.005)).toBe('£0.01');
  });

  it('groups thousands', () => {
    expect(formatPrice(1234567.891)).toBe('£1,234,567.89');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatPrice(-5)).toBe('-£5.00');
  });

  it('formats euro store views with the sign after the amount', () => {
    expect(formatPrice(1234.5, de)).toBe('1.234,50 €');
    expect(formatPrice(1234.5, it_)).toBe('1.234,50 €');
  });

  it('gives an empty text for a value that is not a number', () => {
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats as HH:mm D/M/YYYY', () => {
    expect(formatDate('2026-07-03 09:05:00')).toBe('09:05 3/7/2026');
    expect(formatDate('2026-12-25 18:30:59')).toBe('18:30 25/12/2026');
  });

  it('shows a zoned date in UK time', () => {
    expect(formatDate(new Date('2026-07-03T08:05:00Z'))).toBe('09:05 3/7/2026');
    expect(formatDate('2026-01-15T23:45:00Z')).toBe('23:45 15/1/2026');
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('00:30 30/3/2026');
  });

  it('reads a date without a time as midnight', () => {
    expect(formatDate('2026-11-02')).toBe('00:00 2/11/2026');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('numbers calendar days in the shop time zone', () => {
    expect(dayNumber('2026-07-03 23:59:59')).toBe(20260703);
    expect(dayNumber(new Date('2026-07-03T23:30:00Z'))).toBe(20260704);
  });
});
