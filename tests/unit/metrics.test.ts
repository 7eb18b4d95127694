/** The API's metrics (server/metrics.ts): route patterns as labels, the pool gauge, rebuild runs. */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { ShopMetrics } from '../../server/metrics';
import type { DB } from '../../server/db';

const pool = { total: 3, idle: 1, waiting: 2 };
const metrics = new ShopMetrics({ poolStats: () => pool } as unknown as DB);
const app = new Hono();
app.use('*', metrics.middleware);
app.get('/api/stock/check/:sku', (c) => c.text('ok'));
app.get('/api/fail', () => {
  throw new Error('boom');
});
app.onError((_e, c) => c.text('error', 500));

describe('metrics', () => {
  it('labels requests with the pattern of the route that answered, errors included', async () => {
    await app.request('/api/stock/check/RING-101');
    await app.request('/api/stock/check/PENDANT-105');
    await app.request('/api/fail');
    const { body, contentType } = await metrics.text();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('shop_http_requests_total{method="GET",route="/api/stock/check/:sku",status="200"} 2');
    expect(body).toContain('shop_http_requests_total{method="GET",route="/api/fail",status="500"} 1');
    expect(body).not.toContain('RING-101');
    expect(body).toContain('shop_http_request_duration_seconds_count{method="GET",route="/api/stock/check/:sku"} 2');
  });

  it("reads the pool's connections at each scrape", async () => {
    pool.waiting = 5;
    const { body } = await metrics.text();
    expect(body).toContain('shop_db_pool_connections{state="total"} 3');
    expect(body).toContain('shop_db_pool_connections{state="waiting"} 5');
  });

  it('counts finished rebuild runs by outcome with their duration', async () => {
    metrics.observeRebuild({ ok: true, startedAt: '2026-01-01T10:00:00.000Z', finishedAt: '2026-01-01T10:00:42.000Z' });
    metrics.observeRebuild({ ok: false, startedAt: '2026-01-01T11:00:00.000Z', finishedAt: '2026-01-01T11:00:03.000Z' });
    const { body } = await metrics.text();
    expect(body).toContain('shop_rebuild_runs_total{outcome="success"} 1');
    expect(body).toContain('shop_rebuild_runs_total{outcome="failure"} 1');
    expect(body).toContain('shop_rebuild_duration_seconds_sum{outcome="success"} 42');
  });
});
