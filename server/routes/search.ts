/**
 * vue-storefront-api's catalogue route: `GET|POST /api/catalog/{index}/{entity}/_search`. The body is
 * Elasticsearch query DSL (or, with GET, the `request` query parameter holding it as JSON); `from`,
 * `size`, `sort`, `_source_include` and `_source_exclude` may also come as query parameters. The answer
 * is Elasticsearch's raw response, not the `{ code, result }` envelope of the other routes. Records are
 * served in VSF's shapes (`src/lib/import/to-vsf.ts`); the query subset is the one of
 * `src/lib/import/es-query.ts`. The reference API holds one store: any index name serves it.
 * Paging past the 10,000-hit window is `sort` with `search_after` (each sorted hit carries its `sort`
 * values, as Elasticsearch's do); `hits.total` is exact (`track_total_hits` is accepted and changes nothing).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Attribute, Category, CmsBlock, CmsPage, Product, Review } from '../../src/lib/schemas';
import { compileQuery, filterSource, listParam, parseSort, QueryError, searchAfter, sortRecords, sortValues, type Rec } from '../../src/lib/import/es-query';
import {
  VSF_ENTITIES,
  attributeToVsf,
  categoryToVsf,
  cmsBlockToVsf,
  cmsPageToVsf,
  productToVsf,
  reviewToVsf,
  taxRateToVsf,
  type VsfEntity,
} from '../../src/lib/import/to-vsf';
import type { DbDeps, MemoDeps, PricingDeps, SnapshotDeps } from '../context';
import { ApiError, issueMessage, jsonLimits } from '../http';
import { withLiveStock } from '../catalog';

/** Elasticsearch's own limit of from + size (index.max_result_window). */
export const MAX_RESULT_WINDOW = 10_000;
const DEFAULT_SIZE = 10;

