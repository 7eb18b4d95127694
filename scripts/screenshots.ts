/**
 * Screenshots of home, a category, a product, a store page and a blog post at 1366 px and 390 px,
 * from the built site (dist/, or DIST_DIR) served by the shop server, into docs/screenshots/ as
 * small palette PNGs (the first two screens of each page). Run after `npm run build`:
 *
 *   npm exec -- tsx scripts/screenshots.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { startShop } from './bench/lib/server';
import { pageSamples } from './bench/pages';
import { snapshotShops } from '../src/lib/routing/content-routes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/screenshots');
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

const samples = pageSamples();
const pick = (type: string) => samples.find((s) => s.type === type)!.path;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: pick('category') },
  { name: 'product', path: pick('product') },
  { name: 'store', path: `/stores/jewellers-${snapshotShops()[0]!.location}` },
  { name: 'blog-post', path: pick('blog') },
];

const shop = await startShop(ROOT, process.env.DIST_DIR ?? join(ROOT, 'dist'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const vp of WIDTHS) {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const p of PAGES) {
      await page.goto(shop.url + p.path, { waitUntil: 'load' });
      // Lazy pictures of the first two screens come in as a shopper scrolls.
      await page.evaluate(async (h) => {
        window.scrollTo(0, h);
        await new Promise((r) => setTimeout(r, 300));
        window.scrollTo(0, 0);
      }, vp.height);
      await page.waitForLoadState('networkidle');
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: vp.width, height: vp.height * 2 }, fullPage: true });
      const file = join(OUT, `${p.name}-${vp.width}.png`);
      writeFileSync(file, await sharp(png).png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer());
      console.log(`screenshots: ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
