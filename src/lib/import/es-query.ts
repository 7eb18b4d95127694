/**
 * The subset of Elasticsearch's query DSL that the storefront, the importer and the rebuild pull send
 * to `/api/catalog/{index}/{entity}/_search` (vue-storefront-api's catalogue route): a compiled
 * predicate over one record, sorting and `_source` filtering. Pure: the reference API evaluates it
 * on its records; the importer builds its queries with the helpers at the end.
 *
 * Clauses: bool (must, filter, should with minimum_should_match, must_not; a clause or an array),
 * constant_score, match_all, term, terms, range (gt, gte, lt, lte; numbers, or dates compared as
 * dates), match and match_phrase (case-insensitive words / phrase), ids, exists, prefix.
 * A field path may be dotted (`stock.is_in_stock`, `configurable_children.sku`): every value found
 * along it counts, so an array field matches when one of its elements does (as in Elasticsearch).
 */
import { z } from 'zod';

export type Rec = Record<string, unknown>;
export type Predicate = (r: Rec) => boolean;

/** A query the reference API cannot evaluate: `path` names the clause, as the 400 answer does. */
export class QueryError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'QueryError';
  }
}

/** Every value at a dotted path, arrays flattened on the way. */
export function valuesAt(r: unknown, path: string): unknown[] {
  let cur: unknown[] = [r];
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (v && typeof v === 'object' && !Array.isArray(v) && key in v) {
        const x = (v as Rec)[key];
        if (Array.isArray(x)) next.push(...x);
        else next.push(x);
      }
    }
    cur = next;
  }
  return cur.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

/** Term equality as Elasticsearch coerces it: 12 equals "12", true equals "true". */
const same = (a: unknown, b: unknown) => (typeof a === 'object' || typeof b === 'object' ? false : String(a) === String(b));

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const TermValue = z.union([Scalar, z.looseObject({ value: Scalar })]).transform((v) => (typeof v === 'object' ? v.value : v));
const RangeSpec = z.strictObject({
  gt: Scalar.optional(),
  gte: Scalar.optional(),
  lt: Scalar.optional(),
  lte: Scalar.optional(),
  format: z.string().optional(),
  boost: z.number().optional(),
});
const MatchValue = z.union([Scalar, z.looseObject({ query: Scalar, operator: z.enum(['or', 'and', 'OR', 'AND']).optional() })]);

/** The one field of a single-field clause (`{ term: { sku: "A" } }`). */
function oneField(v: unknown, path: string): [string, unknown] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new QueryError(path, 'expected an object naming one field');
  const entries = Object.entries(v as Rec).filter(([k]) => k !== 'boost' && k !== '_name');
  if (entries.length !== 1) throw new QueryError(path, 'expected exactly one field');
  return entries[0]!;
}

function parse<T extends z.ZodType>(schema: T, v: unknown, path: string): z.output<T> {
  const r = schema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new QueryError([path, ...i.path.map(String)].join('.'), i.message);
  }
  return r.data;
}

/** Comparable form of a range bound or value: a number, else a date's time, else the string. */
function comparable(v: unknown): number | string {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = String(v);
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  const t = Date.parse(s.includes('T') || !s.includes(' ') ? s : s.replace(' ', 'T') + 'Z');
  return Number.isNaN(t) ? s : t;
}

const words = (s: unknown) =>
  String(s)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Compiles a query clause into a predicate; throws QueryError naming the clause it cannot read. */