const Count = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`);

const SearchBody = z.looseObject({
  query: z.unknown().optional(),
  sort: z.unknown().optional(),
  from: Count('from').optional(),
  size: Count('size').optional(),
  _source: z
    .union([
      z.boolean(),
      z.string(),
      z.array(z.string()),
      z.looseObject({ includes: z.array(z.string()).optional(), excludes: z.array(z.string()).optional() }),
    ])
    .optional(),
  search_after: z.unknown().optional(),
  track_total_hits: z.union([z.boolean(), z.number()]).optional(),
  // vue-storefront sends these for group prices; the reference API's catalogue has one price list.
  groupId: z.unknown().optional(),
  groupToken: z.unknown().optional(),
});

const SearchQuery = z.looseObject({
  request: z.string().optional(),
  request_format: z.literal('search-query', { error: "request_format: only Elasticsearch query DSL is served (not 'search-query')" }).optional(),
  response_format: z.enum(['standard', 'compact']).optional(),
  from: Count('from').optional(),
  size: Count('size').optional(),
  sort: z.string().optional(),
});

const IndexName = /^[a-z0-9][a-z0-9_.-]{0,99}$/;

interface Source {
  id: string;
  record: Rec;
}

/** What the search route uses: the database (products, reviews, live stock), the snapshot entities and what is derived from them, tax rates. */
export type SearchDeps = DbDeps & Pick<SnapshotDeps, 'entities'> & MemoDeps & Pick<PricingDeps, 'taxRates'>;

/** A record of the entity with its Elasticsearch `_id`. */
async function entitySources(ctx: SearchDeps, entity: VsfEntity): Promise<Source[]> {
  const byId = (r: Rec, id: unknown): Source => ({ id: String(id), record: r });
  switch (entity) {
    case 'product':
      return ctx.memo('vsf:product', async () =>
        ((await ctx.db.prepare('SELECT data FROM products ORDER BY pos').all()) as { data: string }[]).map((row) => {
          const p = JSON.parse(row.data) as Product;
          return byId(productToVsf(p), p.id);
        }),
      );
    case 'category':
      return ctx.memo('vsf:category', () => ctx.entities<Category>('category').map((c) => byId(categoryToVsf(c), c.id)));
    case 'attribute':
      return ctx.memo('vsf:attribute', () => ctx.entities<Attribute>('attribute').map((a) => byId(attributeToVsf(a), a.id ?? a.attribute_id)));
    case 'cms_page':
      return ctx.memo('vsf:cms_page', () => ctx.entities<CmsPage>('cmsPage').map((p) => byId(cmsPageToVsf(p), p.id)));
    case 'cms_block':
      return ctx.memo('vsf:cms_block', () => ctx.entities<CmsBlock>('cmsBlock').map((b) => byId(cmsBlockToVsf(b), b.id)));
    case 'taxrule':
      return ctx.memo('vsf:taxrule', () => ctx.taxRates().map((t, i) => byId(taxRateToVsf(t, i), i + 1)));
    case 'review':
      // The snapshot's reviews (approved and pending, as the index holds them) and the approved ones
      // shoppers wrote here; read on every search, since moderation changes them.
      // The status column is the moderation's word (the record keeps the status it was written with).
      return (
        (await ctx.db.prepare("SELECT review_status, data FROM reviews WHERE source = 'snapshot' OR review_status = 1 ORDER BY id").all()) as {
          review_status: number;
          data: string;
        }[]
      ).map((row) => {
        const r = { ...(JSON.parse(row.data) as Review), review_status: row.review_status };
        return byId(reviewToVsf(r), r.id);
      });
  }
}

/** The request body: POST's JSON, or GET's `request` parameter; 400 naming what cannot be read. */
async function readRequest(c: Context, request: string | undefined): Promise<z.output<typeof SearchBody>> {
  let raw: unknown = {};
  let where = 'body';
  if (c.req.method === 'POST') {
    const text = await c.req.text();
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'body: the body is not valid JSON');
      }
    }
  } else if (request !== undefined) {
    where = 'query.request';
    try {
      raw = JSON.parse(request);
    } catch {
      throw new ApiError(400, 'query.request: not valid JSON (the Elasticsearch query, URL-encoded)');
    }
  }
  const bad = jsonLimits(raw);
  if (bad) throw new ApiError(400, `${bad.path || where}: ${bad.message}`);
  const r = SearchBody.safeParse(raw);
  if (!r.success) throw new ApiError(400, issueMessage(r.error, where === 'body' ? 'body' : where));
  return r.data;
}

function sourceLists(body: z.output<typeof SearchBody>, c: Context): { include: string[]; exclude: string[] } {
  const include = listParam(c.req.queries('_source_include')).concat(listParam(c.req.queries('_source_includes')));
  const exclude = listParam(c.req.queries('_source_exclude')).concat(listParam(c.req.queries('_source_excludes')));
  const s = body._source;
  if (typeof s === 'string') include.push(...listParam(s));
  else if (Array.isArray(s)) include.push(...s);
  else if (s && typeof s === 'object') {
    include.push(...(s.includes ?? []));
    exclude.push(...(s.excludes ?? []));
  }
  return { include, exclude };
}

export function searchRoutes(ctx: SearchDeps): Hono {
  const r = new Hono();
  const handler = async (c: Context) => {
    const started = performance.now();
    const index = c.req.param('index')!;
    const entity = c.req.param('entity')!;
    if (!IndexName.test(index)) throw new ApiError(400, 'index: not a valid index name (lower-case letters, digits, _ . -)');
    if (!(VSF_ENTITIES as readonly string[]).includes(entity)) throw new ApiError(404, `entity: no catalogue entity '${entity}' (${VSF_ENTITIES.join(', ')})`);
    const qp = SearchQuery.safeParse(c.req.query());
    if (!qp.success) throw new ApiError(400, issueMessage(qp.error, 'query'));
    const body = await readRequest(c, qp.data.request);
    const from = qp.data.from ?? body.from ?? 0;
    const size = qp.data.size ?? body.size ?? DEFAULT_SIZE;
    if (from + size > MAX_RESULT_WINDOW) throw new ApiError(400, `size: from + size must be at most ${MAX_RESULT_WINDOW} (page through with from)`);
    let match, sort, after;
    try {
      match = compileQuery(body.query);
      sort = qp.data.sort !== undefined ? parseSort(qp.data.sort, 'query.sort') : parseSort(body.sort);
      after = body.search_after === undefined ? null : searchAfter(body.search_after, sort);
    } catch (e) {
      if (e instanceof QueryError) throw new ApiError(400, e.message);
      throw e;
    }
    const found = (await entitySources(ctx, entity as VsfEntity)).filter((s) => match(s.record));
    if (sort.length) {
      const order = new Map(found.map((s) => [s.record, s]));
      const sorted = sortRecords(
        found.map((s) => s.record),
        sort,
      );
      found.splice(0, found.length, ...sorted.map((rec) => order.get(rec)!));
    }
    if (after && from > 0) throw new ApiError(400, 'from: must be 0 with search_after');
    const total = found.length;
    const page = (after ? found.filter((s) => after(s.record)) : found).slice(from, from + size);
    const { include, exclude } = sourceLists(body, c);
    const score = sort.length ? null : 1;
    const hits = await Promise.all(
      page.map(async (s) => {
        // Stock as it is now (orders change it), like the stock route.
        // Not when the hit carries no stock (the importer's id listing asks for `_source: ['id']`).
        const stockShown = body._source !== false && (!include.length || include.some((f) => f === 'stock' || f.startsWith('stock.')));
        const rec = entity === 'product' && stockShown ? ((await withLiveStock(ctx.db, s.record as unknown as Product)) as unknown as Rec) : s.record;
        const source = body._source === false ? {} : filterSource(rec, include, exclude);
        return { _index: index, _type: entity, _id: s.id, _score: score, _source: source, ...(sort.length ? { sort: sortValues(s.record, sort) } : {}) };
      }),
    );
    const took = Math.round(performance.now() - started);
    if (qp.data.response_format === 'compact') {
      return c.json({ total, hits: hits.map((h) => ({ ...h._source, _score: h._score })) });
    }
    return c.json({
      took,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total, max_score: total ? score : null, hits },
    });
  };
  r.get('/:index/:entity/_search', handler);
  r.post('/:index/:entity/_search', handler);
  return r;
}
