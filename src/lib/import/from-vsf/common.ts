/**
 * From the records vue-storefront indexers write into Elasticsearch (mage2vuestorefront,
 * magento2-vsbridge-indexer; what vue-storefront-api's `_search` answers) to the snapshot's records
 * (docs/snapshot.md). Pure: one module per entity beside this one (products, categories, attributes,
 * cms, reviews, tax), each function returning the mapped record or the field it could not map and why.
 * This module holds what they share: the problems and notes of a mapping, the readers of loosely typed
 * values (the prices are prices.ts's). What every VSF field becomes is in docs/vsf-migration.md; the inverse is
 * `../to-vsf.ts`. The mapped records are then validated with the snapshot schemas by `../assemble.ts`.
 */
import type { UrlMapEntry } from '../../snapshot/schemas';

export type Rec = Record<string, unknown>;

/** Why one record (or one part of it) could not be mapped. */
export interface Problem {
  /** The dump file (or `_search` entity) the record came from. */
  file: string;
  /** The record's id (or sku, identifier, attribute_code) as the dump has it; '' when it has none. */
  id: string;
  /** The field, dotted ('configurable_children.2.price'). */
  field: string;
  reason: string;
  /** True when the whole record was left out; false when only the named part was. */
  skipped: boolean;
}

export class MapError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** What mapping one record may note besides its result: parts left out, legacy URLs. */
export interface MapNotes {
  /** Parts of the record left out (the record itself is written). */
  dropped: Array<{ field: string; reason: string }>;
  urlMap: UrlMapEntry[];
}

export const newNotes = (): MapNotes => ({ dropped: [], urlMap: [] });

/** A product picture path below media/: Magento's '/s/o/a.jpg' becomes '/catalog/product/s/o/a.jpg'; URLs and prefixed paths stay. */
export function productImage(v: unknown, prefix: string): unknown {
  if (typeof v !== 'string' || !v || v === 'no_selection' || /^https?:/i.test(v)) return v;
  const path = v.startsWith('/') ? v : `/${v}`;
  return !prefix || path.startsWith(`${prefix}/`) ? v : `${prefix}${path}`;
}

export const isObj = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** An integer from a number or a numeric string ("12", "12.0000"); undefined otherwise. */
export function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A number from a number or a numeric string; undefined otherwise. */
export function toNum(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A multiselect value as indexers write it: [12, "13"] or "12,13". */
export const intList = (v: unknown): number[] | undefined =>
  v === undefined || v === null ? undefined : (Array.isArray(v) ? v : String(v).split(',')).map(toInt).filter((n): n is number => n !== undefined);

/** A flag from true/false, 1/0, "1"/"0", "true"/"false"; undefined otherwise. */
export function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function required<T>(v: T | undefined, field: string, reason: string): T {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) throw new MapError(field, reason);
  return v;
}

/** A url_path or url_key without slashes around it and without Magento's `.html` suffix. */
export const stripUrl = (s: string): string => s.replace(/^\/+|\/+$/g, '').replace(/\.html?$/i, '');

/**
 * An amount rounded to the penny, once: through whole millionths first, so that a product of floating
 * point arithmetic (3443.1750000000006, 15.594999999999999) rounds as its decimal value does.
 */
export const round2 = (n: number) => Math.round(Math.round(n * 1e6) / 1e4) / 100;

/** Undefined and null fields left out (a snapshot field is either there or absent). */
export function clean<T extends Rec>(r: T): T {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as T;
}
