/**
 * The appointment booking form on the built service and shop pages against the reference API: React
 * loads only when the shopper uses the form; the §5 messages show; a booking goes through the mailer's
 * token-then-send calls and lands in the API's outbox with every booking field and the page link.
 */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { messages } from '../../src/lib/messages';
import { snapshotShops } from '../../src/lib/routing/content-routes';
import { todayIso } from '../../src/lib/forms/rules';

interface OutboxMail {
  kind: string;
  to_addr: string;
  reply_to: string | null;
  subject: string;
  text: string;
}

const shops = snapshotShops();
const bury = shops.find((s) => s.location === 'bury')!;
const form = (page: Page) => page.locator('form[data-booking-form]');
const island = (page: Page) => page.locator('astro-island', { has: page.locator('form[data-booking-form]') });

/** Focuses the first field (hydrating the island) and waits for React to own the form. */
async function startBooking(page: Page) {
  await form(page).getByLabel(messages.bookingName).click();
  await expect(island(page)).not.toHaveAttribute('ssr', /.*/, { timeout: 20_000 }); // hydration fetches React on first use: slow on a busy machine
}

async function outbox(page: Page): Promise<OutboxMail[]> {
  const res = await page.request.get('/api/__outbox');
  return (await res.json()).result as OutboxMail[];
}

function inAWeek(): string {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
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

test.describe('appointment booking', () => {
  test('the service page loads no framework code until the form is used', async ({ page }) => {
    const islands: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/(BookingForm|client)\./.test(new URL(r.url()).pathname)) islands.push(r.url());
    });
    await page.goto('/repairs');
    await page.waitForLoadState('networkidle');
    await expect(form(page)).toBeVisible();
    expect(islands).toEqual([]);
    await startBooking(page);
    expect(islands.length).toBeGreaterThan(0);
  });

  test('the form shows each message while its condition holds', async ({ page }) => {
    await page.goto('/repairs');
    await startBooking(page);
    await form(page).getByRole('button', { name: messages.bookingSubmit }).click();
    await expect(form(page).getByText(messages.fieldRequired)).toHaveCount(6);
    await form(page).getByLabel(messages.bookingName).fill('A');
    await form(page).getByLabel(messages.bookingEmail).fill('ada@');
    await form(page).getByLabel(messages.bookingPhone).fill('12');
    await expect(form(page).getByText(messages.nameMinLength)).toBeVisible();
    await expect(form(page).getByText(messages.emailInvalid)).toBeVisible();
    await expect(form(page).getByText(messages.phoneInvalid)).toBeVisible();
    await form(page).getByLabel(messages.bookingName).fill('Ada Lovelace');
    await expect(form(page).getByText(messages.nameMinLength)).toHaveCount(0);
  });

  test('a booking request produces a mail in the outbox', async ({ page }) => {
    await page.goto('/repairs');
    await startBooking(page);
    const name = `Ada Booking ${Date.now()}`;
    const date = inAWeek();
    await form(page).getByLabel(messages.bookingName).fill(name);
    await form(page).getByLabel(messages.bookingPhone).fill('01772 123456');
    await form(page).getByLabel(messages.bookingEmail).fill('ada@example.com');
    await form(page).getByLabel(messages.bookingDate).fill(date);
    await form(page).getByLabel(messages.bookingTime).selectOption('11:00');
    await form(page).getByLabel(messages.bookingShop).selectOption(bury.location);
    await form(page).getByLabel(messages.bookingRequirements).fill('Watch strap replacement');
    await form(page).getByLabel(messages.bookingItem).fill('Seiko Presage');
    await form(page).getByRole('button', { name: messages.bookingSubmit }).click();
    await expect(form(page).getByRole('status')).toHaveText(messages.emailSent);
    await expect(form(page).getByLabel(messages.bookingName)).toHaveValue('');

    // VSFA's mail-service has one kind of mail: the booking's details travel in its text
    const mail = (await outbox(page)).find((m) => m.text.includes(`Name: ${name}`));
    expect(mail, 'booking mail in the outbox').toBeDefined();
    expect(mail!.to_addr).toBe(bury.email);
    expect(mail!.reply_to).toBe('ada@example.com');
    for (const line of [
      `Name: ${name}`,
      'Phone: 01772 123456',
      'Email: ada@example.com',
      `Date: ${date}`,
      'Time: 11:00',
      `Store: ${bury.name}`,
      'Requirements: Watch strap replacement',
      'Item: Seiko Presage',
      `Page link: ${new URL('/repairs', page.url()).href}`,
    ]) {
      expect(mail!.text).toContain(line);
    }
  });

  test('the form has no serious accessibility problems, also while showing its messages', async ({ page }) => {
    // An axe scan takes seconds of CPU: beside the other worker on 2 cores it has passed 30 s.
    test.slow();
    await page.goto('/repairs');
    await startBooking(page);
    expect(await axeProblems(page, 'form[data-booking-form]')).toEqual([]);
    await form(page).getByRole('button', { name: messages.bookingSubmit }).click();
    await expect(form(page).getByText(messages.fieldRequired).first()).toBeVisible();
    expect(await axeProblems(page, 'form[data-booking-form]')).toEqual([]);
  });

  test('the shop page pre-selects its shop', async ({ page }) => {
    await page.goto(`/stores/jewellers-${bury.location}`);
    await expect(form(page).getByLabel(messages.bookingShop)).toHaveValue(bury.location);
  });

  test('a failed token call shows the failure text and sends nothing', async ({ page, apiAnswers }) => {
    apiAnswers.expect('/api/ext/mail-service/get-token', 500);
    // Only this page's calls fail (other tests share the server).
    await page.route('**/api/ext/mail-service/get-token*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, result: 'Internal Server Error' }) }),
    );
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/ext/mail-service/send-email')) sends.push(r.url());
    });
    await page.goto('/repairs');
    await startBooking(page);
    await form(page).getByLabel(messages.bookingName).fill('Ada Lovelace');
    await form(page).getByLabel(messages.bookingPhone).fill('01772 123456');
    await form(page).getByLabel(messages.bookingEmail).fill('ada@example.com');
    await form(page).getByLabel(messages.bookingDate).fill(inAWeek());
    await form(page).getByLabel(messages.bookingTime).selectOption('10:00');
    await form(page).getByLabel(messages.bookingShop).selectOption('preston');
    await form(page).getByRole('button', { name: messages.bookingSubmit }).click();
    await expect(form(page).getByRole('alert')).toHaveText(messages.emailFailed);
    await expect(form(page).getByLabel(messages.bookingName)).toHaveValue('Ada Lovelace');
    expect(sends).toEqual([]);
  });
});
