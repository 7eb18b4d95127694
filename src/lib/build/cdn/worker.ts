/**
 * The edge function of Cloudflare Pages (advanced mode: the build bundles this file into
 * dist/_worker.js, src/lib/build/cdn/build-files.ts). It does at the edge what the shop's server does
 * (server/static.ts), from the same redirect map (./edge-map.ts): a page's other URL forms (`/x/`,
 * `/x/index.html`) answer 301 to its one URL (./canonical-url.ts), or in one hop to where that URL
 * moves when it is an old one; a discontinued product answers 410 with the page-not-found page; a
 * rewrite serves its page; a file is served as it is; an old URL with no file answers 301; an address
 * with capitals that answers nothing moves to its lower-case page; the page-not-found page answers 404
 * at its own URL too; anything else the 404 page. A page is fetched from the asset server in its
 * folder form (`/x/`), so Pages' own slash redirect (`/x` -> `/x/`, 308) never reaches a shopper.
 * Pages get their cache tags (`Cache-Tag`, `Surrogate-Key`). The headers of `_headers` (CSP, security,
 * lifetimes) are applied by Pages to every file it serves, the 404 and 410 bodies included; a 301
 * carries its own lifetime. `handle` takes the asset fetch as a parameter, so another platform's edge
 * function can reuse it. The search page with a query gets its first screen of results written in, as
 * the shop's server writes it (src/lib/search/page-answer.ts, over the deployment's own files).
 */
import { assetPaths, canonicalMove, isNotFoundPage, lowerCasePath } from './canonical-url';
import { bucketFile, EDGE_INDEX, EdgeLookup, GONE_TAGS, REDIRECT_CACHE, bucketsFor, moveOf, type EdgeBucket, type EdgeIndex } from './edge-map';
import { SEARCH_ANSWER_CACHE, SearchAnswers } from '../../search/page-answer';
import { SEARCH_ANSWER_HEADER } from '../../pwa/sw-config';

/** Fetches a file of the deployed site (Cloudflare: env.ASSETS.fetch). */
export type AssetFetch = (url: URL | Request) => Promise<Response>;

let indexPromise: Promise<EdgeIndex | null> | null = null;
const bucketPromises = new Map<number, Promise<EdgeBucket>>();
const loaded = new Map<number, EdgeBucket>();

const json = async <T>(fetchAsset: AssetFetch, base: URL, file: string): Promise<T | null> => {
  const res = await fetchAsset(new URL(`/${file}`, base));
  return res.ok ? ((await res.json()) as T) : null;
};

/** The map's lookup with the buckets this path needs loaded (kept for the isolate's life). */
async function lookupFor(path: string, fetchAsset: AssetFetch, base: URL): Promise<EdgeLookup | null> {
  indexPromise ??= json<EdgeIndex>(fetchAsset, base, EDGE_INDEX);
  const index = await indexPromise;
  if (!index) return null;
  await Promise.all(
    bucketsFor(path, index.buckets).map((i) => {
      let p = bucketPromises.get(i);
      if (!p) {
        p = json<EdgeBucket>(fetchAsset, base, bucketFile(i)).then((b) => {
          const bucket = b ?? { rules: [], tags: {} };
          loaded.set(i, bucket);
          return bucket;
        });
        bucketPromises.set(i, p);
      }
      return p;
    }),
  );
  return new EdgeLookup(index, (i) => loaded.get(i));
}

const withHeaders = (res: Response, status: number, extra: Record<string, string>): Response => {
  const out = new Response(res.body, { status, statusText: '', headers: res.headers });
  for (const [k, v] of Object.entries(extra)) out.headers.set(k, v);
  return out;
};

/** A relative Location, as the shop's server sends: the request's query goes along unless the target has its own. */
const moved = (to: string, search: string, status = 301): Response =>
  new Response(null, { status, headers: { Location: `${to}${to.includes('?') ? '' : search}`, 'Cache-Control': REDIRECT_CACHE } });

