/**
 * vue-storefront-api's catalogue route, `GET|POST /api/catalog/{index}/{entity}/_search`, as its
 * src/api/catalog.ts does it over the Elasticsearch stand-in (es-index.ts):
 *
 * - The body is the POST body, or with GET the `request` query parameter (JSON, URI-encoded).
 * - The index name must be one of `elasticsearch.indices`; VSFA *throws* otherwise (and for a method
 *   other than GET/POST/OPTIONS, or a `request` that is not JSON) inside an async Express handler,
 *   so no answer is ever written: the stand-in drops the connection.
 * - `groupToken` / `groupId` are taken off the body; the group goes to the product processor.
 * - The rest of the query string goes to Elasticsearch (VSFA's adjustBackendProxyUrl), without
 *   `request`, `request_format` and `response_format`; for ES 6+ `_source_include`/`_exclude` are
 *   renamed `_source_includes`/`_excludes`. ES 5 is `/{index}/{entity}/_search`, ES 6+ `/{index}_{entity}/_search`.
 * - An Elasticsearch error (`body.error`) goes through `apiError`: the HTTP status is `error.code ||
 *   error.status` of the *error object* (ES puts `status` beside it, not in it), so 500, and the body
 *   `{ code: 500, result: <ES's error object> }`.
 * - Hits go through the entity's result processor (products: VSFA's price processing and signing,
 *   `processProducts`; others: unchanged), then `response_format=compact` flattens them.
 * - `request_format=search-query` (VSF's own query language, translated by storefront-query-builder)
 *   is not modelled: an error naming it.
 */
import type { Context, Hono } from 'hono';
import type { Rec } from '../../src/lib/import/es-query';
import type { EsIndex } from './es-index';

/**
 * VSFA's product result processor: hits in, hits out (tests/vsfa/product-processor.ts wires VSFA's
 * price code in); `sourceExclude` is the request's `_source_exclude`, which asks VSFA to sign.
 */
export type ProcessProducts = (hits: Rec[], groupId: unknown, request: { sourceExclude?: string }) => Rec[] | Promise<Rec[]>;

export interface CatalogConfig {
  /** `elasticsearch.indices` of VSFA's configuration. */
  indices: string[];
  /** The stand-in's indices by `{index}/{entity}`. */
  lookup(index: string, entity: string): EsIndex | undefined;
  processProducts: ProcessProducts;
}

/** VSFA's answer to a request it throws on: none (Express 4 never hears of the rejected promise). */
export function noAnswer(c: Context): Response {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  return new Response(null, { status: 599 });
}

const apiStatus = (c: Context, result: unknown, code: number) => c.json({ code, result }, code as 500);

function indexNotFound(name: string): Rec {
  const cause = { type: 'index_not_found_exception', reason: `no such index [${name}]`, 'resource.type': 'index_or_alias', 'resource.id': name, index: name };
  return { error: { root_cause: [cause], ...cause }, status: 404 };
}

export function catalogRoutes(app: Hono, cfg: CatalogConfig): void {
  app.all('/api/catalog/*', async (c) => {
    const method = c.req.method;
    if (method === 'OPTIONS') return c.body(null, 200);
    if (method !== 'GET' && method !== 'POST') return noAnswer(c);
    const url = new URL(c.req.url);
    const segments = url.pathname.slice('/api/catalog'.length).split('/');
    const [indexName = '', entity = ''] = [segments[1], segments[2]];
    let body: Rec = {};
    try {
      if (method === 'GET') body = url.searchParams.get('request') ? (JSON.parse(decodeURIComponent(url.searchParams.get('request')!)) as Rec) : {};
      else body = (await c.req.json()) as Rec;
    } catch {
      return noAnswer(c);
    }
    if (segments.length < 2 || !cfg.indices.includes(indexName) || !segments[segments.length - 1]!.startsWith('_search')) return noAnswer(c);
    if (url.searchParams.get('request_format') === 'search-query') return apiStatus(c, 'the VSFA stand-in does not model request_format=search-query', 500);
    const groupToken = body.groupToken;
    const groupId = typeof groupToken === 'string' && groupToken.length > 10 ? 'token' : (body.groupId ?? null);
    delete body.groupToken;
    delete body.groupId;
    const params = new URLSearchParams(url.searchParams);
    for (const k of ['request', 'request_format', 'response_format']) params.delete(k);
    const index = cfg.lookup(indexName, entity);
    const version = index?.opts.version;
    if (version && version > 5)
      for (const k of ['_source_include', '_source_exclude'] as const) {
        const v = params.get(k);
        params.delete(k);
        if (v !== null) params.set(`${k}s`, v);
      }
    const answer = index ? index.search(body, params) : { status: 404, body: indexNotFound(`${indexName}_${entity}`) };
    const res = answer.body as Rec & { hits?: { hits?: Rec[]; total?: unknown; max_score?: unknown } };
    if (res.error) {
      const err = res.error as Rec;
      return apiStatus(c, err, Number(err.code ?? err.status) || 500);
    }
    if (res.hits?.hits) {
      try {
        if (entity === 'product')
          res.hits.hits = await cfg.processProducts(res.hits.hits, groupId, { sourceExclude: url.searchParams.get('_source_exclude') ?? undefined });
      } catch (e) {
        return apiStatus(c, (e as Error).message, 500);
      }
      if (url.searchParams.get('response_format') === 'compact') {
        delete res.took;
        delete res.timed_out;
        delete res._shards;
        delete res.hits.max_score;
        res.total = res.hits.total;
        try {
          res.hits = res.hits.hits.map((h) => Object.assign(h._source as Rec, { _score: h._score })) as unknown as typeof res.hits;
        } catch (e) {
          // A hit without _source (`_source: false`): VSFA's formatter fails on it and apiError answers.
          return apiStatus(c, (e as Error).message, 500);
        }
      }
    }
    return c.json(res, 200);
  });
}
