/**
 * `npm run bench:api`: starts the reference server on a temporary database (sample snapshot, or
 * SNAPSHOT_DIR) and measures `cart/update` and the order endpoint on loopback with autocannon;
 * prints requests per second and p99 latency. Options: --duration S (default 10), --connections N (default 10).
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/server';
import { createLogger } from '../server/logger';
import { readProducts } from '../src/lib/build/snapshot';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main(): Promise<void> {
  const duration = arg('duration', 10);
  const connections = arg('connections', 10);
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'bench.db'),
    distDir: null,
    logger: createLogger({ silent: true }),
    env: { ...process.env, LOG_REQUESTS: '0' },
    options: { outboxDir: join(dir, 'outbox'), rateLimit: { windowMs: 60_000, max: 1_000_000 } },
  });
  try {
    // Plenty of stock so that every order succeeds (the bench measures the happy path).
    await server.db.prepare('UPDATE stock SET qty = 1000000000, is_in_stock = 1').run();
    const simple = readProducts(server.ctx.options.snapshotDir).find((p) => p.type_id === 'simple' && p.status === 1)!;
    const post = async (path: string, body?: unknown) =>
      (await (
        await fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
      ).json()) as { result: any };
    const cartId = (await post('/api/cart/create')).result as string;
    const item = (await post(`/api/cart/update?token=&cartId=${cartId}`, { cartItem: { sku: simple.sku, qty: 1 } })).result as { item_id: number };

    const address = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      street: ['1 Fishergate'],
      city: 'Preston',
      postcode: 'PR1 2AD',
      country_id: 'GB',
      telephone: '01772 203481',
      email: 'bench@example.org',
    };
    let n = 0;
    const orderBody = () =>
      JSON.stringify({
        order_id: `bench-${process.pid}-${++n}-${Date.now()}`,
        created_at: new Date().toISOString(),
        transmited: false,
        products: [{ sku: simple.sku, qty: 1 }],
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_method_code: 'express',
          shipping_carrier_code: 'flatrate',
          payment_method_code: 'cashondelivery',
        },
      });

    const runs: Array<{ name: string; opts: Record<string, unknown> }> = [
      {
        name: 'POST /api/cart/update',
        opts: {
          url: `${server.url}/api/cart/update?token=&cartId=${cartId}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cartItem: { sku: simple.sku, qty: 2, item_id: item.item_id } }),
        },
      },
      {
        name: `POST ${'/api/order'} (new order each request)`,
        opts: {
          url: `${server.url}/api/order`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: orderBody() }) }],
        },
      },
    ];
    console.log(`bench:api: ${connections} connections, ${duration} s per route, loopback, ${simple.sku} on a temporary database`);
    const rows: string[] = [];
    for (const r of runs) {
      const res = await autocannon({ ...r.opts, connections, duration });
      rows.push(
        `${r.name.padEnd(44)} ${res.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(res.latency.p50).padStart(4)} ms   p99 ${String(res.latency.p99).padStart(4)} ms   non-2xx ${res.non2xx}   errors ${res.errors}`,
      );
    }
    const orders = ((await server.db.prepare('SELECT COUNT(*) AS n FROM orders').get()) as { n: number }).n;
    for (const row of rows) console.log(row);
    console.log(`orders written: ${orders}`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
