/**
 * Serves the built site (dist/) and the image proxy, by the same files a CDN reads (src/lib/build/cdn/), so
 * that `npm start` and the e2e tests answer exactly what a CDN would: `_headers` gives every answer's
 * headers (CSP, security headers, cache lifetimes); the redirect map (`_cdn/edge/`) gives the 200
 * rewrites applied before the file lookup, the 410 of discontinued products (the body of `404.html`,
 * `X-Cache-Tags: page-not-found`), the 301 of old URLs that have no file, and each page's cache tags
 * (`Cache-Tag`, `Surrogate-Key`); `404.html` is the body of unknown paths (status 404). A page answers
 * at its one URL (`/x`); `/x/` and `/x/index.html` move there with 301 (or, for an old URL, straight
 * to where it moves), as at the edge (src/lib/build/cdn/canonical-url.ts); an address with capitals
 * that answers nothing moves to its lower-case page; the page-not-found page answers 404 at its own URL too.
 *
 * Files are found and streamed by @hono/node-server's `serveStatic` (it refuses `..`, backslashes and
 * encoded slashes, and serves a `.br`/`.gz` beside a file when the client accepts it); revalidation is
 * hono's `etag` middleware, brotli ./brotli.ts and gzip hono's `compress` (`siteRoutes`). What is ours: the
 * contract files above, the `/x` -> `x.html` lookup, and what a file says of itself (ETag from size
 * and time, Last-Modified, content types with their charset); a page's CSP is kept on its 304.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { acceptsBrotli, brotli, compressAnswer } from './brotli';
import { clientAddress } from './ratelimit';
import { HeaderTable, parseHeaders } from '../src/lib/build/cdn/headers';
import { bucketFile, EDGE_INDEX, EdgeLookup, GONE_TAGS, REDIRECT_CACHE, moveOf, type EdgeBucket } from '../src/lib/build/cdn/edge-map';
import { edgeBucketSchema, edgeIndexSchema } from '../src/lib/build/cdn/edge-schema';
import { canonicalMove, isNotFoundPage, lowerCasePath } from '../src/lib/build/cdn/canonical-url';
import { storeRoots } from '../src/lib/build/cdn/store-roots';
import { openTree, type SiteTree } from '../src/lib/build/render/overlay';
import { BUILD_CONFIG_FILE, buildConfigSchema } from '../src/lib/build/cdn/deploy-plan';
import { differingOverrides, envOverrides } from '../src/lib/config/schema';
import { AnswerGuard, SearchPages, type AnswerLimits } from './search-page';
import { SEARCH_ANSWER_CACHE } from '../src/lib/search/page-answer';
import { SEARCH_ANSWER_HEADER } from '../src/lib/pwa/sw-config';

export { NON_HTML_CSP, SECURITY_HEADERS, scriptCsp } from '../src/lib/build/cdn/headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.map', '.webmanifest', '.xml', '.txt', '.svg']);
/** Files serveStatic may send instead when the client accepts their encoding. */
const PRECOMPRESSED = /\.(br|gz|zst)$/;

export const contentType = (file: string): string => TYPES[extname(file.replace(PRECOMPRESSED, '')).toLowerCase()] ?? 'application/octet-stream';

/** One brotli cache for every route that serves files (./brotli.ts). */
const siteBrotli = brotli();

/**
 * Revalidation and compression of files: hono's etag, brotli at its best quality once per file
 * version (./brotli.ts) and hono's gzip for clients without brotli. A 304 keeps a page's CSP (its
 * headers replace the stored ones in the browser's cache) and Last-Modified besides what hono keeps.
 * Precompressed files (Content-Encoding set) are left alone.
 */
export const fileMiddleware = (): MiddlewareHandler[] => [
  compress(),
  siteBrotli,
  etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy', 'last-modified'] }),
];

declare module 'hono' {
  interface ContextVariableMap {
    /** The file serveStatic found for a site path (its headers are set after). */
    siteFile: string;
  }
}

