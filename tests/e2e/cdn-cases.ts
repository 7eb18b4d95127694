/**
 * What a CDN must answer, checked on the shop's server (redirects.spec.ts) and on Cloudflare's own
 * runtime serving dist/ (cdn-wrangler.spec.ts) with the same expectations: every kind of old URL
 * answers 301 (§2 dispatcher, url-map, short-URL switch, `.html`), discontinued products 410, and
 * the headers of `_headers` (CSP, security headers, cache lifetimes) and the cache tags.
 * Expected targets from the sample snapshot: url-map.json sends /engagement-rings.html to category 11
 * (rings/engagement-rings) and /about to the about-us page; the rings category lives at /rings;
 * EV1001's url_path is rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001.
 */
import { type APIRequestContext } from '@playwright/test';
import { expect } from './fixture';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { goneUrls } from '../../src/lib/routing/content-routes';

export const EV = '/rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001';

/** Old URLs and where they move, one of each kind. */
export const MOVES: [kind: string, from: string, to: string][] = [
  ['url-map', '/engagement-rings.html', '/rings/engagement-rings'],
  ['url-map', '/about', '/about-us'],
  ['short-URL switch', '/c/rings', '/rings'],
  ['.html', '/rings.html', '/rings'],
  ['dispatcher, old slug', '/EV1001/old-slug', EV],
  ['dispatcher, child', '/EV1001/old-slug/EV1001-WG-Q', `${EV}?childSku=EV1001-WG-Q`],
  ['dispatcher under /p', '/p/EV1001/old-slug', EV],
];

/** A URL served as another page (a configurable child's named route). */
export const REWRITTEN = '/EV1001/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring/EV1001-WG-Q';

/** Revalidated pages (the CDN keeps them a day and is purged on deploy) and year-long hashed assets. */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=86400';
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** A hashed script of the build. */
export const someAsset = (dist: string) => `/_astro/${readdirSync(join(dist, '_astro')).find((f) => f.endsWith('.js'))!}`;

/** The answer after following a CDN's own trailing-slash redirect (Cloudflare Pages sends /x to /x/ with 308). */
async function page(request: APIRequestContext, path: string) {
  let res = await request.get(path, { maxRedirects: 0 });
  if (res.status() === 308) res = await request.get(res.headers()['location']!, { maxRedirects: 0 });
  return res;
}

export async function expectMoves(request: APIRequestContext) {
  for (const [kind, from, to] of MOVES) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), `${kind}: ${from}`).toBe(301);
    expect(res.headers()['location'], `${kind}: ${from}`).toBe(to);
    expect(res.headers()['cache-control']).toBe('public, max-age=3600');
    expect((await page(request, to)).status(), to).toBe(200);
  }
  const q = await request.get('/about?utm_source=mail', { maxRedirects: 0 });
  expect(q.status()).toBe(301);
  expect(q.headers()['location']).toBe('/about-us?utm_source=mail');
}

export async function expectGone(request: APIRequestContext) {
  const gone = goneUrls();
  expect(gone.length).toBeGreaterThan(0);
  for (const url of [gone[0]!, gone.at(-1)!]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(410);
    expect(res.headers()['x-cache-tags']).toBe('page-not-found');
    expect(await res.text()).toContain('<h1');
  }
}

export async function expectHeaders(request: APIRequestContext, dist: string) {
  const home = await page(request, '/');
  expect(home.status()).toBe(200);
  const h = home.headers();
  expect(h['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=' /);
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['cache-control']).toBe(PAGE_CACHE);
  const asset = await request.get(someAsset(dist));
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe(ASSET_CACHE);
  const ev = await page(request, EV);
  expect(ev.status()).toBe(200);
  expect(ev.headers()['cache-tag']?.split(',')).toEqual(expect.arrayContaining(['site', 'p-ev1001']));
  expect(ev.headers()['surrogate-key']?.split(' ')).toContain('p-ev1001');
  const child = await page(request, REWRITTEN);
  expect(child.status()).toBe(200);
  expect(await child.text()).toContain('EV1001');
  expect(child.headers()['cache-tag']?.split(',')).toContain('p-ev1001');
}
