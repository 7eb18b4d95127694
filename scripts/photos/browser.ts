/**
 * The studio page in Debian's headless Chromium (WebGL2 on SwiftShader, as the tests run it):
 * bundles the studio's modules (scripts/photos/studio/main.ts) with esbuild and serves the bundle
 * and three.js from node_modules through request interception (no port, no server), checks each
 * spec against the studio's schemas, and turns each rendered canvas into a JPEG with sharp.
 *
 * three stays outside the bundle, loaded by the page's import map from node_modules as the
 * browser's own ES modules: the bundle is the studio's code alone (small, built in well under a
 * second), and three's modules and their addons' `import 'three'` resolve to one copy of it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import { z } from 'zod';
import { parseShot, type StudioWindow } from './studio/spec';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGIN = 'http://studio.invalid';
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script></head><body style="margin:0"><script type="module" src="/studio.js"></script></body></html>`;

export interface Studio {
  /**
   * Renders one spec (scripts/photos/studio/spec.ts; a spec that does not fit is refused with the
   * fields named); resolves to the canvas's PNG bytes (lossless: what tests compare).
   */
  png(spec: Record<string, unknown>): Promise<Buffer>;
  /** Renders one spec as png() does; resolves to the JPEG bytes. */
  shoot(spec: Record<string, unknown>, quality?: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** The studio's modules as one ES module for the page, three left to the import map. */
export async function bundleStudio(): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, 'scripts/photos/studio/main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['three', 'three/addons/*'],
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

export async function openStudio(): Promise<Studio> {
  const studioJs = await bundleStudio();
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
    if (path === '/' || path === '/index.html') return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (path === '/studio.js') return route.fulfill({ contentType: 'text/javascript', body: studioJs });
    const file = path.startsWith('/three/') ? join(ROOT, 'node_modules', path) : null;
    if (!file) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as Partial<StudioWindow>).studioReady === true, undefined, { timeout: 180_000 });
  const png = async (spec: Record<string, unknown>): Promise<Buffer> => {
    const checked = parseShot(spec);
    if (!checked.success) throw new Error(`studio: not a picture the studio can take: ${z.prettifyError(checked.error)}`);
    const url = await page.evaluate((s) => (window as unknown as StudioWindow).shoot(s), checked.data);
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
