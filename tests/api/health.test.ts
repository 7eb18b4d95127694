/**
 * What the load balancer and the on-call engineer see: /healthz, /readyz (database reachable and
 * migrated, not draining) and the Prometheus metrics, on both databases.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderPayload, startTestShop, useTestShop } from './fixture';
import { MIGRATIONS } from '../../server/migrations';
import type { SqliteDB } from '../../server/db';

const METRICS_TOKEN = 'metrics-token-for-tests';

/** The value of one sample of the Prometheus text (`name{a="b",…} value`), 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('health, readiness and metrics', () => {
  const shop = useTestShop({
    env: { SHOP_FAULTS: '1', METRICS_TOKEN },
    options: { rebuildToken: 'health-rebuild-token' },
    // A pull writes its snapshot folder and a build its site folder, as the real steps do: a kept
    // build whose folders are gone is no longer listed.
    rebuildSteps: {
      pull: async (snapshot: string) => void mkdirSync(snapshot, { recursive: true }),
      build: async (_snapshot: string, out: string) => {
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, 'index.html'), '<h1>Rebuilt</h1>');
      },
      activate: () => {},
    },
  });
  const metrics = async () => {
    const r = await fetch(`${shop().url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  it('/healthz answers while the process runs; /readyz while the database is reachable and migrated', async () => {
    expect(await (await fetch(`${shop().url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${shop().url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('/readyz answers 503 while the database holds fewer migrations than this release needs', async () => {
    const s = shop();
    const lower =
      s.db.dialect === 'sqlite'
        ? async () => (s.db as SqliteDB).pragma(`user_version = ${MIGRATIONS.length - 1}`)
        : () => s.db.exec(`DELETE FROM schema_migrations WHERE version = ${MIGRATIONS.length}`);
    const restore =
      s.db.dialect === 'sqlite'
        ? async () => (s.db as SqliteDB).pragma(`user_version = ${MIGRATIONS.length}`)
        : () => s.db.exec(`INSERT INTO schema_migrations (version) VALUES (${MIGRATIONS.length})`);
    await lower();
    try {
      const r = await fetch(`${s.url}/readyz`);
      expect(r.status).toBe(503);
      expect((await r.json()).reason).toBe(`migrations: the database has ${MIGRATIONS.length - 1} of this release's ${MIGRATIONS.length}`);
    } finally {
      await restore();
    }
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });

  it('/metrics needs its token', async () => {
    expect((await fetch(`${shop().url}/metrics`)).status).toBe(401);
    expect((await fetch(`${shop().url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, orders by outcome, cart and token errors, rebuild runs and the pool', async () => {
    const s = shop();
    const before = await metrics();
    const order = orderPayload();
    expect((await s.call('POST', '/api/order', { body: order })).status).toBe(200);
    expect((await s.call('POST', '/api/order', { body: order })).headers.get('X-Order-Replay')).toBe('1');
    expect((await s.call('POST', '/api/order', { body: { ...orderPayload(), products: [] } })).status).toBe(400);
    expect((await s.call('GET', '/api/cart/pull', { query: { cartId: 'no-such-cart' } })).status).toBe(404);
    expect((await s.call('GET', '/api/user/me', { query: { token: 'not-a-token' } })).status).toBe(401);
    expect((await s.call('GET', '/api/stock/check/RING-101')).status).toBe(200);
    expect((await s.call('POST', '/api/rebuild', { headers: { Authorization: 'Bearer health-rebuild-token' }, body: {} })).status).toBe(202);
    await s.rebuild!.idle();
    const after = await metrics();
    const grew = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew('shop_orders_total', { outcome: 'accepted', status: '200' })).toBe(1);
    expect(grew('shop_orders_total', { outcome: 'duplicate', status: '200' })).toBe(1);
    expect(grew('shop_orders_total', { outcome: 'refused', status: '400' })).toBe(1);
    expect(grew('shop_cart_errors_total', { status: '404' })).toBe(1);
    expect(grew('shop_token_errors_total', { kind: 'access', reason: 'invalid' })).toBe(1);
    // The route's pattern, never the raw path (one series per route, whatever the sku).
    expect(grew('shop_http_requests_total', { method: 'GET', route: '/api/stock/check/:sku', status: '200' })).toBe(1);
    expect(after).not.toContain('RING-101');
    expect(grew('shop_http_request_duration_seconds_count', { method: 'POST', route: '/api/order' })).toBe(3);
    expect(grew('shop_rebuild_runs_total', { outcome: 'success' })).toBe(1);
    expect(grew('shop_rebuild_duration_seconds_count', { outcome: 'success' })).toBe(1);
    expect(sample(after, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // Node's own, for a server that exposes its metrics.
    expect(after).toContain('process_cpu_seconds_total');
  });

  it('draining: /readyz answers 503 at once while requests are still served, then the server stops', async () => {
    const s = await startTestShop();
    const closed = s.close(2000, 1500);
    const ready = await fetch(`${s.url}/readyz`);
    expect([ready.status, (await ready.json()).reason]).toEqual([503, 'draining: the instance is shutting down']);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await s.call('GET', '/api/stock/check/RING-101')).status).toBe(200);
    await closed;
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    await s.stop();
  });
});

describe('metrics on a port of their own', () => {
  it('METRICS_PORT serves /metrics without a token; the shop port then has no /metrics', async () => {
    const s = await startTestShop({ env: { SHOP_FAULTS: '1', METRICS_PORT: '0' } });
    try {
      expect(s.metricsPort).toBeGreaterThan(0);
      const r = await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('# TYPE shop_http_requests_total counter');
      expect((await fetch(`${s.url}/metrics`)).status).not.toBe(200);
    } finally {
      await s.stop();
    }
  });
});
