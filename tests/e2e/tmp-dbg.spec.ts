import { expect, test } from './fixture';
test('dbg', async ({ page }) => {
  page.on('console', (m) => console.log('console', m.text()));
  await page.goto('/rings/engagement-rings/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring-1001');
  await page.waitForTimeout(1500);
  await page.locator('[data-reviews]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(3000);
  console.log(await page.evaluate(() => { const i = document.querySelector('[data-reviews] astro-island')!; return [i.getAttribute('ssr'), i.getAttribute('client'), [...document.scripts].map(s=>s.src).join(' ')]; }));
});
