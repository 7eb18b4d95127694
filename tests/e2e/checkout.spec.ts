/** The checkout, the order confirmation and the token refresh against the built site and the reference API. */
import { expect, test } from './fixture';
import {
  authDialog,
  cartLine,
  createCustomer,
  tokenExpiringIn,
  hydrated,
  loginInDialog,
  openCheckoutWithGuestCart,
  readStored,
  shoot,
  simpleProducts,
  writeStored,
} from './account-helpers';
import { fillAddress } from './checkout-helpers';
import { messages } from '../../src/lib/messages';
import type { Locator } from '@playwright/test';

/**
 * An order number in a heading reads as figures: it is set in the text face (Inter, lining figures),
 * not in the display face, whose old-style zero is a small "o" (PJ100000002 read "PJ1ooooooo2").
 */
async function expectTextFigures(heading: Locator, id: string): Promise<void> {
  const number = heading.getByText(id, { exact: true });
  await expect(number).toBeVisible();
  expect(await number.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Inter\b/);
  expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Cormorant\b/);
}

test('a full checkout with cash on delivery ends on the order confirmation and the order appears in the order history with its lines', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [ring, watch] = simpleProducts(2);
  const c = await createCustomer(request, 'Ada', 'Lovelace');
  await openCheckoutWithGuestCart(page, [cartLine(ring!, 2), cartLine(watch!)]);
  await shoot(page, 'checkout-start');
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await loginInDialog(page, c.email, c.password);

  // 1. personal details, filled in from the account
  await expect(page.getByLabel('E-mail address')).toHaveValue(c.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. shipping: UK postcodes are checked, a method must be chosen
  await fillAddress(page, 'PR1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please provide a valid UK postcode.')).toBeVisible();
  await expect(page.getByText('Please choose a shipping method.')).toBeVisible();
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByLabel(/Free 2nd Class Delivery/)).toBeVisible();
  await expect(methods.getByText('£6.00')).toBeVisible();
  // the carrier is named under its method (§9: the DPD Courier label)
  await expect(methods.locator('label', { hasText: /^Express Delivery/ })).toContainText('DPD Courier');
  await methods.getByLabel('Collect in store').check();
  await expect(page.getByLabel('Shop to collect from').locator('option')).toHaveText(['Preston', 'Blackburn', 'Bury', 'Carlisle']);
  await shoot(page, 'checkout-shipping-errors');
  await page.getByLabel('Postcode').fill('PR1 2AD');
  await methods
    .getByLabel(/Express Delivery/)
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. payment: cash on delivery shows its info panel
  const payments = page.getByRole('group', { name: 'Payment method' });
  await payments.getByLabel('Cash on delivery').check();
  await expect(page.getByRole('note')).toContainText('You pay in cash when your order is delivered or collected');
  await shoot(page, 'checkout-payment-cod');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4. review: server totals (express delivery £6.00), terms, place the order
  const review = page.getByRole('region', { name: /Review order/ });
  await expect(review.getByRole('definition').filter({ hasText: '£6.00' })).toBeVisible();
  const grandTotal = (await review.locator('.co-totals__grand_total dd').textContent())!.trim();
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await review.getByLabel('I accept the terms and conditions').check();
  await shoot(page, 'checkout-review');
  await page.getByRole('button', { name: 'Place the order' }).click();

  // the order confirmation
  await page.waitForURL(/\/order-success\?o=/);
  await expect(page.getByRole('heading', { name: 'Order confirmation', level: 1 })).toBeVisible();
  const number = page.getByText(/Your order number is PJ\d+\./);
  await expect(number).toBeVisible();
  const incrementId = /PJ\d+/.exec((await number.textContent()) ?? '')![0];
  await expectTextFigures(number, incrementId);
  const summary = page.getByRole('table');
  await expect(summary.getByText(ring!.name)).toBeVisible();
  await expect(summary.getByText(watch!.name)).toBeVisible();
  await shoot(page, 'order-success');
  // the purchase went to the data layer, then the cart was cleared
  const purchase = await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, any>[] }).dataLayer?.find((e) => e.event === 'purchase'));
  expect(purchase?.ecommerce.purchase.actionField).toMatchObject({ id: incrementId, shipping: 6 });
  expect(`£${Number(purchase?.ecommerce.purchase.actionField.revenue).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`).toBe(grandTotal);
  expect(purchase?.ecommerce.purchase.products.map((p: { id: string; quantity: number }) => `${p.id}:${p.quantity}`).sort()).toEqual(
    [`${ring!.sku}:2`, `${watch!.sku}:1`].sort(),
  );
  await expect.poll(() => readStored<unknown[]>(page, 'carts', 'current-cart')).toEqual([]);

  // the order reached the API once, with cash on delivery and its lines
  const orders = (await (await request.get('/api/__orders')).json()).result as { increment_id: string; payload: any; totals: any }[];
  const mine = orders.filter((o) => o.increment_id === incrementId);
  expect(mine).toHaveLength(1);
  expect(`£${Number(mine[0]!.totals.grand_total).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`).toBe(grandTotal);
  expect(mine[0]!.payload.addressInformation).toMatchObject({
    payment_method_code: 'cashondelivery',
    shipping_carrier_code: 'flatrate',
    shipping_method_code: 'express',
  });

  // the order history lists it; its page shows the lines
  await page.goto('/my-account/orders');
  await hydrated(page);
  const row = page.getByRole('row', { name: new RegExp(incrementId) });
  await expect(row).toContainText('Pending');
  await shoot(page, 'account-orders');
  await row.getByRole('link').click();
  await page.waitForURL(new RegExp(`/my-account/orders/${incrementId}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order #${incrementId}` })).toBeVisible();
  await expectTextFigures(page.getByRole('heading', { name: `Order #${incrementId}` }), incrementId);
  const lines = page.getByRole('table');
  await expect(lines.getByRole('row', { name: new RegExp(ring!.name) })).toContainText(ring!.sku);
  await expect(lines.getByRole('row', { name: new RegExp(ring!.name) })).toContainText('2');
  await expect(lines.getByRole('row', { name: new RegExp(watch!.name) })).toContainText(watch!.sku);
  await expect(page.getByText('Shipping address')).toBeVisible();
  await expect(page.getByText('Billing address')).toBeVisible();
  await shoot(page, 'account-order');
});

