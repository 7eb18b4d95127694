/**
 * What a CDN must answer, checked on the shop's server (redirects.spec.ts) and on Cloudflare's own
 * runtime serving dist/ (cdn-wrangler.spec.ts) with the same expectations: every kind of old URL
 * answers 301 (§2 dispatcher, url-map, short-URL switch, `.html`, capitals), discontinued products 410, and
 * the headers of `_headers` (CSP, security headers, cache lifetimes) and the cache tags; every page
 * answers 200 at the one URL the site names it by (links, canonical tags, sitemap, service worker,
 * URL map), never through the CDN's own trailing-slash redirect, and its other forms 301 there.
 * Expected targets from the sample snapshot: url-map.json sends /engagement-rings.html to category 11
 * (rings/engagement-rings) and /about to the about-us page; the rings category lives at /rings;
 * EV1001's url_path is rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001.
 */
import { type APIRequestContext } from '@playwright/test';
import { expect } from './fixture';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goneUrls } from '../../src/lib/routing/content-routes';
import { config, enabledStoreViews } from '../../src/lib/config';
import { checkoutPages, SEARCH_ANSWER_HEADER, searchShells, startUrls } from '../../src/lib/pwa/sw-config';
import { SEARCH_ANSWER_CACHE } from '../../src/lib/search/page-answer';
import { fill, messages } from '../../src/lib/messages';

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
  ['capitals', '/RINGS', '/rings'],
  ['capitals', '/About-Us', '/about-us'],
  ['capitals, url-map', '/ABOUT', '/about-us'],
];

/** A URL served as another page (a configurable child's named route). */
export const REWRITTEN = '/EV1001/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring/EV1001-WG-Q';

/** Revalidated pages (the CDN keeps them a day and is purged on deploy) and year-long hashed assets. */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=86400';
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** A hashed script of the build. */
export const someAsset = (dist: string) => `/_astro/${readdirSync(join(dist, '_astro')).find((f) => f.endsWith('.js'))!}`;

/** A URL's answer as it is, no redirect followed. */
const page = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 });

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
  // An old URL's other form whose target has a query of its own does not get a second '?'.
  const child = await request.get('/EV1001/old-slug/EV1001-WG-Q/?utm_source=mail', { maxRedirects: 0 });
  expect([child.status(), child.headers()['location']]).toEqual([301, `${EV}?childSku=EV1001-WG-Q`]);
  // An old URL's other forms (`/about/`, `/about/index.html`) move where it moves, in one hop, not through `/about`.
  for (const [kind, from, to] of MOVES.filter(([, from]) => !from.endsWith('.html'))) {
    for (const other of [`${from}/`, `${from}/index.html`]) {
      const res = await request.get(other, { maxRedirects: 0 });
      expect([res.status(), res.headers()['location']], `${kind}: ${other}`).toEqual([301, to]);
    }
  }
}

/**
 * The page-not-found page and the 404 body's own file answer 404 where they are asked for by name, as
 * Vue Storefront's page-not-found route does: a crawler never sees a "not found" page with a 200.
 */
export async function expectNotFoundPages(request: APIRequestContext) {
  for (const path of ['/page-not-found', '/404.html', '/404']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('data-page-not-found');
    expectPageHeaders(res.headers(), `404 ${path}`);
  }
  // An address that does not decode is a bad request, answered with the shop's page rather than a bare error.
  for (const path of ['/%', '/%zz', '/rings/%E0%A4%A']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
    expect(await res.text(), path).toContain('data-page-not-found');
    expectPageHeaders(res.headers(), `400 ${path}`);
  }
  // Another form of an address where nothing is (a store prefix with multistore off among them) is a
  // 404 at once, not a move to a 404.
  for (const path of ['/no/such/page/', '/no/such/page/index.html', '/de/', '/rings/no-such-ring/']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('data-page-not-found');
    expectPageHeaders(res.headers(), `404 ${path}`);
  }
}

