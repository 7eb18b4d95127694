/** The Hono application: the API contract under /api, the image proxy, and the built site. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { config } from '../src/lib/config';
import type { DbDeps, MetricsDeps, ShopContext } from './context';
import { z } from 'zod';
import { ApiError, answer, bearer, jsonBody } from './http';
import { cartRoutes } from './routes/cart';
import { userRoutes } from './routes/user';
import { orderRoutes } from './routes/order';
import { catalogRoutes, reviewRoutes, stockRoutes } from './routes/catalog';
import { extRoutes } from './routes/ext';
import { searchRoutes } from './routes/search';
import { Faults, faultMiddleware, faultRoutes } from './faults';
import type { RebuildManager } from './rebuild';
import { NON_HTML_CSP, SECURITY_HEADERS, Site, fileMiddleware, scriptCsp } from './static';
import { ImageProxy } from './images';
import { IdText, inputEdge } from './inputs';
import { MIGRATIONS } from './migrations';

export interface AppParts {
  site: Site;
  /** The media folder of the live snapshot (changes after a rebuild). */
  mediaRoot: () => string;
  /** Folder of the image proxy's resized pictures (env IMAGE_CACHE_DIR). */
  imageCacheDir: string;
  rebuild?: RebuildManager | null;
  /** The editors' publishing page (server/routes/publish.ts), served at /_publish; null without rebuilds. */
  publish?: Hono | null;
  /** Allowed cross-origin callers of /api (env CORS_ORIGIN, comma-separated); none by default. */
  corsOrigins?: string[];
  /** True once the server is shutting down: /readyz answers 503 so the load balancer stops sending. */
  draining?: () => boolean;
  /** Bearer token of GET /metrics (env METRICS_TOKEN); without one the path is not served. */
  metricsToken?: string | null;
}

/**
 * The rebuild hook's optional body: the product ids the backend changed (pulled by id besides the
 * `updated_at` range; an id no longer in the index is removed), or `full` for a complete pull.
 */
const RebuildBody = z.strictObject({
  product_ids: z
    .array(z.union([z.number().int().positive(), IdText]))
    .max(10_000)
    .optional(),
  full: z.boolean().optional(),
  /** Stop before the switch: the build waits on the publishing page for "Go live" (default false: the hook publishes). */
  preview: z.boolean().optional(),
});

/** Paths of the load balancer's probes and the metrics scrape. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
/** How long /readyz waits for the database before it calls it unreachable. */
const READY_TIMEOUT_MS = 2000;