test('an expired access token is refreshed transparently during a cart update', async ({ page, request, apiAnswers }) => {
  test.setTimeout(90_000);
  // the update sent with the expired token is refused once, by design
  apiAnswers.expect('/api/cart/update', 401);
  const [ring] = simpleProducts(1);
  const c = await createCustomer(request);
  // the customer's session (as a login leaves it) with an access token that expires 15 s from now
  const login = (await (await request.post('/api/user/login', { data: { username: c.email, password: c.password } })).json()) as {
    result: string;
    meta: { refreshToken: string };
  };
  const expiring = tokenExpiringIn(login.result, 15);
  const expiresAt = Date.now() + 15_000;
  const cartId = (await (await request.post(`/api/cart/create?token=${encodeURIComponent(login.result)}`)).json()).result as string;
  await page.goto('/checkout');
  await hydrated(page);
  await writeStored(page, 'user', 'current-token', expiring);
  await writeStored(page, 'user', 'current-refresh-token', login.meta.refreshToken);
  await writeStored(page, 'carts', 'current-cart-token', cartId);
  await writeStored(page, 'carts', 'current-cart', [cartLine(ring!)]);
  const seen: string[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) seen.push(`${u.pathname} ${r.status()}${u.searchParams.get('token') === expiring ? ' old-token' : ''}`);
  });
  await page.reload();
  await hydrated(page);
  const bag = page.getByRole('region', { name: 'Your bag' });
  await expect(bag.getByText(ring!.name)).toBeVisible();
  // the page loaded with the old token, still valid: nothing refreshed
  await expect.poll(() => seen.some((s) => s.startsWith('/api/cart/totals 200 old-token')), { timeout: 15_000 }).toBe(true);
  expect(seen.filter((s) => s.startsWith('/api/user/refresh'))).toEqual([]);
  await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 1500);
  seen.length = 0;

  await bag.getByRole('button', { name: `Increase the quantity of ${ring!.name}` }).click();
  await expect(bag.getByRole('listitem').filter({ hasText: ring!.name }).getByLabel('Quantity', { exact: true })).toHaveText('2');
  // the update was refused with the expired token, the token refreshed once, the update sent again with the new one
  await expect
    .poll(() => seen.filter((s) => s.startsWith('/api/cart/update')), { timeout: 15_000 })
    .toEqual(['/api/cart/update 401 old-token', '/api/cart/update 200']);
  expect(seen[0]).toBe('/api/cart/update 401 old-token');
  expect(seen.filter((s) => s.startsWith('/api/user/refresh'))).toEqual(['/api/user/refresh 200']);
  // the server cart has the new quantity; the session goes on (no sign-in modal)
  const pulled = await (await request.get(`/api/cart/pull?token=${encodeURIComponent(login.result)}&cartId=${encodeURIComponent(cartId)}`)).json();
  expect((pulled.result as { sku: string; qty: number }[]).map((l) => `${l.sku}:${l.qty}`)).toEqual([`${ring!.sku}:2`]);
  await expect(authDialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
});

