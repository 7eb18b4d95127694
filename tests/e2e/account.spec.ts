/** Sign-in and the account pages against the built site and the reference API. */
import { expect, test } from './fixture';
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { authDialog, cartLine, createCustomer, hydrated, loginInDialog, openCheckoutWithGuestCart, openSignIn, shoot, simpleProducts } from './account-helpers';

/** Serious or critical axe violations on the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

test('visiting my orders logged out shows the login message and lands home', async ({ page }) => {
  await page.goto('/my-account/orders');
  await page.waitForURL((u) => u.pathname === '/');
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('You need to be logged in to see this page');
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await shoot(page, 'auth-login-required');
  // The message belongs to the login form: not above the register form the shopper switches to.
  await dialog.getByRole('button', { name: 'Register now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
  await expect(dialog.getByText('You need to be logged in to see this page')).toHaveCount(0);
  // Escape closes the modal; the message does not come back on the next page
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Nothing on this page opened it: a keyboard shopper goes on from the page's content, not from the top of the document.
  await expect(page.locator('main#main')).toBeFocused();
  await page.reload();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('create an account, log out, log in again and find the merged cart', async ({ page }) => {
  test.setTimeout(90_000);
  const [ring, watch] = simpleProducts(2);
  // a guest's bag with the first product
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);

  // create an account from the checkout's login prompt
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  const dialog = authDialog(page);
  await dialog.getByRole('button', { name: 'Register now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  // every §5 message shows while its condition holds
  await expect(dialog.getByText('Field is required')).toHaveCount(5);
  await expect(dialog.getByText('You must accept the terms and conditions.')).toBeVisible();
  await dialog.getByLabel('E-mail address').fill('grace@');
  await dialog.getByLabel('First name').fill('G');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await dialog.getByLabel('Repeat password').fill('other');
  await expect(dialog.getByText('Please provide valid e-mail address.')).toBeVisible();
  await expect(dialog.getByText('Name must have at least 2 letters.')).toBeVisible();
  await expect(dialog.getByText('Password must have at least 8 letters.')).toBeVisible();
  await expect(dialog.getByText('Passwords must be identical.')).toBeVisible();
  // A field's neighbour in its row keeps its shape and line while the field shows its error.
  await dialog.getByLabel('Last name').fill('Hopper');
  const [first, last] = [(await dialog.getByLabel('First name').boundingBox())!, (await dialog.getByLabel('Last name').boundingBox())!];
  expect(Math.abs(last.height - first.height)).toBeLessThan(1);
  expect(Math.abs(last.y - first.y)).toBeLessThan(1);
  await shoot(page, 'auth-register-errors');
  const email = `grace-${Date.now()}@example.org`;
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('password123');
  await dialog.getByLabel('Repeat password').fill('password123');
  await dialog.getByLabel('I accept the terms and conditions').check();
  await expect(dialog.getByText('Passwords must be identical.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  // logged in: the checkout fills in the customer's details
  await expect(page.getByLabel('First name')).toHaveValue('Grace');

  // log out from the account page: the cart is left empty
  await page.goto('/my-account');
  await hydrated(page);
  await expect(page.getByText('Hello, Grace')).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === '/');

  // as a guest again, another product goes into the bag
  await openCheckoutWithGuestCart(page, [cartLine(watch!, 2)]);
  const bag = page.getByRole('region', { name: 'Your bag' });
  await expect(bag.getByText(ring!.name)).toHaveCount(0);

  // logging in again merges the guest bag into the customer's cart
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await loginInDialog(page, email, 'password123');
  await expect(bag.getByText(ring!.name)).toBeVisible();
  await expect(bag.getByText(watch!.name)).toBeVisible();
  await expect(bag.getByRole('listitem').filter({ hasText: watch!.name }).getByLabel('Quantity', { exact: true })).toHaveText('2');
  await expect(bag.getByRole('listitem').filter({ hasText: ring!.name }).getByLabel('Quantity', { exact: true })).toHaveText('1');

  // and it is the server's cart too: a fresh session of the same customer finds both lines
  const login = await page.request.post('/api/user/login', { data: { username: email, password: 'password123' } });
  const token = (await login.json()).result as string;
  const cartId = (await (await page.request.post(`/api/cart/create?token=${encodeURIComponent(token)}`)).json()).result as string;
  await expect
    .poll(async () => {
      const pulled = await (await page.request.get(`/api/cart/pull?token=${encodeURIComponent(token)}&cartId=${encodeURIComponent(cartId)}`)).json();
      return (pulled.result as { sku: string; qty: number }[]).map((l) => `${l.sku}:${l.qty}`).sort();
    })
    .toEqual([`${ring!.sku}:1`, `${watch!.sku}:2`].sort());
});

test('the account pages: profile, shipping details, newsletter and the login form errors', async ({ page, request, apiAnswers }) => {
  // The login form's errors: a wrong password is refused.
  apiAnswers.expect('/api/user/login', 401);
  // 43 s alone on an idle 2-core machine; beside the other worker it has needed more than 90 s.
  test.setTimeout(180_000);
  const c = await createCustomer(request, 'Ada', 'Lovelace');
  await page.goto('/');
  // a wrong password is refused in the modal
  await openSignIn(page);
  const dialog = authDialog(page);
  await dialog.getByLabel('E-mail address').fill(c.email);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You did not sign in correctly or your account is temporarily disabled.');
  // reset password: the form and its answer
  await dialog.getByRole('button', { name: 'Forgot the password?' }).click();
  await dialog.getByLabel('E-mail address').fill(c.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'reset instructions' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Return to log in' }).click();
  await loginInDialog(page, c.email, c.password);

  await page.goto('/my-account');
  await hydrated(page);
  await expect(page.getByText('Hello, Ada')).toBeVisible();
  const profile = page.getByRole('region', { name: 'My profile' });
  await expect(profile.getByText(c.email)).toBeVisible();
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('First name').fill('Augusta');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(profile.getByText('Account data has changed')).toBeVisible();
  await expect(profile.getByText('Augusta Lovelace')).toBeVisible();
  await shoot(page, 'account-dashboard');
  expect(await axeProblems(page)).toEqual([]);

  await page.goto('/my-account/shipping-details');
  await hydrated(page);
  // vue-storefront-api keeps a saved address's street as two lines: the street, then the house number or name.
  await page.getByLabel('Street', { exact: true }).fill('Fishergate');
  await page.getByLabel('House number or name').fill('1');
  await page.getByLabel('County (optional)').fill('Lancashire');
  await page.getByLabel('Town or city').fill('Preston');
  await page.getByLabel('Postcode').fill('XX');
  await page.getByLabel('Phone number').fill('01772 203481');
  await page.getByLabel('Tax ID (optional)').fill('GB');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Zip-code must have at least 3 letters.')).toBeVisible();
  await expect(page.getByText('Please provide a valid UK postcode.')).toBeVisible();
  await expect(page.getByText('Tax ID must have at least 3 letters.')).toBeVisible();
  await shoot(page, 'account-shipping-errors');
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('Postcode').fill('PR1 2AD');
  await page.getByLabel('Tax ID (optional)').fill('GB123456789');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your shipping details have been saved.')).toBeVisible();
  await expect(page.getByRole('main').locator('address')).toContainText('PR1 2AD');
  await page.reload();
  await expect(page.getByRole('main').locator('address')).toContainText('Fishergate');
  await expect(page.getByRole('main').locator('address')).toContainText('Preston, Lancashire');

  await page.goto('/my-account/newsletter');
  await hydrated(page);
  const box = page.getByLabel('I want to receive the newsletter');
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your newsletter preference has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('I want to receive the newsletter')).toBeChecked();

  await page.goto('/my-account/orders');
  await hydrated(page);
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await page.goto('/my-account/recently-viewed');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'My Recently viewed products' })).toBeVisible();
  // no product page was opened in this browser yet
  await expect(page.getByRole('main').getByText('No products yet')).toBeVisible();
});

test.describe('the waiting-orders code offline', () => {
  // Not yet cached by the service worker (which would answer before page.route sees the request).
  test.use({ serviceWorkers: 'block' });

  test('my orders still lists the order history when the waiting-orders code cannot be downloaded', async ({ page, request }) => {
    const c = await createCustomer(request, 'Grace', 'Hopper');
    await page.goto('/');
    await openSignIn(page);
    await loginInDialog(page, c.email, c.password);
    // Offline before the waiting-orders list was cached: every request for its code fails.
    let asked = 0;
    await page.route(/\/_astro\/OfflineOrders\.[^/]*\.js$/, (route) => {
      asked++;
      return route.abort('internetdisconnected');
    });
    await page.goto('/my-account/orders');
    await hydrated(page);
    await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
    expect(asked).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Orders waiting to be sent' })).toHaveCount(0);
  });
});

test('the sign-in dialog closes on a click on the backdrop, not on a click inside its box', async ({ page }) => {
  await page.goto('/');
  await openSignIn(page);
  const dialog = authDialog(page);
  await expect(dialog.getByLabel('E-mail address')).toBeVisible();
  const box = (await dialog.boundingBox())!;
  // Just inside the box's corner, then on the backdrop beside it.
  await page.mouse.click(box.x + 2, box.y + box.height - 2);
  await expect(dialog).toBeVisible();
  await page.mouse.click(Math.max(2, box.x - 10), box.y + box.height / 2);
  await expect(dialog).toBeHidden();
});

test('a session ended elsewhere (the password changed on another device) sends an account page home to the login form, with the reason', async ({
  page,
  request,
  apiAnswers,
}) => {
  // The ended session's calls and its refresh are refused: that is how the page learns of it.
  for (const path of ['/api/user/me', '/api/user/order-history', '/api/user/refresh']) apiAnswers.expect(path, 401);
  const c = await createCustomer(request);
  await page.goto('/');
  await openSignIn(page);
  await loginInDialog(page, c.email, c.password);
  await page.goto('/my-account/orders');
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();

  // Another device signs in and changes the password: every session before it stops working.
  const other = await request.post('/api/user/login', { data: { username: c.email, password: c.password } });
  const token = ((await other.json()) as { result: string }).result;
  const changed = await request.post(`/api/user/change-password?token=${encodeURIComponent(token)}`, {
    data: { currentPassword: c.password, newPassword: 'another-password-456' },
  });
  expect(changed.status()).toBe(200);

  await page.reload();
  await page.waitForURL((u) => u.pathname === '/');
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('You need to be logged in to see this page');
  // Signed in again, the shopper is back where they were.
  await loginInDialog(page, c.email, 'another-password-456');
  await page.waitForURL((u) => u.pathname === '/my-account/orders');
});
