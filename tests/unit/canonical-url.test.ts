import { describe, expect, it } from 'vitest';
import { assetPaths, canonicalMove, isNotFoundPage, lowerCasePath } from '../../src/lib/build/cdn/canonical-url';
import { bucketFile, buildEdgeMap, EDGE_INDEX } from '../../src/lib/build/cdn/edge-map';
import { handle } from '../../src/lib/build/cdn/worker';

describe("a page's one URL", () => {
  it('moves the trailing slash and index.html forms to the bare path; the bare path and files stay', () => {
    const cases: [string, string | null][] = [
      ['/', null],
      ['/rings', null],
      ['/pwa.html', null],
      ['/sw.js', null],
      ['/rings/', '/rings'],
      ['/rings//', '/rings'],
      ['/rings/index.html', '/rings'],
      ['/rings/engagement-rings/', '/rings/engagement-rings'],
      ['/index.html', '/'],
      ['//', '/'],
    ];
    for (const [path, to] of cases) expect(canonicalMove(path), path).toBe(to);
  });

  it('never moves to a protocol-relative Location another host would be read from', () => {
    expect(canonicalMove('//evil.example/')).toBe('/evil.example');
    expect(canonicalMove('///evil.example/index.html')).toBe('/evil.example');
  });

  it("keeps a store view's home with its slash, as the shop links it (`/de/`, like `/`)", () => {
    const roots = ['/', '/de/'];
    expect(canonicalMove('/de/', roots)).toBeNull();
    expect(canonicalMove('/de', roots)).toBe('/de/');
    expect(canonicalMove('/de/index.html', roots)).toBe('/de/');
    expect(canonicalMove('/de/rings/', roots)).toBe('/de/rings');
    expect(canonicalMove('/dev/', roots)).toBe('/dev');
  });

  it("fetches a page's folder form first, a file as it is", () => {
    expect(assetPaths('/rings')).toEqual(['/rings/', '/rings']);
    expect(assetPaths('/')).toEqual(['/']);
    expect(assetPaths('/pwa.html')).toEqual(['/pwa.html']);
    expect(assetPaths('/_cdn/edge/index.json')).toEqual(['/_cdn/edge/index.json']);
  });
});

describe('an address with capitals', () => {
  it('has a lower-case form; one without capitals has none', () => {
    expect(lowerCasePath('/RINGS/Engagement-Rings')).toBe('/rings/engagement-rings');
    expect(lowerCasePath('/rings/engagement-rings')).toBeNull();
  });
});

describe('the page-not-found pages', () => {
  it('are the page-not-found route and the 404 body of each store view, nothing else', () => {
    const roots = ['/', '/de/'];
    for (const path of ['/page-not-found', '/404.html', '/404', '/de/page-not-found', '/de/404.html']) expect(isNotFoundPage(path, roots), path).toBe(true);
    for (const path of ['/', '/page-not-found-rings', '/rings/page-not-found', '/it/page-not-found', '/4040'])
      expect(isNotFoundPage(path, roots), path).toBe(false);
  });
});

/**
 * A stand-in for Cloudflare Pages' asset server, from its documented route matching
 * (developers.cloudflare.com/pages/configuration/serving-pages): an HTML file answers at its path
 * without `.html` (`/contact.html` -> `/contact`, 308) and a folder's `index.html` at the folder with
 * a slash (`/about/index.html` and `/about` -> `/about/`, 308); anything else missing is the 404 page.
 */