/** A contract file of the site folder that does not read as one: the file and what is wrong. */
export class SiteFileError extends Error {}

/**
 * Whether a site path can name a file: each segment within a file name's 255 bytes once the lookup adds
 * `.html` or `/index.html`, the whole within PATH_MAX (4,096 bytes). Scanners and crawlers send longer ones.
 */
export function fitsFileSystem(path: string): boolean {
  return Buffer.byteLength(path) < 4000 && path.split('/').every((segment) => Buffer.byteLength(segment) <= 245);
}

/** A move (301 unless the map's rule says otherwise) with its lifetime; the request's query goes along unless the target has its own. */
function moveTo(c: Context, to: string, status = 301): Response {
  c.header('Cache-Control', REDIRECT_CACHE);
  return c.redirect(`${to}${to.includes('?') ? '' : new URL(c.req.url).search}`, status as 301);
}

/** One built site folder with its contract files loaded. */
export class SiteFolder {
  /** The rules of `_headers` (none when the folder has no such file: the app's defaults apply). */
  readonly headers: HeaderTable;
  /** The redirect map: rewrites (200), moves (301) and discontinued products (410), and the pages' cache tags. */
  readonly edge: EdgeLookup | null;
  readonly notFound: Buffer | null;
  private buckets = new Map<number, EdgeBucket>();
  /** The 404 bodies of folders below the root (a store view's `de/404.html`), read when first asked. */
  private folderNotFound = new Map<string, Buffer | null>();

  /**
   * The 404 body for a path: the closest `404.html` of its folders, as Cloudflare Pages picks it (a
   * store view's own under `/de/`), else the root one.
   */
  notFoundFor(path: string): Buffer | null {
    const folders = path.split('/').filter(Boolean).slice(0, -1);
    for (let n = folders.length; n > 0; n--) {
      const file = `${folders.slice(0, n).join('/')}/404.html`;
      let body = this.folderNotFound.get(file);
      if (body === undefined) {
        const found = this.tree.file(file);
        this.folderNotFound.set(file, (body = found ? readFileSync(found) : null));
      }
      if (body) return body;
    }
    return this.notFound;
  }

  /** The folder's files: a full build's, or an overlay's on the generations under it (src/lib/build/render/overlay.ts). */
  readonly tree: SiteTree;

  /** The search results page with a query's results written in (./search-page.ts), its parsed files kept with this folder. */
  readonly search: SearchPages;

  /**
   * The `PUBLIC_*` variables whose values differ between this folder's build (its BUILD_CONFIG_FILE)
   * and this server's environment; none when the folder has no such file (a build from before it).
   * Its search pages are then served as built, their scripts searching with the build's settings,
   * rather than answered with the server's (other pictures, other products listed).
   */
  readonly configDiffers: string[];

