import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startServer } from '../../server/server';
import type { SqliteDB } from '../../server/db';
import { needsBuild } from '../../server/rebuild';
import { createLogger } from '../../server/logger';
import { orderPayload, spawnStart, writeFixtureSnapshot } from './fixture';

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'api-life-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const silent = createLogger({ sink: () => {} });
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe('database across restarts', () => {
  it('a restart on the same snapshot keeps stock, customers and orders; a new snapshot re-seeds the catalogue only', async () => {
    const snap = writeFixtureSnapshot(join(work, 'snap-a'));
    const db = join(work, 'restart.db');
    const start = () =>
      startServer({
        port: 0,
        host: '127.0.0.1',
        databasePath: db,
        snapshotDir: snap,
        distDir: null,
        logger: silent,
        env: {},
        options: { outboxDir: join(work, 'outbox') },
      });
    let s = await start();
    await post(`${s.url}/api/user/create`, { customer: { email: 'keep@example.org', firstname: 'Kim', lastname: 'K' }, password: 'password123' });
    const order = orderPayload({ products: [{ sku: 'RING-101', qty: 3 }] });
    expect((await post(`${s.url}/api/order`, order)).status).toBe(200);
    await s.close();

    s = await start();
    const stock = await (await fetch(`${s.url}/api/stock/check?sku=RING-101`)).json();
    expect(stock.result.qty).toBe(7);
    expect((await post(`${s.url}/api/user/login`, { username: 'keep@example.org', password: 'password123' })).status).toBe(200);
    await s.close();

    // A new snapshot (new manifest): prices and stock come from it; accounts and orders stay.
    const manifest = JSON.parse(readFileSync(join(snap, 'manifest.json'), 'utf8'));
    writeFileSync(join(snap, 'manifest.json'), JSON.stringify({ ...manifest, generated_at: '2026-11-02T00:00:00.000Z' }));
    s = await start();
    expect((await (await fetch(`${s.url}/api/stock/check?sku=RING-101`)).json()).result.qty).toBe(10);
    expect((await post(`${s.url}/api/user/login`, { username: 'keep@example.org', password: 'password123' })).status).toBe(200);
    expect((await post(`${s.url}/api/order`, order)).body.result.order_id).toBe(order.order_id);
    await s.close();
  });

  it('the database runs in wal mode', async () => {
    const s = await startServer({
      port: 0,
      host: '127.0.0.1',
      databasePath: join(work, 'wal.db'),
      snapshotDir: writeFixtureSnapshot(join(work, 'snap-w')),
      distDir: null,
      logger: silent,
      env: {},
    });
    expect((s.db as SqliteDB).pragma('journal_mode', { simple: true })).toBe('wal');
    await s.close();
  });
});

describe('build check of npm start', () => {
  it('builds when dist has no index or files manifest, or the build is older than the snapshot manifest', () => {
    const snapDir = writeFixtureSnapshot(join(work, 'snap-b'));
    const dist = join(work, 'dist-b');
    expect(needsBuild(dist, snapDir)).toBe(true);
    mkdirSync(join(dist, '_cdn'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<h1>x</h1>');
    expect(needsBuild(dist, snapDir)).toBe(true);
    writeFileSync(join(dist, '_cdn', 'files.json'), '{"version":1,"files":{}}');
    const t = Date.now() / 1000;
    utimesSync(join(snapDir, 'manifest.json'), t - 100, t - 100);
    // The home page restored from the incremental cache keeps the time of the build that rendered it.
    utimesSync(join(dist, 'index.html'), t - 1000, t - 1000);
    utimesSync(join(dist, '_cdn', 'files.json'), t, t);
    expect(needsBuild(dist, snapDir)).toBe(false);
    utimesSync(join(snapDir, 'manifest.json'), t + 10, t + 10);
    expect(needsBuild(dist, snapDir)).toBe(true);
  });
});

describe('npm start process', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('sigterm finishes the in-flight order, closes the database and exits 0', async () => {
    const snap = writeFixtureSnapshot(join(work, 'snap-p'));
    const dbPath = join(work, 'proc.db');
    const started = await spawnStart(['--no-build'], { DATABASE_PATH: dbPath, SNAPSHOT_DIR: snap, SHOP_FAULTS: '1', SHUTDOWN_DRAIN_MS: '0' }, 15_000);
    child = started.child;
    const port = started.port;
    const url = `http://127.0.0.1:${port}`;
    await post(`${url}/api/__faults`, { path: '/api/order', mode: 'delay', delayMs: 1500 });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const order = orderPayload();
    const inFlight = post(`${url}/api/order`, order);
    // SIGTERM once the server holds the request (the fault counter saw it), before the order is written.
    for (let i = 0; i < 100; i++) {
      const seen = (await (await fetch(`${url}/api/__faults`)).json()).result.counts['POST /api/order'];
      if (seen === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await exited).toBe(0);
    expect(started.output()).toMatch(/SIGTERM: .*finishing in-flight requests/);
    const db = new DatabaseSync(dbPath, { readOnly: true });
    try {
      const row = db.prepare('SELECT order_id FROM orders WHERE order_id = ?').get(order.order_id);
      expect(row).toEqual({ order_id: order.order_id });
    } finally {
      db.close();
    }
  });
});
