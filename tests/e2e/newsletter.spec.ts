/**
 * The newsletter on the built site against the reference API: the footer form (plain HTML and a small
 * script, no React) checks the e-mail, subscribes and opens the thank-you page; the coupon mail lands in
 * the outbox; a second subscription from the same browser is not sent (§4 guard); the popup promising
 * 10% off opens from a #newsletter link and subscribes too.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { config } from '../../src/lib/config';
import { messages, fill } from '../../src/lib/messages';

const SUBSCRIBE_PATH = '/api/ext/mailchimp-subscribe/subscribe';
const footerForm = (page: Page) => page.locator('footer').getByRole('form', { name: messages.footerNewsletterTitle });
const popup = (page: Page) => page.getByRole('dialog', { name: fill(messages.newsletterPopupTitle, { percent: config.constants.newsletterCouponPercent }) });

/** Counts the subscribe calls the page makes (across its navigations). */
function countSubscribes(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === SUBSCRIBE_PATH) n++;
  });
  return () => n;
}

async function couponMails(page: Page, email: string) {
  const res = await page.request.get('/api/__outbox');
  return ((await res.json()).result as { kind: string; to_addr: string; text: string }[]).filter((m) => m.kind === 'newsletter' && m.to_addr === email);
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

test.describe('newsletter', () => {
  test('the footer form checks the e-mail without loading react', async ({ page }) => {
    const react: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/(client|NewsletterPopup|newsletter-popup)\./.test(new URL(r.url()).pathname)) react.push(r.url());
    });
    const subscribes = countSubscribes(page);
    await page.goto('/about-us');
    const form = footerForm(page);
    await form.getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(form.getByRole('alert')).toHaveText(messages.fieldRequired);
    await form.getByLabel(messages.newsletterEmailLabel).fill('not-an-address');
    await expect(form.getByRole('alert')).toHaveText(messages.emailInvalid);
    // The forms' own rule (src/lib/forms/email.ts): a one-letter top-level domain is not an address.
    await form.getByLabel(messages.newsletterEmailLabel).fill('nina@example.c');
    await expect(form.getByRole('alert')).toHaveText(messages.emailInvalid);
    await form.getByLabel(messages.newsletterEmailLabel).fill('nina@example.com');
    await expect(form.getByRole('alert')).toHaveText('');
    expect(react).toEqual([]);
    expect(subscribes()).toBe(0);
  });

  test('subscribing from the footer opens the thank-you page and mails the coupon; a second subscribe is skipped', async ({ page }) => {
    const email = `footer-${Date.now()}@example.com`;
    const subscribes = countSubscribes(page);
    await page.goto('/about-us');
    await footerForm(page).getByLabel(messages.newsletterEmailLabel).fill(email);
    await footerForm(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(page).toHaveURL(/\/newsletter-subscription-thank-you\/?$/);
    expect(subscribes()).toBe(1);
    const mails = await couponMails(page, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(config.constants.newsletterCouponCode);

    // Already subscribed in this browser: the guard skips the call and the thank-you page opens again.
    await page.goto('/about-us');
    await footerForm(page).getByLabel(messages.newsletterEmailLabel).fill(email);
    await footerForm(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(page).toHaveURL(/\/newsletter-subscription-thank-you\/?$/);
    expect(subscribes()).toBe(1);
  });

  test('a failing api keeps the shopper on the page with an error', async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/ext/mailchimp-subscribe/subscribe', 500);
    await page.route(`**${SUBSCRIBE_PATH}*`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, result: 'Internal Server Error' }) }),
    );
    await page.goto('/about-us');
    await footerForm(page).getByLabel(messages.newsletterEmailLabel).fill('fail@example.com');
    await footerForm(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(footerForm(page).getByRole('alert')).toHaveText(messages.somethingWrong);
    await expect(page).toHaveURL(/\/about-us\/?$/);
  });

  test('the footer form and the popup have no serious accessibility problems', async ({ page }) => {
    // An axe scan takes seconds of CPU: beside the other worker on 2 cores it has passed 30 s.
    test.slow();
    await page.goto('/about-us');
    await footerForm(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(footerForm(page).getByRole('alert')).toHaveText(messages.fieldRequired);
    expect(await axeProblems(page, 'form[data-newsletter-form]')).toEqual([]);
    await page.goto('/about-us#newsletter');
    await expect(popup(page)).toBeVisible();
    expect(await axeProblems(page, 'dialog.nl-popup')).toEqual([]);
  });

  test('the popup promises 10% off, closes with escape and subscribes', async ({ page }) => {
    await page.goto('/#newsletter');
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toContainText(`${config.constants.newsletterCouponPercent}% off`);
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();

    // The promo strip's offer is the way in: its sign-up link (a CMS link to #newsletter) opens the popup.
    await page
      .locator('[data-promo-strip]')
      .getByRole('link', { name: /newsletter/i })
      .click();
    await expect(popup(page)).toBeVisible();
    const email = `popup-${Date.now()}@example.com`;
    await popup(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(popup(page).getByText(messages.fieldRequired)).toBeVisible();
    await popup(page).getByLabel(messages.newsletterEmailLabel).fill(email);
    await popup(page).getByRole('button', { name: messages.newsletterSubscribe }).click();
    await expect(page).toHaveURL(/\/newsletter-subscription-thank-you\/?$/);
    expect(await couponMails(page, email)).toHaveLength(1);
  });
});
