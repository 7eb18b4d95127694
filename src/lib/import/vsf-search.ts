/**
 * Reading every record of one entity from vue-storefront-api's catalogue route
 * (`POST URL/api/catalog/{index}/{entity}/_search`, which passes the body and query parameters to
 * Elasticsearch), losing none:
 *
 * - Paged in id order: `sort: [{ id: 'asc' }]` with `search_after` (the last hit's `sort` values), the
 *   way past Elasticsearch's 10,000-hit window on ES 5, 6 and 7. Index order (`_doc`) is not id order
 *   (shards, updates), so neither `from` past 10,000 nor an id range over `_doc` can page it. Ids may
 *   be numbers or strings (a keyword mapping): the sort values are sent back as the backend wrote them.
 * - Ties: `search_after` skips every hit whose sort values equal the ones sent, and several documents
 *   may carry one id (Elasticsearch does not de-duplicate). No tiebreaker field is valid on every
 *   version (`_id` sorting is refused by default from ES 8 and deprecated in 7), so the next page
 *   starts after the last id *before* the page's last one: the last id's records are read again and
 *   kept once by `_id`. A page of one id only is read whole by a term query.
 * - Records without an id (which no id sort reaches) are read by a second query, `from`/`size`.
 * - Counts: every page's `hits.total` must be the first one's (else the index changed during the pull),
 *   and the records received must be as many. ES 7 counts up to 10,000 unless asked: when its total
 *   says "gte", the request is sent again with `track_total_hits: true` (which ES 5 would refuse, and
 *   only ES 7 answers with a total object). A difference is an ImportError: nothing is written.
 * - Signatures: VSFA signs each product's price (`sgn`, checked by its order route when
 *   `tax.usePlatformTotals` is off) only in answers to requests whose query string names
 *   `_source_exclude` (without the text `sgn`). Whole product records are asked with
 *   `_source_exclude=SIGN_REQUEST_FIELD`, a field no record holds; an `_id` listing (`source` given) is
 *   not, as URL source filters override the body's `_source` in Elasticsearch.
 */
import { z } from 'zod';
import { ID_SORT } from './es-query';
import type { DumpRecord } from './dump';
import type { VsfEntity } from './to-vsf';
// vsf-import.ts imports this module too; both names are read only when a pull runs.
import { DEFAULT_INDEX, ImportError } from './import-error';

/** The field named in `_source_exclude` to have VSFA sign products: none has it, so nothing is left out. */
export const SIGN_REQUEST_FIELD = 'vsf_price_signature_request';

export interface SearchSource {
  url: string;
  index?: string;
  /** Hits per page (default 500); at most 10,000 (Elasticsearch's window). */
  pageSize?: number;
  fetchImpl?: typeof fetch;
}

const SortValue = z.union([z.number(), z.string(), z.null()]);
const Hit = z.looseObject({
  _id: z.union([z.string(), z.number()]).transform(String),
  _source: z.record(z.string(), z.unknown()).optional(),
  sort: z.array(SortValue).optional(),
});
type Hit = z.output<typeof Hit>;
const SearchAnswer = z.looseObject({
  hits: z.looseObject({
    total: z.union([z.number(), z.looseObject({ value: z.number(), relation: z.string().optional() })]).optional(),
    hits: z.array(Hit),
  }),
});

/** The reason of an Elasticsearch error, as ES writes it or as vue-storefront-api passes it on (`{ code, result: error }`). */
function esReason(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; result?: unknown };
    const err = (body.error ?? body.result) as { root_cause?: { type?: string; reason?: string }[]; type?: string; reason?: string } | string | undefined;
    if (typeof err === 'string') return err;
    const cause = err?.root_cause?.[0] ?? err;
    if (cause?.reason) return `${cause.type ? `${cause.type}: ` : ''}${cause.reason}`;
  } catch {
    /* not JSON */
  }
  return text.slice(0, 300);
}

interface Pager {
  url: string;
  entity: VsfEntity;
  ask(body: Record<string, unknown>): Promise<{ hits: Hit[]; total: number }>;
}