export function compileQuery(q: unknown, path = 'query'): Predicate {
  if (q === undefined || q === null) return () => true;
  if (typeof q !== 'object' || Array.isArray(q)) throw new QueryError(path, 'expected a query clause object');
  const keys = Object.keys(q as Rec);
  if (keys.length !== 1) throw new QueryError(path, `expected exactly one clause, got ${keys.length ? keys.join(', ') : 'none'}`);
  const kind = keys[0]!;
  const body = (q as Rec)[kind];
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'match_all':
      return () => true;
    case 'match_none':
      return () => false;
    case 'bool': {
      const b = parse(
        z.strictObject({
          must: z.unknown().optional(),
          filter: z.unknown().optional(),
          should: z.unknown().optional(),
          must_not: z.unknown().optional(),
          minimum_should_match: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional(),
          boost: z.number().optional(),
        }),
        body,
        at,
      );
      const list = (name: 'must' | 'filter' | 'should' | 'must_not') =>
        asList(b[name]).map((c, i) => compileQuery(c, Array.isArray(b[name]) ? `${at}.${name}.${i}` : `${at}.${name}`));
      const all = [...list('must'), ...list('filter')];
      const should = list('should');
      const not = list('must_not');
      // Elasticsearch: with no must/filter, at least one should clause has to match.
      const minShould = b.minimum_should_match !== undefined ? Number(b.minimum_should_match) : all.length ? 0 : should.length ? 1 : 0;
      return (r) => all.every((p) => p(r)) && !not.some((p) => p(r)) && (minShould === 0 || should.filter((p) => p(r)).length >= minShould);
    }
    case 'constant_score': {
      const b = parse(z.looseObject({ filter: z.unknown() }), body, at);
      return compileQuery(b.filter, `${at}.filter`);
    }
    case 'term': {
      const [field, raw] = oneField(body, at);
      const v = parse(TermValue, raw, `${at}.${field}`);
      return (r) => valuesAt(r, field).some((x) => same(x, v));
    }
    case 'terms': {
      const [field, raw] = oneField(body, at);
      const vs = parse(z.array(Scalar), raw, `${at}.${field}`);
      return (r) => valuesAt(r, field).some((x) => vs.some((v) => same(x, v)));
    }
    case 'ids': {
      const b = parse(z.looseObject({ values: z.array(Scalar) }), body, at);
      return (r) => valuesAt(r, 'id').some((x) => b.values.some((v) => same(x, v)));
    }
    case 'exists': {
      const b = parse(z.looseObject({ field: z.string().min(1) }), body, at);
      return (r) => valuesAt(r, b.field).length > 0;
    }
    case 'prefix': {
      const [field, raw] = oneField(body, at);
      const v = String(parse(TermValue, raw, `${at}.${field}`));
      return (r) => valuesAt(r, field).some((x) => String(x).startsWith(v));
    }
    case 'range': {
      const [field, raw] = oneField(body, at);
      const s = parse(RangeSpec, raw, `${at}.${field}`);
      const bounds = (['gt', 'gte', 'lt', 'lte'] as const).filter((k) => s[k] !== undefined).map((k) => [k, comparable(s[k])] as const);
      if (!bounds.length) throw new QueryError(`${at}.${field}`, 'a range needs gt, gte, lt or lte');
      return (r) =>
        valuesAt(r, field).some((x) => {
          const c = comparable(x);
          return bounds.every(([k, b]) => {
            if (typeof c !== typeof b) return false;
            return k === 'gt' ? c > b : k === 'gte' ? c >= b : k === 'lt' ? c < b : c <= b;
          });
        });
    }
    case 'match':
    case 'match_phrase': {
      const [field, raw] = oneField(body, at);
      const m = parse(MatchValue, raw, `${at}.${field}`);
      const query = typeof m === 'object' ? m.query : m;
      if (typeof query !== 'string') return (r) => valuesAt(r, field).some((x) => same(x, query));
      if (kind === 'match_phrase') {
        const phrase = words(query).join(' ');
        return (r) => valuesAt(r, field).some((x) => ` ${words(x).join(' ')} `.includes(` ${phrase} `));
      }
      const want = words(query);
      const and = typeof m === 'object' && m.operator?.toLowerCase() === 'and';
      return (r) =>
        valuesAt(r, field).some((x) => {
          const have = new Set(words(x));
          return and ? want.every((w) => have.has(w)) : want.some((w) => have.has(w));
        });
    }
    default:
      throw new QueryError(at, 'this query clause is not supported by the reference API');
  }
}

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

/** Sort keys from a body's `sort` (array or one: "field", { field: "desc" }, { field: { order } }) or the `sort` query parameter ("a:desc,b"). */
export function parseSort(sort: unknown, path = 'sort'): SortKey[] {
  if (sort === undefined || sort === null || sort === '') return [];
  if (typeof sort === 'string') {
    return sort
      .split(',')
      .filter(Boolean)
      .map((part) => {
        const [field, order = 'asc'] = part.split(':');
        if (!field || (order !== 'asc' && order !== 'desc')) throw new QueryError(path, `cannot read sort '${part}' (field:asc or field:desc)`);
        return { field, order };
      });
  }
  return asList(sort).flatMap((s, i) => {
    if (typeof s === 'string') return parseSort(s, `${path}.${i}`);
    const [field, spec] = oneField(s, `${path}.${i}`);
    const order = typeof spec === 'string' ? spec : ((spec as { order?: unknown } | null)?.order ?? 'asc');
    if (order !== 'asc' && order !== 'desc') throw new QueryError(`${path}.${i}.${field}`, 'order must be asc or desc');
    return field === '_score' ? [] : [{ field, order }];
  });
}

/** A sort value as `hits.hits[].sort` carries it: a number or a string; null when the record has none. */
export type SortValue = number | string | null;

/** A record's sort values for the keys: the first value at each path (null when missing). */
export function sortValues(r: Rec, keys: SortKey[]): SortValue[] {
  return keys.map((k) => {
    const v = valuesAt(r, k.field)[0];
    return v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : typeof v === 'boolean' ? Number(v) : String(v);
  });
}

