/**
 * A browser storage (IndexedDB) that answers late, as on a busy phone or a test machine under load:
 * a signed-in shopper's account page waits for the session instead of sending them home as signed
 * out, says so when the storage never answers, and a bag line stored just before a link is pressed
 * is not lost to the page change (leaving a page aborts its unfinished IndexedDB transactions).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixture';
import { createCustomer, hydrated, loginInDialog, openSignIn, readStored } from './account-helpers';
import { addToCart, cartBadge, openProduct, productUrl, simpleProduct } from './product-cart-helpers';
import { messages } from '../../src/lib/messages';

// The pages' own storage is what is slowed: no service worker (and its precache) in between.
test.use({ serviceWorkers: 'block' });

/**
 * Makes one of the shop's databases slow on pages whose path starts with `path`: each read answers
 * `read` ms late (or never), and each write keeps its transaction busy for `write` ms before it puts,
 * so the write is really running (and a page change really aborts it). The real IndexedDB, slowed.
 */
async function slowDatabase(page: Page, o: { db: string; path: string; read?: number | 'hang'; write?: number }): Promise<void> {
  await page.addInitScript((o) => {
    const here = () => location.pathname.startsWith(o.path);
    const slowed = (store: IDBObjectStore) => here() && store.transaction.db.name === o.db;
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      const req = get.call(this, key);
      if (o.read === undefined || !slowed(this)) return req;
      // The page's success handler (localforage sets onsuccess) runs late, or never.
      let handler: ((this: IDBRequest, e: Event) => unknown) | null = null;
      Object.defineProperty(req, 'onsuccess', { configurable: true, get: () => handler, set: (fn) => (handler = fn) });
      req.addEventListener('success', (e) => {
        if (o.read !== 'hang') setTimeout(() => handler?.call(req, e), o.read);
      });
      return req;
    };
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (o.write === undefined || !slowed(this)) return put.call(this, value, key);
      const until = Date.now() + o.write;
      // The transaction stays busy with small reads until the put goes in, as a slow disk keeps it.
      const spin = (): IDBRequest => {
        const r = this.count();
        r.onsuccess = () => void (Date.now() < until ? spin() : put.call(this, value, key));
        return r;
      };
      return spin();
    };
  }, o);
}

/** A customer signed in through the home page's dialog (the session is then stored). */
async function signedIn(page: Page, request: Parameters<typeof createCustomer>[0]) {
  const c = await createCustomer(request);
  await page.goto('/');
  await hydrated(page);
  await openSignIn(page);
  await loginInDialog(page, c.email, c.password);
  return c;
}

test('an account page whose session read answers after 6 s waits for it: the signed-in shopper stays', async ({ page, request }) => {
  const c = await signedIn(page, request);
  await slowDatabase(page, { db: 'shop-gb-user', path: '/my-account', read: 6_000 });
  await page.goto('/my-account');
  // The §9 time-out (800 ms) and the retry (3.2 s) pass first; the page keeps waiting.
  await expect(page.getByText(messages.accountLoading)).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.accountProfile })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(c.email)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/my-account');
});

test('an account page whose storage never answers says so and offers to try again, without signing the shopper out', async ({ page, request }) => {
  // 0.8 + 3.2 s of §9 time-outs, then 12 s of waiting for a late answer.
  test.setTimeout(90_000);
  await signedIn(page, request);
  await slowDatabase(page, { db: 'shop-gb-user', path: '/my-account', read: 'hang' });
  await page.goto('/my-account/orders');
  const alert = page.getByRole('alert').filter({ hasText: messages.accountSessionUnread });
  await expect(alert).toBeVisible({ timeout: 40_000 });
  expect(new URL(page.url()).pathname).toBe('/my-account/orders');
  await expect(alert.getByRole('button', { name: messages.tryAgain })).toBeVisible();
  // Nothing was lost: once the storage answers again (here: on a page it is not slowed on), the
  // shopper is still signed in.
  await page.goto('/');
  expect(await readStored<string>(page, 'user', 'current-token')).toBeTruthy();
});

test('a bag line whose write is still running when a link is pressed is in the bag on the next page', async ({ page }) => {
  const p = simpleProduct(0);
  await slowDatabase(page, { db: 'shop-gb-carts', path: new URL(productUrl(p), 'http://shop').pathname, write: 2_500 });
  await openProduct(page, p);
  await addToCart(page);
  // Pressed at once: the cart's write (2.5 s) is still running.
  await page.locator('a.logo').first().click();
  await page.waitForURL((u) => u.pathname === '/');
  await hydrated(page);
  await expect(cartBadge(page)).toHaveText('1');
  const stored = await readStored<{ sku: string }[]>(page, 'carts', 'current-cart');
  expect(stored?.map((l) => l.sku)).toEqual([p.sku]);
});
