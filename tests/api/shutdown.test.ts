/**
 * Graceful shutdown: however the server is started (`npm start`, the tsx launcher), SIGTERM drains the
 * in-flight requests, closes the database (WAL checkpointed) and frees the port; a server whose
 * launcher dies without passing the signal on does not stay behind on its port.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { orderPayload, spawnStart, untilListening, writeFixtureSnapshot } from './fixture';

const root = join(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'api-shutdown-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.pid) c.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** `npm start -- --no-build` as a child (npm of this run, else the one on PATH), once it listens. */
function npmStart(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const cli = process.env.npm_execpath;
  const [cmd, args] = cli && cli.endsWith('.js') ? [process.execPath, [cli, 'start', '--', '--no-build']] : ['npm', ['start', '--', '--no-build']];
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return untilListening(child, 30_000, 'npm start');
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

/** True once nothing accepts connections on the port any more (waits up to `ms`). */
async function portFreed(port: number, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/stock/check?sku=RING-101`, { signal: AbortSignal.timeout(1000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Places an order the server holds for `delayMs` (a fault rule), resolved once the server has it. */
async function orderInFlight(url: string, delayMs: number) {
  await post(`${url}/api/__faults`, { path: '/api/order', mode: 'delay', delayMs });
  const order = orderPayload();
  const answer = post(`${url}/api/order`, order);
  for (let i = 0; i < 200; i++) {
    const seen = (await (await fetch(`${url}/api/__faults`)).json()).result.counts['POST /api/order'];
    if (seen === 1) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { order, answer };
}

/** The database once the server closed it (waits up to 15 s): the WAL was checkpointed and the order is there. */
async function checkDatabase(dbPath: string, orderId: string): Promise<void> {
  // One look at the file: the closing server may remove it between an exists check and a stat.
  const walGone = () => (statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.size ?? 0) === 0;
  for (let until = Date.now() + 15_000; !walGone() && Date.now() < until;) await new Promise((r) => setTimeout(r, 200));
  expect(walGone(), 'the WAL was checkpointed').toBe(true);
  // The server may still hold its lock for a moment while it closes: wait for it as any SQLite client would.
  const db = new DatabaseSync(dbPath, { readOnly: true, timeout: 10_000 });
  try {
    expect(db.prepare('SELECT order_id FROM orders WHERE order_id = ?').get(orderId)).toEqual({ order_id: orderId });
  } finally {
    db.close();
  }
}

describe('shutdown', () => {
  it('SIGTERM to npm start: not ready at once, still serving for SHUTDOWN_DRAIN_MS, drains the in-flight order, closes the database and frees the port', async () => {
    const dbPath = join(work, 'npm.db');
    const snapshot = writeFixtureSnapshot(join(work, 'snap-npm'));
    const s = await npmStart({ DATABASE_PATH: dbPath, SNAPSHOT_DIR: snapshot, SHOP_FAULTS: '1', SHUTDOWN_DRAIN_MS: '1500' });
    const url = `http://127.0.0.1:${s.port}`;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const { order, answer } = await orderInFlight(url, 1500);
    s.child.kill('SIGTERM');
    let ready = 200;
    for (let i = 0; i < 50 && ready === 200; i++) ready = (await fetch(`${url}/readyz`)).status;
    expect(ready).toBe(503);
    // Not ready, yet still answering: the load balancer has time to notice.
    expect((await fetch(`${url}/api/stock/check?sku=RING-101`)).status).toBe(200);
    expect((await answer).status).toBe(200);
    expect(await portFreed(s.port), `port freed; output: ${s.output()}`).toBe(true);
    await checkDatabase(dbPath, order.order_id);
  }, 60_000);

  it('a server whose npm is killed outright (no signal passed on) still drains and frees its port', async () => {
    const dbPath = join(work, 'orphan.db');
    const s = await npmStart({ DATABASE_PATH: dbPath, SNAPSHOT_DIR: writeFixtureSnapshot(join(work, 'snap-orphan')), SHOP_FAULTS: '1' });
    const url = `http://127.0.0.1:${s.port}`;
    const { order, answer } = await orderInFlight(url, 1000);
    s.child.kill('SIGKILL');
    expect((await answer).status).toBe(200);
    expect(await portFreed(s.port)).toBe(true);
    await checkDatabase(dbPath, order.order_id);
  }, 60_000);

  it('SIGTERM to the tsx launcher under load drains the in-flight order and exits 0', async () => {
    const dbPath = join(work, 'tsx.db');
    const s = await spawnStart(
      ['--no-build'],
      { DATABASE_PATH: dbPath, SNAPSHOT_DIR: writeFixtureSnapshot(join(work, 'snap-tsx')), SHOP_FAULTS: '1', SHUTDOWN_DRAIN_MS: '0' },
      30_000,
    );
    children.push(s.child);
    const url = `http://127.0.0.1:${s.port}`;
    const exited = new Promise<void>((resolve) => s.child.on('exit', () => resolve()));
    const { order, answer } = await orderInFlight(url, 1500);
    // Keep the server's event loop busy while the signal arrives (tsx gives its child 30 ms to report it).
    const load = Array.from({ length: 300 }, () =>
      fetch(`${url}/api/catalog/products?size=1000`)
        .then((r) => r.arrayBuffer())
        .catch(() => null),
    );
    s.child.kill('SIGTERM');
    expect((await answer).status).toBe(200);
    // (The launcher's own exit code is tsx's: 143 when it gave up on its child, which the server outlives.)
    await exited;
    await Promise.all(load);
    expect(await portFreed(s.port)).toBe(true);
    await checkDatabase(dbPath, order.order_id);
  }, 60_000);
});
