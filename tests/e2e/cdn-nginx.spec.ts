/**
 * The nginx configuration of docs/deploy.md, run for real: the `nginx` block under "## nginx" is
 * read from the document, pointed at the shop's server of this test run and at a port of its own
 * (E2E_PORT + 3, NGINX_PORT to choose another), and started with the machine's nginx
 * (`apt-get install nginx`; skipped, saying so, where there is none). Every check of cdn-cases.ts
 * passes through it as it does on the server itself.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixture';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve, type Served } from './served';
import { expectCanonicalUrls, expectGone, expectHeaders, expectMoves, expectNamedUrls, expectNotFoundPages } from './cdn-cases';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const SHOP_PORT = Number(process.env.E2E_PORT ?? 4399);
const PORT = Number(process.env.NGINX_PORT ?? SHOP_PORT + 3);
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));

/** The configuration block of docs/deploy.md's nginx section. */
function documentedConfig(): string {
  const doc = readFileSync('docs/deploy.md', 'utf8');
  const section = doc.slice(doc.indexOf('## nginx'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/deploy.md: no ```nginx block under "## nginx"');
  return block;
}

let served: Served | null = null;
let api: APIRequestContext;
let dir = '';

test.describe.configure({ mode: 'serial' });
test.skip(!NGINX, 'nginx is not installed here (Debian: apt-get install nginx)');

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'pj-nginx-'));
  mkdirSync(join(dir, 'cache'));
  const block = documentedConfig();
  for (const part of ['listen 80;', 'http://127.0.0.1:4321', '/var/cache/pj']) expect(block, `the documented block has ${part}`).toContain(part);
  const site = block
    .replace('listen 80;', `listen 127.0.0.1:${PORT};`)
    .replaceAll('http://127.0.0.1:4321', `http://127.0.0.1:${SHOP_PORT}`)
    .replace('/var/cache/pj', join(dir, 'cache'));
  // One process as the user running the tests (as root, nginx's workers would be `nobody`, shut out of the temporary folder).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`).join('\n');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;\nmaster_process off;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\nevents {}\nhttp {\n  access_log off;\n${temp}\n${site}}\n`,
  );
  execFileSync(NGINX!, ['-t', '-p', dir, '-c', conf], { stdio: 'pipe' });
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  served = await serve('nginx', PORT, () => ({ proc: spawn(NGINX!, ['-p', dir, '-c', conf], { stdio: 'ignore' }), log: errors }), 20_000, 'SIGQUIT');
  api = served.api;
});

test.afterAll(async () => {
  await served?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.describe("docs/deploy.md's nginx in front of the shop's server", () => {
  test('every kind of old URL answers 301; discontinued products 410; pages carry the headers of _headers', async () => {
    await expectMoves(api);
    await expectGone(api);
    await expectNotFoundPages(api);
    await expectHeaders(api, DIST);
  });

  test('every kind of page answers 200 at its one URL, the other forms 301 to it; canonical tags, the sitemap, links, the precache and the URL map name it', async () => {
    test.setTimeout(120_000);
    await expectCanonicalUrls(api, DIST);
    await expectNamedUrls(api, DIST);
  });
});
