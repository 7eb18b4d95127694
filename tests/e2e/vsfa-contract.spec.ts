/**
 * One shopper's journey with every API request the browser really sends recorded
 * (`page.on('request')`) and checked against vue-storefront-api's routes and body schemas
 * (tests/contract/vsfa-schemas.ts): sign in, a checkout with cash on delivery, the confirmation, the
 * account's order detail, the shipping details saved, a review and the newsletter.
 */
import { expect, test } from './fixture';
import type { Page, Request } from '@playwright/test';
import { cartLine, createCustomer, hydrated, loginInDialog, openCheckoutWithGuestCart, simpleProducts } from './account-helpers';
import { vsfaProblems } from '../contract/vsfa-schemas';
import { fillAddress } from './checkout-helpers';

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/** Records the page's (and its service worker's) API requests; test-only routes are left out. */
function recordApi(page: Page): Recorded[] {
  const seen: Recorded[] = [];
  const keep = (r: Request) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/__')) return;
    const raw = r.postData();
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    seen.push({ method: r.method(), path: url.pathname, body });
  };
  page.on('request', keep);
  page.context().on('request', (r) => {
    if (r.serviceWorker()) keep(r);
  });
  return seen;
}

test('every request of a signed-in journey has the route and body vue-storefront-api takes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sent = recordApi(page);
  const [ring, watch] = simpleProducts(2);
  const c = await createCustomer(request, 'Ada', 'Lovelace');

  // Sign in and check out with cash on delivery.
  await openCheckoutWithGuestCart(page, [cartLine(ring!, 2), cartLine(watch!)]);
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await loginInDialog(page, c.email, c.password);
  await expect(page.getByLabel('E-mail address')).toHaveValue(c.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page);
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByLabel(/Express Delivery/)
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'Payment method' }).getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByRole('region', { name: /Review order/ });
  await review.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place the order' }).click();

  // The confirmation shows the order without asking any lookup (VSFA has none).
  await page.waitForURL(/\/order-success\?o=/);
  const number = page.getByText(/Your order number is PJ\d+\./);
  await expect(number).toBeVisible();
  await expect(page.getByRole('table').getByText(ring!.name)).toBeVisible();
  const incrementId = /PJ\d+/.exec((await number.textContent()) ?? '')![0];
  const order = sent.find((s) => s.method === 'POST' && s.path === '/api/order');
  // The signed-in customer's id goes as a string (VSFA's order schema).
  expect((order?.body as { user_id?: unknown }).user_id).toEqual(expect.stringMatching(/^\d+$/));

  // The order's page in the account comes from the order history.
  await page.goto(`/my-account/orders/${incrementId}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order #${incrementId}` })).toBeVisible();

  // Shipping details: two street lines and a county.
  await page.goto('/my-account/shipping-details');
  await hydrated(page);
  await page.getByLabel('Street', { exact: true }).fill('Fishergate');
  await page.getByLabel('House number or name').fill('1');
  await page.getByLabel('County (optional)').fill('Lancashire');
  await page.getByLabel('Town or city').fill('Preston');
  await page.getByLabel('Postcode').fill('PR1 2AD');
  await page.getByLabel('Phone number').fill('01772 203481');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your shipping details have been saved.')).toBeVisible();

  // The newsletter preference.
  await page.goto('/my-account/newsletter');
  await hydrated(page);
  await page.getByLabel('I want to receive the newsletter').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your newsletter preference has been saved.')).toBeVisible();

  const calls = new Set(sent.map((s) => `${s.method} ${s.path}`));
  for (const call of ['POST /api/user/login', 'POST /api/cart/update', 'POST /api/order', 'GET /api/user/order-history', 'POST /api/user/me']) {
    expect([...calls], call).toContain(call);
  }
  const problems = sent.flatMap((s) => vsfaProblems(s.method, s.path, s.body));
  expect(problems).toEqual([]);
});
