/** Builds of the site with build-time switches, and the shop server over such a build (e2e specs that need their own build). */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
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

/** A built page's HTML (`/x` is `x/index.html`), asserting that it was built. */
export const page = (out: string, path: string) => {
  const file = path.endsWith('.html') ? join(out, path) : join(out, path, 'index.html');
  expect(existsSync(file), `${path} was built`).toBe(true);
  return readFileSync(file, 'utf8');
};
export const url0 = (u: string | [string, string]) => (typeof u === 'string' ? u : u[0]);
export const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
/** The site's pages an element links to (root-relative, files left out). */
export const pageLinksIn = (html: string, tag: string) =>
  [...new RegExp(`<${tag}[\\s\\S]*?</${tag}>`).exec(html)![0].matchAll(/href="(\/(?!\/)[^"?#]*)/g)].map((m) => m[1]!).filter((h) => !/\.[^/]*$/.test(h));
export const ldProduct = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((d) => d['@type'] === 'Product');
