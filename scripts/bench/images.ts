/**
 * The image proxy's cost: the first (cold) resize of a 1,600 px JPEG per format and size
 * the pages ask for, and the cached answer's latency, over loopback against the reference server
 * (in this process, a throw-away database, snapshot and cache folder).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startServer } from '../../server/server';
import { resize } from '../../server/images';
import { createLogger } from '../../server/logger';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { median, round } from './lib/stats';
import { loadavg } from 'node:os';
import type { BenchContext } from './lib/context';
import { kb } from './lib/stats';
import { table } from './lib/table';
import type { Results } from './results';

export interface ImageBench {
  sourceBytes: number;
  /** Cold resize over HTTP, ms per format: median and max over the sizes. */
  cold: { format: string; accept: string; medianMs: number; maxMs: number; bytes: Record<string, number> }[];
  /** The background AVIF encode per size (resize + encode, in process, one at a time): what a browser waits for before it gets AVIF instead of WebP. */
  avifBackground: { medianMs: number; maxMs: number; bytes: Record<string, number> };
  /** Cached answers of one URL (600x744 WebP), sequential. */
  cached: { requests: number; p50Ms: number; p95Ms: number };
}

const SIZES = ['310/300', '600/744', '360/446', '620/600', '1200/1488'];
// AVIF is made in the background (server/images.ts): its encode time is measured apart, below.
const FORMATS = [
  { format: 'webp', accept: 'image/webp,image/*,*/*;q=0.8' },
  { format: 'jpeg', accept: 'image/*' },
];

/** A 1,600 px studio-like JPEG (soft gradients and a bright ring shape, some grain), about the weight of a retailer's upload. */
async function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf7f1"/><stop offset="1" stop-color="#d9d0c4"/></radialGradient>
    <linearGradient id="gold" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#fff2c4"/><stop offset=".45" stop-color="#c9a34a"/><stop offset=".7" stop-color="#7a5a1c"/><stop offset="1" stop-color="#f0d890"/></linearGradient></defs>
    <rect width="1600" height="1600" fill="url(#bg)"/>
    <ellipse cx="800" cy="1180" rx="420" ry="60" fill="#000" opacity=".18"/>
    <ellipse cx="800" cy="820" rx="380" ry="330" fill="none" stroke="url(#gold)" stroke-width="70"/>
    <polygon points="800,380 880,470 800,560 720,470" fill="#eef6ff" stroke="#9fb5cc" stroke-width="6"/></svg>`;
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  // Grain: real photographs are never flat, and flat colour flatters every encoder.
  for (let i = 0; i < base.data.length; i++) base.data[i] = Math.max(0, Math.min(255, base.data[i]! + (((i * 2654435761) >>> 24) % 9) - 4));
  return sharp(base.data, { raw: base.info }).jpeg({ quality: 88 }).toBuffer();
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Measures the proxy; `cachedRequests` sequential requests for the cached figure. */
export async function benchImages(cachedRequests = 300): Promise<ImageBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-images-'));
  const snapshot = join(dir, 'snapshot');
  const photo = await samplePhoto();
  mkdirSync(join(snapshot, 'media', 'catalog', 'product'), { recursive: true });
  writeFileSync(join(snapshot, 'media', 'catalog', 'product', 'photo.jpg'), photo);
  // The server seeds from a snapshot folder: the committed sample's JSON, this photograph as media.
  cpSync(SAMPLE_DIR, snapshot, { recursive: true, filter: (src) => !src.startsWith(join(SAMPLE_DIR, 'media')) });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'shop.db'),
    snapshotDir: snapshot,
    distDir: null,
    logger: createLogger({ silent: true }),
    env: { LOG_REQUESTS: '0', IMAGE_CACHE_DIR: join(dir, 'cache') },
  });
  try {
    const get = async (size: string, accept: string) => {
      const t = performance.now();
      const r = await fetch(`${server.url}/img/${size}/resize/catalog/product/photo.jpg`, { headers: { Accept: accept } });
      const body = await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`img ${size}: HTTP ${r.status}`);
      return { ms: performance.now() - t, bytes: body.byteLength, cache: r.headers.get('x-image-cache') };
    };
    await get('155/150', 'image/webp'); // warms sharp and libvips up (first use loads codecs)
    const cold: ImageBench['cold'] = [];
    for (const f of FORMATS) {
      const times: number[] = [];
      const bytes: Record<string, number> = {};
      for (const size of SIZES) {
        const r = await get(size, f.accept);
        if (r.cache !== 'miss') throw new Error(`expected a cold resize for ${size} ${f.format}`);
        times.push(r.ms);
        bytes[size.replace('/', 'x')] = r.bytes;
      }
      cold.push({ format: f.format, accept: f.accept, medianMs: round(median(times), 1), maxMs: round(Math.max(...times), 1), bytes });
    }
    const avifTimes: number[] = [];
    const avifBytes: Record<string, number> = {};
    for (const size of SIZES) {
      const [w, h] = size.split('/').map(Number) as [number, number];
      const t = performance.now();
      avifBytes[size.replace('/', 'x')] = (await resize(join(snapshot, 'media', 'catalog', 'product', 'photo.jpg'), w, h, 'avif')).length;
      avifTimes.push(performance.now() - t);
    }
    const avifBackground = { medianMs: round(median(avifTimes), 1), maxMs: round(Math.max(...avifTimes), 1), bytes: avifBytes };
    const times: number[] = [];
    for (let i = 0; i < cachedRequests; i++) times.push((await get('600/744', FORMATS[1]!.accept)).ms);
    return {
      sourceBytes: photo.length,
      cold,
      avifBackground,
      cached: { requests: cachedRequests, p50Ms: round(percentile(times, 50), 2), p95Ms: round(percentile(times, 95), 2) },
    };
  } finally {
    await server.close(2000);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function sectionImages(ctx: BenchContext, res: Results): Promise<void> {
  const { quick, log } = ctx;
  log('images: the image proxy on loopback (cold resizes of a 1,600 px JPEG, cached answers) ...');
  const loadAverage = loadavg().map((n) => round(n, 2));
  const r = await benchImages(quick ? 100 : 300);
  res.sections.images = { measuredAt: new Date().toISOString(), loadAverage, ...r };
  console.log(`\nImage proxy on loopback (source ${kb(r.sourceBytes)} KB JPEG, 1,600 px; load average ${loadAverage.join(' ')})\n`);
  console.log(
    table(
      ['format', 'cold median ms', 'cold max ms', ...Object.keys(r.cold[0]!.bytes).map((s) => `${s} KB`)],
      r.cold.map((c) => [c.format, c.medianMs, c.maxMs, ...Object.values(c.bytes).map((b) => kb(b))]),
    ),
  );
  console.log(
    `AVIF made in the background: median ${r.avifBackground.medianMs} ms, max ${r.avifBackground.maxMs} ms; KB ${Object.entries(r.avifBackground.bytes)
      .map(([k, v]) => `${k} ${kb(v)}`)
      .join(', ')}`,
  );
  console.log(`cached (600x744 WebP, ${r.cached.requests} sequential): p50 ${r.cached.p50Ms} ms, p95 ${r.cached.p95Ms} ms`);
}
