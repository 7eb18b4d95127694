/**
 * The studio page in Debian's headless Chromium (WebGL2 on SwiftShader, as the tests run it):
 * serves scripts/photos/studio.js and three.js from node_modules through request interception
 * (no port, no server), and turns each rendered canvas into a JPEG with sharp.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGIN = 'http://studio.invalid';
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script></head><body style="margin:0"><script type="module" src="/studio.js"></script></body></html>`;

export interface Studio {
  /** Renders one spec; resolves to the canvas's PNG bytes (lossless: what tests compare). */
  png(spec: Record<string, unknown>): Promise<Buffer>;
  /** Renders one spec; resolves to the JPEG bytes. */
  shoot(spec: Record<string, unknown>, quality?: number): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openStudio(): Promise<Studio> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const page: Page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`studio: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`studio console: ${m.text()}`);
  });
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = path === '/studio.js' ? join(ROOT, 'scripts/photos/studio.js') : path.startsWith('/three/') ? join(ROOT, 'node_modules', path) : null;
    if (path === '/' || path === '/index.html') return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (!file) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { studioReady?: boolean }).studioReady === true, undefined, { timeout: 180_000 });
  const png = async (spec: Record<string, unknown>): Promise<Buffer> => {
    const url = await page.evaluate((s) => (window as unknown as { shoot: (s: unknown) => string }).shoot(s), spec);
    return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  };
  return {
    png,
    async shoot(spec, quality = 80) {
      return sharp(await png(spec))
        .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
        .toBuffer();
    },
    close: () => browser.close(),
  };
}
