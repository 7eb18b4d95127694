/**
 * Reviews on the built product page against the reference API: the approved reviews and their average
 * are in the page's HTML; submitting the form shows 'Adding a review ...', then the moderation message,
 * and clears the form; a failing API shows the error text. The page's data layer gets its page view.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { messages } from '../../src/lib/messages';
import { readReviews } from '../../src/lib/snapshot/read';
import { approvedReviews, averageRating } from '../../src/lib/content/reviews';
import { catalog, pagePath, productsWithPages } from './helpers';

const approved = approvedReviews(readReviews());
const reviewed =
  productsWithPages().find(
    (p) => approved.filter((r) => r.product_id === p.id).length >= 2 && readReviews().some((r) => r.product_id === p.id && r.review_status !== 1),
  ) ?? productsWithPages().find((p) => approved.some((r) => r.product_id === p.id))!;
const ownReviews = approved.filter((r) => r.product_id === reviewed.id);
const unreviewed = productsWithPages().find((p) => !readReviews().some((r) => r.product_id === p.id))!;

const island = (page: Page) => page.locator('astro-island', { has: page.locator('[data-reviews-island]') });
const reviewForm = (page: Page) => page.getByRole('form', { name: messages.reviewFormTitle });

/** Opens the review form (it opens on request) and waits for it. */
async function writeReview(page: Page) {
  const open = page.getByRole('button', { name: messages.reviewFormTitle });
  await open.click();
  await expect(reviewForm(page)).toBeVisible();
  await expect(reviewForm(page).getByLabel(messages.reviewName, { exact: true })).toBeFocused();
}

/** Opens the product page and waits for the reviews island to hydrate (it wakes as it comes into view). */
async function openReviews(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: messages.reviewsTitle }).scrollIntoViewIfNeeded();
  await expect(island(page)).not.toHaveAttribute('ssr', /.*/, { timeout: 20_000 }); // hydration fetches React on first use: slow on a busy machine
}

async function fillReview(page: Page, title: string) {
  if (!(await reviewForm(page).isVisible())) await writeReview(page);
  const form = reviewForm(page);
  await form.getByLabel(messages.reviewName, { exact: true }).fill('Playwright Pat');
  await form.getByLabel(messages.reviewSummary).fill(title);
  await form.getByLabel(messages.reviewText, { exact: true }).fill('A lovely piece, beautifully finished.');
  await form.getByRole('radio', { name: '4 out of 5 stars' }).check({ force: true });
}

/** Answers the page's calls to an API path with an error in the contract's envelope (this page only). */
async function failApi(page: Page, path: string, code: number, result: string) {
  await page.route(`**${path}*`, (route) => route.fulfill({ status: code, contentType: 'application/json', body: JSON.stringify({ code, result }) }));
}