export async function expectGone(request: APIRequestContext) {
  const gone = goneUrls();
  expect(gone.length).toBeGreaterThan(0);
  for (const url of [gone[0]!, gone.at(-1)!]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(410);
    expect(res.headers()['x-cache-tags']).toBe('page-not-found');
    expect(await res.text()).toContain('<h1');
    expectPageHeaders(res.headers(), `410 ${url}`);
    // Its other form moves to it first, as any page's.
    const slash = await request.get(`${url}/`, { maxRedirects: 0 });
    expect([slash.status(), slash.headers()['location']]).toEqual([301, url]);
  }
  const unknown = await request.get('/no/such/page', { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expectPageHeaders(unknown.headers(), '404');
}

/** The headers `_headers` gives a page: the page policy (the AMP one under /amp) and the security headers. */
function expectPageHeaders(h: Record<string, string>, what: string, amp = false) {
  expect(h['content-security-policy'], `${what}: CSP`).toMatch(/script-src 'self' .*frame-ancestors 'none'/);
  if (amp) expect(h['content-security-policy'], what).toContain('https://cdn.ampproject.org');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy'], what).toContain('camera=()');
  // HTTPS only, for at least half a year (what browsers' HSTS guidance asks).
  expect(Number(h['strict-transport-security']?.match(/max-age=(\d+)/)?.[1] ?? 0), `${what}: HSTS`).toBeGreaterThanOrEqual(15_768_000);
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

/**
 * One page of every kind the site has, at the URL the site names it by: in the sitemap (`indexed`)
 * or a noindex page (checkout, account, AMP copies, the legacy `.html` routes, a list panel).
 */
export const PAGE_KINDS: [kind: string, path: string, indexed: boolean][] = [
  ['home', '/', true],
  ['category', '/rings', true],
  ['subcategory', '/rings/engagement-rings', true],
  ['product', EV, true],
  ['configurable child (a rewrite)', REWRITTEN, false],
  ['brands', '/brands', true],
  ['brand listing', '/brands/clogau/all-products', true],
  ['CMS page', '/about-us', true],
  ['CMS page by identifier', '/i/our-story', true],
  ['blog home', '/pjworld', true],
  ['blog category', '/pjworld/engagement-advice', true],
  ['blog post', '/pjworld/post/how-to-stack-rings', true],
  ['shop page', '/stores/jewellers-preston', true],
  ['campaign', '/launch-campaign', true],
  ['checkout', '/checkout', false],
  ['account', '/my-account', false],
  ['search', '/search', false],
  ['compare', '/compare', false],
  ['offline', '/offline', false],
  ['AMP product', '/amp/BND-1021/classic-charm-starter-gift-set', false],
  ['AMP category', '/amp/gifts-for-her', false],
  ['legacy .html route', '/pwa.html', false],
  ['list panel', '/panels/faqList.html', false],
];

const SITE = config.shop.siteUrl.replace(/\/+$/, '');
/** A URL of the site as a path (null: another origin's). */
const sitePath = (href: string): string | null => (href.startsWith(`${SITE}/`) ? href.slice(SITE.length) : null);
const unescape = (href: string) => href.replace(/&amp;/g, '&');

/** The URLs every sitemap file of the build lists, as paths. */
export function sitemapPaths(dist: string): string[] {
  const files = readdirSync(dist).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap((f) => [...readFileSync(join(dist, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => sitePath(unescape(m[1]!))!));
}

/** The same-origin links (`<a href="/…">`) of a page, without fragment. */
const internalLinks = (html: string): string[] =>
  [...html.matchAll(/<a\b[^>]*?\shref="(\/[^"#]*)[^"]*"/g)].map((m) => unescape(m[1]!)).filter((h) => h && !h.startsWith('//'));

/** Every path answers 200 itself (no redirect), each checked once, a few at a time. */
async function expectAnswers200(request: APIRequestContext, what: string, paths: Iterable<string>, seen: Set<string>) {
  const todo = [...new Set(paths)].filter((p) => !seen.has(p));
  for (const p of todo) seen.add(p);
  const one = async (path: string) => {
    const res = await request.head(path, { maxRedirects: 0 });
    expect(res.status(), `${what}: ${path}${res.headers()['location'] ? ` -> ${res.headers()['location']}` : ''}`).toBe(200);
  };
  for (let i = 0; i < todo.length; i += 6) await Promise.all(todo.slice(i, i + 6).map(one));
}

/**
 * Every kind of page answers 200 at its URL with the headers of `_headers`, and its other forms
 * (trailing slash, `index.html`) move there with a 301; its canonical tag, the sitemap and every
 * internal link of those pages name URLs that answer 200 themselves.
 */
export async function expectCanonicalUrls(request: APIRequestContext, dist: string) {
  const sitemap = new Set(sitemapPaths(dist));
  const checked = new Set<string>();
  const links = new Set<string>();
  for (const [kind, path, indexed] of PAGE_KINDS) {
    const res = await page(request, path);
    expect(res.status(), `${kind}: ${path}`).toBe(200);
    const h = res.headers();
    expectPageHeaders(h, kind, path.startsWith('/amp/'));
    expect(h['cache-control'], kind).toBe(PAGE_CACHE);
    expect(h['cache-tag']?.split(','), kind).toContain('site');
    expect(sitemap.has(path), `${kind}: ${path} in the sitemap`).toBe(indexed);
    const html = await res.text();
    // A fragment (a list panel, fetched into pages) has no head and no canonical tag.
    if (/<html[\s>]/i.test(html)) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, `${kind}: canonical tag`).toBeTruthy();
      if (indexed) expect(canonical, kind).toBe(`${SITE}${path}`);
      const canonicalPath = sitePath(unescape(canonical!));
      expect(canonicalPath, `${kind}: canonical on the site`).not.toBeNull();
      await expectAnswers200(request, `${kind}: canonical`, [canonicalPath!], checked);
    }
    for (const l of internalLinks(html)) links.add(l);
    const others = path.endsWith('.html') ? [] : path === '/' ? ['/index.html'] : [`${path}/`, `${path}/index.html`];
    for (const other of [...others, ...others.map((o) => `${o}?utm_source=mail`)]) {
      const moved = await page(request, other);
      expect(moved.status(), `${kind}: ${other}`).toBe(301);
      expect(moved.headers()['location'], `${kind}: ${other}`).toBe(other.endsWith('?utm_source=mail') ? `${path}?utm_source=mail` : path);
    }
  }
  expect(links.size).toBeGreaterThan(50);
  await expectAnswers200(request, 'internal link', [...links].sort(), checked);
  await expectAnswers200(request, 'sitemap', [...sitemap].sort(), checked);
}

/**
 * The URLs the service worker fetches by name (its precache outside the hashed assets, the pages it
 * keeps for offline use: the homes, the installed app's start URL, the search shell), the web app
 * manifest's start URL and the URL map's targets answer 200 themselves.
 */
export async function expectNamedUrls(request: APIRequestContext, dist: string) {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => `/${m[1]!.replace(/^\//, '')}`).filter((u) => !u.startsWith('/_astro/'));
  expect(precached).toEqual(expect.arrayContaining(['/offline', '/panels/faqList.html', '/manifest.webmanifest']));
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8')) as { start_url: string; scope: string };
  const prefixes = enabledStoreViews().map((s) => s.url);
  const checked = new Set<string>();
  await expectAnswers200(
    request,
    'service worker',
    [...precached, ...startUrls(prefixes), ...searchShells(prefixes), ...checkoutPages(prefixes), manifest.start_url, manifest.scope],
    checked,
  );
  const map = JSON.parse(readFileSync(join(dist, '_url-map.json'), 'utf8')) as { paths: Record<string, string> };
  const targets = Object.values(map.paths).map((t) => t.replace(/[?#].*$/, ''));
  expect(targets.length).toBeGreaterThan(5);
  await expectAnswers200(request, 'url-map target', targets.sort(), checked);
}

/**
 * The search page with a query answers its first screen of results in the HTML (server/search-page.ts,
 * the edge worker: src/lib/search/page-answer.ts): the page's headers with its own ETag (a 304 for the
 * same query only), the answer's lifetime and X-Search-Answer; nothing found writes that state; no
 * query is the page as built.
 */
export async function expectSearchAnswers(request: APIRequestContext) {
  const ring = await request.get('/search?q=ring', { maxRedirects: 0 });
  expect(ring.status()).toBe(200);
  const html = await ring.text();
  expect(html).toContain('data-search-served="results"');
  expect(html).toContain(`>${fill(messages.searchResultsFor, { query: 'ring' })}</h1>`);
  const grid = html.slice(html.indexOf('data-product-grid'), html.indexOf('</ul>', html.indexOf('data-product-grid')));
  expect(grid.match(/<article class="tile"/g)?.length ?? 0).toBe(config.constants.categoryPageSize);
  const h = ring.headers();
  expect(h['cache-control']).toBe(SEARCH_ANSWER_CACHE);
  expect(h[SEARCH_ANSWER_HEADER.toLowerCase()]).toBeTruthy();
  expect(h['content-security-policy']).toContain("script-src 'self'");
  expect(h['last-modified']).toBeUndefined();
  const etag = h['etag']!;
  expect(etag).toBeTruthy();
  expect((await request.get('/search?q=ring', { headers: { 'If-None-Match': etag } })).status()).toBe(304);
  const gold = await request.get('/search?q=gold', { headers: { 'If-None-Match': etag } });
  expect(gold.status()).toBe(200);
  expect(gold.headers()['etag']).not.toBe(etag);
  expect(await gold.text()).toContain('data-search-served-query="gold"');
  expect(await (await request.get('/search?q=zzqqxxnothing')).text()).toContain('data-search-served="none"');
  const bare = await request.get('/search');
  expect(bare.status()).toBe(200);
  expect(await bare.text()).not.toContain('data-search-served');
}
