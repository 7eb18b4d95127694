/**
 * dist/ served by Cloudflare's own runtime: `wrangler pages dev` runs workerd locally and offline,
 * with Pages' asset server (which applies `_headers`) and the build's `_worker.js` (the redirect map).
 * The same checks as the shop's server (cdn-cases.ts): 301 for every kind of old URL, 410 for
 * discontinued products, the CSP, security headers, cache lifetimes and cache tags, and every page
 * answering 200 at its one URL (Pages' own `/x` -> `/x/` redirect never reaches the shopper); the
 * search page with a query answered with its first screen of results, as the shop's server does.
 * Port: E2E_PORT + 2 (WRANGLER_PORT to choose another).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixture';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve, type Served } from './served';
import { expectCanonicalUrls, expectGone, expectHeaders, expectMoves, expectNamedUrls, expectNotFoundPages, expectSearchAnswers } from './cdn-cases';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const PORT = Number(process.env.WRANGLER_PORT ?? Number(process.env.E2E_PORT ?? 4399) + 2);

let served: Served | null = null;
let api: APIRequestContext;
let state = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  expect(existsSync(join(DIST, '_worker.js')), 'dist/ is built with its _worker.js').toBe(true);
  state = mkdtempSync(join(tmpdir(), 'pj-wrangler-'));
  const bin = resolve('node_modules/wrangler/bin/wrangler.js');
  served = await serve(
    'wrangler pages dev',
    PORT,
    () => {
      const proc = spawn(
        process.execPath,
        [
          bin,
          'pages',
          'dev',
          DIST,
          '--compatibility-date=2026-05-01',
          '--port',
          String(PORT),
          '--ip',
          '127.0.0.1',
          '--persist-to',
          state,
          '--log-level',
          'warn',
        ],
        { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      proc.stdout!.on('data', (d: Buffer) => (log += d.toString()));
      proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
      return { proc, log: () => log };
    },
    90_000,
  );
  api = served.api;
});

test.afterAll(async () => {
  await served?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
});

test.describe('dist/ on Cloudflare Pages (wrangler pages dev, workerd)', () => {
  test('every kind of old URL answers 301 to its page', async () => {
    await expectMoves(api);
  });

  test('discontinued products answer 410 with the page-not-found page; that page answers 404 by its own name', async () => {
    await expectGone(api);
    await expectNotFoundPages(api);
  });

  test('pages carry the CSP, the security headers, their lifetimes and cache tags; hashed assets a year', async () => {
    await expectHeaders(api, DIST);
  });

  test('every kind of page answers 200 at its one URL with the headers of _headers; the trailing slash and index.html forms 301 to it; canonical tags, the sitemap and internal links name it', async () => {
    test.setTimeout(120_000);
    await expectCanonicalUrls(api, DIST);
  });

  test('the search page with a query answers its first screen of results, revalidated per query', async () => {
    await expectSearchAnswers(api);
  });

  test("the service worker's precache and the URL map's targets answer 200 themselves", async () => {
    test.setTimeout(120_000);
    await expectNamedUrls(api, DIST);
  });
});
