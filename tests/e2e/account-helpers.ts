/**
 * Helpers of the sign-in, account and checkout e2e tests: sample products, customers made through the
 * API, the cart seeded in browser storage (as a guest's earlier visit leaves it), and the auth modal.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalog } from '../../src/lib/routing/routes';
import type { Product } from '../../src/lib/schemas';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** The e2e server's data folder (playwright.config.ts): its token secret signs test tokens. */
export const DATA_DIR = `/tmp/pj-e2e-shop-${PORT}`;

/** Simple, enabled, in-stock products with a price, for cart lines. */
export function simpleProducts(count: number): Product[] {
  const list = catalog().products.filter(
    (p) =>
      p.type_id === 'simple' &&
      p.status === 1 &&
      !p.discontinued &&
      p.stock?.is_in_stock &&
      (p.stock.qty ?? 0) >= 20 &&
      typeof p.price === 'number' &&
      p.price > 0 &&
      !p.custom_options?.some((o) => o.is_require),
  );
  if (list.length < count) throw new Error(`the sample has only ${list.length} simple products in stock`);
  return list.slice(0, count);
}

/** A cart line as the cart store keeps it. */
export const cartLine = (p: Product, qty = 1) => ({ sku: p.sku, qty, name: p.name, price: Number(p.final_price || p.price), product_type: p.type_id });

let seq = 0;
/** A new customer made through the API; returns the e-mail and password. */
export async function createCustomer(request: APIRequestContext, firstname = 'Ada', lastname = 'Lovelace') {
  const email = `e2e-${Date.now()}-${++seq}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'password123';
  const r = await request.post('/api/user/create', { data: { customer: { email, firstname, lastname }, password } });
  expect(r.status()).toBe(200);
  return { email, password, firstname, lastname };
}

/** Writes a value into one of the shop's browser collections (localforage over IndexedDB). */
export async function writeStored(page: Page, collection: string, key: string, value: unknown): Promise<void> {
  // The page's stores create their databases as they start: wait for this one.
  await expect
    .poll(() =>
      readStored(page, collection, '__exists__').then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  await page.evaluate(
    async ({ db, key, value }) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains('keyvaluepairs')) {
            d.close();
            reject(new Error(`${db} is not a localforage database yet`));
            return;
          }
          const tx = d.transaction('keyvaluepairs', 'readwrite');
          tx.objectStore('keyvaluepairs').put(value, key);
          tx.oncomplete = () => {
            d.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { db: `shop-gb-${collection}`, key, value },
  );
}

/** Reads a value from one of the shop's browser collections. */
export async function readStored<T = unknown>(page: Page, collection: string, key: string): Promise<T | null> {
  return page.evaluate(
    ({ db, key }) =>
      new Promise<T | null>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains('keyvaluepairs')) {
            d.close();
            return key === '__exists__' ? reject(new Error(`${db} is not a localforage database yet`)) : resolve(null);
          }
          const req = d.transaction('keyvaluepairs').objectStore('keyvaluepairs').get(key);
          req.onsuccess = () => (d.close(), resolve((req.result ?? null) as T | null));
          req.onerror = () => reject(req.error);
        };
      }),
    { db: `shop-gb-${collection}`, key },
  );
}

/** Waits until every island on the page has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Forgets the bag's server cart (its token), then opens `path`: written from a page without the shop's
 * scripts, as an open shop page keeps the token in memory and may store it again before a reload.
 */
export async function forgetServerCart(page: Page, path = '/checkout'): Promise<void> {
  await page.goto('/robots.txt');
  await writeStored(page, 'carts', 'current-cart-token', null);
  await page.goto(path);
  await hydrated(page);
}

/**
 * Opens the checkout as a guest whose earlier visit left these lines in the cart (stored in the
 * browser, not yet on any server cart); the page then sends them to a new guest cart.
 */
export async function openCheckoutWithGuestCart(page: Page, lines: ReturnType<typeof cartLine>[]): Promise<void> {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText(/Your bag is empty|Your bag/).first()).toBeVisible();
  await writeStored(page, 'carts', 'current-cart', lines);
  await page.reload();
  await hydrated(page);
  const bag = page.getByRole('region', { name: 'Your bag' });
  for (const l of lines) await expect(bag.getByText(l.name)).toBeVisible();
}

/** The sign-in dialog. */
export const authDialog = (page: Page) => page.getByRole('dialog');

/** Opens the sign-in dialog the way any `[data-open-auth]` control on a page does (a control is added for the test). */
export async function openSignIn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.setAttribute('data-open-auth', 'login');
    b.textContent = 'open sign-in';
    document.body.append(b);
  });
  await page.getByRole('button', { name: 'open sign-in' }).click();
}

/** Logs in through the open sign-in dialog (login form). */
export async function loginInDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  // logging in also merges the cart (a few calls): allow for a busy machine
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

/**
 * An access token for the same customer as `token` that expires `seconds` from now, signed with the
 * server's secret as any JWT (HS256, RFC 7519) is: written out here, not made by the server's code.
 */
export function tokenExpiringIn(token: string, seconds: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { typ: string; sub: number; ver: number; fam?: string };
  const secret = readFileSync(`${DATA_DIR}/token-secret`, 'utf8').trim();
  const iat = Math.floor(Date.now() / 1000);
  // The same session (fam): access tokens outside an open session are refused.
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat, exp: iat + seconds, jti: randomBytes(9).toString('base64url') })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Screenshots of the current page at 375px and 1280px, or the widths in SHOT_WIDTHS ("390,1366") ({SHOTS_DIR or test-results/screenshots}/{name}-{width}.png). */
export async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  const widths = process.env.SHOT_WIDTHS?.split(',').map(Number) ?? [375, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results/screenshots'}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}
