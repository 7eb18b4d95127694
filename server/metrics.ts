/**
 * The API's Prometheus metrics (prom-client), one registry per server: requests by route and status
 * with their latency, orders by outcome, cart and token errors, rebuild runs, the database pool.
 * Served at `/metrics` with the METRICS_TOKEN bearer token, or without one on METRICS_PORT (a listener
 * of its own, for a network only the scraper reaches). docs/api.md, "Metrics", says what each means.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { DB } from './db';

/** Latency buckets in seconds: the API's answers take milliseconds; an order under load up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What an order request came to: stored, answered again (same order_id), or refused (any 4xx/5xx). */
export type OrderOutcome = 'accepted' | 'duplicate' | 'refused';

export class ShopMetrics {
  readonly registry = new Registry();
  readonly requests = this.#counter('shop_http_requests_total', 'Requests answered, by method, route pattern and status.', ['method', 'route', 'status']);
  readonly latency = this.#histogram(
    'shop_http_request_duration_seconds',
    'Time from a request to its answer, by method and route pattern.',
    ['method', 'route'],
    LATENCY_BUCKETS,
  );
  readonly orders = this.#counter(
    'shop_orders_total',
    'Order requests by outcome: accepted (stored), duplicate (an order_id already stored, answered again), refused (4xx or 5xx).',
    ['outcome', 'status'],
  );
  readonly cartErrors = this.#counter('shop_cart_errors_total', 'Cart requests answered with an error, by status.', ['status']);
  readonly tokenErrors = this.#counter(
    'shop_token_errors_total',
    "Customers' tokens refused (401), by kind (access, refresh) and reason (expired, reused, missing, invalid).",
    ['kind', 'reason'],
  );
  readonly rebuildRuns = this.#counter('shop_rebuild_runs_total', 'Rebuild runs (pull, build, switch) finished, by outcome.', ['outcome']);
  readonly rebuildDuration = this.#histogram(
    'shop_rebuild_duration_seconds',
    'Duration of the finished rebuild runs, by outcome.',
    ['outcome'],
    [5, 15, 30, 60, 120, 300, 600, 1200, 3600],
  );

  #counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  #histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  constructor(db: DB) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "The database pool's connections: open (total), idle, and requests waiting for one (SQLite: one connection).",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = db.poolStats();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }

  /** Adds Node's own metrics (CPU, memory, event loop lag, GC) for a server that exposes this registry. */
  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }

  /** Middleware counting every answer and its latency under the pattern of the route that answered (bounded labels, never the raw path). */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeOf(c);
      this.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
      this.latency.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
    }
  };

  /** A finished rebuild run (RebuildManager's `onRunEnd`). */
  observeRebuild(run: { ok: boolean; startedAt: string; finishedAt: string }): void {
    const outcome = run.ok ? 'success' : 'failure';
    this.rebuildRuns.inc({ outcome });
    this.rebuildDuration.observe({ outcome }, (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000);
  }

  /** The text format Prometheus scrapes. */
  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /** GET /metrics: the text format, for the shop's port (behind its token) or the metrics port. */
  readonly handler: Handler = async (c) => {
    const { body, contentType } = await this.text();
    return c.body(body, 200, { 'Content-Type': contentType });
  };
}

/**
 * The pattern of the handler that answered: once the chain has run, the request's route index is the
 * last handler it reached ('/api/*' for a refusal of the API's edge, '/*' for the site's pages).
 */
function routeOf(c: Context): string {
  return routePath(c) || 'unmatched';
}
