/**
 * One Elasticsearch index (ES 6/7: `{index}_{entity}`; ES 5: a mapping type of `{index}`) held in
 * memory, answering `_search` as Elasticsearch's documentation describes it, awkward parts included:
 *
 * - Index order (`_doc`) is unrelated to ids: documents are routed to shards by a hash of `_id`, a
 *   bulk load arrives in the order the indexer sends it (seeded shuffle), and an updated document is
 *   deleted and written again at the end of its shard. Hits sorted on `_doc` interleave the shards.
 * - `from + size` beyond `index.max_result_window` (10,000) is an error with ES's own text.
 * - `sort` on mapped fields with `search_after` (es-sort.ts); no tiebreaker is added for the client.
 * - `hits.total`: a number (ES 5/6) or `{ value, relation }` counted up to 10,000 unless
 *   `track_total_hits` (ES 7); ES 5 does not know `track_total_hits`.
 * - `_source: false`, includes and excludes; `_id` is the document's, not `_source.id`.
 * - No de-duplication: two documents with one `_source.id` are two hits.
 * - What it does not model is an error (es-errors.ts `unsupported`), never a silently different answer.
 *
 * The query predicate is the shared evaluator of src/lib/import/es-query.ts (bool, term(s),
 * range, exists, match...), checked first against the mapping (a term on a long field with a value
 * that is not a number fails as ES fails it; an `ids` query, which matches `_id`, is not modelled).
 */
import { compileQuery, filterSource, QueryError, type Rec } from '../../src/lib/import/es-query';
import { EsError, parsingError, resultWindowError, shardsFailed, unsupported, type EsAnswer, type EsVersion } from './es-errors';
import { asFieldValue, compareTuples, parseSearchAfter, parseSortKeys, sortValue, type FieldType, type SortKey } from './es-sort';

export type { EsVersion, FieldType };

export interface IndexOptions {
  /** The index name as VSFA configures it (`vue_storefront_catalog`). */
  index: string;
  entity: string;
  version: EsVersion;
  /** Field types (VSFA's elastic.schema.*.json); only mapped fields sort and are checked. */
  mapping: Record<string, FieldType>;
  shards?: number;
  maxResultWindow?: number;
}

interface Doc {
  _id: string;
  source: Rec;
}

/** A small deterministic generator (mulberry32) for the bulk order. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], seed: number): T[] {
  const rnd = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The shard of a document: a hash of its `_id` (ES uses murmur3; any stable hash spreads them alike). */
function shardOf(id: string, shards: number): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

const BODY_KEYS = new Set(['query', 'from', 'size', 'sort', '_source', 'search_after', 'track_total_hits']);
const MODELLED_PARAMS = new Set([
  'from',
  'size',
  'sort',
  '_source',
  '_source_includes',
  '_source_excludes',
  '_source_include',
  '_source_exclude',
  'track_total_hits',
  'request_cache',
]);

const token = (v: unknown) =>
  Array.isArray(v)
    ? 'START_ARRAY'
    : v && typeof v === 'object'
      ? 'START_OBJECT'
      : typeof v === 'string'
        ? 'VALUE_STRING'
        : typeof v === 'number'
          ? 'VALUE_NUMBER'
          : typeof v === 'boolean'
            ? 'VALUE_BOOLEAN'
            : 'VALUE_NULL';

export class EsIndex {
  readonly shards: Doc[][];
  private readonly window: number;
  /** The `_id`s held (a bulk load of new documents need not look for an old copy). */
  private readonly held = new Set<string>();

  constructor(readonly opts: IndexOptions) {
    this.shards = Array.from({ length: opts.shards ?? 3 }, () => []);
    this.window = opts.maxResultWindow ?? 10_000;
  }

  /** ES 6/7's index name, or ES 5's index (the entity is its mapping type). */
  get name(): string {
    return this.opts.version === 5 ? this.opts.index : `${this.opts.index}_${this.opts.entity}`;
  }

  get count(): number {
    return this.shards.reduce((n, s) => n + s.length, 0);
  }

  /** A bulk load in a shuffled order (the order an indexer's batches arrive in), `_id` from `idOf`. */
  bulk(sources: Rec[], seed: number, idOf: (s: Rec) => string = (s) => String(s.id)): void {
    for (const s of shuffle(sources, seed)) this.put(idOf(s), s);
  }