/** Pages' asset server answers its own slash rules with these (`/x.html` -> `/x`, `/x` -> `/x/`). */
const isAssetRedirect = (res: Response): boolean => res.status === 307 || res.status === 308;

/**
 * The file answering a path, fetched as the request asks (method, conditional headers): the page's
 * folder form first (./canonical-url.ts `assetPaths`); an asset server's own slash redirect is
 * followed here, once, and never sent on.
 */
async function fetchFile(fetchAsset: AssetFetch, path: string, request: Request, base: URL): Promise<Response> {
  let res: Response | null = null;
  for (const p of assetPaths(path)) {
    await res?.body?.cancel();
    res = await fetchAsset(new Request(new URL(p, base), request));
    if (isAssetRedirect(res)) {
      const to = new URL(res.headers.get('Location') ?? p, base);
      await res.body?.cancel();
      res = to.origin === base.origin ? await fetchAsset(new Request(to, request)) : res;
    }
    if (res.status === 200 || res.status === 304) return res;
  }
  return res!;
}

/**
 * Where another form of a URL (`/x/`, `/x/index.html`) moves, in one hop: its canonical path when
 * that answers (a file, a page the map serves, a gone product's 410); an old URL's target (`/about/`
 * straight to `/about-us`) or a lower-case page (`/RINGS/` to `/rings`) when it does not; null when
 * nothing answers there either, so the 404 comes at once rather than after a move. (The shop's
 * server: server/static.ts `otherFormMove`.)
 */
async function otherFormMove(canonical: string, fetchAsset: AssetFetch, base: URL): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(canonical);
  } catch {
    return canonical;
  }
  const rule = (await lookupFor(decoded, fetchAsset, base))?.match(decoded) ?? null;
  if (rule?.status === 200 || rule?.status === 410) return canonical;
  const res = await fetchFile(fetchAsset, decoded, new Request(new URL(canonical, base), { method: 'HEAD' }), base);
  await res.body?.cancel();
  if (res.status !== 404) return canonical;
  return (lowerCasePath(decoded) !== null ? await lowerCaseMove(decoded, fetchAsset, base) : null) ?? moveOf(rule)?.to ?? null;
}

/** Where a path with capitals that answers nothing moves: its lower-case page, or where that old URL moves; null when neither. */
async function lowerCaseMove(path: string, fetchAsset: AssetFetch, base: URL): Promise<string | null> {
  const lower = lowerCasePath(path);
  if (lower === null) return null;
  const rule = (await lookupFor(lower, fetchAsset, base))?.match(lower) ?? null;
  // A page first: a map's move applies only where there is no file, as for any path.
  const res = await fetchFile(fetchAsset, rule?.status === 200 ? rule.to : lower, new Request(new URL(lower, base), { method: 'HEAD' }), base);
  await res.body?.cancel();
  if (res.status === 200) return encodeURI(lower);
  return moveOf(rule)?.to ?? null;
}

/** The homes of the store views (`/`, `/de/`): set when the build bundles the worker (./build-files.ts `workerBundle`). */
declare const STORE_ROOTS: readonly string[] | undefined;
const storeRoots = (): readonly string[] => (typeof STORE_ROOTS === 'undefined' ? ['/'] : STORE_ROOTS);