  constructor(readonly dir: string) {
    const tree = (this.tree = openTree(dir));
    this.search = new SearchPages(tree);
    const hf = tree.file('_headers');
    this.headers = new HeaderTable(hf ? parseHeaders(readFileSync(hf, 'utf8')) : []);
    const json = (file: string): unknown => {
      try {
        return JSON.parse(readFileSync(tree.file(file) ?? join(dir, file), 'utf8'));
      } catch (e) {
        throw new SiteFileError(`${file}: ${(e as Error).message}`);
      }
    };
    const checked = <T>(
      file: string,
      schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
    ): T => {
      const r = schema.safeParse(json(file));
      if (!r.success) throw new SiteFileError(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
      return r.data;
    };
    this.edge = tree.file(EDGE_INDEX)
      ? new EdgeLookup(checked(EDGE_INDEX, edgeIndexSchema), (i) => {
          let b = this.buckets.get(i);
          if (!b) {
            b = tree.file(bucketFile(i)) ? checked(bucketFile(i), edgeBucketSchema) : { rules: [], tags: {} };
            this.buckets.set(i, b);
          }
          return b;
        })
      : null;
    const nf = tree.file('404.html');
    this.notFound = nf ? readFileSync(nf) : null;
    this.configDiffers = tree.file(BUILD_CONFIG_FILE) ? differingOverrides(checked(BUILD_CONFIG_FILE, buildConfigSchema).overrides, envOverrides()) : [];
    if (this.configDiffers.length)
      console.warn(
        `site ${dir}: built with other settings than this server's (${this.configDiffers.join(', ')}): its search pages are served as built; run the server with the build's values to answer them`,
      );
    // No root: the rewrite gives the file's absolute path, in whichever generation's folder holds it
    // (serveStatic has refused `..` and the like before it rewrites).
    this.files = serveStatic({
      root: '',
      precompressed: true,
      rewriteRequestPath: (path) => this.locate(this.withHtml(this.rewrite(path))),
      onFound: (file, c) => {
        c.set('siteFile', file);
      },
    });
  }

  /** serveStatic on this folder: next() when no file answers the (rewritten) path. */
  readonly files: MiddlewareHandler;

  /** `/about` is `about.html` when there is no `about/` folder. */
  private withHtml(path: string): string {
    if (extname(path) || path.endsWith('/')) return path;
    const isFile = (p: string) => this.tree.file(p.replace(/^\/+/, '')) !== null;
    return !isFile(path) && !isFile(`${path}/index.html`) && isFile(`${path}.html`) ? `${path}.html` : path;
  }

  /** The absolute path of a site path's file: itself, else its folder's index.html (in the base folder when none: no file). */
  private locate(path: string): string {
    return this.fileOf(path) ?? join(this.tree.base, path.replace(/^\/+/, ''));
  }

  /** The absolute path of a site path's file: itself, else its folder's index.html; null when none. */
  private fileOf(path: string): string | null {
    const rel = path.replace(/^\/+/, '');
    return rel === '' || rel.endsWith('/') ? this.tree.file(`${rel}index.html`) : (this.tree.file(rel) ?? this.tree.file(`${rel}/index.html`));
  }

  /** The map's first rule for a path (null: none, or no map). */
  rule(path: string): { to: string; status: number } | null {
    try {
      return this.edge?.match(decodeURIComponent(path)) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Where another form of a URL (`/x/`, `/x/index.html`) moves, in one hop: its canonical path when
   * that answers (a file, a page the map serves, a gone product's 410); an old URL's target (`/about/`
   * straight to `/about-us`) or a lower-case page (`/RINGS/` to `/rings`) when it does not; null when
   * nothing answers there either, so the 404 comes at once rather than after a move.
   */
  otherFormMove(canonical: string): string | null {
    const rule = this.rule(canonical);
    if (rule?.status === 200 || rule?.status === 410) return canonical;
    const moves = moveOf(rule)?.to ?? null;
    let path: string;
    try {
      path = decodeURIComponent(canonical);
    } catch {
      return moves;
    }
    if (fitsFileSystem(path) && this.fileOf(this.withHtml(path))) return canonical;
    return (lowerCasePath(path) !== null ? this.lowerCaseMove(path) : null) ?? moves;
  }

  /** Where a (decoded) path with capitals that answers nothing moves: its lower-case page, or where that old URL moves; null when neither. */
  lowerCaseMove(path: string): string | null {
    const lower = lowerCasePath(path);
    if (lower === null || !fitsFileSystem(lower)) return null;
    // A page first: a map's move applies only where there is no file, as for any path.
    const rule = this.rule(lower);
    if (this.fileOf(this.withHtml(rule?.status === 200 ? rule.to : lower))) return encodeURI(lower);
    return moveOf(rule)?.to ?? null;
  }

  /** The path a 200 rule serves instead (the path itself when none). */
  rewrite(path: string): string {
    const r = this.rule(path);
    return r?.status === 200 ? r.to : path;
  }

  /** The `_headers` rules' headers of a path. */
  headersFor(path: string): [string, string][] {
    return this.headers.headersFor(path);
  }

  /** Sets the `_headers` rules of a path on an answer. */
  applyHeaders(headers: Headers, path: string): void {
    for (const [k, v] of this.headersFor(path)) headers.set(k, v);
  }
}

/** The site being served; `switchTo` swaps the folder atomically (used by rebuilds). */
export class Site {
  private folder: SiteFolder | null = null;
  private readonly roots = storeRoots();
  private readonly trustProxy: boolean;
  private readonly guard: AnswerGuard;

  /** `trustProxy`: the client's address is the proxy's last X-Forwarded-For entry (./ratelimit.ts clientAddress); `limits`: the search answers' (./search-page.ts). */
  constructor(dir: string | null, opts: { trustProxy?: boolean; limits?: AnswerLimits } = {}) {
    this.trustProxy = opts.trustProxy ?? false;
    this.guard = new AnswerGuard(opts.limits);
    if (dir) this.switchTo(dir);
  }

  get dir(): string | null {
    return this.folder?.dir ?? null;
  }

  switchTo(dir: string): void {
    this.folder = new SiteFolder(resolve(dir));
  }

  /** The GET handlers of every site path, in order: `app.get('*', ...site.routes())`. */
  routes(): MiddlewareHandler[] {
    return [...fileMiddleware(), this.contract, (c, next) => this.folder!.files(c, next), this.fallback];
  }

  /** Before the lookup: no site yet (503), a path that does not decode (400, with the 404 page's body), another form of a page's URL (301), a discontinued product (410); after it, the found file's headers. */
  private contract: MiddlewareHandler = async (c, next) => {
    const f = this.folder;
    if (!f) return c.text('The site has not been built yet.', 503);
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      // A shopper who typed or followed a broken address gets the shop's page, not a bare error.
      return this.notFoundPage(c, f, 400, c.req.path);
    }
    // A page's other URL forms (`/x/`, `/x/index.html`) move to its one URL, as at the CDN's edge.
    const url = new URL(c.req.url);
    const canonical = canonicalMove(url.pathname, this.roots);
    if (canonical !== null) {
      const to = f.otherFormMove(canonical);
      return to === null ? this.notFoundPage(c, f, 404, c.req.path) : moveTo(c, to);
    }
    const rule = f.rule(c.req.path);
    if (rule?.status === 410) return this.notFoundPage(c, f, 410, rule.to);
    // A path no file system could hold is no file: the old URL it may be, else the 404 page (the lookup would fail with ENAMETOOLONG).
    if (!fitsFileSystem(path)) return this.fallback(c, next);
    await next();
    const file = c.get('siteFile');
    if (!file) return;
    const page = rule?.status === 200 ? rule.to : path;
    if (c.res.status === 200 && isNotFoundPage(path, this.roots)) c.res = new Response(c.res.body, { status: 404, headers: c.res.headers });
    setFileHeaders(c.res.headers, file);
    // A folder's page has the headers of its folder form (`/x/`), as a CDN's asset server gives them.
    f.applyHeaders(c.res.headers, file.endsWith('/index.html') && !page.endsWith('/') ? `${page}/` : page);
    if (f.edge && c.res.status === 200) {
      const tags = f.edge.tags(page);
      c.res.headers.set('Cache-Tag', tags.join(','));
      c.res.headers.set('Surrogate-Key', tags.join(' '));
    }
    if (c.res.status === 200 && url.searchParams.has('q')) await this.searchAnswer(c, f, file, path, url.search);
  };

  /**
   * The search page with a query: its first screen of results written in (./search-page.ts). Its
   * headers are the page's (CSP, noindex, cache tags) but for what the file said of itself: the
   * answer is the query's, so its ETag is its body's (hono's etag middleware hashes it: one query's
   * answer never revalidates another's), it has no Last-Modified, and its lifetime is
   * SEARCH_ANSWER_CACHE's.
   */
  private async searchAnswer(c: Context, f: SiteFolder, file: string, path: string, search: string): Promise<void> {
    // Built with other settings than this server's: the page as built, whose script searches with the build's.
    if (f.configDiffers.length) return;
    // Past the answers' limits, the page as built: its script searches in the browser.
    const leave = this.guard.enter(clientAddress(c, this.trustProxy));
    if (!leave) return;
    try {
      let html: string | null;
      try {
        html = await f.search.answer(file.replace(PRECOMPRESSED, ''), path, search);
      } catch (e) {
        // The page as built then: its script searches in the browser.
        console.error(`search page answer for ${path}${search}: ${(e as Error).stack ?? String(e)}`);
        return;
      }
      if (html === null) return;
      await c.res.body?.cancel();
      // Changed in place: hono copies the answer's headers onto the one that replaces it.
      const headers = c.res.headers;
      for (const h of ['content-encoding', 'content-length', 'etag', 'last-modified']) headers.delete(h);
      headers.set('Cache-Control', SEARCH_ANSWER_CACHE);
      headers.set(SEARCH_ANSWER_HEADER, 'query');
      // Compressed here, for this one answer (./brotli.ts compressAnswer: as fast as it can be, but
      // within the first TCP window when a better quality brings it there); gzip is left to hono's compress.
      let body: Uint8Array<ArrayBuffer> | string = html;
      if (acceptsBrotli(c.req.header('Accept-Encoding'))) {
        headers.set('Content-Encoding', 'br');
        body = await compressAnswer(html, headers);
      }
      c.res = new Response(body, { status: 200, headers });
    } finally {
      leave();
    }
  }

  /** No file: an old URL the build could resolve moves for good (crawlers and scripts-off browsers too); else the 404 page. */
  private fallback: MiddlewareHandler = (c) => {
    const f = this.folder!;
    // An address with capitals goes to its lower-case page first: the map compares paths without case.
    // (The path decodes: the contract answered 400 to one that does not.)
    const lower = f.lowerCaseMove(decodeURIComponent(c.req.path));
    if (lower !== null) return Promise.resolve(moveTo(c, lower));
    const moved = moveOf(f.rule(c.req.path));
    if (moved) return Promise.resolve(moveTo(c, moved.to, moved.status));
    return Promise.resolve(this.notFoundPage(c, f, 404, c.req.path));
  };

  /** The 404 page's body with the status; its headers are those of `_headers` for `headersPath` (a CDN's: the request's for a 404, the page's for a 410). */
  private notFoundPage(c: Context, f: SiteFolder, status: 400 | 404 | 410, headersPath: string): Response {
    const headers = new Headers(status === 410 ? { 'X-Cache-Tags': GONE_TAGS } : {});
    // The closest 404.html: the request's (a 404), the gone page the rule names (a 410: `/de/404.html` under /de).
    const body = f.notFoundFor(headersPath);
    if (!body) return c.text(status === 410 ? 'Gone' : status === 400 ? 'Bad Request' : 'Not Found', status, Object.fromEntries(headers));
    headers.set('Content-Type', TYPES['.html']!);
    f.applyHeaders(headers, headersPath);
    return new Response(new Uint8Array(body), { status, headers });
  }
}

/**
 * Sends one file outside the site folder (the image proxy's originals) through serveStatic, with the
 * site's headers; mount `fileMiddleware()` on the route for revalidation and gzip.
 */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  const res = await serveStatic({ path: file })(c, () => Promise.resolve());
  if (!res) return c.json({ code: 404, result: 'path: no such file' }, 404);
  setFileHeaders(res.headers, file);
  res.headers.set('Cache-Control', cacheControl);
  return res;
}

/** What a file itself says of its answer: ETag (size and time), Last-Modified, content type and Vary; the rest comes from `_headers`. */
function setFileHeaders(headers: Headers, file: string): void {
  const st = statSync(file);
  headers.set('ETag', `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`);
  headers.set('Last-Modified', st.mtime.toUTCString());
  headers.set('Content-Type', contentType(file));
  const ext = extname(file.replace(PRECOMPRESSED, '')).toLowerCase();
  if (COMPRESSIBLE.has(ext) && !/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
}
