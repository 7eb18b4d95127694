/**
 * Starts the shop the way `npm start` does (server/start.ts: the built site and the API on one
 * port), serving a given build folder on a free port with a throw-away database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningShop {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop server exited (${child.exitCode}):\n${output()}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop server did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** `tsx server/start.ts --no-build` with DIST_DIR = `distDir`; resolves once it answers. */
export async function startShop(root: string, distDir: string, env: NodeJS.ProcessEnv = {}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pj-bench-shop-'));
  let out = '';
  const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/start.ts'), '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DIST_DIR: distDir,
      DATABASE_PATH: join(dataDir, 'shop.db'),
      LOG_REQUESTS: '0',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    // A busy machine (other builds and browsers on two cores) can take minutes to start tsx and the server.
    await waitForHttp(`${url}/`, child, 180_000, () => out);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
