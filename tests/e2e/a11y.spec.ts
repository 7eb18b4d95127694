/** Accessibility: axe finds no serious or critical violation; landmarks and one h1. */
import { expect, test } from './fixture';
import AxeBuilder from '@axe-core/playwright';
import { pagePath, sampleProduct } from './helpers';
import { blogUrl } from '../../src/lib/catalog/urls';
import { readBlogPosts } from '../../src/lib/snapshot/read';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const pages = (): [string, string][] => [
  ['home', '/'],
  ['category', '/rings'],
  ['product', pagePath(sampleProduct((p) => p.type_id === 'configurable', 'configurable'))],
  ['grouped product', pagePath(sampleProduct((p) => p.type_id === 'grouped', 'grouped'))],
  ['cms page', '/about-us'],
  ['blog', blogUrl()],
  ['blog post', blogUrl({ post: readBlogPosts()[0]!.slug })],
];

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    for (const [name, path] of pages()) {
      test(`${name} has no serious or critical axe violation, landmarks and one h1`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 900 });
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          );
        expect(bad).toEqual([]);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.getByRole('banner')).toHaveCount(1);
        await expect(page.getByRole('contentinfo')).toHaveCount(1);
      });
    }
  });
}

test('keyboard focus is visible on links and buttons', async ({ page }) => {
  await page.goto('/rings');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
});
