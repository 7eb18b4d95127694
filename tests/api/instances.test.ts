/**
 * Two API instances on one PostgreSQL database behind a round-robin proxy, one killed with SIGKILL
 * while orders are coming in: no acknowledged order is lost, the same order_id sent to both at once is
 * stored once, a session revoked on one is refused by the other, and the rate limit counts both.
 * Behind a balancer that probes /readyz, one stopped with SIGTERM while orders are coming in: it
 * drains, the other takes the traffic, and no request fails.
 * Only in the `postgres` project (SQLite is one file on one machine: one instance).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderPayload, untilListening, writeFixtureSnapshot, type StartedProcess } from './fixture';
import { freshDatabaseUrl } from './postgres';

const ROOT = join(__dirname, '..', '..');
const RATE_MAX = 6;

type Answer = { status: number; body: any };

describe.skipIf(!inject('postgresUrl'))('two API instances on one PostgreSQL', () => {
  let work: string;
  let env: NodeJS.ProcessEnv;
  const instances: StartedProcess[] = [];
  let proxy: Server;
  let proxyUrl: string;
  let upstreams: string[];

  /** server/start.ts in a process of its own (no tsx launcher in between: SIGKILL reaches the server itself). */
  const startInstance = (name: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'start.ts'), '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PJ_SHOP_RELAYED: '1', DATABASE_PATH: join(work, name, 'shop.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return untilListening(child, 60_000, `instance ${name}`);
  };

  const call = async (base: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'api-instances-'));
    env = {
      DATABASE_URL: await freshDatabaseUrl(inject('postgresUrl')),
      SNAPSHOT_DIR: writeFixtureSnapshot(join(work, 'snapshot')),
      SHOP_FAULTS: '1',
      LOG_REQUESTS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: String(RATE_MAX),
      RATE_LIMIT_WINDOW_MS: '600000',
      DIST_DIR: join(work, 'no-site'),
      // Long enough for the balancer below (probing every 100 ms) to see the draining instance.
      SHUTDOWN_DRAIN_MS: '1000',
    };
    delete env.TOKEN_SECRET;
    // Started together: the migrations and the seed run once under their lock, the other waits.
    instances.push(...(await Promise.all([startInstance('a'), startInstance('b')])));
    upstreams = instances.map((i) => `http://127.0.0.1:${i.port}`);
    // Round robin over the instances; an instance that does not answer gives 502 (the client was not acknowledged).
    let next = 0;
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const target = upstreams[next++ % upstreams.length]!;
        fetch(target + req.url, {
          method: req.method,
          headers: { 'Content-Type': req.headers['content-type'] ?? 'application/json' },
          body: chunks.length ? Buffer.concat(chunks) : undefined,
          signal: AbortSignal.timeout(15_000),
        })
          .then(async (up) => {
            res.writeHead(up.status, { 'Content-Type': up.headers.get('content-type') ?? 'application/json' });
            res.end(Buffer.from(await up.arrayBuffer()));
          })
          .catch(() => {
            res.writeHead(502, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ code: 502, result: 'upstream failed' }));
          });
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    expect((await call(upstreams[0]!, 'POST', '/api/__stock', { sku: 'RING-101', qty: 1_000_000 })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('loses no acknowledged order when an instance is killed with SIGKILL under load', async () => {
    const TOTAL = 160;
    const WORKERS = 8;
    const KILL_AFTER = 50;
    const payloads = Array.from({ length: TOTAL }, () => orderPayload());
    const acknowledged: string[] = [];
    const failed: typeof payloads = [];
    let sent = 0;
    let killed = false;
    const worker = async () => {
      while (sent < TOTAL) {
        const p = payloads[sent++]!;
        if (!killed && sent > KILL_AFTER) {
          killed = true;
          instances[1]!.child.kill('SIGKILL');
        }
        const r = await call(proxyUrl, 'POST', '/api/order', p).catch(() => ({ status: 0, body: null }));
        if (r.status === 200 && r.body?.result?.order_id === p.order_id) acknowledged.push(p.order_id);
        else failed.push(p);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(killed).toBe(true);
    // The instance left mid-load: some sends were refused (502), most were acknowledged.
    expect(acknowledged.length).toBeGreaterThan(TOTAL / 2);
    const stored = new Set(((await call(upstreams[0]!, 'GET', '/api/__orders')).body.result as { order_id: string }[]).map((o) => o.order_id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The storefront's queue sends the rest again (to the instance alive): each is stored exactly once.
    for (const p of failed) expect((await call(upstreams[0]!, 'POST', '/api/order', p)).status).toBe(200);
    const all = (await call(upstreams[0]!, 'GET', '/api/__orders')).body.result as { order_id: string }[];
    const ours = all.filter((o) => payloads.some((p) => p.order_id === o.order_id));
    expect(ours).toHaveLength(TOTAL);
    expect(new Set(ours.map((o) => o.order_id)).size).toBe(TOTAL);

    // The killed instance comes back on the same database (its advisory locks went with its connections).
    instances[1] = await startInstance('b');
    upstreams[1] = `http://127.0.0.1:${instances[1].port}`;
  }, 120_000);

  it('stores an order_id sent to both instances at once exactly once, and both answer it', async () => {
    for (let round = 0; round < 5; round++) {
      const p = orderPayload();
      const [a, b] = await Promise.all(upstreams.map((u) => call(u, 'POST', '/api/order', p)));
      expect([a!.status, b!.status]).toEqual([200, 200]);
      expect(a!.body.result.increment_id).toBe(b!.body.result.increment_id);
      const rows = ((await call(upstreams[1]!, 'GET', '/api/__orders')).body.result as { order_id: string }[]).filter((o) => o.order_id === p.order_id);
      expect(rows).toHaveLength(1);
    }
  });

  it('a session revoked on one instance is refused by the other', async () => {
    const [a, b] = upstreams as [string, string];
    const email = `two-${Date.now()}@example.org`;
    expect((await call(a, 'POST', '/api/user/create', { customer: { email, firstname: 'Two', lastname: 'Inst' }, password: 'password123' })).status).toBe(200);
    const login = await call(a, 'POST', '/api/user/login', { username: email, password: 'password123' });
    const token = login.body.result as string;
    const refreshToken = login.body.meta.refreshToken as string;
    // One secret, one session table: a token of A works on B.
    expect((await call(b, 'GET', `/api/user/me?token=${encodeURIComponent(token)}`)).status).toBe(200);
    // Rotated on A; the spent refresh token presented to B is a reuse: B revokes the session.
    const rotated = await call(a, 'POST', '/api/user/refresh', { refreshToken });
    expect(rotated.status).toBe(200);
    expect((await call(b, 'POST', '/api/user/refresh', { refreshToken })).status).toBe(401);
    // Revoked on B: A refuses the session's newest tokens.
    expect((await call(a, 'GET', `/api/user/me?token=${encodeURIComponent(rotated.body.result as string)}`)).status).toBe(401);
    expect((await call(a, 'POST', '/api/user/refresh', { refreshToken: rotated.body.meta.refreshToken })).status).toBe(401);
  });

  it('the coupon rate limit counts the requests to both instances', async () => {
    const cart = (await call(upstreams[0]!, 'POST', '/api/cart/create')).body.result as string;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_MAX + 2; i++) {
      const r = await call(upstreams[i % 2]!, 'POST', `/api/cart/apply-coupon?cartId=${cart}&coupon=WELCOME10`);
      statuses.push(r.status);
    }
    // Each instance alone saw RATE_MAX / 2 + 1 requests, under the limit: only a shared count refuses.
    expect(statuses.slice(0, RATE_MAX)).toEqual(Array(RATE_MAX).fill(200));
    expect(statuses.slice(RATE_MAX)).toEqual([429, 429]);
  });

  it('SIGTERM: the draining instance turns not ready, the balancer sends to the other, no request fails', async () => {
    const ready = new Map(upstreams.map((u) => [u, true]));
    const sentTo = new Map(upstreams.map((u) => [u, 0]));
    // A balancer as a load balancer is set up: probes /readyz every 100 ms, sends only to ready instances.
    const probing = setInterval(() => {
      for (const u of upstreams)
        void fetch(`${u}/readyz`, { signal: AbortSignal.timeout(500) })
          .then((r) => ready.set(u, r.status === 200))
          .catch(() => ready.set(u, false));
    }, 100);
    let turn = 0;
    const send = (p: unknown) => {
      const live = upstreams.filter((u) => ready.get(u));
      const target = live[turn++ % live.length]!;
      sentTo.set(target, sentTo.get(target)! + 1);
      return call(target, 'POST', '/api/order', p).catch((e: Error) => ({ status: 0, body: e.message }));
    };
    const draining = instances[1]!;
    const exited = new Promise<number | null>((r) => draining.child.on('exit', (code) => r(code)));
    const answers: Answer[] = [];
    const payloads: { order_id: string }[] = [];
    let stopAt = Date.now() + 4000;
    let signalled = false;
    const worker = async () => {
      while (Date.now() < stopAt) {
        if (!signalled && payloads.length >= 40) {
          signalled = true;
          draining.child.kill('SIGTERM');
          stopAt = Date.now() + 2500;
        }
        const p = orderPayload();
        payloads.push(p);
        answers.push(await send(p));
      }
    };
    try {
      await Promise.all(Array.from({ length: 6 }, worker));
    } finally {
      clearInterval(probing);
    }
    expect(signalled).toBe(true);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(await exited).toBe(0);
    // Both took orders; the draining one was left out once its probe said so.
    expect(sentTo.get(upstreams[1]!)).toBeGreaterThan(0);
    expect(ready.get(upstreams[1]!)).toBe(false);
    const stored = new Set(((await call(upstreams[0]!, 'GET', '/api/__orders')).body.result as { order_id: string }[]).map((o) => o.order_id));
    expect(payloads.filter((p) => !stored.has(p.order_id))).toEqual([]);
  }, 60_000);
});
