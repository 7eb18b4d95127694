/**
 * Brotli for the site's text files (pages, scripts, styles, JSON), compressed once per version of a
 * file at brotli's best quality and kept, as a CDN keeps its compressed copies and nginx serves
 * `brotli_static` files. Why the best quality: a page and its headers that fit the first TCP window
 * (10 segments, about 14.6 KB) paint a round trip earlier on a phone; the product page is 14.8 KB
 * gzipped and 12.5 KB at brotli 11, which takes about 90 ms to compress, too slow for every answer
 * but cheap once per file. Quality 5 above 1 MB (the search index), where 11 would take seconds.
 *
 * It sits inside hono's `compress` (gzip, for clients without brotli: it leaves an encoded answer
 * alone) and outside `etag`, so a 304 is decided on the file's own tag; the brotli answer's tag is
 * weak, as gzip's. The kept copies are keyed by path and ETag (a new build's file has a new tag) and
 * bounded in bytes, the least recently used going first.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

const compressBr = promisify(brotliCompress);

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** Above this size the file is compressed at quality 5 (brotli 11 takes seconds on megabytes). */
const BEST_QUALITY_MAX = 1 << 20;

export interface BrotliOptions {
  /** Smaller answers are left to gzip (or sent as they are). Default 1,024 bytes, as hono's compress. */
  threshold?: number;
  /** Bytes of compressed copies kept. Default 64 MB. */
  cacheBytes?: number;
}

/**
 * The first TCP window: 10 segments of 1,460 bytes (RFC 6928's initial window). An answer that fits
 * it with its headers arrives in the first round trip; a byte more costs a phone a round trip.
 */
export const FIRST_WINDOW_BYTES = 10 * 1460;
/** The status line and the headers Node adds to an answer itself (Date, Connection, Keep-Alive, Content-Length). */
const NODE_HEAD_BYTES = 128;

/** The bytes of an HTTP/1.1 answer's head with these headers. */
export function headBytes(headers: Headers): number {
  let n = NODE_HEAD_BYTES;
  headers.forEach((value, name) => (n += name.length + value.length + 4));
  return n;
}

/**
 * Brotli for an answer made for one request (the search page with a query's first screen of
 * results), whose headers are set: quality 5, about 2 ms for a 160 KB page; when that and the
 * head pass the first window, quality 10 and then 11 (about 40 and 150 ms there), which bring such a
 * page within it (13.7 KB at 5, 12.5 at 10, 12.0 at 11 for 50 tiles) and save a phone the round trip.
 */
export async function compressAnswer(text: string, headers: Headers): Promise<Uint8Array<ArrayBuffer>> {
  const room = FIRST_WINDOW_BYTES - headBytes(headers);
  let body: Uint8Array<ArrayBuffer> | undefined;
  for (const quality of [5, 10, constants.BROTLI_MAX_QUALITY]) {
    body = new Uint8Array(
      await compressBr(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      }),
    );
    if (body.byteLength <= room) break;
  }
  return body!;
}

/** True when the client takes brotli (`br` listed without `q=0`). */
export function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name!.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The middleware: brotli for answers of 200 to GET of the types hono's gzip compresses, when the client takes it (see the file's comment). */
export function brotli(opts: BrotliOptions = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  const cacheBytes = opts.cacheBytes ?? 64 * 1024 * 1024;
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  let keptBytes = 0;
  const keep = (key: string, body: Uint8Array<ArrayBuffer>) => {
    if (body.byteLength > cacheBytes) return;
    kept.set(key, body);
    keptBytes += body.byteLength;
    for (const [k, v] of kept) {
      if (keptBytes <= cacheBytes) break;
      kept.delete(k);
      keptBytes -= v.byteLength;
    }
  };

  return async function brotliMiddleware(c, next) {
    await next();
    const res = c.res;
    if (c.req.method !== 'GET' || res.status !== 200 || !res.body) return;
    if (res.headers.has('Content-Encoding') || !acceptsBrotli(c.req.header('Accept-Encoding'))) return;
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') || NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const length = res.headers.get('Content-Length');
    if (length !== null && Number(length) < threshold) return;
    const tag = res.headers.get('ETag');
    const key = tag ? `${c.req.path}\u0000${tag}` : null;
    let body: Uint8Array<ArrayBuffer> | undefined = key ? kept.get(key) : undefined;
    if (body) {
      // Used again: the most recently used goes last.
      kept.delete(key!);
      kept.set(key!, body);
      await res.body.cancel();
    } else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < threshold) {
        c.res = new Response(raw, res);
        return;
      }
      const quality = raw.byteLength <= BEST_QUALITY_MAX ? constants.BROTLI_MAX_QUALITY : 5;
      body = new Uint8Array(
        await compressBr(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          },
        }),
      );
      if (key) keep(key, body);
    }
    c.res = new Response(body, res);
    // Set after the assignment: hono copies the old answer's headers onto the new one.
    c.res.headers.set('Content-Encoding', 'br');
    c.res.headers.set('Content-Length', String(body.byteLength));
    const vary = c.res.headers.get('Vary');
    if (vary !== '*' && !/accept-encoding/i.test(vary ?? '')) c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (tag && !tag.startsWith('W/')) c.res.headers.set('ETag', `W/${tag}`);
  };
}
