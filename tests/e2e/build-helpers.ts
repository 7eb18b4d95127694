/** Builds of the site with build-time switches, and the shop server over such a build (e2e specs that need their own build). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type StartOptions } from '../../server/server';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** `astro build` into ROOT/dir (emptied first) with extra environment variables; the folder. */
export function build(dir: string, env: Record<string, string>): string {
  const out = join(ROOT, dir);
  rmSync(out, { recursive: true, force: true });
  execFileSync('npx', ['astro', 'build', '--outDir', out], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe', timeout: 300_000 });
  return out;
}

/** The shop server over a build folder, on a free port and a fresh database. */
export const serveBuild = (out: string, options: StartOptions['options'] = {}) =>
  startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(mkdtempSync(join(tmpdir(), 'pj-build-')), 'shop.db'),
    distDir: out,
    env: { ...process.env, LOG_REQUESTS: '0', RATE_LIMIT_MAX: '100000' },
    options,
  });