/** Serious or critical axe violations inside `selector`. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
// page.route must see the page's API calls: no service worker in between.
test.use({ serviceWorkers: 'block' });

test.describe('product reviews', () => {
  test('the page lists the approved reviews and their average before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pagePath(reviewed));
    const section = page.locator('[data-reviews-island]');
    for (const r of ownReviews.slice(0, 50)) await expect(section.getByRole('heading', { name: r.title, exact: true }).first()).toBeVisible();
    const pending = readReviews().filter((r) => r.product_id === reviewed.id && r.review_status !== 1);
    for (const r of pending) await expect(section.getByText(r.detail, { exact: true })).toHaveCount(0);
    await expect(section).toContainText(`Rated ${averageRating(ownReviews)} out of 5`);
    await context.close();
  });

  test('a product without reviews invites the first one', async ({ page }) => {
    await page.goto(pagePath(unreviewed));
    await expect(page.getByText(messages.reviewsNone)).toBeVisible();
  });

  test('a press on "Write a review" made while the section is still waking up opens the form', async ({ page }) => {
    // The island's code held back: the shopper scrolls to the reviews and presses at once.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/Reviews\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(pagePath(reviewed));
    const open = page.getByRole('button', { name: messages.reviewFormTitle });
    await open.scrollIntoViewIfNeeded();
    await open.click();
    await expect(island(page)).toHaveAttribute('ssr', /.*/);
    release();
    await expect(reviewForm(page)).toBeVisible({ timeout: 20_000 });
    await expect(reviewForm(page).getByLabel(messages.reviewName, { exact: true })).toBeFocused();
  });

  test('the form asks for every field before sending', async ({ page }) => {
    await openReviews(page, pagePath(reviewed));
    await expect(reviewForm(page)).toHaveCount(0);
    await writeReview(page);
    await reviewForm(page).getByRole('button', { name: messages.reviewSubmit }).click();
    await expect(reviewForm(page).getByText(messages.fieldRequired)).toHaveCount(4);
    await reviewForm(page).getByLabel(messages.reviewName, { exact: true }).fill('P');
    await expect(reviewForm(page).getByText(messages.nameMinLength)).toBeVisible();
  });

  test('the reviews section has no serious accessibility problems, also while showing messages', async ({ page }) => {
    // An axe scan takes seconds of CPU: beside the other worker on 2 cores it has passed 30 s.
    test.slow();
    await openReviews(page, pagePath(reviewed));
    expect(await axeProblems(page, '[data-reviews-island]')).toEqual([]);
    await writeReview(page);
    await reviewForm(page).getByRole('button', { name: messages.reviewSubmit }).click();
    await expect(reviewForm(page).getByText(messages.fieldRequired).first()).toBeVisible();
    expect(await axeProblems(page, '[data-reviews-island]')).toEqual([]);
  });

  test('a submitted review shows the moderation message and clears the form', async ({ page, request }) => {
    // Slow the call down so the progress text can be seen.
    await page.route('**/api/review/create*', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await openReviews(page, pagePath(reviewed));
    const title = `Playwright review ${Date.now()}`;
    await fillReview(page, title);
    await reviewForm(page).getByRole('button', { name: messages.reviewSubmit }).click();
    await expect(reviewForm(page).getByRole('status')).toHaveText(messages.reviewAdding);
    await expect(reviewForm(page).getByRole('status')).toHaveText(messages.reviewSubmitted);
    await expect(reviewForm(page).getByLabel(messages.reviewSummary)).toHaveValue('');
    await expect(reviewForm(page).getByLabel(messages.reviewName, { exact: true })).toHaveValue('');
    // Pending reviews are not listed until approved.
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    const list = await request.post('/api/catalog/vue_storefront_catalog/review/_search?from=0&size=50', {
      data: { query: { bool: { filter: { bool: { must: [{ terms: { product_id: [reviewed.id] } }, { terms: { review_status: [1] } }] } } } } },
    });
    expect(((await list.json()).hits.hits as { _source: { title: string } }[]).map((h) => h._source.title)).not.toContain(title);
  });

  test('a failing api shows the error text and keeps what was typed', async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/review/create', 500);
    await failApi(page, '/api/review/create', 500, 'Internal Server Error');
    await openReviews(page, pagePath(reviewed));
    await fillReview(page, 'Will fail');
    await reviewForm(page).getByRole('button', { name: messages.reviewSubmit }).click();
    await expect(reviewForm(page).getByRole('alert')).toHaveText(messages.reviewFailed);
    await expect(reviewForm(page).getByLabel(messages.reviewSummary)).toHaveValue('Will fail');
  });
});

test.describe('data layer', () => {
  test('a page view with the category tag is pushed 500 ms after navigation, and no tag manager script loads', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const thirdParty: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://localhost')) thirdParty.push(r.url());
    });
    const watch = catalog().categories.find((c) => c.url_path.includes('watch') && c.level === 2);
    const started = Date.now();
    await page.goto(`/${watch!.url_path}`);
    const view = await page.waitForFunction(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.find((e) => e.event === 'pageView'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await view.jsonValue()).toMatchObject({ event: 'pageView', pageCategory: 'watch', page: { path: `/${watch!.url_path}` } });
    expect(warnings).toContain(messages.tagManagerNoId);
    expect(thirdParty).toEqual([]);

    await page.goto(pagePath(unreviewed));
    const other = await page.waitForFunction(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.find((e) => e.event === 'pageView'));
    expect(['watch', 'jewellery']).toContain(((await other.jsonValue()) as { pageCategory: string }).pageCategory);
  });
});
