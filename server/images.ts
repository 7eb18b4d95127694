/**
 * The image proxy of §7: GET /img/{width}/{height}/resize/{path} answers `media/{path}` of the
 * snapshot (or, as vue-storefront-api's route does, `media/catalog/product/{path}`) resized with sharp to exactly that box (cover, centred), as AVIF or WebP when the
 * browser's Accept header names them (JPEG otherwise; PNG stays PNG), with `Vary: Accept`. AVIF is
 * made in the background (a WebP with a one-minute lifetime answers meanwhile).
 * Only the sizes the pages ask for are made (`allowedImageSizes()` of the one URL builder): any other
 * size is a 400, so nobody can fill the disk cache with arbitrary sizes. `0x0` answers the original
 * (scripts/snapshot.ts pulls media that way); SVG artwork is sent as it is (it scales by itself).
 * Results are kept in a disk cache keyed by source (path, size, mtime), box and format.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import sharp from 'sharp';
import { z } from 'zod';
import { allowedImageSizes } from '../src/lib/catalog/image-slots';
import { sendFile } from './static';

/** Answers of the proxy may be kept for a year: a changed picture gets a new media path in practice (Magento renames uploads), and the ETag covers the rest. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000';
/** A WebP standing in for an AVIF still being made: kept a minute, so browsers and CDNs ask again and get the AVIF. */
export const PROVISIONAL_CACHE_CONTROL = 'public, max-age=60';

/** The tone a missing picture's placeholder is drawn in: the pages' sand (--sand in src/styles/global.css). */
const MISSING_TONE = { r: 0xf3, g: 0xee, b: 0xe6 };

const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.tif', '.tiff']);
export type Format = 'avif' | 'webp' | 'jpeg' | 'png';
const MIME: Record<Format, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

const ALLOWED = new Set(allowedImageSizes().map((s) => `${s.width}x${s.height}`));
const ALLOWED_TEXT = [...ALLOWED].join(', ');

const Digits = z
  .string()
  .regex(/^\d{1,5}$/, 'expected a whole number of pixels')
  .transform(Number);
const SizeSchema = z.object({ width: Digits, height: Digits }).refine((s) => (s.width === 0 && s.height === 0) || ALLOWED.has(`${s.width}x${s.height}`), {
  error: (i) => {
    const s = i.input as { width: number; height: number };
    return `${s.width}x${s.height} is not an image size of the shop (sizes: ${ALLOWED_TEXT}; 0x0 for the original)`;
  },
});

/** The format for an Accept header: AVIF, then WebP, else the source's own family. */
export function negotiateFormat(accept: string | undefined, sourceExt: string): Format {
  const a = (accept ?? '').toLowerCase();
  if (/\bimage\/avif\b/.test(a)) return 'avif';
  if (/\bimage\/webp\b/.test(a)) return 'webp';
  return sourceExt === '.png' || sourceExt === '.gif' ? 'png' : 'jpeg';
}

/** Resizes one source into the box (cover, centred) in the format; settings chosen for product photos. */
export function resize(file: string, width: number, height: number, format: Format): Promise<Buffer> {
  const img = sharp(file, { failOn: 'error' }).rotate().resize(width, height, { fit: 'cover', position: 'centre' });
  switch (format) {
    // effort 2: AVIF's default (4) costs several times the time for a few per cent fewer bytes.
    case 'avif':
      return img.avif({ quality: 52, effort: 2 }).toBuffer();
    case 'webp':
      return img.webp({ quality: 76, effort: 3 }).toBuffer();
    case 'png':
      return img.png({ compressionLevel: 8 }).toBuffer();
    // Plain libjpeg: mozjpeg saves a quarter of the bytes at ten times the time, for the few browsers without WebP.
    default:
      return img.jpeg({ quality: 80, progressive: true }).toBuffer();
  }
}

/** The product pictures' folder below media/: vue-storefront-api's image route takes paths below it. */
const PRODUCT_FOLDER = 'catalog/product';

