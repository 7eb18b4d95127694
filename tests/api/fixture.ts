/**
 * The test shop for API tests over real HTTP: writes the seed snapshot (fixture-data.ts) and starts
 * the reference server on it with a temporary database; order payloads, `npm start` as
 * a child process, and the row counts a refused request must leave alone.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { freshDatabaseUrl } from './postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { keepDirOf } from '../../src/lib/build/render/kept';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { astroBin } from '../../server/rebuild';
import { startServer, type RunningServer, type StartOptions } from '../../server/server';
import { createLogger } from '../../server/logger';
import type { ShopOptions } from '../../server/context';
import { MEDIA, SVG, fixtureFiles } from './fixture-data';
import { sampleOrder } from '../../scripts/lib/sample-order';

/** Writes the fixture snapshot into `dir` (created). */
export function writeFixtureSnapshot(dir: string, files = fixtureFiles()): string {
  for (const [name, value] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, JSON.stringify(value, null, 2) + '\n');
  }
  for (const m of MEDIA) {
    const p = join(dir, 'media', m);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, SVG);
  }
  return dir;
}

export interface TestShop extends RunningServer {
  dir: string;
  logs: string[];
  /** Calls the API: `call('POST', '/api/cart/create', { query, body })` -> { status, body, headers }. */
  call(
    method: string,
    path: string,
    opts?: { query?: Record<string, string | undefined>; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/**
 * The database of a test shop in the `postgres` project: a schema of its own on the project's cluster
 * (tests/api/postgres.ts); undefined in the `sqlite` project (a temporary SQLite file).
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const url = inject('postgresUrl');
  return url ? freshDatabaseUrl(url) : undefined;
}

/** Starts the server on the fixture (or a given snapshot) with a temporary database on a free port. */
export async function startTestShop(
  opts: { options?: Partial<ShopOptions>; env?: NodeJS.ProcessEnv; snapshotDir?: string; distDir?: string | null } & Partial<StartOptions> = {},
): Promise<TestShop> {
  const { options, env, snapshotDir: givenSnapshot, distDir, ...rest } = opts;
  const dir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const snapshotDir = givenSnapshot ?? writeFixtureSnapshot(join(dir, 'snapshot'));
  const logs: string[] = [];
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'shop.db'),
    databaseUrl: await testDatabaseUrl(),
    snapshotDir,
    distDir: distDir ?? null,
    logger: createLogger({ sink: (l) => logs.push(l) }),
    // A stand-in build's folders (`dist-{stamp}`) go to the test's own folder, not the repository's root
    // (a real astro build stays inside the project, or it shares .astro/ with other builds: rebuild.test.ts).
    // No run of its own at a day start (server/day-start.ts) unless a test asks: tests count the runs they start.
    env: { SHOP_FAULTS: '1', REBUILD_AT_DAY_START: '0', ...(rest.rebuildSteps?.build ? { REBUILD_WORKDIR: join(dir, 'work') } : {}), ...env },
    ...rest,
    // scrypt at N=2^14 keeps the many logins of the tests fast; the server's default (N=2^17) is tested in security.test.ts.
    options: { faults: true, outboxDir: join(dir, 'outbox'), rateLimit: { windowMs: 60_000, max: 1000 }, scrypt: { N: 2 ** 14, r: 8, p: 1 }, ...options },
  });
  const call: TestShop['call'] = async (method, path, o = {}) => {
    const url = new URL(running.url + path);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { ...(o.body !== undefined || o.raw !== undefined ? { 'Content-Type': 'application/json' } : {}), ...o.headers },
      body: o.raw ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...running,
    dir,
    logs,
    call,
    stop: async () => {
      await running.close(2000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test shop for the enclosing describe (or file): started before its tests, stopped after them.
 * Returns a getter: `const shop = useTestShop(); ... shop().call(...)`.
 */
export function useTestShop(opts: Parameters<typeof startTestShop>[0] = {}, startTimeoutMs?: number): () => TestShop {
  let shop: TestShop | undefined;
  beforeAll(async () => {
    shop = await startTestShop(opts);
  }, startTimeoutMs);
  afterAll(async () => {
    await shop?.stop();
  });
  return () => {
    if (!shop) throw new Error('the test shop is not started: use it inside a test or a hook of its describe');
    return shop;
  };
}

let seq = 0;
/** An order payload as the storefront stores it (one ring, free delivery, a new order id); `over` replaces top-level fields. */
export function orderPayload(over: Record<string, unknown> = {}) {
  seq++;
  const id = `test-${Date.now()}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
  return { ...sampleOrder({ id, products: [{ sku: 'RING-101', qty: 1 }] }), ...over };
}

/** `npm start` (server/start.ts) as a child process, once it says where it listens. */
export interface StartedProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

/** Spawns server/start.ts with `args` and `env` (over this process's) and waits for its 'listening on' line. */
export function spawnStart(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<StartedProcess> {
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'start.ts'), ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return untilListening(child, timeoutMs, 'server/start.ts');
}

/** Waits for a started server's 'listening on' line (killing it on timeout); rejects with its output when it exits first. */
export function untilListening(child: ChildProcess, timeoutMs: number, what: string): Promise<StartedProcess> {
  let out = '';
  return new Promise<StartedProcess>((resolve, reject) => {
    const fail = (why: string) => {
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`${why}: ${out.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`${what} did not come up in ${timeoutMs} ms`), timeoutMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(`${what} exited with ${code}`);
    });
  });
}

/** Tables a request may write, with their row counts (and the total stock): equal before and after a refused request. */
export async function writtenState(db: RunningServer['db']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['carts', 'cart_items', 'orders', 'customers', 'newsletter', 'outbox', 'reviews', 'password_resets', 'sessions', 'refresh_tokens']) {
    out[t] = ((await db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get()) as { n: number }).n;
  }
  out.stock_qty = ((await db.prepare('SELECT COALESCE(SUM(qty), 0) AS n FROM stock').get()) as { n: number }).n;
  return out;
}

/** Removes a site the test built and the renderer's kept files beside it (`{dir}.render`, src/lib/build/render/kept.ts). */
export function removeBuild(dir: string): void {
  for (const d of [dir, keepDirOf(dir)]) rmSync(d, { recursive: true, force: true });
}

/** Runs `args` with the project's Node in `cwd` (the project); rejects with the end of its output when it exits with an error. */
export function runNode(args: string[], env: Record<string, string> = {}, cwd: string = process.cwd()): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr.on('data', (b: Buffer) => (log += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.slice(1).join(' ')} exited with ${code}:\n${log.slice(-3000)}`))));
  });
}

/** A folder's files (path relative to it, with `/`) and their bytes. */
export function filesOf(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) found.set(relative(dir, join(e.parentPath, e.name)).split(sep).join('/'), readFileSync(join(e.parentPath, e.name)));
  return found;
}

/**
 * `astro build` into `outDir` with a cache folder of its own (the project's config but for it,
 * scripts/bench/astro.bench.config.mjs), so no page or merged stylesheet comes from another build.
 */
export const buildWithOwnCache = (
  outDir: string,
  cacheDir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
  cwd: string = process.cwd(),
): Promise<void> =>
  runNode(
    [astroBin(cwd), 'build', '--outDir', outDir, '--config', 'scripts/bench/astro.bench.config.mjs', ...extra],
    { BENCH_CACHE_DIR: cacheDir, ...env },
    cwd,
  );
