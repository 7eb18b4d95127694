/**
 * The display face swaps in late without moving anything: on pages whose LCP is a picture it is not
 * preloaded (Head.astro) and is `font-display: swap`, so a shopper on a slow first visit sees the
 * headings in the metric-matched fallback serif until it arrives. Here its files are held back for a
 * second, after the page has painted in the fallback; the swap must shift no element (CLS 0) and must
 * happen (the face is in use afterwards).
 */
import { expect, test } from './fixture';
import { pagePath, productsWithPages } from './helpers';
import { pageSamples } from '../../scripts/bench/pages';

test.use({ serviceWorkers: 'block' });

const category = pageSamples().find((s) => s.type === 'category')!.path;

for (const [name, path] of [
  ['home', '/'],
  ['category', category],
  ['product', pagePath(productsWithPages()[0]!)],
] as const) {
  for (const width of [390, 1366]) {
    test(`${name} at ${width} px: the display face swapping in shifts nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/_astro\/cormorant-display-[\w-]+\.[\w-]+\.woff2$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        (window as unknown as { shifts: number[] }).shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(e.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // A font still downloading holds the load event back: wait for the painted page instead.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const display = () => page.evaluate(() => document.fonts.check('500 24px "Cormorant Garamond"', 'Pendle'));
      expect(await display(), 'the face is held back: the fallback is showing').toBe(false);
      release();
      await expect.poll(display, { message: 'the face swaps in once it arrives' }).toBe(true);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    });
  }
}
