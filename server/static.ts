/**
 * Serves the built site (dist/) and the image proxy. Contract with the pages: `404.html` is the body
 * of unknown paths (status 404); `_gone.json` lists discontinued product paths answered 410 with that
 * body and `X-Cache-Tags: page-not-found`; `_rewrites.json` rewrites paths before the file lookup;
 * `_redirects` (the CDN format, src/lib/routing/redirect-rules.ts) answers what has no file with its 301.
 * Hashed assets (/_astro/*) are immutable; HTML and everything else revalidate (ETag).
 *
 * Files are found and streamed by @hono/node-server's `serveStatic` (it refuses `..`, backslashes and
 * encoded slashes, and serves a `.br`/`.gz` beside a file when the client accepts it); revalidation is
 * hono's `etag` middleware and gzip its `compress` middleware (`siteRoutes`). What is ours: the
 * contract files above, the `/x` -> `x.html` lookup, and the headers (cache lifetimes, ETag from size
 * and time, content types with their charset, each page's CSP, kept on its 304).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { config } from '../src/lib/config';
import { parseRedirects, RedirectTable } from '../src/lib/routing/redirect-rules';

/** Headers of every answer (pages, files, API): see docs/api.md, Headers. */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Legacy twin of frame-ancestors 'none' for old browsers: no page of the shop may be framed.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The CSP of everything that is not a page or a script (API JSON, images, styles): nothing runs, nothing frames it. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const origin = (url: string): string | null => {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** Origins besides the shop's own that pages and the service worker talk to: the API and the external checkout. */
const connectOrigins = (): string[] => [origin(config.api.baseUrl), origin(config.checkout.externalOrderUrl)].filter((o): o is string => !!o);

/**
 * The CSP of a script answer. It matters only when the script runs as a worker (sw.js): a worker's own
 * fetches (precache, pages, the order queue's API calls) obey the policy of its script's response, so
 * 'none' would stop the service worker from fetching anything.
 */
export function scriptCsp(): string {
  return [
    "default-src 'self'",
    `connect-src 'self'${connectOrigins()
      .map((o) => ` ${o}`)
      .join('')}`,
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of one HTML page, made from the page itself when it is served: its
 * inline scripts (Astro's island hydration and page scripts) are allowed by their sha256, so a build
 * (or an Astro upgrade) never needs a policy edit and injected inline script never runs. Data blocks
 * (JSON-LD, application/json) are not executed and need no hash. AMP pages may load the AMP runtime.
 */
export function pageCsp(html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  const amp = /<html\b[^>]*\s(amp|\u26a1)(\s|=|>)/i.test(html);
  const connect = connectOrigins();
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')} https://www.googletagmanager.com${amp ? ' https://cdn.ampproject.org' : ''}`.replace(/\s+/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${connect.map((o) => ` ${o}`).join('')} https://www.googletagmanager.com https://*.google-analytics.com${amp ? ' https://cdn.ampproject.org' : ''}`,
    "media-src 'self' https:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.googletagmanager.com',
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

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

/**
 * Revalidation and gzip of files (hono's middleware). A 304 keeps a page's CSP (its headers replace the
 * stored ones in the browser's cache) and Last-Modified besides what hono keeps. Compression streams
 * and leaves precompressed files (Content-Encoding set) alone.
 */
export const fileMiddleware = (): MiddlewareHandler[] => [
  compress(),
  etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy', 'last-modified'] }),
];

declare module 'hono' {
  interface ContextVariableMap {
    /** The file serveStatic found for a site path (its headers are set after). */
    siteFile: string;
  }
}

interface Rewrite {
  re: RegExp;
  to: string;
}

/** One built site folder with its contract files loaded. */
class SiteFolder {
  readonly gone: Set<string>;
  readonly rewrites: Rewrite[];
  readonly notFound: Buffer | null;
  /** The 3xx rules of `_redirects` (its 200 lines are the same rewrites as `_rewrites.json`). */
  readonly redirects: RedirectTable;

  constructor(readonly dir: string) {
    const json = <T>(name: string, fallback: T): T => {
      const p = join(dir, name);
      if (!existsSync(p)) return fallback;
      try {
        return JSON.parse(readFileSync(p, 'utf8')) as T;
      } catch {
        return fallback;
      }
    };
    this.gone = new Set(json<string[]>('_gone.json', []).map(trimSlash));
    this.rewrites = json<{ from: string; to: string }[]>('_rewrites.json', []).flatMap((r) => {
      try {
        return [{ re: new RegExp(r.from), to: r.to }];
      } catch {
        return [];
      }
    });
    const rf = join(dir, '_redirects');
    this.redirects = new RedirectTable(existsSync(rf) ? parseRedirects(readFileSync(rf, 'utf8')).filter((r) => r.status >= 300 && r.status < 400) : []);
    const nf = join(dir, '404.html');
    this.notFound = existsSync(nf) ? readFileSync(nf) : null;
    this.notFoundCsp = this.notFound ? pageCsp(this.notFound.toString('utf8')) : NON_HTML_CSP;
    this.files = serveStatic({
      root: dir,
      precompressed: true,
      rewriteRequestPath: (path) => this.withHtml(this.rewrite(path)),
      onFound: (file, c) => {
        c.set('siteFile', file);
      },
    });
  }

  /** serveStatic on this folder: next() when no file answers the (rewritten) path. */
  readonly files: MiddlewareHandler;

  /** `/about` is `about.html` when there is no `about/` folder (serveStatic does folders' index.html itself). */
  private withHtml(path: string): string {
    if (extname(path) || path.endsWith('/')) return path;
    const isFile = (p: string) => {
      try {
        return statSync(join(this.dir, p)).isFile();
      } catch {
        return false;
      }
    };
    return !isFile(path) && !isFile(`${path}/index.html`) && isFile(`${path}.html`) ? `${path}.html` : path;
  }

  readonly notFoundCsp: string;

  private rewritten = new Map<string, string>();

  /** The path after the first matching rewrite (memoised: there may be hundreds of patterns). */
  rewrite(path: string): string {
    let out = this.rewritten.get(path);
    if (out === undefined) {
      out = path;
      for (const r of this.rewrites) {
        if (r.re.test(path)) {
          out = path.replace(r.re, r.to);
          break;
        }
      }
      if (this.rewritten.size > 10_000) this.rewritten.clear();
      this.rewritten.set(path, out);
    }
    return out;
  }
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The site being served; `switchTo` swaps the folder atomically (used by rebuilds). */
export class Site {
  private folder: SiteFolder | null = null;

  constructor(dir: string | null) {
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

  /** Before the lookup: no site yet (503), a path that does not decode (400), a discontinued product (410); after it, the found file's headers. */
  private contract: MiddlewareHandler = async (c, next) => {
    const f = this.folder;
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad Request', 400);
    }
    if (!f) return c.text('The site has not been built yet.', 503);
    if (f.gone.has(trimSlash(path))) return this.notFoundPage(c, f, 410);
    await next();
    const file = c.get('siteFile');
    if (file) setFileHeaders(c.res.headers, file, f.rewrite(path).startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  };

  /** No file: an old URL the build could resolve moves for good (crawlers and scripts-off browsers too); else the 404 page. */
  private fallback: MiddlewareHandler = (c) => {
    const f = this.folder!;
    const moved = f.redirects.match(decodeURIComponent(c.req.path));
    if (moved) {
      const query = new URL(c.req.url).search;
      c.header('Cache-Control', 'public, max-age=3600');
      return Promise.resolve(c.redirect(`${moved.to}${moved.to.includes('?') ? '' : query}`, moved.status as 301));
    }
    return Promise.resolve(this.notFoundPage(c, f, 404));
  };

  private notFoundPage(c: Context, f: SiteFolder, status: 404 | 410): Response {
    c.header('Cache-Control', 'no-cache');
    if (status === 410) c.header('X-Cache-Tags', 'page-not-found');
    if (!f.notFound) return c.text(status === 410 ? 'Gone' : 'Not Found', status);
    c.header('Content-Type', TYPES['.html']!);
    c.header('Content-Security-Policy', f.notFoundCsp);
    return c.body(new Uint8Array(f.notFound), status);
  }
}

/**
 * Sends one file outside the site folder (the image proxy's originals) through serveStatic, with the
 * site's headers; mount `fileMiddleware()` on the route for revalidation and gzip.
 */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response> {
  const res = await serveStatic({ path: file })(c, () => Promise.resolve());
  if (!res) return c.json({ code: 404, result: 'path: no such file' }, 404);
  setFileHeaders(res.headers, file, cacheControl);
  return res;
}

const cspCache = new Map<string, string>();

/** Our headers of a served file: lifetime, ETag (size and time), Last-Modified, content type, Vary, and a page's CSP. */
function setFileHeaders(headers: Headers, file: string, cacheControl: string): void {
  const st = statSync(file);
  const tag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  headers.set('Cache-Control', cacheControl);
  headers.set('ETag', tag);
  headers.set('Last-Modified', st.mtime.toUTCString());
  headers.set('Content-Type', contentType(file));
  const ext = extname(file.replace(PRECOMPRESSED, '')).toLowerCase();
  if (COMPRESSIBLE.has(ext) && !/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
  if (ext === '.html') {
    // Of the page itself when its .br or .gz is sent.
    const page = file.replace(PRECOMPRESSED, '');
    const key = `${page}|${tag}`;
    let csp = cspCache.get(key);
    if (!csp) {
      csp = pageCsp(readFileSync(page, 'utf8'));
      if (cspCache.size > 5000) cspCache.clear();
      cspCache.set(key, csp);
    }
    headers.set('Content-Security-Policy', csp);
  }
}