/** One request at the edge. */
export async function handle(request: Request, fetchAsset: AssetFetch, roots: readonly string[] = storeRoots()): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return fetchAsset(request);
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // A broken address (`/%`, `/%zz`) gets the shop's page-not-found page with 400, not a bare error.
    const root = roots.filter((r) => url.pathname.startsWith(r)).sort((a, b) => b.length - a.length)[0] ?? '/';
    const page = await fetchFile(fetchAsset, `${root.endsWith('/') ? root : `${root}/`}404.html`, new Request(url, { method: request.method }), url);
    return page.status === 200 ? withHeaders(page, 400, {}) : new Response('Bad Request', { status: 400 });
  }
  const canonical = canonicalMove(url.pathname, roots);
  if (canonical !== null) {
    const to = await otherFormMove(canonical, fetchAsset, url);
    if (to !== null) return moved(to, url.search);
  }
  const map = await lookupFor(path, fetchAsset, url);
  const rule = map?.match(path) ?? null;
  if (rule?.status === 410) {
    return withHeaders(await fetchFile(fetchAsset, rule.to, new Request(url, { method: request.method }), url), 410, { 'X-Cache-Tags': GONE_TAGS });
  }
  const page = rule?.status === 200 ? rule.to : path;
  const pageMap = page === path ? map : await lookupFor(page, fetchAsset, url);
  const res = await fetchFile(fetchAsset, page, request, url);
  if (res.status === 404) {
    // An address with capitals goes to its lower-case page first: the map compares paths without case.
    const lower = await lowerCaseMove(path, fetchAsset, url);
    const move = lower !== null ? { to: lower, status: 301 } : moveOf(rule);
    if (move) {
      await res.body?.cancel();
      return moved(move.to, url.search, move.status);
    }
  }
  if (res.status === 200 && isNotFoundPage(path, roots)) return withHeaders(res, 404, {});
  if (res.status !== 200 || !pageMap) return res;
  const tags = pageMap.tags(page);
  const tagHeaders = { 'Cache-Tag': tags.join(','), 'Surrogate-Key': tags.join(' ') };
  if (request.method === 'GET' && url.searchParams.has('q') && SearchAnswers.storeOf(path))
    return searchAnswer(request, res, path, url, fetchAsset, tagHeaders);
  return withHeaders(res, 200, tagHeaders);
}

/** The search pages of this deployment (an isolate serves one), their files read from its assets. */
let answers: SearchAnswers | null = null;
let assetFetch: { fetch: AssetFetch; base: URL } | null = null;

/**
 * The search page with a query: its first screen of results written in (src/lib/search/page-answer.ts),
 * as the shop's server answers it (server/static.ts `searchAnswer`): the page's headers but its own
 * ETag (a digest of the answer, so one query's 304 is never another's), no Last-Modified, the search
 * answer's lifetime, and X-Search-Answer (the service worker keeps it out of its page cache).
 */
async function searchAnswer(request: Request, res: Response, path: string, url: URL, fetchAsset: AssetFetch, extra: Record<string, string>): Promise<Response> {
  const html = await res.text();
  assetFetch = { fetch: fetchAsset, base: url };
  answers ??= new SearchAnswers(((input: RequestInfo | URL) => {
    const { fetch, base } = assetFetch!;
    return fetch(new URL(typeof input === 'string' || input instanceof URL ? input : input.url, base));
  }) as typeof globalThis.fetch);
  let answer: string | null = null;
  try {
    answer = await answers.answer(path, () => html, path, url.search);
  } catch (e) {
    // The page as built then: its script searches in the browser.
    console.error(`search page answer for ${path}${url.search}: ${String(e)}`);
  }
  if (answer === null) return withHeaders(new Response(html, res), 200, extra);
  const headers = new Headers(res.headers);
  for (const h of ['content-encoding', 'content-length', 'etag', 'last-modified']) headers.delete(h);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(answer)));
  const etag = `"${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
  for (const [k, v] of Object.entries({ ...extra, ETag: etag, 'Cache-Control': SEARCH_ANSWER_CACHE, [SEARCH_ANSWER_HEADER]: 'query' })) headers.set(k, v);
  const asked = request.headers.get('If-None-Match');
  if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(answer, { status: 200, headers });
}

export default {
  fetch(request: Request, env: { ASSETS: { fetch: AssetFetch } }): Promise<Response> {
    return handle(request, (u) => env.ASSETS.fetch(u));
  },
};
