/**
 * `npm run bench:api`: starts the reference server on a temporary database (sample snapshot, or
 * SNAPSHOT_DIR) and measures `cart/update` and the order endpoint on loopback with autocannon;
 * prints requests per second and p99 latency. Options: --duration S (default 10), --connections N (default 10),
 * --database sqlite|postgres (default sqlite; postgres: a throw-away cluster, scripts/lib/postgres-cluster.ts),
 * --instances N (default 1; more: N-1 more API processes on the same PostgreSQL, autocannon spreading its
 * connections over them round robin).
 */
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/server';
import { createLogger } from '../../server/logger';
import { readProducts } from '../../src/lib/snapshot/read';
import { startPostgres, type Cluster } from '../lib/postgres-cluster';
import { OptionError, scriptOptions } from '../lib/cli-options';
import { sampleOrder } from '../lib/sample-order';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const USAGE = 'usage: npm run bench:api -- [--duration S] [--connections N] [--database sqlite|postgres] [--instances N]';

async function main(): Promise<void> {
  const { duration, connections, database, instances } = scriptOptions(
    process.argv.slice(2),
    { name: 'bench:api', usage: USAGE, values: ['duration', 'connections', 'database', 'instances'] },
    (o) => {
      const database = o.value('database') ?? 'sqlite';
      if (database !== 'sqlite' && database !== 'postgres') throw new OptionError(`--database: sqlite or postgres, not ${database}`);
      const instances = o.number('instances', 1, { integer: true, min: 1 });
      if (instances > 1 && database !== 'postgres') throw new OptionError('--instances: several instances share a PostgreSQL database only');
      return { duration: o.number('duration', 10, { min: 1 }), connections: o.number('connections', 10, { integer: true, min: 1 }), database, instances };
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const cluster: Cluster | null = database === 'postgres' ? await startPostgres() : null;
  const extra: ReturnType<typeof spawn>[] = [];
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'bench.db'),
    databaseUrl: cluster?.url,
    distDir: null,
    logger: createLogger({ silent: true }),
    env: { ...process.env, LOG_REQUESTS: '0' },
    options: { outboxDir: join(dir, 'outbox'), rateLimit: { windowMs: 60_000, max: 1_000_000 } },
  });
  try {
    const urls = [server.url];
    for (let n = 1; n < instances; n++) {
      // The other instances: server/start.ts processes of their own on the same database.
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'server', 'start.ts'), '--no-build'], {
        env: {
          ...process.env,
          PJ_SHOP_RELAYED: '1',
          DATABASE_URL: cluster!.url,
          DATABASE_PATH: join(dir, `instance-${n}`, 'shop.db'),
          SNAPSHOT_DIR: server.ctx.options.snapshotDir,
          DIST_DIR: join(dir, 'no-site'),
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_REQUESTS: '0',
          RATE_LIMIT_MAX: '1000000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      extra.push(child);
      urls.push(
        await new Promise<string>((res, rej) => {
          let out = '';
          child.stdout!.on('data', (b: Buffer) => {
            const m = /listening on http:\/\/localhost:(\d+)/.exec((out += b.toString()));
            if (m) res(`http://127.0.0.1:${m[1]}`);
          });
          child.once('exit', (code) => rej(new Error(`instance ${n} exited with ${code}: ${out.slice(-500)}`)));
        }),
      );
    }
    const label = database === 'sqlite' ? 'sqlite' : `postgres x${instances}`;
    // Plenty of stock so that every order succeeds (the bench measures the happy path).
    await server.db.prepare('UPDATE stock SET qty = 1000000000, is_in_stock = 1').run();
    const simples = readProducts(server.ctx.options.snapshotDir).filter((p) => p.type_id === 'simple' && p.status === 1);
    const simple = simples[0]!;
    const post = async (path: string, body?: unknown) =>
      (await (
        await fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })
      ).json()) as { result: any };
    const cartId = (await post('/api/cart/create')).result as string;
    const item = (await post(`/api/cart/update?token=&cartId=${cartId}`, { cartItem: { sku: simple.sku, qty: 1 } })).result as { item_id: number };

    let n = 0;
    const orderBody = () =>
      JSON.stringify(
        sampleOrder({
          id: `bench-${process.pid}-${++n}-${Date.now()}`,
          // Orders spread over the catalogue's simple products, as a shop's are: one sku for every order
          // would measure one stock row's contention (PostgreSQL re-runs the serializable transactions
          // that lose on it), not the database.
          products: [{ sku: simples[n % simples.length]!.sku, qty: 1 }],
          shipping: { carrier: 'flatrate', method: 'express' },
        }),
      );

    const runs: Array<{ name: string; opts: Record<string, unknown> }> = [
      {
        name: `POST /api/cart/update [${label}]`,
        opts: {
          url: urls.map((u) => `${u}/api/cart/update?token=&cartId=${cartId}`),
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cartItem: { sku: simple.sku, qty: 2, item_id: item.item_id } }),
        },
      },
      {
        name: `POST ${'/api/order'} (new order each request) [${label}]`,
        opts: {
          url: urls.map((u) => `${u}/api/order`),
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: orderBody() }) }],
        },
      },
    ];
    console.log(
      `bench:api: ${connections} connections, ${duration} s per route, loopback, cart ${simple.sku}, orders over ${simples.length} skus, on a temporary ${database} database, ${instances} API instance(s)`,
    );
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
    for (const child of extra) child.kill('SIGTERM');
    await server.close();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
