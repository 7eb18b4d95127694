/** The order-success page (§2 'Order confirmation', §4, §5 order tracking) against the built site and the reference API. */
import { expect, test } from './fixture';
import { cartLine, hydrated, openCheckoutWithGuestCart, readStored, shoot, simpleProducts } from './account-helpers';
import { messages } from '../../src/lib/messages';
import { sampleOrder } from '../../scripts/lib/sample-order';

const purchases = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, any>[] }).dataLayer ?? []).filter((e) => e.event === 'purchase'));

test('returning with the cart and the token of an order placed elsewhere: without an order lookup (vue-storefront-api has none) the page says so and keeps the cart', async ({
  page,
  request,
}) => {
  const [ring] = simpleProducts(1);
  // the shopper's bag, and an order the external checkout placed for it
  await openCheckoutWithGuestCart(page, [cartLine(ring!, 3)]);
  const placed = await request.post('/api/order', {
    data: sampleOrder({ id: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, products: [{ sku: ring!.sku, qty: 3 }] }),
  });
  const answer = (await placed.json()).result as { token: string; increment_id: string };
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ext/order-info/')) asked.push(r.url());
  });

  await page.goto(`/order-success?o=${encodeURIComponent(answer.token)}`);
  await hydrated(page);
  await expect(page.getByText(messages.orderLookupFailed)).toBeVisible();
  await expect(page.getByText(/Your order number is/)).toHaveCount(0);
  expect(asked).toEqual([]);
  expect(await purchases(page)).toEqual([]);
  expect(((await readStored<unknown[]>(page, 'carts', 'current-cart')) ?? []).length).toBe(1);
});

test('without a token or with an empty cart only the general texts show and nothing is tracked', async ({ page }) => {
  await page.goto('/order-success?o=some-token');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Order confirmation', level: 1 })).toBeVisible();
  await expect(page.getByText('Your order has been placed. Thank you for shopping with us.')).toBeVisible();
  await expect(page.getByText('You can follow the delivery status of your order from your account, under My orders.')).toBeVisible();
  await expect(page.getByText('We have sent you a confirmation e-mail with the details of your order.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in with your account to see your order history and track future orders.' })).toBeVisible();
  await expect(page.getByText(/Your order number is/)).toHaveCount(0);
  expect(await purchases(page)).toEqual([]);
  await shoot(page, 'order-success-general');

  const [ring] = simpleProducts(1);
  await openCheckoutWithGuestCart(page, [cartLine(ring!)]);
  await page.goto('/order-success');
  await hydrated(page);
  await expect(page.getByText(/Your order number is/)).toHaveCount(0);
  expect(await purchases(page)).toEqual([]);
  // rejected: the cart stays
  expect(((await readStored<unknown[]>(page, 'carts', 'current-cart')) ?? []).length).toBe(1);
});
