/**
 * Serves the built site (dist/) and the image proxy. Contract with the pages: `404.html` is the body
 * of unknown paths (status 404); `_gone.json` lists discontinued product paths answered 410 with that
 * body and `X-Cache-Tags: page-not-found`; `_rewrites.json` rewrites paths before the file lookup.
 * Hashed assets (/_astro/*) are immutable; HTML and everything else revalidate (ETag).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

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

export const contentType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

interface Rewrite {
  re: RegExp;
  to: string;
}

/** One built site folder with its contract files loaded. */
class SiteFolder {
  readonly gone: Set<string>;
  readonly rewrites: Rewrite[];
  readonly notFound: Buffer | null;

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
    const nf = join(dir, '404.html');
    this.notFound = existsSync(nf) ? readFileSync(nf) : null;
  }

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
  private gzCache = new Map<string, Buffer>();

  constructor(dir: string | null) {
    if (dir) this.switchTo(dir);
  }

  get dir(): string | null {
    return this.folder?.dir ?? null;
  }

  switchTo(dir: string): void {
    this.folder = new SiteFolder(resolve(dir));
    this.gzCache.clear();
  }

  /** Answers a GET/HEAD for a site path. */
  serve(c: Context): Response {
    const f = this.folder;
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad Request', 400);
    }
    if (!f) return c.text('The site has not been built yet.', 503);
    if (f.gone.has(trimSlash(path))) return this.notFoundPage(c, f, 410);
    path = f.rewrite(path);
    const file = this.lookup(f.dir, path);
    if (!file) return this.notFoundPage(c, f, 404);
    return this.sendFile(c, file, path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  }

  private notFoundPage(c: Context, f: SiteFolder, status: 404 | 410): Response {
    c.header('Cache-Control', 'no-cache');
    if (status === 410) c.header('X-Cache-Tags', 'page-not-found');
    if (!f.notFound) return c.text(status === 410 ? 'Gone' : 'Not Found', status);
    c.header('Content-Type', TYPES['.html']!);
    return c.body(new Uint8Array(f.notFound), status);
  }

  private lookup(root: string, urlPath: string): string | null {
    const rel = normalize(urlPath).replace(/^([/\\])+/, '');
    if (rel.split(/[/\\]/).includes('..')) return null;
    const base = join(root, rel);
    if (!base.startsWith(root)) return null;
    const candidates = [base, join(base, 'index.html')];
    if (!extname(base)) candidates.push(base + '.html');
    for (const p of candidates) {
      try {
        if (statSync(p).isFile()) return p;
      } catch {
        /* try the next one */
      }
    }
    return null;
  }

  /** Sends a file with ETag revalidation and gzip for text types. */
  sendFile(c: Context, file: string, cacheControl: string): Response {
    const st = statSync(file);
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    c.header('Cache-Control', cacheControl);
    c.header('ETag', etag);
    c.header('Last-Modified', st.mtime.toUTCString());
    c.header('Content-Type', contentType(file));
    c.header('X-Content-Type-Options', 'nosniff');
    const ext = extname(file).toLowerCase();
    if (COMPRESSIBLE.has(ext)) c.header('Vary', 'Accept-Encoding');
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304);
    let body: Buffer = readFileSync(file);
    if (COMPRESSIBLE.has(ext) && body.length > 1024 && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      const key = `${file}|${etag}`;
      let gz = this.gzCache.get(key);
      if (!gz) {
        gz = gzipSync(body);
        if (this.gzCache.size > 2000) this.gzCache.clear();
        this.gzCache.set(key, gz);
      }
      body = gz;
      c.header('Content-Encoding', 'gzip');
    }
    return c.body(new Uint8Array(body), 200);
  }
}

/**
 * The image proxy of §7: GET /img/{width}/{height}/resize/{path} answers `media/{path}` of the
 * snapshot folder as it is (no resizing; SVG artwork scales by itself).
 */
export function serveImage(c: Context, site: Site, mediaRoot: string): Response {
  const m = /^\/img\/(\d+)\/(\d+)\/resize(\/.+)$/.exec(c.req.path);
  if (!m) return c.json({ code: 404, result: 'path: expected /img/{width}/{height}/resize/{path}' }, 404);
  let rel: string;
  try {
    rel = decodeURIComponent(m[3]!);
  } catch {
    return c.json({ code: 400, result: 'path: not a valid URL path' }, 400);
  }
  const root = resolve(mediaRoot);
  const file = resolve(root, '.' + normalize(rel));
  if (!file.startsWith(root + sep) || rel.split('/').includes('..')) return c.json({ code: 400, result: 'path: not a media path' }, 400);
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
  } catch {
    return c.json({ code: 404, result: 'path: no such image' }, 404);
  }
  return site.sendFile(c, file, 'public, max-age=86400');
}
