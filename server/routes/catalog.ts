/**
 * Catalogue reads (used by the snapshot puller and the storefront), stock, reviews. Every list is
 * paged with `from` and `size` (§5: size 0 or below becomes 50, a negative start becomes 0).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ReviewInputSchema, type Product, type Review } from '../../src/lib/schemas';
import { config } from '../../src/lib/config';
import { pageSize, pageStart } from '../../src/lib/search/query';
import type { CustomerDeps, DbDeps, OptionsDeps, SnapshotDeps } from '../context';
import { ApiError, bearer, jsonBody, ok, okOr404, validQuery } from '../http';
import { nowIso } from '../db';
import { getStock, stockJson, withLiveStock } from '../catalog';
import { IdText } from '../inputs';

const MAX_SIZE = 1000;

/** `{ review: {...} }` (the contract) or a bare review; a body that is neither names `review`. */
const ReviewBody = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !('review' in raw) && ReviewInputSchema.strict().safeParse(raw).success ? { review: raw } : raw),
  z.strictObject({ review: ReviewInputSchema.strict() }),
);

// Query text that is not a whole number is a 400 naming the field; a number is paged by the §5 rule the search engines use.
const Paging = z.looseObject({
  from: z.coerce
    .number()
    .int()
    .default(0)
    .transform((n) => pageStart(n)),
  size: z.coerce
    .number()
    .int()
    .default(config.constants.search.defaultSize)
    .transform((n) => Math.min(pageSize(n, config.constants.search.defaultSize), MAX_SIZE)),
});

const paging = validQuery(Paging);
const filter = z.string().optional();
const ProductsQuery = z.looseObject({ ...Paging.shape, sku: filter, skus: filter, url_path: filter, url_key: filter, id: IdText.optional() });
const CategoriesQuery = z.looseObject({ ...Paging.shape, url_path: filter, slug: filter, id: IdText.optional() });
const AttributesQuery = z.looseObject({ ...Paging.shape, attribute_code: filter });

const page = <T>(items: T[], from: number, size: number) => ({ items: items.slice(from, from + size), total: items.length, from, size });

/** Lists of snapshot entities served as they are: path segment -> entity kind. */
const PLAIN_LISTS: Record<string, string> = {
  'cms-pages': 'cmsPage',
  'cms-blocks': 'cmsBlock',
  'blog-posts': 'blogPost',
  'blog-categories': 'blogCategory',
  shops: 'shop',
  'shipping-methods': 'shippingMethod',
  'payment-methods': 'paymentMethod',
  'tax-rates': 'taxRate',
  'url-map': 'urlMap',
};

