/**
 * The shopper's journeys, written once and run in Firefox and WebKit (./firefox.test.ts,
 * ./webkit.test.ts; which runs where: docs/engines.md). Expected values come from the sample
 * catalogue and the spec's texts, never from the page under test.
 */
import { expect } from 'vitest';
import { config } from '../../src/lib/config';
import { productUrl } from '../../src/lib/catalog/urls';
import { simpleProduct, sizedRing } from '../e2e/product-cart-helpers';
import type { Product } from '../../src/lib/schemas';
import type { Tab } from './driver';
import {
  clickButton,
  count,
  controlled,
  fillLabel,
  freshShopper,
  guestCheckout,
  hydrated,
  pathOf,
  seeCount,
  seePath,
  seeText,
  until,
  watchErrors,
  type Run,
} from './steps';
import { orderPayload } from '../e2e/offline-helpers';
import { messages } from '../../src/lib/messages';

const PER_PAGE = config.constants.categoryPageSize;

export const uniqueEmail = (engine: string, tag: string) => `${engine}-${tag}-${Date.now().toString(36)}@example.co.uk`;

/** Opens a product page and adds it (after `choose`) to the bag; waits for the shop's confirmation. */
export async function addProduct(tab: Tab, base: string, p: Product, lines: number, choose?: () => Promise<void>): Promise<void> {
  await tab.goto(`${base}${productUrl(p, {})}`);
  // The options island wakes at the shopper's first touch (client:interact).
  await tab.evaluate(() => void document.querySelector('.pf')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
  await seeCount(tab, '.pf[data-live]', (n) => n === 1, 'the product options live');
  await choose?.();
  await seeCount(tab, '.pf-checking', (n) => n === 0, 'the stock check done');
  await clickButton(tab, 'Add to cart');
  // The shop's confirmation (its toast sits over the header's bag until it goes).
  await seeText(tab, messages.addedToCart, 30_000);
  // The header's bag badge counts the lines once the shop's cart took the product.
  await until(
    () => tab.evaluate(() => document.querySelector('[data-cart-count]')?.textContent?.trim()),
    (t) => t === String(lines),
    `the bag badge at ${lines}`,
    30_000,
  );
}

/** The orders the API's database holds for this e-mail address. */
export async function ordersOf(run: Run, email: string): Promise<Array<{ order_id: string; increment_id: string }>> {
  const rows =
    await run.shop.api<Array<{ order_id: string; increment_id: string; payload: { addressInformation?: { shippingAddress?: { email?: string } } } }>>(
      '/api/__orders',
    );
  return rows.filter((o) => o.payload.addressInformation?.shippingAddress?.email === email);
}

/**
 * Browse home → category (filter, sort, scroll) → product (a size, add to bag) → bag (quantity up,
 * a line removed) → checkout with cash on delivery → order success; the order is in the database once.
 */
export async function shopperJourney(run: Run, tab: Tab): Promise<void> {
  const { base } = run.shop;
  await freshShopper(tab, base);
  await controlled(tab);
  // Home → the rings category by its link.
  await tab.click({ css: 'a[href="/rings"]' });
  await seePath(tab, /^\/rings$/);
  const total = await seeCount(tab, '#product-grid .tile', (n) => n > 0, 'the rings listed');
  const countText = () => tab.evaluate(() => document.querySelector('[data-listing-count]')?.textContent?.trim() ?? '');
  const before = await countText();
  // Filter by the first colour: the address and the count follow.
  await tab.click({ css: '[data-facet="color"] input[type="checkbox"]' });
  await seePath(tab, /^\/rings\?color=\d+$/);
  await until(countText, (t) => t !== before && /^\d+ items?$/.test(t), 'the filtered count');
  // Sort by price, low to high: the tiles' prices ascend.
  await tab.select({ css: '#sort-desktop' }, 'final_price:asc');
  await seePath(tab, /sort=final_price:asc/);
  const prices = await until(
    () => tab.evaluate(() => [...document.querySelectorAll<HTMLElement>('#product-grid .tile')].map((t) => Number(t.dataset.finalPrice))),
    (p) => p.length > 0 && p.every((x, i) => i === 0 || p[i - 1]! <= x),
    'the tiles in ascending price',
  );
  expect(prices.length).toBeGreaterThan(0);
  expect(total).toBeGreaterThan(0);
  // Scroll: a long category appends the next page at the bottom.
  await tab.goto(`${base}/brands`);
  await seeCount(tab, '#product-grid .tile', (n) => n === PER_PAGE, 'the first page of brands');
  await until(
    async () => {
      await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return tab.evaluate(() => document.querySelectorAll('#product-grid .tile').length);
    },
    (n) => n > PER_PAGE,
    'the next page appended on scrolling',
  );

  // Product: a ring in a second size, then a simple product.
  const ring = sizedRing();
  const other = simpleProduct();
  await addProduct(tab, base, ring.product, 1, () => tab.click({ css: 'button', text: new RegExp(`^${ring.size.label}$`) }));
  await addProduct(tab, base, other, 2);

  // Bag: the ring's quantity up to 2, the other line removed.
  await watchErrors(tab);
  await tab.click({ css: 'a', text: /^Cart/ });
  await seeCount(tab, `[data-cart-line="${ring.child.sku}"]`, (n) => n === 1, 'the ring in the bag', 30_000);
  await tab.click({ css: 'button', text: `Increase the quantity of ${ring.product.name}` });
  await until(
    () => tab.evaluate((n) => (document.querySelector(`input[aria-label="Quantity of ${n}"]`) as HTMLInputElement | null)?.value ?? '', ring.product.name),
    (v) => v === '2',
    'the ring quantity 2',
  );
  await tab.click({ css: 'button', text: `Remove ${other.name}` });
  await clickButton(tab, 'Yes, remove it');
  await seeCount(tab, `[data-cart-line="${other.sku}"]`, (n) => n === 0, 'the other line gone');

  // Checkout as a guest, cash on delivery.
  await tab.goto(`${base}/checkout`);
  await hydrated(tab);
  const email = uniqueEmail(run.engine.name, 'journey');
  await guestCheckout(tab, email);
  await clickButton(tab, 'Place the order');
  await seePath(tab, /^\/order-success\?o=/, 30_000);
  const text = await seeText(tab, /Your order number is PJ\d+\./);
  const number = /PJ\d+/.exec(text)![0];
  const mine = await until(
    () => ordersOf(run, email),
    (o) => o.length > 0,
    'the order in the database',
  );
  expect(mine.map((o) => o.increment_id)).toEqual([number]);
  expect(await pathOf(tab)).toMatch(/^\/order-success/);
}

/** A customer made through the API, with an order placed for them; the shopper signs in and finds the order in the account. */
export async function accountJourney(run: Run, tab: Tab): Promise<void> {
  const { base } = run.shop;
  const email = uniqueEmail(run.engine.name, 'account');
  const password = 'password123';
  await run.shop.api('/api/user/create', { method: 'POST', body: JSON.stringify({ customer: { email, firstname: 'Ada', lastname: 'Lovelace' }, password }) });
  const token = await run.shop.api<string>('/api/user/login', { method: 'POST', body: JSON.stringify({ username: email, password }) });
  const me = await run.shop.api<{ id: number }>(`/api/user/me?token=${encodeURIComponent(token)}`);
  const p = simpleProduct(5);
  const id = `${run.engine.name}-account-${Date.now().toString(36)}`;
  const placed = await run.shop.api<{ increment_id?: string }>(`/api/order?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    // VSFA's order schema takes `user_id` as a string (the shop's own send converts it the same way).
    body: JSON.stringify({
      ...orderPayload(id, [{ product: { sku: p.sku, name: p.name, price: Number(p.price) }, qty: 1 }], { customer: { id: me.id, email } }),
      user_id: String(me.id),
    }),
  });
  const number = placed.increment_id ?? (await ordersOf(run, email))[0]?.increment_id;
  expect(number).toMatch(/^PJ\d+$/);

  await freshShopper(tab, base);
  // My orders, signed out: the sign-in dialog opens.
  await tab.goto(`${base}/my-account/orders`);
  // The account page sends a signed-out visitor home, where the sign-in dialog opens with the message.
  await seePath(tab, /^\/$/);
  await watchErrors(tab);
  await seeText(tab, messages.loginRequired, 30_000);
  await fillLabel(tab, 'E-mail address', email, 'dialog input');
  await fillLabel(tab, 'Password', password, 'dialog input');
  await tab.click({ css: 'dialog button[type="submit"]', text: 'Log in' });
  // The shop itself takes the shopper back to My orders once the login is stored (a second
  // navigation by the test would race it).
  await seePath(tab, /^\/my-account\/orders$/, 30_000);
  await watchErrors(tab);
  await hydrated(tab);
  // The orders list shows each order's number, date, status and total (not its lines).
  await seeText(tab, `#${number!}`);
}

/** The header's search panel finds a product by name and opens it; the results page lists it too. */
export async function searchJourney(run: Run, tab: Tab): Promise<void> {
  const { base } = run.shop;
  const p = sizedRing().product;
  const term = p.name.split(' ').slice(0, 2).join(' ');
  await tab.goto(`${base}/`);
  await clickButton(tab, messages.headerSearch, '#site-header button');
  await tab.fill({ css: 'input[type="search"]' }, term);
  await until(
    () => tab.evaluate(() => [...document.querySelectorAll('[role="dialog"] a, dialog a')].map((a) => (a.textContent ?? '').trim())),
    (names) => names.some((n) => n.includes(p.name)),
    `${p.name} among the panel's results`,
  );
  await tab.click({ css: 'a', text: p.name });
  await seePath(tab, new RegExp(`^${productUrl(p, {}).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await tab.goto(`${base}/search?q=${encodeURIComponent(term)}`);
  await seeText(tab, p.name);
}

/**
 * The header's search button pressed and a product's name typed straight away, before the panel's
 * box is there (its code loads on the first press): every letter lands in the box, in order, and the
 * panel finds the product.
 */
export async function searchTypedAhead(run: Run, tab: Tab): Promise<void> {
  const { base } = run.shop;
  const p = sizedRing().product;
  const term = p.name.split(' ').slice(0, 2).join(' ');
  await tab.goto(`${base}/`);
  // The header's script runs (the page's scripts start after the first paint).
  await until(
    () => tab.evaluate(() => (document.documentElement as HTMLElement & { pjHeader?: boolean }).pjHeader === true),
    (v) => v,
    "the header's script running",
  );
  await clickButton(tab, messages.headerSearch, '#site-header button');
  await tab.type(term);
  const box = () =>
    tab.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('dialog input[type="search"]');
      return input && { value: input.value, focused: document.activeElement === input };
    });
  expect(await until(box, (b) => !!b && b.value.length >= term.length, 'the typed name in the panel box')).toEqual({ value: term, focused: true });
  await until(
    () => tab.evaluate(() => [...document.querySelectorAll('dialog a')].map((a) => (a.textContent ?? '').trim())),
    (names) => names.some((n) => n.includes(p.name)),
    `${p.name} among the panel's results`,
  );
}

/** Where the tile with this sku is from the top of the window (null when it is not in the grid). */
const tileTop = (tab: Tab, sku: string) =>
  tab.evaluate((s) => document.querySelector(`#product-grid .tile[data-sku="${s}"]`)?.getBoundingClientRect().top ?? null, sku);

/** Waits until the grid shows `total` tiles and the tile with this sku is back within 50 px of `top`. */
async function seePlace(tab: Tab, total: number, sku: string, top: number, what: string): Promise<void> {
  await seeCount(tab, '#product-grid .tile', (n) => n === total, `every batch shown ${what}`);
  await until(
    () => tileTop(tab, sku),
    (t) => t !== null && Math.abs(t - top) < 50,
    `the tile back at ${Math.round(top)} px ${what}`,
  );
  // No batch more than there was (the browser's own restore did not scroll the first batch to its end).
  expect(await count(tab, '#product-grid .tile')).toBe(total);
}

/**
 * A long listing scrolled to its end, a tile of the third batch in view: a reload, and Back from that
 * tile's product page (the page cache kept out by an unload listener), each bring back every batch
 * and the same tile at the same height (§3 pagination).
 */
export async function listingPlace(run: Run, tab: Tab): Promise<void> {
  const { base } = run.shop;
  await tab.goto(`${base}/brands`);
  await seeCount(tab, '#product-grid .tile', (n) => n === PER_PAGE, 'the first page of brands');
  let last = 0;
  const total = await until(
    async () => {
      await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const n = await count(tab, '#product-grid .tile');
      const settled = n === last;
      last = n;
      return settled && (await tab.evaluate(() => !!document.querySelector('[data-load-more][hidden]'))) ? n : 0;
    },
    (n) => n > 3 * PER_PAGE,
    'every batch appended on scrolling',
    40_000,
  );
  const sku = await tab.evaluate(
    (i) => {
      const t = document.querySelectorAll<HTMLElement>('#product-grid .tile')[i]!;
      // The tile's link in the middle of the window, where a click on it would bring it.
      t.querySelector('a.tile__link')!.scrollIntoView({ block: 'center' });
      return t.dataset.sku!;
    },
    2 * PER_PAGE + 10,
  );
  const top = (await tileTop(tab, sku))!;
  await tab.reload();
  await seePlace(tab, total, sku, top, 'after a reload');

  await tab.evaluate(() => addEventListener('unload', () => {}));
  await tab.click({ css: `#product-grid .tile[data-sku="${sku}"] a.tile__link` });
  await seePath(tab, /^\/(?!brands$)/);
  await tab.evaluate(() => history.back());
  await seePath(tab, /^\/brands$/);
  await seePlace(tab, total, sku, top, 'after Back from its product page');
}
