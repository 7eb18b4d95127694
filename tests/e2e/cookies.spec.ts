/**
 * The cookie notice and the consent claim (UK PECR; spec §3 Claim in the claims collection): with a
 * tag manager container configured, the shop asks before the tag manager may load, records the answer
 * as the claim `cookiesAccepted`, and asks no more. The built site has no container (the default), so
 * these tests serve its pages with one written into the page's data-layer settings.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { readStored } from './account-helpers';

const CONTAINER = 'GTM-TEST123';

/** Serves every page with a tag manager container configured, and records (and blocks) the tag manager's requests. */
async function withContainer(page: Page): Promise<string[]> {
  const gtm: string[] = [];
  await page.route(/googletagmanager\.com/, (route) => {
    gtm.push(route.request().url());
    return route.abort();
  });
  await page.route(
    (url) => url.hostname === 'localhost',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const body = (await res.text()).replace('"containerId":""', `"containerId":"${CONTAINER}"`);
      return route.fulfill({ response: res, body });
    },
  );
  return gtm;
}

const notice = (page: Page) => page.getByRole('region', { name: messages.cookieNoticeLabel });

test.describe('cookie notice', () => {
  test.use({ serviceWorkers: 'block' });

  test('asks before the tag manager loads; accepting loads it, records the claim and is not asked again', async ({ page }) => {
    const gtm = await withContainer(page);
    await page.goto('/');
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(messages.cookieNoticeText);
    await expect(notice(page).getByRole('link', { name: messages.cookiePolicy })).toHaveAttribute('href', '/enable-cookies');
    await page.waitForTimeout(700); // the page view has been pushed meanwhile
    expect(gtm).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/cookie-notice-1280.png' });
    await notice(page).getByRole('button', { name: messages.cookieAccept }).click();
    await expect(notice(page)).toHaveCount(0);
    await expect.poll(() => gtm.length).toBe(1);
    expect(gtm[0]).toContain(`id=${CONTAINER}`);
    await expect
      .poll(() => readStored<Record<string, unknown>>(page, 'claims', 'cookiesAccepted'))
      .toMatchObject({ code: 'cookiesAccepted', value: true, description: messages.cookieClaimDescription });
    const stored = (await readStored<{ created_at: string }>(page, 'claims', 'cookiesAccepted'))!;
    expect(Date.parse(stored.created_at)).not.toBeNaN();

    await page.goto('/rings');
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(notice(page)).toHaveCount(0);
    await expect.poll(() => gtm.length).toBe(2);
  });

  test('declining keeps the tag manager away and is remembered as a claim too', async ({ page }) => {
    const gtm = await withContainer(page);
    await page.goto('/');
    await notice(page).getByRole('button', { name: messages.cookieDecline }).click();
    await expect(notice(page)).toHaveCount(0);
    await expect.poll(() => readStored<Record<string, unknown>>(page, 'claims', 'cookiesAccepted')).toMatchObject({ code: 'cookiesAccepted', value: false });
    await page.reload();
    await page.waitForTimeout(700);
    await expect(notice(page)).toHaveCount(0);
    expect(gtm).toEqual([]);
  });

  test('without a container configured (the default) there is no notice and no tag manager', async ({ page }) => {
    const gtm: string[] = [];
    await page.route(/googletagmanager\.com/, (route) => (gtm.push(route.request().url()), route.abort()));
    await page.goto('/');
    await page.waitForTimeout(700);
    await expect(notice(page)).toHaveCount(0);
    expect(gtm).toEqual([]);
  });
});