  /** Indexes a document: a new one, or an update (deleted and written again: it moves to its shard's end). */
  put(id: string, source: Rec): void {
    for (const [field, type] of Object.entries(this.opts.mapping)) {
      const v = source[field];
      if (v !== undefined && v !== null && (typeof v !== 'object' || Array.isArray(v)) && [v].flat().some((x) => asFieldValue(type, x) === null))
        throw new EsError(400, {
          error: { type: 'mapper_parsing_exception', reason: `failed to parse field [${field}] of type [${type}] in document with id '${id}'` },
          status: 400,
        });
    }
    this.delete(id);
    this.shards[shardOf(id, this.shards.length)]!.push({ _id: id, source: structuredClone(source) });
    this.held.add(id);
  }

  /** Deletes a document by `_id` (Magento's indexers delete disabled and removed products). */
  delete(id: string): boolean {
    if (!this.held.delete(id)) return false;
    const shard = this.shards[shardOf(id, this.shards.length)]!;
    const at = shard.findIndex((d) => d._id === id);
    if (at >= 0) shard.splice(at, 1);
    return at >= 0;
  }

  /** The sources, in index order. */
  sources(): Rec[] {
    return this.ordered().map((d) => d.doc.source);
  }

  /** The index as elasticdump writes it (a scroll in index order): one hit per line. */
  dump(): string {
    const type = this.opts.version === 7 ? '_doc' : this.opts.entity;
    return this.ordered()
      .map(({ doc }) => JSON.stringify({ _index: this.name, _type: type, _id: doc._id, _score: 1, _source: doc.source }) + '\n')
      .join('');
  }

  /** Index order: each shard's documents in the order written, shards interleaved (`_doc` ties break by shard). */
  private ordered(): Array<{ doc: Doc; pos: number; shard: number }> {
    const all = this.shards.flatMap((s, shard) => s.map((doc, pos) => ({ doc, pos, shard })));
    return all.sort((a, b) => a.pos - b.pos || a.shard - b.shard);
  }

  /** `_search` with a body (or none) and URL parameters. */
  search(body: unknown, params: URLSearchParams = new URLSearchParams()): EsAnswer {
    try {
      return { status: 200, body: this.run(body ?? {}, params) };
    } catch (e) {
      if (e instanceof EsError) return { status: e.status, body: e.body };
      throw e;
    }
  }

  private run(raw: unknown, params: URLSearchParams): Rec {
    const { version } = this.opts;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw parsingError('request body must be an object');
    const body = raw as Rec;
    for (const [k, v] of Object.entries(body)) {
      if (k === 'aggs' || k === 'aggregations' || k === 'post_filter' || k === 'min_score' || k === 'highlight') throw unsupported(`the search body's [${k}]`);
      if (!BODY_KEYS.has(k) || (k === 'track_total_hits' && version === 5)) throw parsingError(`Unknown key for a ${token(v)} in [${k}].`);
    }
    for (const k of params.keys()) {
      if (k === 'q' || k === 'scroll') throw unsupported(`the URL parameter [${k}]`);
      const known = MODELLED_PARAMS.has(k) && !(version === 5 && (k === '_source_includes' || k === '_source_excludes' || k === 'track_total_hits'));
      if (!known || (version === 7 && (k === '_source_include' || k === '_source_exclude')))
        throw new EsError(400, {
          error: { type: 'illegal_argument_exception', reason: `request [/${this.name}/_search] contains unrecognized parameter: [${k}]` },
          status: 400,
        });
    }
    const num = (name: 'from' | 'size', dflt: number) => {
      const v = params.get(name) ?? body[name];
      if (v === undefined || v === null) return dflt;
      const n = Number(v);
      if (!Number.isInteger(n)) throw parsingError(`[${name}] failed to parse field [${name}]`);
      return n;
    };
    const from = num('from', 0);
    const size = num('size', 10);
    if (size < 0) throw parsingError(`[size] parameter cannot be negative, found [${size}]`);
    if (from < 0) throw parsingError(`[from] parameter cannot be negative, found [${from}]`);
    const keys = parseSortKeys(params.get('sort')?.split(',') ?? body.sort, this.opts.mapping, this.name);
    const after = body.search_after === undefined ? null : parseSearchAfter(body.search_after, keys);
    if (after instanceof EsError) throw after;
    if (after && from > 0) throw parsingError('[from] parameter must be set to 0 when [search_after] is used.');
    if (from + size > this.window) throw resultWindowError(version, this.name, this.window, from + size);

    this.checkQuery(body.query);
    let match: (r: Rec) => boolean;
    try {
      match = compileQuery(body.query);
    } catch (e) {
      if (e instanceof QueryError) throw unsupported(`the query clause at ${e.path} (${e.message})`);
      throw e;
    }
    const sorted = keys.length > 0;
    // `i`: the document's place in index order, its `_doc` sort value and the final tiebreak.
    let rows = this.ordered()
      .map(({ doc }, i) => ({ doc, i }))
      .filter((d) => match(d.doc.source))
      .map(({ doc, i }) => ({ doc, i, values: keys.map((k) => sortValue(doc.source, k, i)) }));
    if (sorted) rows = rows.sort((a, b) => compareTuples(a.values, b.values, keys) || a.i - b.i);
    const total = rows.length;
    if (after) rows = rows.filter((r) => compareTuples(r.values, after, keys) > 0);
    const page = rows.slice(from, from + size);

    const source = this.sourceFilter(body._source, params);
    const hits = page.map(({ doc, values }) => ({
      _index: this.name,
      _type: version === 7 ? '_doc' : this.opts.entity,
      _id: doc._id,
      _score: sorted ? null : 1,
      ...(source === false ? {} : { _source: source ? filterSource(doc.source, source.includes, source.excludes) : doc.source }),
      ...(sorted ? { sort: values } : {}),
    }));
    return {
      took: 1,
      timed_out: false,
      _shards: { total: this.shards.length, successful: this.shards.length, skipped: 0, failed: 0 },
      hits: { ...this.totalOf(total, body, params), max_score: sorted || !total ? null : 1, hits },
    };
  }