function pagesAssets(files: Record<string, string>) {
  const fetched: string[] = [];
  const answer = (status: number, body: string | null, headers: Record<string, string> = {}) => new Response(body, { status, headers });
  const fetchAsset = (input: URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.href);
    const p = url.pathname;
    fetched.push(p);
    const file = (name: string) => files[name.replace(/^\//, '')];
    const to = (location: string) => answer(308, null, { Location: location });
    if (p.endsWith('/index.html')) return Promise.resolve(file(p) !== undefined ? to(p.slice(0, -'index.html'.length)) : answer(404, file('404.html') ?? ''));
    if (p.endsWith('.html') && file(p) !== undefined) return Promise.resolve(to(p.slice(0, -'.html'.length)));
    if (p.endsWith('/') && file(`${p}index.html`) !== undefined) return Promise.resolve(answer(200, file(`${p}index.html`)!));
    if (p.endsWith('/') && file(`${p.slice(0, -1)}.html`) !== undefined) return Promise.resolve(to(p.slice(0, -1)));
    if (file(p) !== undefined) return Promise.resolve(answer(200, file(p)!));
    if (file(`${p}.html`) !== undefined) return Promise.resolve(answer(200, file(`${p}.html`)!));
    if (file(`${p}/index.html`) !== undefined) return Promise.resolve(to(`${p}/`));
    return Promise.resolve(answer(404, file('404.html') ?? ''));
  };
  return { fetchAsset, fetched };
}

describe('the edge function on Pages-style asset routing', () => {
  const { index, buckets } = buildEdgeMap(
    [
      { from: '/rings/gone-chain-106', to: '/404.html', status: 410 },
      { from: '/rings/bangle-103/:child', to: '/rings/bangle-103/', status: 200 },
      { from: '/c/rings', to: '/rings', status: 301 },
    ],
    new Map([['/rings', ['site', 'c-1']]]),
  );
  const site = pagesAssets({
    'index.html': 'home',
    'rings/index.html': 'rings',
    'rings/bangle-103/index.html': 'bangle',
    'pwa.html': 'pwa',
    'page-not-found/index.html': 'the page-not-found page',
    '404.html': 'not found',
    'sw.js': 'sw',
    [EDGE_INDEX]: JSON.stringify(index),
    ...Object.fromEntries(buckets.map((b, i) => [bucketFile(i), JSON.stringify(b)])),
  });
  const get = (path: string) => handle(new Request(`https://shop.example${path}`), site.fetchAsset);

  it("answers every page at its one URL with 200, never passing on the asset server's slash redirect", async () => {
    for (const [path, body] of [
      ['/', 'home'],
      ['/rings', 'rings'],
      ['/rings/bangle-103/BANGLE-103-GOLD', 'bangle'],
      ['/pwa.html', 'pwa'],
      ['/sw.js', 'sw'],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(body);
    }
    expect((await get('/rings')).headers.get('cache-tag')).toBe('site,c-1');
  });

  it('moves the other forms with 301 before anything else, keeping the query', async () => {
    for (const [from, to] of [
      ['/rings/', '/rings'],
      ['/rings/index.html?utm=x', '/rings?utm=x'],
      ['/index.html', '/'],
      ['/rings/gone-chain-106/', '/rings/gone-chain-106'],
    ]) {
      const res = await get(from!);
      expect([res.status, res.headers.get('location')], from).toEqual([301, to]);
    }
  });

  it('keeps the 410, the old URLs and the 404 page', async () => {
    const gone = await get('/rings/gone-chain-106');
    expect([gone.status, await gone.text()]).toEqual([410, 'not found']);
    const moved = await get('/c/rings');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/rings']);
    const missing = await get('/no/such/page');
    expect([missing.status, await missing.text()]).toEqual([404, 'not found']);
  });

  it("moves an old URL's other forms straight to where it moves, in one hop; a page's slash form to the page", async () => {
    for (const [from, to] of [
      ['/c/rings/', '/rings'],
      ['/c/rings/index.html?utm=x', '/rings?utm=x'],
      ['/rings/', '/rings'],
    ]) {
      const res = await get(from!);
      expect([res.status, res.headers.get('location')], from).toEqual([301, to]);
    }
  });

  it('moves an address with capitals that answers nothing to its lower-case page, or where that old URL moves, in one hop', async () => {
    for (const [from, to] of [
      ['/RINGS', '/rings'],
      ['/Rings/?utm=x', '/rings?utm=x'],
      ['/C/Rings', '/rings'],
    ]) {
      const res = await get(from!);
      expect([res.status, res.headers.get('location')], from).toEqual([301, to]);
    }
    expect((await get('/No/Such/Page')).status).toBe(404);
  });

  it('answers the page-not-found page 404 at its own URL, with its body', async () => {
    const res = await get('/page-not-found');
    expect([res.status, await res.text()]).toEqual([404, 'the page-not-found page']);
    expect((await get('/404.html')).status).toBe(404);
  });

  it("asks the asset server for a page's folder form once", async () => {
    site.fetched.length = 0;
    await get('/rings');
    expect(site.fetched.filter((p) => !p.startsWith('/_cdn/'))).toEqual(['/rings/']);
  });
});