/** The proxy with its disk cache folder. */
export class ImageProxy {
  private inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly mediaRoot: () => string,
    private readonly cacheDir: string,
  ) {}

  async serve(c: Context): Promise<Response> {
    const m = /^\/img\/([^/]+)\/([^/]+)\/resize(\/.+)$/.exec(c.req.path);
    if (!m) return c.json({ code: 404, result: 'path: expected /img/{width}/{height}/resize/{path}' }, 404);
    const size = SizeSchema.safeParse({ width: m[1], height: m[2] });
    if (!size.success) return c.json({ code: 400, result: `size: ${size.error.issues[0]!.message}` }, 400);
    const { width, height } = size.data;
    let rel: string;
    try {
      rel = decodeURIComponent(m[3]!);
    } catch {
      return c.json({ code: 400, result: 'path: not a valid URL path' }, 400);
    }
    const root = resolve(this.mediaRoot());
    const file = resolve(root, '.' + normalize(rel));
    if (!file.startsWith(root + sep) || rel.split(/[/\\]/).includes('..') || rel.includes('\0')) {
      return c.json({ code: 400, result: 'path: not a media path' }, 400);
    }
    let st;
    try {
      st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
    } catch {
      // vue-storefront-api's form: a product picture's path below media/catalog/product (its route reads below magento2.imgUrl).
      const product = resolve(root, PRODUCT_FOLDER, '.' + normalize(rel));
      const found = existsSync(product) ? statSync(product) : null;
      if (!found?.isFile()) return this.missing(c, rel, width, height);
      return this.answer(c, product, found, rel, width, height);
    }
    return this.answer(c, file, st, rel, width, height);
  }

  /** Placeholders of missing pictures by box and format (a few dozen at most: the shop's sizes times three formats). */
  private placeholders = new Map<string, Promise<Buffer>>();

  /**
   * A picture the media folder lacks: still a 404, but a picture of the asked box in the pages'
   * placeholder tone, so a page shows an empty frame rather than the browser's broken-image icon and
   * alt text (a product the catalogue lists before its photographs are uploaded). Kept a minute, so
   * the real picture shows once it arrives. The original size (0x0) and other files answer the JSON 404.
   */
  private async missing(c: Context, rel: string, width: number, height: number): Promise<Response> {
    const ext = extname(rel).toLowerCase();
    if ((width === 0 && height === 0) || !RASTER.has(ext)) return c.json({ code: 404, result: 'path: no such image' }, 404);
    const format = negotiateFormat(c.req.header('accept'), ext === '.png' ? '.png' : '.jpg');
    const key = `${width}x${height}.${format}`;
    let made = this.placeholders.get(key);
    if (!made) {
      made = sharp({ create: { width, height, channels: 3, background: MISSING_TONE } })
        .toFormat(format, format === 'avif' ? { quality: 40, effort: 2 } : { quality: 60 })
        .toBuffer();
      this.placeholders.set(key, made);
    }
    const body = await made;
    return c.body(new Uint8Array(body), 404, {
      'Content-Type': MIME[format],
      'Cache-Control': PROVISIONAL_CACHE_CONTROL,
      Vary: 'Accept',
      'X-Content-Type-Options': 'nosniff',
      'X-Image-Missing': '1',
    });
  }

  private async answer(c: Context, file: string, st: Stats, rel: string, width: number, height: number): Promise<Response> {
    const ext = extname(file).toLowerCase();
    if ((width === 0 && height === 0) || !RASTER.has(ext)) return sendFile(c, file, IMAGE_CACHE_CONTROL);

    const wanted = negotiateFormat(c.req.header('accept'), ext);
    const cachePath = (format: Format) => {
      const key = createHash('sha256').update(`v1|${rel}|${st.size}|${st.mtimeMs}|${width}x${height}|${format}`).digest('hex').slice(0, 32);
      return { key, file: join(this.cacheDir, key.slice(0, 2), `${key}.${format}`) };
    };
    // AVIF costs 5-10 times WebP to encode (seconds for a 1200 px picture on a busy core). Until it
    // is in the cache, an AVIF-accepting browser gets the WebP (it accepts that too) with a
    // one-minute lifetime, while the AVIF is made in the background; later requests get the AVIF.
    let format = wanted;
    let provisional = false;
    if (wanted === 'avif' && !existsSync(cachePath('avif').file)) {
      this.encodeLater(cachePath('avif').file, file, width, height);
      format = 'webp';
      provisional = true;
    }
    const { key, file: cached } = cachePath(format);
    const etag = `"${key}"`;
    c.header('Cache-Control', provisional ? PROVISIONAL_CACHE_CONTROL : IMAGE_CACHE_CONTROL);
    c.header('Vary', 'Accept');
    c.header('ETag', etag);
    c.header('Content-Type', MIME[format]);
    c.header('X-Content-Type-Options', 'nosniff');
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304);

    let body: Buffer;
    if (existsSync(cached)) {
      body = readFileSync(cached);
      c.header('X-Image-Cache', 'hit');
    } else {
      try {
        body = await this.make(cached, file, width, height, format);
      } catch {
        return c.json({ code: 422, result: 'path: not a readable image' }, 422);
      }
      c.header('X-Image-Cache', 'miss');
    }
    return c.body(new Uint8Array(body), 200);
  }

  private background: (() => Promise<unknown>)[] = [];
  private backgroundRunning = false;

  /**
   * Queues an AVIF encode, one at a time: sharp runs on libuv's four worker threads, and a burst of
   * background encodes (a category page asks for 50 tiles) must not hold them all while
   * shoppers' first-time resizes wait.
   */
  private encodeLater(cached: string, file: string, width: number, height: number): void {
    if (this.inFlight.has(cached) || this.queued.has(cached)) return;
    this.queued.add(cached);
    this.background.push(() => this.make(cached, file, width, height, 'avif').finally(() => this.queued.delete(cached)));
    if (!this.backgroundRunning) void this.drain();
  }
  private queued = new Set<string>();

  private async drain(): Promise<void> {
    this.backgroundRunning = true;
    try {
      for (let job = this.background.shift(); job; job = this.background.shift()) await job().catch(() => undefined);
    } finally {
      this.backgroundRunning = false;
    }
  }

  /** Resizes once per key even when several requests arrive together; writes the cache file atomically. */
  private make(cached: string, file: string, width: number, height: number, format: Format): Promise<Buffer> {
    let job = this.inFlight.get(cached);
    if (!job) {
      job = resize(file, width, height, format)
        .then((buf) => {
          try {
            mkdirSync(join(cached, '..'), { recursive: true });
            const tmp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
            writeFileSync(tmp, buf);
            renameSync(tmp, cached);
          } catch {
            /* a read-only or full disk: answer anyway, uncached */
          }
          return buf;
        })
        .finally(() => this.inFlight.delete(cached));
      this.inFlight.set(cached, job);
    }
    return job;
  }
}