function listMedia(dir: string): string[] {
  const root = join(dir, 'media');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push('/' + relative(root, p).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** The social feed's settings (catalog/social, and ext/social-settings for the storefront's client). */
export const socialSettings = (ctx: Pick<SnapshotDeps, 'entity'>) => (c: Context) => okOr404(c, ctx.entity('social', 'default'), 'social: no social settings');

/** What the catalogue routes use: the database, the snapshot entities, the rebuild token (coupons, media lists) and the snapshot folder. */
export type CatalogDeps = DbDeps & SnapshotDeps & OptionsDeps<'rebuildToken' | 'snapshotDir'>;

export function catalogRoutes(ctx: CatalogDeps): Hono {
  const r = new Hono();
  const db = ctx.db;

  r.get('/manifest', (c) => ok(c, ctx.entity('manifest', 'default') ?? null));

  r.get('/products', validQuery(ProductsQuery), async (c) => {
    const q = c.req.valid('query');
    const { from, size } = q;
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.sku) {
      where.push('sku = ?');
      args.push(q.sku);
    }
    if (q.skus) {
      const list = q.skus.split(',').filter(Boolean).slice(0, MAX_SIZE);
      where.push(`sku IN (${list.map(() => '?').join(',') || "''"})`);
      args.push(...list);
    }
    if (q.url_path) {
      where.push('url_path = ?');
      args.push(q.url_path.replace(/^\/+|\/+$/g, ''));
    }
    if (q.url_key) {
      where.push('url_key = ?');
      args.push(q.url_key);
    }
    if (q.id) {
      where.push('id = ?');
      args.push(Number(q.id));
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = ((await db.prepare(`SELECT COUNT(*) AS n FROM products ${w}`).get(...args)) as { n: number }).n;
    const rows = (await db.prepare(`SELECT data FROM products ${w} ORDER BY pos LIMIT ? OFFSET ?`).all(...args, size, from)) as { data: string }[];
    const items = await Promise.all(rows.map((row) => withLiveStock(db, JSON.parse(row.data) as Product)));
    return ok(c, { items, total, from, size });
  });

  r.get('/categories', validQuery(CategoriesQuery), (c) => {
    const q = c.req.valid('query');
    const { from, size } = q;
    let items = ctx.entities<{ id: number; url_path: string; slug: string; url_key: string }>('category');
    if (q.url_path) items = items.filter((x) => x.url_path === q.url_path!.replace(/^\/+|\/+$/g, ''));
    if (q.slug) items = items.filter((x) => x.slug === q.slug);
    if (q.id) items = items.filter((x) => String(x.id) === q.id);
    return ok(c, page(items, from, size));
  });

  r.get('/attributes', validQuery(AttributesQuery), (c) => {
    const { from, size, attribute_code } = c.req.valid('query');
    const codes = attribute_code?.split(',').filter(Boolean);
    let items = ctx.entities<{ attribute_code: string }>('attribute');
    if (codes?.length) items = items.filter((a) => codes.includes(a.attribute_code));
    return ok(c, page(items, from, size));
  });

  r.get('/reviews', paging, async (c) => {
    const { from, size } = c.req.valid('query');
    const total = ((await db.prepare('SELECT COUNT(*) AS n FROM reviews WHERE review_status = 1').get()) as { n: number }).n;
    const rows = (await db.prepare('SELECT data FROM reviews WHERE review_status = 1 ORDER BY id LIMIT ? OFFSET ?').all(size, from)) as { data: string }[];
    return ok(c, { items: rows.map((x) => JSON.parse(x.data) as Review), total, from, size });
  });

  for (const [path, kind] of Object.entries(PLAIN_LISTS)) {
    r.get(`/${path}`, paging, (c) => {
      const { from, size } = c.req.valid('query');
      return ok(c, page(ctx.entities(kind), from, size));
    });
  }

  r.get('/menus', async (c) => {
    const out: Record<string, unknown> = {};
    for (const row of (await db.prepare("SELECT key, data FROM entities WHERE kind = 'menus' ORDER BY pos").all()) as { key: string; data: string }[]) {
      out[row.key] = JSON.parse(row.data);
    }
    return ok(c, out);
  });

  r.get('/banners', async (c) =>
    ok(
      c,
      ((await db.prepare("SELECT key FROM entities WHERE kind = 'banners' ORDER BY pos").all()) as { key: string }[]).map((x) => x.key),
    ),
  );
  r.get('/banners/:storeCode', (c) => okOr404(c, ctx.entity('banners', c.req.param('storeCode')), 'storeCode: no banners for this store code'));
  r.get('/social', socialSettings(ctx));

  // Coupons are secrets of the shop: only for the rebuild token (the snapshot puller of a rebuild).
  const couponsRefused = 'authorization: coupons need the rebuild token';
  const rebuildToken = ctx.options.rebuildToken;
  const couponsAuth: MiddlewareHandler = rebuildToken ? bearer(rebuildToken, 403, couponsRefused) : () => Promise.reject(new ApiError(403, couponsRefused));
  r.get('/coupons', couponsAuth, paging, (c) => {
    const { from, size } = c.req.valid('query');
    return ok(c, page(ctx.entities('coupon'), from, size));
  });

  r.get('/media', paging, (c) => {
    const { from, size } = c.req.valid('query');
    return ok(c, page(listMedia(ctx.options.snapshotDir), from, size));
  });

  return r;
}

export function stockRoutes(ctx: DbDeps): Hono {
  const r = new Hono();
  const check = async (c: Context, sku: string | undefined) => {
    if (!sku) throw new ApiError(400, 'query.sku: sku is required');
    const s = await getStock(ctx.db, sku);
    if (!s) throw new ApiError(404, 'sku: no product with this sku');
    return ok(c, stockJson(s));
  };
  r.get('/check', (c) => check(c, c.req.query('sku')));
  r.get('/check/:sku', (c) => check(c, c.req.param('sku')));
  r.get('/list', async (c) => {
    const skus = (c.req.query('skus') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!skus.length) throw new ApiError(400, 'query.skus: a comma-separated list of skus is required');
    if (skus.length > MAX_SIZE) throw new ApiError(400, `query.skus: at most ${MAX_SIZE} skus`);
    const out = (await Promise.all(skus.map((s) => getStock(ctx.db, s)))).filter((s) => s !== undefined).map(stockJson);
    return ok(c, out);
  });
  return r;
}

export function reviewRoutes(ctx: DbDeps & Pick<CustomerDeps, 'customerOf'>): Hono {
  const r = new Hono();
  const db = ctx.db;

  // The review list is vue-storefront-api's catalogue search on entity 'review' (./search.ts).
  r.post('/create', jsonBody(ReviewBody), async (c) => {
    const customer = await ctx.customerOf(c);
    const input = c.req.valid('json').review;
    if (input.entity_pk_value !== undefined && input.entity_pk_value !== input.product_id)
      throw new ApiError(400, 'review.entity_pk_value: must be the same product as review.product_id');
    const product = await db.prepare('SELECT id FROM products WHERE id = ?').get(input.product_id);
    if (!product) throw new ApiError(400, 'review.product_id: no product with this id');
    // One transaction: two instances numbering a review at once do not take the same id (the loser runs again).
    const created = nowIso();
    const reviewOf = (id: number): Review => ({
      id,
      product_id: input.product_id,
      title: input.title,
      detail: input.detail,
      nickname: input.nickname,
      // Always pending: only moderation approves (review_status 1).
      review_status: 2,
      review_entity: 'product',
      ratings: [{ percent: input.rating * 20, value: input.rating, rating_name: 'Rating' }],
      created_at: created,
      entity_type: 'review',
    });
    const id = await db.transaction(async () => {
      const next = Math.max(1_000_000, (((await db.prepare('SELECT MAX(id) AS m FROM reviews').get()) as { m: number | null }).m ?? 0) + 1);
      await db
        .prepare("INSERT INTO reviews (id, product_id, review_status, source, customer_id, created_at, data) VALUES (?, ?, 2, 'customer', ?, ?, ?)")
        .run(next, input.product_id, customer?.id ?? null, created, JSON.stringify(reviewOf(next)));
      return next;
    })();
    return ok(c, { id, review_status: 2 });
  });

  return r;
}
