/** The checkout as a guest fills it in the e2e journeys (the shop's real checkout page), and the way back online with an order queued there. */
import type { BrowserContext, Page } from '@playwright/test';

/** The shipping address step's fields: a Preston address (another postcode to test its check). */
export async function fillAddress(page: Page, postcode = 'PR1 2AD'): Promise<void> {
  await page.getByLabel('Street and number').fill('1 Fishergate');
  await page.getByLabel('Town or city').fill('Preston');
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByLabel('Phone number').fill('01772 203481');
}

/** Steps 1 to 4 as a guest: name and e-mail, a Preston address with free delivery, cash on delivery, the terms accepted. */
export async function fillGuestCheckout(page: Page): Promise<void> {
  await page.getByLabel('First name').first().fill('Grace');
  await page.getByLabel('Last name').first().fill('Hopper');
  await page.getByLabel('E-mail address').fill(`grace.${Date.now()}@example.co.uk`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page);
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByLabel(/Free 2nd Class Delivery/)
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'Payment method' }).getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('region', { name: /Review order/ })
    .getByLabel('I accept the terms and conditions')
    .check();
}

/**
 * Back online with an order queued at the checkout: Chromium tells the page itself, and the event is
 * sent again in case it did not. Once the queue has sent the order the checkout goes on to its
 * confirmation, which may end the page this dispatch runs in: that is not a failure.
 */
export async function backOnline(ctx: BrowserContext, page: Page): Promise<void> {
  await ctx.setOffline(false);
  await page
    .evaluate(() => window.dispatchEvent(new Event('online')))
    .catch((e: Error) => {
      if (!/context was destroyed/.test(e.message)) throw e;
    });
}
