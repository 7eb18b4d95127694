/**
 * `npm run db:backup` during a burst of orders, `npm run db:restore` into a fresh database: every order
 * acknowledged before the backup began is in the restore, with its customer, the customers' carts,
 * and their tokens (a server on the restored database takes the access and refresh tokens issued
 * before the backup). On both databases.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { orderPayload, startTestShop, type TestShop } from './fixture';
import { startServer } from '../../server/server';
import { createLogger } from '../../server/logger';

const root = join(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'api-backup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

/** `npm run <script> -- …args` with the database settings in env; its exit code and output. */
async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const cli = process.env.npm_execpath;
  const [cmd, pre] = cli && cli.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  try {
    const r = await promisify(execFile)(cmd, [...pre, 'run', '--silent', script, '--', ...args], { cwd: root, env: { ...process.env, ...env } });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

/** A new, empty PostgreSQL database on the test cluster (pg_dump dumps a whole database). */
async function freshDatabase(admin: string, name: string): Promise<string> {
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const TOKEN_SECRET = 'backup-test-token-secret';

describe('backups taken while the shop takes orders', () => {
  it('a backup during a burst of orders restores every order acknowledged before it began, with customers, carts and tokens', async () => {
    const admin = inject('postgresUrl');
    const tag = `bk_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const sourceUrl = admin ? await freshDatabase(admin, `${tag}_src`) : undefined;
    const shop: TestShop = await startTestShop({ databaseUrl: sourceUrl, env: { SHOP_FAULTS: '1', TOKEN_SECRET } });
    cleanups.push(() => shop.stop());
    expect((await shop.call('POST', '/api/__stock', { body: { sku: 'RING-101', qty: 1_000_000 } })).status).toBe(200);

    // Customers with a session (access + refresh token) and a cart holding a line.
    const customers = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const email = `backup-${i}@example.org`;
        await shop.call('POST', '/api/user/create', { body: { customer: { email, firstname: 'Back', lastname: `Up${i}` }, password: 'password123' } });
        const login = await shop.call('POST', '/api/user/login', { body: { username: email, password: 'password123' } });
        const token = login.body.result as string;
        const cartId = (await shop.call('POST', '/api/cart/create', { query: { token } })).body.result as string;
        expect((await shop.call('POST', '/api/cart/update', { query: { token, cartId }, body: { cartItem: { sku: 'PENDANT-105', qty: 2 } } })).status).toBe(
          200,
        );
        return { email, token, refreshToken: login.body.meta.refreshToken as string, cartId };
      }),
    );

    // The burst: workers placing guest and customer orders until told to stop.
    const acknowledged: { id: string; at: number }[] = [];
    let stop = false;
    let n = 0;
    const worker = async () => {
      while (!stop) {
        const c = customers[n++ % (customers.length + 1)];
        const p = orderPayload();
        const r = await shop.call('POST', '/api/order', { body: p, query: c ? { token: c.token } : {} });
        if (r.status === 200) acknowledged.push({ id: p.order_id, at: performance.now() });
      }
    };
    const burst = Promise.all(Array.from({ length: 6 }, worker));
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));

    const file = join(work, `${tag}.backup`);
    const dbEnv = sourceUrl ? { DATABASE_URL: sourceUrl } : { DATABASE_PATH: join(shop.dir, 'shop.db') };
    const began = performance.now();
    const ackedBefore = acknowledged.filter((a) => a.at < began).map((a) => a.id);
    const backup = await npmRun('db:backup', ['--out', file], dbEnv);
    const backupSeconds = (performance.now() - began) / 1000;
    const duringBackup = acknowledged.filter((a) => a.at >= began).length;
    stop = true;
    await burst;
    expect(backup.code, backup.output).toBe(0);
    console.log(
      `backup on ${shop.db.dialect}: ${backupSeconds.toFixed(1)} s with npm, ${duringBackup} orders acknowledged meanwhile, ${ackedBefore.length} before`,
    );
    // The shop kept taking orders while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);

    const targetUrl = admin ? await freshDatabase(admin, `${tag}_dst`) : undefined;
    const targetEnv = targetUrl ? { DATABASE_URL: targetUrl } : { DATABASE_PATH: join(work, `${tag}-restored.db`) };
    const restore = await npmRun('db:restore', [file], targetEnv);
    expect(restore.code, restore.output).toBe(0);
    // A second restore onto the now-full database is refused.
    const again = await npmRun('db:restore', [file], targetEnv);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/restore into a new|--replace/);

    const restored = await startServer({
      port: 0,
      host: '127.0.0.1',
      databasePath: targetEnv.DATABASE_PATH ?? join(work, 'unused.db'),
      databaseUrl: targetUrl,
      snapshotDir: join(shop.dir, 'snapshot'),
      distDir: null,
      logger: createLogger({ sink: () => {} }),
      env: { TOKEN_SECRET },
    });
    cleanups.push(() => restored.close(1000));
    const orders = new Set(((await restored.db.prepare('SELECT order_id FROM orders').all()) as { order_id: string }[]).map((o) => o.order_id));
    expect(ackedBefore.filter((id) => !orders.has(id))).toEqual([]);
    // Every restored order's customer is there.
    const orphans = await restored.db
      .prepare('SELECT order_id FROM orders WHERE customer_id IS NOT NULL AND customer_id NOT IN (SELECT id FROM customers)')
      .all();
    expect(orphans).toEqual([]);
    const get = async (path: string, query: Record<string, string>) => {
      const u = new URL(restored.url + path);
      for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
      const r = await fetch(u);
      return { status: r.status, body: (await r.json()) as { result: any } };
    };
    for (const c of customers) {
      // The access token issued before the backup still opens the account and its cart.
      const me = await get('/api/user/me', { token: c.token });
      expect([me.status, me.body.result.email]).toEqual([200, c.email]);
      const cart = await get('/api/cart/pull', { token: c.token, cartId: c.cartId });
      expect(cart.body.result.map((l: { sku: string; qty: number }) => [l.sku, l.qty])).toEqual([['PENDANT-105', 2]]);
      const history = await get('/api/user/order-history', { token: c.token, pageSize: '100' });
      expect(history.status).toBe(200);
      // And the refresh token rotates.
      const refreshed = await fetch(`${restored.url}/api/user/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: c.refreshToken }),
      });
      expect(refreshed.status).toBe(200);
    }
  }, 120_000);
});
