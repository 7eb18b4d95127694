/**
 * The contact form on the built /contact and /contact-us pages against the reference API: a message goes
 * through the mailer's token-then-send calls into the outbox; a refused send shows the server's message.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';

const form = (page: Page) => page.getByRole('form', { name: messages.contactTitle });
const island = (page: Page) => page.locator('astro-island', { has: page.locator('form[data-contact-form]') });

async function startContact(page: Page, path = '/contact') {
  await page.goto(path);
  await form(page).getByLabel(messages.contactName).click();
  await expect(island(page)).not.toHaveAttribute('ssr', /.*/, { timeout: 20_000 }); // hydration fetches React on first use: slow on a busy machine
}

async function fillMessage(page: Page, text: string) {
  await form(page).getByLabel(messages.contactName).fill('Alan Turing');
  await form(page).getByLabel(messages.contactEmail).fill('alan@example.com');
  await form(page).getByLabel(messages.contactMessage).fill(text);
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

test.describe('contact form', () => {
  test('is on both contact pages', async ({ page }) => {
    for (const path of ['/contact', '/contact-us']) {
      await page.goto(path);
      await expect(form(page)).toBeVisible();
    }
  });

  test('asks for name, e-mail and message', async ({ page }) => {
    await startContact(page);
    await form(page).getByRole('button', { name: messages.contactSubmit }).click();
    await expect(form(page).getByText(messages.fieldRequired)).toHaveCount(3);
    await expect(form(page).getByLabel(messages.contactName)).toBeFocused();
  });

  test("a field's message waits until the field is left, then follows each keystroke (the one form rule)", async ({ page }) => {
    await startContact(page);
    const email = form(page).getByLabel(messages.contactEmail);
    await email.fill('ada@');
    // Still typing: no message yet (it would move the layout under the shopper's next tap).
    await expect(form(page).getByText(messages.emailInvalid)).toHaveCount(0);
    await email.press('Tab');
    await expect(form(page).getByText(messages.emailInvalid)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('ada@example.com');
    await expect(form(page).getByText(messages.emailInvalid)).toHaveCount(0);
    // A field left empty says nothing before a submit.
    await form(page).getByLabel(messages.contactName).focus();
    await form(page).getByLabel(messages.contactName).press('Tab');
    await expect(form(page).getByText(messages.fieldRequired)).toHaveCount(0);
  });

  test('a message is sent and lands in the outbox', async ({ page, request }) => {
    await startContact(page, '/contact-us');
    const text = `Do you resize rings? ${Date.now()}`;
    await fillMessage(page, text);
    await form(page).getByRole('button', { name: messages.contactSubmit }).click();
    await expect(form(page).getByRole('status')).toHaveText(messages.emailSent);
    await expect(form(page).getByLabel(messages.contactMessage)).toHaveValue('');
    const outbox = (await (await request.get('/api/__outbox')).json()).result as { kind: string; to_addr: string; reply_to: string; text: string }[];
    const mail = outbox.find((m) => m.kind === 'contact' && m.text.includes(text));
    expect(mail?.to_addr).toBe(config.mailer.contactAddress);
    expect(mail?.reply_to).toBe('alan@example.com');
  });

  test("a refused send shows the server's message", async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/ext/mail-service/send-email', 503);
    // Only this page's calls are refused (other tests share the server).
    await page.route('**/api/ext/mail-service/send-email*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 503, result: 'The mail service is resting, please try again in an hour.' }),
      }),
    );
    await startContact(page);
    await fillMessage(page, 'Hello');
    await form(page).getByRole('button', { name: messages.contactSubmit }).click();
    await expect(form(page).getByRole('alert')).toHaveText('The mail service is resting, please try again in an hour.');
  });

  test('the form has no serious accessibility problems, also while showing its messages', async ({ page }) => {
    // An axe scan takes seconds of CPU: beside the other worker on 2 cores it has passed 30 s.
    test.slow();
    await startContact(page);
    expect(await axeProblems(page, 'form[data-contact-form]')).toEqual([]);
    await form(page).getByRole('button', { name: messages.contactSubmit }).click();
    await expect(form(page).getByText(messages.fieldRequired).first()).toBeVisible();
    expect(await axeProblems(page, 'form[data-contact-form]')).toEqual([]);
  });

  test('no network shows the failure text', async ({ page, context }) => {
    await startContact(page);
    await fillMessage(page, 'Hello');
    await context.setOffline(true);
    await form(page).getByRole('button', { name: messages.contactSubmit }).click();
    await expect(form(page).getByRole('alert')).toHaveText(messages.emailFailed);
    await context.setOffline(false);
  });
});