function pager(o: SearchSource, entity: VsfEntity, whole: boolean): Pager {
  const base = o.url.replace(/\/+$/, '');
  const sign = whole && entity === 'product' ? `?_source_exclude=${SIGN_REQUEST_FIELD}` : '';
  const url = `${base}/api/catalog/${encodeURIComponent(o.index ?? DEFAULT_INDEX)}/${entity}/_search${sign}`;
  let track = false;
  const post = async (body: Record<string, unknown>) => {
    const send = () =>
      (o.fetchImpl ?? fetch)(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(track ? { ...body, track_total_hits: true } : body),
      });
    let res: Response;
    try {
      // A search is safe to repeat: once more when the connection failed (a kept-alive socket the server
      // closed while the importer was busy between two pages).
      res = await send().catch(send);
    } catch (e) {
      throw new ImportError(`POST ${url}: ${(e as Error).message}`);
    }
    const text = await res.text();
    if (res.status !== 200) throw new ImportError(`POST ${url}: HTTP ${res.status}: ${esReason(text)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ImportError(`POST ${url}: not an Elasticsearch answer: ${text.slice(0, 200)}`);
    }
    const r = SearchAnswer.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new ImportError(`POST ${url}: not an Elasticsearch answer (${i.path.join('.')}: ${i.message}): ${text.slice(0, 200)}`);
    }
    return r.data.hits;
  };
  return {
    url,
    entity,
    async ask(body) {
      let hits = await post(body);
      if (hits.total !== undefined && typeof hits.total !== 'number' && hits.total.relation !== 'eq' && !track) {
        track = true;
        hits = await post(body);
      }
      const t = hits.total;
      if (t === undefined || (typeof t !== 'number' && t.relation !== 'eq') || (typeof t === 'number' && t < 0))
        throw new ImportError(`POST ${url}: the answer carries no exact hits.total, so the pull cannot check it received every record`);
      return { hits: hits.hits, total: typeof t === 'number' ? t : t.value };
    },
  };
}

/** Keeps the query's total across pages; a change means the index changed during the pull. */
function totalKeeper(p: Pager, what: string) {
  let first: number | null = null;
  return (total: number) => {
    if (first === null) first = total;
    else if (total !== first)
      throw new ImportError(
        `${p.url}: the index counted ${first} ${p.entity} records${what} at the start of the pull and ${total} later: it changed during the pull; nothing written (run it again)`,
      );
    return first;
  };
}

const record = (h: Hit): DumpRecord => ({ source: h._source ?? {}, hitId: h._id });

/** The records of `query` that have no id, by `from`/`size` (within the 10,000-hit window). */
async function withoutId(p: Pager, query: unknown, size: number, source: Record<string, unknown>): Promise<DumpRecord[]> {
  const q = { bool: { filter: [query], must_not: [{ exists: { field: 'id' } }] } };
  const keep = totalKeeper(p, ' without an id');
  const out = new Map<string, DumpRecord>();
  for (let from = 0; ; from += size) {
    const page = await p.ask({ query: q, from, size, ...source });
    const total = keep(page.total);
    if (total > 10_000) throw new ImportError(`${p.url}: ${total} ${p.entity} records have no id; more than 10,000 cannot be paged`);
    for (const h of page.hits) out.set(h._id, record(h));
    if (page.hits.length < size || from + size >= total) break;
  }
  return [...out.values()];
}

/** Every record matching `query` (all of the entity by default), in id order, each once; `source` limits `_source` (e.g. `['id']`). */
export async function searchAll(o: SearchSource, entity: VsfEntity, query: unknown = { match_all: {} }, source?: string[]): Promise<DumpRecord[]> {
  const p = pager(o, entity, !source);
  const size = Math.min(o.pageSize ?? 500, 10_000);
  const src = source ? { _source: source } : {};
  const q = { bool: { filter: [query, { exists: { field: 'id' } }] } };
  const keep = totalKeeper(p, '');
  const seen = new Map<string, DumpRecord>();
  let after: Array<number | string | null> | null = null;
  let total = 0;
  for (;;) {
    const page = await p.ask({ query: q, sort: ID_SORT, size, ...(after ? { search_after: after } : {}), ...src });
    total = keep(page.total);
    const had = seen.size;
    for (const h of page.hits) if (!seen.has(h._id)) seen.set(h._id, record(h));
    if (page.hits.length < size) break;
    if (seen.size === had) throw new ImportError(`${p.url}: a page brought no record not seen before: the backend does not honour search_after`);
    const sorts = page.hits.map((h) => h.sort);
    if (sorts.some((s) => !s || s.length !== 1)) throw new ImportError(`${p.url}: the hits carry no sort values: the backend cannot page with search_after`);
    const last = sorts.at(-1)![0]!;
    const before = [...sorts].reverse().find((s) => s![0] !== last);
    if (before) {
      after = before;
      continue;
    }
    // A whole page of one id: read all its records, then go on after it.
    const tie = await p.ask({ query: { bool: { filter: [query, { term: { id: last } }] } }, size: 10_000, ...src });
    if (tie.total > 10_000) throw new ImportError(`${p.url}: ${tie.total} ${entity} records share the id ${last}`);
    for (const h of tie.hits) if (!seen.has(h._id)) seen.set(h._id, record(h));
    after = [last];
  }
  if (seen.size !== total)
    throw new ImportError(`${p.url}: received ${seen.size} ${entity} records with an id of the ${total} the index counts; nothing written (run it again)`);
  return [...seen.values(), ...(await withoutId(p, query, size, src))];
}
