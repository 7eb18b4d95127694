/**
 * The search panel on the built site: React and the index load only when the shopper opens
 * search; a typo finds the product; Escape closes; focus stays inside; arrows move through the
 * results; offline without the index the panel says so. Products come from the snapshot the
 * site was built from (SNAPSHOT_DIR or the sample).
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readProducts } from '../../src/lib/snapshot/read';
import { isSearchable } from '../../src/lib/search/build';
import { productUrl } from '../../src/lib/catalog/urls';
import { messages } from '../../src/lib/messages';
import { wakeProductOptions } from './product-cart-helpers';

const raymondWeil = readProducts().filter((p) => isSearchable(p) && p.name.startsWith('Raymond Weil'));

/** Opens the home page and records which search files the browser asked for. */
async function home(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/_astro\/mount\.|search-index\.json|\/_astro\/engine\./.test(path)) asked.push(path);
  });
  await page.goto('/');
  return asked;
}

/**
 * Opens the home page with the search panel's code held back until `release()` (a slow network: the
 * panel is downloaded on the first press of the search button), once the header's script runs.
 */
async function holdSearchPanel(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/SearchPanel\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForFunction(() => (document.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader === true);
  return { release };
}

const searchButton = (page: Page) => page.locator('#site-header').getByRole('button', { name: messages.headerSearch });
const dialog = (page: Page) => page.getByRole('dialog', { name: messages.searchLabel });
const box = (page: Page) => dialog(page).getByRole('searchbox', { name: messages.searchLabel });

test.describe('search panel', () => {
  test('an escape pressed the moment the panel appears closes it (the search box has the focus at first paint)', async ({ page }) => {
    await page.goto('/');
    for (let i = 0; i < 3; i++) {
      // Escape goes to the focused element from a mutation observer: as soon as the panel is in the page, before any paint
      const focused = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const mo = new MutationObserver(() => {
              if (!document.querySelector('.sp-panel')) return;
              mo.disconnect();
              const target = document.activeElement ?? document.body;
              target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
              resolve(target.tagName.toLowerCase());
            });
            mo.observe(document.body, { childList: true, subtree: true });
            document.querySelector<HTMLElement>('#site-header [data-panel="search"]')!.click();
          }),
      );
      expect(focused).toBe('input');
      await expect(dialog(page)).toHaveCount(0);
    }
    await expect(searchButton(page)).toBeFocused();
  });

  test('nothing of search loads before the shopper opens it', async ({ page }) => {
    const asked = await home(page);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect.poll(() => asked.some((p) => p.endsWith('search-index.json'))).toBe(true);
  });

  test('a typo finds the product and its link', async ({ page }) => {
    test.skip(raymondWeil.length === 0, 'no Raymond Weil product in this snapshot');
    await home(page);
    await searchButton(page).click();
    await expect(box(page)).toBeFocused();
    await box(page).fill('ra');
    await expect(dialog(page).getByRole('status')).toHaveText(messages.searchMinLength);
    await box(page).fill('raymnd weil');
    const first = raymondWeil[0]!;
    const link = dialog(page).getByRole('link', { name: first.name });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', productUrl(first));
    await expect(dialog(page).getByRole('status')).toHaveText(raymondWeil.length === 1 ? '1 result' : `${raymondWeil.length} results`);
    await expect(link.locator('img')).toHaveAttribute('src', /^\/img\/310\/300\/resize\//);
    await expect(link).toContainText('£');
  });

  test('what is typed while the panel is still on its way lands in its box, caret and all, and is searched', async ({ page }) => {
    test.skip(raymondWeil.length === 0, 'no Raymond Weil product in this snapshot');
    const panel = await holdSearchPanel(page);
    await searchButton(page).click();
    // A fast typist: a word, back over it, and what goes before it, all before the panel is there.
    await page.keyboard.type('weil');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('raymnd ');
    await expect(dialog(page)).toHaveCount(0);
    panel.release();
    await expect(box(page)).toHaveValue('raymnd weil');
    await expect(box(page)).toBeFocused();
    expect(await box(page).evaluate((i: HTMLInputElement) => [i.selectionStart, i.selectionEnd])).toEqual([7, 7]);
    await expect(dialog(page).getByRole('link', { name: raymondWeil[0]!.name })).toBeVisible();
    // Typing goes on where the caret is.
    await page.keyboard.type('x');
    await expect(box(page)).toHaveValue('raymnd xweil');
  });

  test('enter pressed before the panel is there opens the results page for what was typed', async ({ page }) => {
    await holdSearchPanel(page);
    await searchButton(page).click();
    await page.keyboard.type('gold ring');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=gold\+ring$/);
  });

  test('a variant sku finds its parent, which opens with that variant chosen', async ({ page }) => {
    // EV1001-WG-S: the white gold, size S child of the configurable ring EV1001 (sample snapshot).
    await home(page);
    await searchButton(page).click();
    await box(page).fill('EV1001-WG-S');
    const first = dialog(page).locator('a.sp-hit').first();
    await expect(first).toContainText('Evermore Promise 0.70ct Lab Grown Diamond Halo Engagement Ring');
    await expect(first).toHaveAttribute('href', /\?childSku=EV1001-WG-S$/);
    await first.click();
    await expect(page).toHaveURL(/\?childSku=EV1001-WG-S$/);
    await wakeProductOptions(page);
    await expect(page.locator('[data-sku-text]')).toHaveText('EV1001-WG-S');
  });

  test('arrow keys move through the results and escape closes', async ({ page }) => {
    await home(page);
    await searchButton(page).click();
    await box(page).fill('watch');
    const links = dialog(page).getByRole('list').first().getByRole('link');
    await expect(links.first()).toBeVisible();
    await box(page).press('ArrowDown');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(box(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
    await expect(searchButton(page)).toHaveAttribute('aria-expanded', 'false');
    // Opens again from the same button, without loading anything twice.
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
  });

  test('the search panel is a panel like the others: it closes the open mobile menu and shares the one overlay', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await home(page);
    const menu = page.locator('details[data-mobile-nav]');
    const overlay = page.locator('[data-overlay]');
    await page.locator('details[data-mobile-nav] > summary').click();
    await expect(menu).toHaveAttribute('open', '');
    // The mobile menu opens under the header: the search button stays within reach.
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(overlay).toBeVisible();
    await expect(page.locator('.sp-overlay')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(overlay).toBeHidden();
  });

  test('focus stays inside the open panel', async ({ page }) => {
    await home(page);
    await searchButton(page).click();
    await expect(box(page)).toBeFocused();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab');
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
  });

  test('nothing found shows help, popular searches and categories', async ({ page }) => {
    await home(page);
    await searchButton(page).click();
    await box(page).fill('zzzqqqxx');
    await expect(dialog(page).getByRole('status')).toHaveText(messages.searchNoResults);
    await expect(dialog(page).getByText(messages.searchNoResultsHelp)).toBeVisible();
    await expect(dialog(page).getByRole('heading', { name: messages.searchCategories })).toBeVisible();
    const chip = dialog(page).getByRole('heading', { name: messages.searchPopular });
    if (await chip.count()) {
      const term = dialog(page).locator('.sp-chip').first();
      const label = (await term.textContent()) ?? '';
      await term.click();
      await expect(box(page)).toHaveValue(label);
      await expect(dialog(page).getByRole('link').first()).toBeVisible();
    }
  });

  test('the open panel with results has no accessibility violations', async ({ page }) => {
    // An axe scan takes seconds of CPU: beside the other worker on 2 cores it has passed 30 s.
    test.slow();
    await home(page);
    await searchButton(page).click();
    await box(page).fill('watch');
    await expect(dialog(page).getByRole('link').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});

test.describe('search panel without a cached index', () => {
  // No service worker: it would answer from the precache (tests/e2e/offline.spec.ts covers search offline with it).
  test.use({ serviceWorkers: 'block' });

  test('offline without the index the result is empty and says so', async ({ page }) => {
    await home(page);
    await page.route('**/search-index.json', (route) => route.abort('internetdisconnected'));
    await searchButton(page).click();
    await box(page).fill('raymnd weil');
    await expect(dialog(page).getByRole('status')).toHaveText(messages.searchOfflineEmpty);
    await expect(dialog(page).getByRole('link')).toHaveCount(0);
  });
});