/** Orders two records' sort values (missing values last, as Elasticsearch does). */
export function compareSortValues(a: readonly SortValue[], b: readonly SortValue[], keys: SortKey[]): number {
  for (const [i, k] of keys.entries()) {
    const va = a[i] ?? null;
    const vb = b[i] ?? null;
    if (va === null && vb === null) continue;
    if (va === null) return 1;
    if (vb === null) return -1;
    const ca = comparable(va);
    const cb = comparable(vb);
    const c = typeof ca === 'number' && typeof cb === 'number' ? ca - cb : String(ca).localeCompare(String(cb));
    if (c !== 0) return k.order === 'asc' ? c : -c;
  }
  return 0;
}

/** Sorts records in place by the keys (missing values last, as Elasticsearch does). */
export function sortRecords<T extends Rec>(records: T[], keys: SortKey[]): T[] {
  if (!keys.length) return records;
  const keyed = records.map((r) => ({ r, v: sortValues(r, keys) })).sort((a, b) => compareSortValues(a.v, b.v, keys));
  keyed.forEach((k, i) => (records[i] = k.r));
  return records;
}

/**
 * `search_after`: the records strictly after the given sort values (those of the last hit of the
 * previous page). As in Elasticsearch, a record whose sort values all equal them is not returned.
 */
export function searchAfter(after: unknown, keys: SortKey[], path = 'search_after'): Predicate {
  if (!keys.length) throw new QueryError(path, 'search_after needs a sort');
  if (!Array.isArray(after) || after.length !== keys.length || !after.every((v) => v === null || typeof v === 'number' || typeof v === 'string'))
    throw new QueryError(path, `expected ${keys.length} sort value(s) (numbers, strings or null), one per sort key`);
  return (r) => compareSortValues(sortValues(r, keys), after as SortValue[], keys) > 0;
}

/** `_source` filtering: only the `include` paths (all when empty), then without the `exclude` paths; dotted paths reach into objects. */
export function filterSource(r: Rec, include: string[], exclude: string[]): Rec {
  let out: Rec = r;
  if (include.length) {
    out = {};
    for (const path of include) copyPath(r, out, path.split('.'));
  }
  for (const path of exclude) out = dropPath(out, path.split('.'));
  return out;
}

function copyPath(from: Rec, to: Rec, keys: string[]): void {
  const [k, ...rest] = keys;
  if (!k || !(k in from)) return;
  const v = from[k];
  if (!rest.length || !v || typeof v !== 'object' || Array.isArray(v)) {
    if (!rest.length) to[k] = v;
    return;
  }
  const child = (to[k] && typeof to[k] === 'object' ? to[k] : {}) as Rec;
  copyPath(v as Rec, child, rest);
  to[k] = child;
}

function dropPath(r: Rec, keys: string[]): Rec {
  const [k, ...rest] = keys;
  if (!k || !(k in r)) return r;
  const { [k]: v, ...others } = r;
  if (!rest.length) return others;
  return v && typeof v === 'object' && !Array.isArray(v) ? { ...others, [k]: dropPath(v as Rec, rest) } : r;
}

/** A comma-separated list parameter ("a,b") as its items. */
export const listParam = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v ? [v] : [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);

// Queries the importer and the rebuild pull send.

/**
 * The order the importer pages every entity in: by the record's id, with `search_after` (Elasticsearch's
 * way past its 10,000-hit window, valid on ES 5, 6 and 7 and through vue-storefront-api's proxy). Index
 * order (`_doc`) is not id order, so an id range cannot page it.
 */
export const ID_SORT = [{ id: 'asc' }];
/** Every record. */
export const allQuery = () => ({ query: { match_all: {} } });
/**
 * Records changed since `since` (`updated_at` of Magento, "YYYY-MM-DD HH:MM:SS" or ISO), or with one of
 * `ids`. The watermark's own second is asked again (a product saved in it after the last pull is not
 * missed), except the records `seen` with that very `updated_at` by the last pull (after a bulk save
 * stamped thousands with one second, they are not pulled again on every run). A record saved twice
 * within the watermark's second, once before and once after the pull, waits for the next full pull.
 */
export const changedQuery = (since: string | null, ids: Array<string | number> = [], seen: Array<string | number> = []) => {
  const second = since ? { range: { updated_at: { gte: since, lte: since } } } : null;
  const after = since && seen.length ? [{ range: { updated_at: { gt: since } } }, { bool: { filter: [second], must_not: [{ terms: { id: seen } }] } }] : [];
  return {
    query: {
      bool: {
        should: [...(since && !seen.length ? [{ range: { updated_at: { gte: since } } }] : after), ...(ids.length ? [{ terms: { id: ids } }] : [])],
        minimum_should_match: 1,
      },
    },
  };
};
