/**
 * The shop an engine's journeys run against: the shop server (built site + reference API, fault switch
 * on, fresh database) behind a "cable", a plain TCP relay on the address the browser uses. Cutting the
 * cable drops every open connection and refuses new ones, exactly what a browser sees when the shop's
 * server is stopped or the connection drops, while the database stays readable by the test.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../../server/server';
import type { OrderPayload } from '../../src/lib/schemas';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The built site under test: DIST_DIR, else dist/ (`npm test` builds it first). */
export const DIST = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');

export interface EngineShop {
  /** The address the browser uses (the cable's end). */
  base: string;
  server: RunningServer;
  cut(): Promise<void>;
  restore(): void;
  /** The API's test answers (SHOP_FAULTS): GET path, the result. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  /** Orders in the API's database with this order id (1 when it arrived once). */
  ordersWithId(id: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startEngineShop(): Promise<EngineShop> {
  if (!existsSync(join(DIST, 'sw.js'))) throw new Error(`${DIST} has no sw.js: build the site first (npm run build)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'pj-engines-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dataDir, 'shop.db'),
    distDir: DIST,
    env: { ...process.env, SHOP_FAULTS: '1', LOG_REQUESTS: '0', RATE_LIMIT_MAX: '100000', OUTBOX_DIR: join(dataDir, 'outbox') },
  });
  let up = true;
  const open = new Set<Socket>();
  const relay: Server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = createConnection({ host: '127.0.0.1', port: server.port });
    open.add(client).add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const base = `http://localhost:${(relay.address() as { port: number }).port}`;
  const direct = `http://127.0.0.1:${server.port}`;
  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await fetch(`${direct}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
    const body = (await res.json()) as { code: number; result: T };
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${JSON.stringify(body.result)}`);
    return body.result;
  };
  return {
    base,
    server,
    async cut() {
      up = false;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      up = true;
    },
    api,
    async ordersWithId(id) {
      const rows = await api<Array<{ order_id: string; payload: OrderPayload }>>('/api/__orders');
      return rows.filter((o) => o.order_id === id).length;
    },
    async stop() {
      up = false;
      for (const s of open) s.destroy();
      await new Promise<void>((r) => relay.close(() => r()));
      await server.close(2000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