test("removing a line at checkout asks the shop's own question first: Cancel keeps it, the answer removes it", async ({ page }) => {
  const [ring, watch] = simpleProducts(2);
  let nativeDialogs = 0;
  page.on('dialog', (d) => {
    nativeDialogs++;
    void d.dismiss();
  });
  await openCheckoutWithGuestCart(page, [cartLine(ring!), cartLine(watch!)]);
  const bag = page.getByRole('region', { name: 'Your bag' });
  const remove = bag.getByRole('button', { name: `Remove ${ring!.name}` });
  await remove.click();
  const question = bag.getByRole('alertdialog', { name: messages.confirmRemoveFromCart });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: messages.confirmRemoveYes })).toBeFocused();
  await shoot(page, 'checkout-remove-question');
  await question.getByRole('button', { name: messages.cancel }).click();
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(bag.getByText(ring!.name)).toBeVisible();

  // "−" at one asks too, rather than removing the line unasked.
  await bag.getByRole('button', { name: `Decrease the quantity of ${ring!.name}` }).click();
  await question.getByRole('button', { name: messages.confirmRemoveYes }).click();
  await expect(bag.getByText(ring!.name)).toHaveCount(0);
  await expect(bag.getByText(watch!.name)).toBeVisible();
  expect(nativeDialogs, "the browser's own confirm()").toBe(0);
});

test('the checkout with an empty bag says so', async ({ page }) => {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText('Your bag is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  await shoot(page, 'checkout-empty');
});

test('a guest pays by card: the method is handed to the backend and the order carries its code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [ring] = simpleProducts(1);
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);

  // 1. personal details of a guest: every field is required
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name').first()).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').first().fill('Grace');
  await page.getByLabel('Last name').first().fill('Hopper');
  await page.getByLabel('E-mail address').fill(`grace.${Date.now()}@example.co.uk`);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 2. shipping: the name is carried over from the personal details
  await expect(page.getByLabel('Street and number')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await fillAddress(page);
  await page
    .getByRole('group', { name: 'Shipping method' })
    .getByLabel(/Free 2nd Class Delivery/)
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. payment: the card is a server method, the shop says who takes the payment
  const payments = page.getByRole('group', { name: 'Payment method' });
  await payments.getByLabel('Credit or debit card').check();
  await expect(page.getByRole('note')).toContainText('Your payment is taken securely by our payment provider once we have confirmed your order.');
  await expect(page.getByRole('note')).not.toContainText('You pay in cash');
  await shoot(page, 'checkout-payment-card');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4. review and place
  const review = page.getByRole('region', { name: /Review order/ });
  await review.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place the order' }).click();
  await page.waitForURL(/\/order-success\?o=/);
  const number = page.getByText(/Your order number is PJ\d+\./);
  await expect(number).toBeVisible();
  const incrementId = /PJ\d+/.exec((await number.textContent()) ?? '')![0];

  // the API holds one order for it, paid by card, for the guest's address and the free method
  const orders = (await (await request.get('/api/__orders')).json()).result as { increment_id: string; payload: any }[];
  const mine = orders.filter((o) => o.increment_id === incrementId);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.payload.addressInformation).toMatchObject({
    payment_method_code: 'card',
    shippingAddress: { firstname: 'Grace', lastname: 'Hopper', postcode: 'PR1 2AD', city: 'Preston' },
  });
  expect(mine[0]!.payload.user_id ?? '').toBe('');
});