/** Why this instance should get no traffic, or null: draining, the database unreachable, or its schema older than this code's. */
async function notReady(ctx: DbDeps, draining: boolean): Promise<string | null> {
  if (draining) return 'draining: the instance is shutting down';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_r, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)));
  try {
    const version = await Promise.race([ctx.db.schemaVersion(), timeout]);
    // A newer schema (another instance of a later release migrated) is served: migrations only add.
    if (version < MIGRATIONS.length) return `migrations: the database has ${version} of this release's ${MIGRATIONS.length}`;
    return null;
  } catch (e) {
    return `database: ${(e as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

/** A refused customer token (the 401s of `token` and `refreshToken`), by reason, from the refusal's own text. */
function countTokenError(ctx: MetricsDeps, message: string): void {
  const kind = message.startsWith('token:') ? 'access' : message.startsWith('refreshToken:') ? 'refresh' : null;
  if (!kind) return;
  const reason = /expired/.test(message) ? 'expired' : /already used/.test(message) ? 'reused' : /required/.test(message) ? 'missing' : 'invalid';
  ctx.metrics.tokenErrors.inc({ kind, reason });
}

/** Path of the order endpoint on this server: config.orders.endpoint when it is a local /api path. */
export const orderPath = (): string => (config.orders.endpoint.startsWith('/api/') ? config.orders.endpoint : '/api/order');

/** Builds the application from the one `ShopContext`: it is every route's narrow dependencies (server/context.ts) at once. */
export function createApp(ctx: ShopContext, parts: AppParts): { app: Hono; faults: Faults | null } {
  const app = new Hono();
  const faults = ctx.options.faults ? new Faults(orderPath()) : null;

  app.use('*', ctx.metrics.middleware);
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    // Probes and scrapes come every few seconds: not logged. Path only: the query string carries tokens and cart ids and is never logged.
    if (PROBES.has(c.req.path)) return;
    ctx.logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  });
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const problem = await notReady(ctx, parts.draining?.() ?? false);
    return problem ? c.json({ status: 'not ready', reason: problem }, 503) : c.json({ status: 'ready' });
  });
  if (parts.metricsToken) {
    app.get('/metrics', bearer(parts.metricsToken, 401, 'authorization: the metrics token is required'), ctx.metrics.handler);
  }

  // Security headers of every answer (docs/api.md, Headers); HTML pages get their own CSP from Site.
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
    // Not on a 304 without one: its headers would replace the page's stored policy.
    if (!c.res.headers.has('Content-Security-Policy') && c.res.status !== 304) {
      const script = /javascript/.test(c.res.headers.get('Content-Type') ?? '');
      c.res.headers.set('Content-Security-Policy', script ? scriptCsp() : NON_HTML_CSP);
    }
  });
  // Cart requests that end in an error, by status (an alert on 5xx; a rise of 404s is clients holding carts that went).
  app.use('/api/cart/*', async (c, next) => {
    await next();
    if (c.res.status >= 400) ctx.metrics.cartErrors.inc({ status: String(c.res.status) });
  });
  if (parts.corsOrigins?.length) app.use('/api/*', cors({ origin: parts.corsOrigins, allowHeaders: ['Content-Type', 'Authorization'] }));
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  // Every path: API routes, and the site's pages and assets (a slow page tests the service worker's timeout).
  // Query parameters and path segments: text both databases store alike, or a 400 before any route runs.
  app.use('/api/*', inputEdge);
  if (faults) app.use('*', faultMiddleware(faults));
  app.use('/api/*', ctx.verifyAccessToken);
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: ctx.options.bodyLimitBytes,
      // The unread rest of the body is still on the connection: close it after the answer, so that the
      // client does not send its next request on a connection the server is about to drop.
      onError: (c) => {
        c.header('Connection', 'close');
        return answer(c, 413, `body: the request body is larger than ${ctx.options.bodyLimitBytes} bytes`);
      },
    }),
  );

  const api = new Hono();
  api.route('/cart', cartRoutes(ctx));
  api.route('/user', userRoutes(ctx));
  api.route(orderPath().slice('/api'.length), orderRoutes(ctx));
  api.route('/catalog', searchRoutes(ctx));
  api.route('/catalog', catalogRoutes(ctx));
  api.route('/stock', stockRoutes(ctx));
  api.route('/review', reviewRoutes(ctx));
  api.route('/ext', extRoutes(ctx));
  if (faults) api.route('/', faultRoutes(ctx, faults));

  const rb = parts.rebuild;
  const rebuildToken = ctx.options.rebuildToken;
  if (rb && rebuildToken) {
    const rebuildAuth = bearer(rebuildToken, 401, 'authorization: a valid rebuild token is required');
    api.post('/rebuild', rebuildAuth, jsonBody(RebuildBody, { optional: true }), (c) => {
      const body = c.req.valid('json');
      const trigger = rb.trigger(
        { productIds: body.product_ids ?? [], full: body.full ?? false },
        { trigger: { kind: 'hook', by: 'rebuild hook' }, preview: body.preview },
      );
      return answer(c, 202, { trigger, ...rb.status() });
    });
    api.get('/rebuild/status', rebuildAuth, (c) => answer(c, 200, rb.status()));
  }

  api.all('*', (c) => answer(c, 404, `Not found: ${c.req.method} ${c.req.path}`));
  app.route('/api', api);

  if (parts.publish) app.route('/_publish', parts.publish);

  const images = new ImageProxy(parts.mediaRoot, parts.imageCacheDir);
  app.use('/img/*', ...fileMiddleware());
  app.get('/img/*', (c) => images.serve(c));
  // In order, each passing on with next(): revalidation and gzip, the contract files, serveStatic, the 404 page.
  for (const handler of parts.site.routes()) app.get('*', handler);
  app.all('*', (c) => c.text('Method Not Allowed', 405));

  const onError = (err: Error, c: Parameters<Parameters<typeof app.onError>[0]>[1]) => {
    if (err instanceof ApiError) {
      if (err.code === 401) countTokenError(ctx, err.message);
      return answer(c, err.code, err.result, err.meta);
    }
    // A middleware's own answer (bearer's refusal) as it made it; else the contract's shape.
    if (err instanceof HTTPException) return err.res ? err.getResponse() : answer(c, err.status, err.message || 'Bad request');
    ctx.logger.error(`${c.req.method} ${c.req.path}: ${err.name}: ${err.message}`);
    return answer(c, 500, 'Internal Server Error');
  };
  app.onError(onError);
  api.onError(onError);
  return { app, faults };
}
