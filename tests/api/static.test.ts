import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { startTestShop, type TestShop } from './fixture';

let shop: TestShop;
let dist = '';

function writeDist(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'api-dist-'));
  writeDist(dist, {
    'index.html': '<!doctype html><title>Home</title><h1>Home</h1>' + ' '.repeat(2000),
    'rings/index.html': '<!doctype html><title>Rings</title>',
    'rings/bangle-103/index.html': '<!doctype html><title>Bangle</title>',
    '404.html': '<!doctype html><title>404 Page Not Found</title><h1>Page not found</h1>',
    '_astro/app.abc123.js': 'console.log("app")',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'raw-output-example.xml': '<?xml version="1.0"?><root/>',
    '_gone.json': JSON.stringify(['/rings/gone-chain-106']),
    '_rewrites.json': JSON.stringify([{ from: '^/rings/bangle-103/([A-Z0-9-]+)/?$', to: '/rings/bangle-103/' }]),
  });
  shop = await startTestShop({ distDir: dist });
});
afterAll(async () => {
  await shop?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(shop.url + path, { headers });

describe('built site', () => {
  it('html revalidates and hashed assets are immutable', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toContain('<h1>Home</h1>');
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/raw-output-example.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('directory pages answer with and without the trailing slash', async () => {
    expect(await (await get('/rings')).text()).toContain('<title>Rings</title>');
    expect(await (await get('/rings/')).text()).toContain('<title>Rings</title>');
  });

  it('an etag revalidation answers 304', async () => {
    const first = await get('/rings/');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await get('/rings/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('unknown paths answer 404 with the 404 page body', async () => {
    const r = await get('/no/such/page');
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('<h1>Page not found</h1>');
  });

  it('a discontinued product answers 410 with the 404 body and the page-not-found cache tag', async () => {
    for (const path of ['/rings/gone-chain-106', '/rings/gone-chain-106/']) {
      const r = await get(path);
      expect(r.status).toBe(410);
      expect(r.headers.get('x-cache-tags')).toBe('page-not-found');
      expect(await r.text()).toContain('<h1>Page not found</h1>');
    }
  });

  it('rewrites map configurable child urls to the parent page', async () => {
    const r = await get('/rings/bangle-103/BANGLE-103-GOLD');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<title>Bangle</title>');
  });

  it('text is gzipped when the client accepts it', async () => {
    const body = await new Promise<{ enc: string | undefined; buf: Buffer }>((resolve, reject) => {
      const req = request(shop.url + '/', { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ enc: res.headers['content-encoding'], buf: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(body.enc).toBe('gzip');
    expect(gunzipSync(body.buf).toString()).toContain('<h1>Home</h1>');
  });

  it('path traversal does not leave the site folder', async () => {
    const r = await get('/..%2f..%2fetc%2fpasswd');
    expect(r.status).toBe(404);
  });
});

describe('image proxy', () => {
  it('answers media files of the snapshot as svg', async () => {
    const r = await get('/img/310/300/resize/catalog/product/ring.svg');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(await r.text()).toContain('<svg');
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('a missing image answers 404 and traversal is refused', async () => {
    expect((await get('/img/310/300/resize/catalog/product/none.svg')).status).toBe(404);
    const t = await get('/img/310/300/resize/..%2f..%2fshop.db');
    expect([400, 404]).toContain(t.status);
    expect(await t.text()).not.toContain('SQLite');
  });
});
