/**
 * Money and dates for shoppers (spec §9): '£' before the amount with two decimals ('£1,234.50'),
 * EUR store views with their own sign and placement ('1.234,50 €'); dates as 'HH:mm D/M/YYYY'.
 */
import { config, type StoreView } from '../config';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    numberFormats.set(key, f);
  }
  return f;
}

/** Formats an amount in the store view's currency: '£1,234.50', '-£5.00', '1.234,50 €'. Not a finite number gives ''. */
export function formatPrice(amount: number, store: StoreView = config.storeViews.default): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const { defaultLocale, currencyDecimals, currencySign, currencySignPlacement } = store.i18n;
  const factor = 10 ** currencyDecimals;
  const rounded = Math.round(Math.abs(n) * factor) / factor;
  const digits = numberFormat(defaultLocale, currencyDecimals).format(rounded);
  const minus = n < 0 && rounded !== 0 ? '-' : '';
  return currencySignPlacement === 'append' ? `${minus}${digits} ${currencySign}` : `${minus}${currencySign}${digits}`;
}

/** Formats an amount without decimals, as the price filter shows it ('£1,235', '2.500 €'). */
export function formatPriceWhole(amount: number, store: StoreView = config.storeViews.default): string {
  return formatPrice(Math.round(amount), { ...store, i18n: { ...store.i18n, currencyDecimals: 0 } });
}

/** Calendar and clock fields of a moment, as shown in the shop's time zone. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' or the same with 'T', without a zone: the backend's wall clock.
const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, f);
  }
  return f;
}

/**
 * Splits a date into its fields. A string without a time zone ('2026-07-03 09:05:00') is taken
 * as written; a Date or a zoned ISO string is shown in the store view's time zone (Europe/London).
 * Returns null for an invalid date.
 */
export function dateParts(d: Date | string, store: StoreView = config.storeViews.default): DateParts | null {
  if (typeof d === 'string') {
    const m = NAIVE.exec(d.trim());
    if (m) {
      return {
        year: Number(m[1]),
        month: Number(m[2]),
        day: Number(m[3]),
        hour: Number(m[4] ?? 0),
        minute: Number(m[5] ?? 0),
        second: Number(m[6] ?? 0),
      };
    }
  }
  const date = typeof d === 'string' ? new Date(d) : d;
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
  const tz = store.i18n.timeZone;
  const time = date.getTime();
  // The same moment is asked for again and again (today's date in price rules over a listing).
  if (lastParts && lastParts.time === time && lastParts.tz === tz) return { ...lastParts.parts };
  const out: Record<string, number> = {};
  for (const p of partFormat(tz).formatToParts(date)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  const parts = {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
  lastParts = { time, tz, parts };
  return { ...parts };
}

let lastParts: { time: number; tz: string; parts: DateParts } | null = null;

/** The calendar day of a date in the shop's time zone as a sortable number, 20260703. Null when invalid. */
export function dayNumber(d: Date | string, store: StoreView = config.storeViews.default): number | null {
  const p = dateParts(d, store);
  return p ? p.year * 10_000 + p.month * 100 + p.day : null;
}

/** The longest a calendar day lasts anywhere (a day with a clock change is 23 to 25 hours), with room. */
const LONGEST_DAY_MS = 48 * 3_600_000;

/**
 * The moment the next calendar day starts in the store view's time zone, strictly after `after`: its
 * local midnight, or the first moment of the day when a clock change skips midnight there. Prices
 * change at it (a special price applies between its dates: src/lib/catalog/price.ts).
 */
export function nextDayStart(after: Date, store: StoreView = config.storeViews.default): Date {
  const today = dayNumber(after, store);
  if (today === null) throw new RangeError('nextDayStart: not a valid date');
  // The first millisecond whose day is another: local days follow one another, so a search between
  // now (today) and two days on (another day) finds it.
  let lo = after.getTime();
  let hi = lo + LONGEST_DAY_MS;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (dayNumber(new Date(mid), store) === today) lo = mid;
    else hi = mid;
  }
  return new Date(hi);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Formats a date with the store view's pattern (§9 'HH:mm D/M/YYYY', e.g. '09:05 3/7/2026'). Invalid gives ''. */
export function formatDate(d: Date | string, store: StoreView = config.storeViews.default): string {
  const p = dateParts(d, store);
  if (!p) return '';
  return store.i18n.dateFormat.replace(/YYYY|MM|M|DD|D|HH|H|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(p.year, 4);
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'DD':
        return pad(p.day);
      case 'D':
        return String(p.day);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      case 'mm':
        return pad(p.minute);
      default:
        return pad(p.second);
    }
  });
}
