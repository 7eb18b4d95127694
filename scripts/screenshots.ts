/**
 * Screenshots of home, a category, a product, the bag (the microcart with a line) and the checkout
 * (with that line) at 1366 px and 390 px, in Chromium, Firefox and WebKit (scripts/lib/shot-engines.ts),
 * from the built site (dist/, or DIST_DIR) served by the shop server, into
 * docs/screenshots/<engine>/ as small palette PNGs. A page is shown as a shopper scrolls it: the
 * first screen, then the second below it (the bag: its first screen). Run after `npm run build`:
 *
 *   npm exec -- tsx scripts/screenshots.ts [--engine chromium|firefox|webkit|all]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startShop } from './bench/lib/server';
import { pageSamples } from './bench/pages';
import { OptionError, scriptOptions } from './lib/cli-options';
import { ENGINES, launchEngine, type EngineName, type ShotPage } from './lib/shot-engines';

const USAGE = 'usage: npm exec -- tsx scripts/screenshots.ts [--engine chromium|firefox|webkit|all]';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/screenshots');
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

const engines = scriptOptions(process.argv.slice(2), { name: 'screenshots', usage: USAGE, values: ['engine'] }, (o): EngineName[] => {
  const e = o.value('engine') ?? 'all';
  if (e === 'all') return [...ENGINES];
  if (!(ENGINES as readonly string[]).includes(e)) throw new OptionError(`--engine: chromium, firefox, webkit or all, not ${e}`);
  return [e as EngineName];
});

const samples = pageSamples();
const pick = (type: string) => samples.find((s) => s.type === type)!.path;

/** Waits until the page has loaded its pictures and fonts and fetched nothing new for 600 ms (at most 10 s). */
function settle(page: ShotPage, height: number): Promise<void> {
  return page.run(async (h) => {
    // Lazy pictures of the first two screens come in as a shopper scrolls.
    window.scrollTo(0, h);
    await new Promise((r) => setTimeout(r, 300));
    window.scrollTo(0, 0);
    await document.fonts.ready;
    const until = Date.now() + 10_000;
    let seen = -1;
    while (Date.now() < until) {
      const now = performance.getEntriesByType('resource').length;
      const pending = [...document.images].some((i) => i.loading !== 'lazy' && !i.complete);
      if (now === seen && !pending) break;
      seen = now;
      await new Promise((r) => setTimeout(r, 600));
    }
  }, height);
}

/** Waits in the page until `check` (a self-contained test) holds; throws after 30 s naming `what`. */
async function until(page: ShotPage, what: string, check: (arg: string) => boolean, arg = ''): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await page.run(check, arg).catch(() => false))) {
    if (Date.now() > end) {
      // What the page showed instead, for the one who runs it.
      const file = join(tmpdir(), `screenshots-failed-${Date.now()}.png`);
      writeFileSync(file, await page.screenshot());
      throw new Error(`screenshots: ${what} did not happen (the page as it was: ${file})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Clicks the first element matching the selector whose text contains `text` (a DOM click: React's handlers run). */
async function click(page: ShotPage, selector: string, text = ''): Promise<void> {
  await until(
    page,
    `a click on ${selector} ${text}`,
    (arg) => {
      const [sel, txt] = JSON.parse(arg) as [string, string];
      const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => (e.textContent ?? '').includes(txt) && e.offsetParent !== null);
      el?.click();
      return !!el;
    },
    JSON.stringify([selector, text]),
  );
}

/** The first `screens` screens of the page as one PNG: the viewport at the top, then scrolled one screen down. */
async function capture(page: ShotPage, width: number, height: number, screens: 1 | 2): Promise<Buffer> {
  const first = await page.screenshot();
  if (screens === 1) return first;
  const y = await page.run(async (h) => {
    window.scrollTo(0, h);
    await new Promise((r) => setTimeout(r, 400));
    return Math.round(window.scrollY);
  }, height);
  if (y <= 0) return first;
  // A page shorter than two screens scrolls less: only the rows that came into view are added.
  const added = await sharp(await page.screenshot())
    .extract({ left: 0, top: height - y, width, height: y })
    .toBuffer();
  await page.run(() => window.scrollTo(0, 0), null);
  return sharp({ create: { width, height: height + y, channels: 3, background: '#ffffff' } })
    .composite([
      { input: first, top: 0, left: 0 },
      { input: added, top: height, left: 0 },
    ])
    .png()
    .toBuffer();
}

async function save(engine: EngineName, name: string, width: number, png: Buffer): Promise<void> {
  const dir = join(OUT, engine);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${width}.png`);
  writeFileSync(file, await sharp(png).png({ palette: true, quality: 70, compressionLevel: 9 }).toBuffer());
  console.log(`screenshots: ${file}`);
}

const step = (engine: EngineName, width: number, what: string) => process.env.SHOTS_DEBUG && console.log(`screenshots: ${engine} ${width} ${what}`);

/** One engine at one width: a fresh profile walks home → category → product → Add to cart → the bag → checkout. */
async function shoot(engine: EngineName, page: ShotPage, base: string, width: number, height: number): Promise<void> {
  for (const [name, path] of [
    ['home', '/'],
    ['category', pick('category')],
    ['product', pick('product')],
  ] as const) {
    step(engine, width, `${name}: open`);
    await page.goto(base + path);
    step(engine, width, `${name}: settle`);
    await settle(page, height);
    await save(engine, name, width, await capture(page, width, height, 2));
  }
  // Still on the product page: put it in the bag, then let the "added" notice go (5 s).
  await click(page, '[data-add-to-cart]');
  await until(page, 'a line in the bag', () => (document.querySelector('[data-cart-count]')?.textContent ?? '').trim() === '1');
  await until(page, 'the notice to go', () => !(document.querySelector('[data-notifications]')?.textContent ?? '').trim());
  await click(page, '[data-panel="microcart"]');
  await until(page, 'the bag to open', () => !!document.querySelector('[role="dialog"] [data-cart-line]'));
  await settle(page, height);
  await save(engine, 'bag', width, await capture(page, width, height, 1));
  await page.goto(`${base}/checkout`);
  await until(page, 'the checkout to show', () => !!document.querySelector('.co-side, .co-empty'));
  // Shown as it is, but said: the bag should have come along from the product page.
  if (await page.run(() => !!document.querySelector('.co-empty'), null)) console.warn(`screenshots: ${engine} ${width}: the checkout shows an empty bag`);
  await settle(page, height);
  await save(engine, 'checkout', width, await capture(page, width, height, 2));
}

const shop = await startShop(ROOT, process.env.DIST_DIR ?? join(ROOT, 'dist'));
try {
  for (const engine of engines) {
    step(engine, 0, 'launch');
    const browser = await launchEngine(engine);
    try {
      for (const { width, height } of WIDTHS) {
        const page = await browser.newPage(width, height);
        try {
          await shoot(engine, page, shop.url, width, height);
        } finally {
          await page.close();
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await shop.stop();
}