  private totalOf(n: number, body: Rec, params: URLSearchParams): Rec {
    const v = this.opts.version;
    const raw = params.get('track_total_hits') ?? body.track_total_hits;
    const track = raw === undefined ? undefined : raw === 'true' ? true : raw === 'false' ? false : raw;
    if (track !== undefined && typeof track !== 'boolean' && !(v === 7 && Number.isInteger(Number(track))))
      throw parsingError(`[track_total_hits] cannot be parsed: [${String(raw)}]`);
    if (v === 5) return { total: n };
    if (v === 6) return { total: track === false ? -1 : n };
    if (track === false) return {};
    const cap = track === true ? Infinity : track === undefined ? 10_000 : Number(track);
    return { total: n > cap ? { value: cap, relation: 'gte' } : { value: n, relation: 'eq' } };
  }

  /** `_source` of the body, or the URL's `_source_includes`/`_excludes` (ES 5: `_source_include`/`_exclude`). */
  private sourceFilter(raw: unknown, params: URLSearchParams): false | null | { includes: string[]; excludes: string[] } {
    const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);
    const pInc = list(params.get('_source_includes') ?? params.get('_source_include'));
    const pExc = list(params.get('_source_excludes') ?? params.get('_source_exclude'));
    const pSrc = params.get('_source');
    if (pSrc === 'false') return false;
    if (pSrc && pSrc !== 'true') pInc.push(...list(pSrc));
    if (pInc.length || pExc.length) return { includes: pInc, excludes: pExc };
    if (raw === undefined || raw === true) return null;
    if (raw === false) return false;
    if (typeof raw === 'string') return { includes: [raw], excludes: [] };
    if (Array.isArray(raw) && raw.every((x) => typeof x === 'string')) return { includes: raw, excludes: [] };
    if (raw && typeof raw === 'object') {
      const o = raw as Rec;
      const arr = (v: unknown) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String));
      return { includes: arr(o.includes ?? o.include), excludes: arr(o.excludes ?? o.exclude) };
    }
    throw parsingError('[_source] cannot be parsed');
  }

  /** Term values against the mapping: a value a numeric field cannot hold fails the search, as in ES. */
  private checkQuery(q: unknown): void {
    if (!q || typeof q !== 'object') return;
    if (Array.isArray(q)) return q.forEach((x) => this.checkQuery(x));
    for (const [k, v] of Object.entries(q as Rec)) {
      if (k === 'ids') throw unsupported('the ids query (it matches _id, not _source.id)');
      if ((k === 'term' || k === 'terms') && v && typeof v === 'object') {
        for (const [field, val] of Object.entries(v as Rec)) {
          const type = this.opts.mapping[field];
          if (type === 'text') throw unsupported(`a ${k} query on the text field [${field}] (analysed)`);
          const vals = (Array.isArray(val) ? val : [val && typeof val === 'object' && 'value' in val ? (val as Rec).value : val]) as unknown[];
          const bad = type && type !== 'keyword' ? vals.find((x) => asFieldValue(type, x) === null) : undefined;
          if (bad !== undefined) throw shardsFailed(this.name, 'query_shard_exception', `failed to create query: For input string: "${String(bad)}"`);
        }
      } else this.checkQuery(v);
    }
  }
}

export type { SortKey };
