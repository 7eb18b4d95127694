/**
 * Sorting as Elasticsearch documents it ("Sort search results", "Paginate search results"): sort keys
 * on mapped fields, `_doc` (index order, the cheapest) and `_score`; the sort values each hit carries
 * in `hits.hits[].sort` (numbers for numeric and date fields, dates as epoch milliseconds, strings for
 * keywords); a missing value last unless `missing: "_first"` (a numeric field then sorts on
 * Long.MAX_VALUE / Long.MIN_VALUE, a keyword on null); an array field sorts on its least value
 * ascending, its greatest descending. `search_after` takes the sort values of the last hit and
 * returns the hits strictly after them: hits whose sort values are all equal to them are not
 * returned, which is why the documentation asks for a tiebreaker with one value per document.
 */
import { valuesAt, type Rec } from '../../src/lib/import/es-query';
import { parsingError, shardsFailed, type EsError } from './es-errors';

export type FieldType = 'long' | 'integer' | 'float' | 'keyword' | 'date' | 'text' | 'boolean';
export type SortValue = number | string | null;

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
  missing: '_first' | '_last';
  type: FieldType | '_doc' | '_score';
}

const LONG_MAX = Number('9223372036854775807');
const LONG_MIN = Number('-9223372036854775808');
const NUMERIC = new Set<string>(['long', 'integer', 'float', 'date', 'boolean']);

/** Magento's dates as VSFA's mapping reads them ("yyyy-MM-dd HH:mm:ss||yyyy-MM-dd||epoch_millis"), UTC. */
export function dateMillis(v: unknown): number | null {
  if (typeof v === 'number') return v;
  const s = String(v);
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(s);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : null;
}

/** A source value as the field's type indexes it; null when the type cannot hold it. */
export function asFieldValue(type: FieldType, v: unknown): SortValue {
  switch (type) {
    case 'long':
    case 'integer':
      return typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) ? Math.trunc(Number(v)) : null;
    case 'float':
      return typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) ? Number(v) : null;
    case 'date':
      return dateMillis(v);
    case 'boolean':
      return v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : null;
    default:
      return typeof v === 'object' ? null : String(v);
  }
}

/** Reads a body's or the URL's `sort` into keys; errors as ES raises them. */
export function parseSortKeys(raw: unknown, mapping: Record<string, FieldType>, index: string): SortKey[] {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((s): SortKey => {
    let field: string;
    let spec: Rec = {};
    if (typeof s === 'string') {
      const [f, o] = s.split(':');
      field = f!;
      if (o) spec = { order: o };
    } else if (s && typeof s === 'object' && Object.keys(s).length === 1) {
      field = Object.keys(s)[0]!;
      const v = (s as Rec)[field];
      spec = typeof v === 'string' ? { order: v } : v && typeof v === 'object' ? (v as Rec) : {};
    } else throw parsingError('[sort] malformed sort element');
    const order = spec.order ?? (field === '_score' ? 'desc' : 'asc');
    if (order !== 'asc' && order !== 'desc') throw parsingError(`Unknown SortOrder [${String(order)}]`);
    const missing = spec.missing ?? '_last';
    if (missing !== '_first' && missing !== '_last') throw parsingError(`[sort] the stand-in reads missing only as _first or _last, got [${String(missing)}]`);
    if (field === '_doc' || field === '_score') return { field, order, missing, type: field };
    const type = mapping[field];
    if (!type) throw shardsFailed(index, 'query_shard_exception', `No mapping found for [${field}] in order to sort on`);
    if (type === 'text')
      throw shardsFailed(
        index,
        'illegal_argument_exception',
        `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`,
      );
    return { field, order, missing, type };
  });
}

/** The sort value of one record for one key (`doc`: its position in index order). */
export function sortValue(source: Rec, key: SortKey, doc: number): SortValue {
  if (key.type === '_doc') return doc;
  if (key.type === '_score') return 1;
  const type = key.type;
  const vals = valuesAt(source, key.field)
    .map((v) => asFieldValue(type, v))
    .filter((v): v is number | string => v !== null);
  if (!vals.length) {
    if (!NUMERIC.has(type)) return null;
    return (key.missing === '_last') === (key.order === 'asc') ? LONG_MAX : LONG_MIN;
  }
  const sorted = vals.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return key.order === 'asc' ? sorted[0]! : sorted[sorted.length - 1]!;
}

/** Orders two sort values of one key (null: a missing keyword). */
export function compareValues(a: SortValue, b: SortValue, key: SortKey): number {
  if (a === b) return 0;
  if (a === null) return key.missing === '_first' ? -1 : 1;
  if (b === null) return key.missing === '_first' ? 1 : -1;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return key.order === 'asc' ? c : -c;
}

export function compareTuples(a: SortValue[], b: SortValue[], keys: SortKey[]): number {
  for (let i = 0; i < keys.length; i++) {
    const c = compareValues(a[i]!, b[i]!, keys[i]!);
    if (c) return c;
  }
  return 0;
}

/** `search_after` read against the sort keys: one value per key, each of the key's type. */
export function parseSearchAfter(raw: unknown, keys: SortKey[]): SortValue[] | EsError {
  if (!Array.isArray(raw)) return parsingError('[search_after] expected an array of sort values');
  if (!keys.length) return parsingError('[search_after] Sort must contain at least one field.');
  if (raw.length !== keys.length) return parsingError(`search_after has ${raw.length} value(s) but sort has ${keys.length}.`);
  const out: SortValue[] = [];
  for (const [i, k] of keys.entries()) {
    const v = raw[i];
    if (v === null && !NUMERIC.has(k.type) && k.type !== '_doc') {
      out.push(null);
      continue;
    }
    const t: FieldType = k.type === '_doc' || k.type === '_score' ? 'float' : k.type;
    const parsed = asFieldValue(t, v);
    if (parsed === null) return parsingError(`Failed to parse search_after value for field [${k.field}].`);
    out.push(parsed);
  }
  return out;
}
