/**
 * Helpers of the offline e2e suites: an own shop server per suite (the fault switch is global to a
 * server, so these suites never share one with other specs), the order harness, fault rules, the
 * API's order database, order payloads, and a simulated next deploy.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ConcurrentSend, OrderSend } from '../../server/faults';
import { startServer, type RunningServer } from '../../server/server';
import { config } from '../../src/lib/config';
import { collectionDbName } from '../../src/lib/state/storage';
import type { OfflineOrder, OrderPayload } from '../../src/lib/schemas';
import { readProducts } from '../../src/lib/snapshot/read';
import type { FaultRule } from './offline-schedules';
import { readStored } from './account-helpers';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The built site under test (the shared e2e server's choice: DIST_DIR, else dist/). */
export const DIST = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');

/** Starts an own shop server (fault switch on, fresh database) on a free port. */
export async function startShop(distDir = DIST): Promise<RunningServer & { dataDir: string }> {
  expect(existsSync(join(distDir, 'sw.js')), `${distDir} has no sw.js: build the site first`).toBe(true);
  const dataDir = mkdtempSync(join(tmpdir(), 'pj-offline-e2e-'));
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dataDir, 'shop.db'),
    distDir,
    env: { ...process.env, SHOP_FAULTS: '1', LOG_REQUESTS: '0', RATE_LIMIT_MAX: '100000', OUTBOX_DIR: join(dataDir, 'outbox') },
  });
  return Object.assign(running, { dataDir });
}

/** Stops a server started by startShop and removes its data. */
export async function stopShop(shop: (RunningServer & { dataDir: string }) | undefined): Promise<void> {
  if (!shop) return;
  await shop.close(2000);
  rmSync(shop.dataDir, { recursive: true, force: true });
}

/** The shop's base URL on localhost (the worker-file check of §4 runs there). */
export const baseOf = (shop: RunningServer) => `http://localhost:${shop.port}`;

/** The API answer's result (throws on a non-200 code). */
export async function api<T = unknown>(shop: RunningServer, path: string, init?: RequestInit): Promise<T> {
  const send = () => fetch(`${baseOf(shop)}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  // A kept-alive socket the server just closed fails at once (ECONNRESET): these test calls may repeat.
  const res = await send().catch(() => send());
  const body = (await res.json()) as { code: number; result: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${JSON.stringify(body.result)}`);
  return body.result;
}

export const setFaults = (shop: RunningServer, rules: FaultRule[]) =>
  rules.length ? api(shop, '/api/__faults', { method: 'POST', body: JSON.stringify(rules) }) : Promise.resolve();
export const clearFaults = (shop: RunningServer) => api(shop, '/api/__faults', { method: 'DELETE' });
export const faultState = (shop: RunningServer) => api<{ rules: Array<FaultRule & { hits: number }>; counts: Record<string, number> }>(shop, '/api/__faults');
/** The API's log of order POSTs (test switch; docs/api.md): each with its order id, sender and in-flight window. */
export type { OrderSend };
export const orderSends = (shop: RunningServer) => api<{ sends: OrderSend[]; concurrent: ConcurrentSend[] }>(shop, '/api/__order-sends');
export const clearOrderSends = (shop: RunningServer) => api(shop, '/api/__order-sends', { method: 'DELETE' });

/** A customer made through the API, with the id the API gives it. */
export interface TestCustomer {
  email: string;
  password: string;
  id: number;
}
export async function createTestCustomer(shop: RunningServer, tag: string): Promise<TestCustomer> {
  const email = `soak-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'password123';
  await api(shop, '/api/user/create', { method: 'POST', body: JSON.stringify({ customer: { email, firstname: 'Soak', lastname: tag }, password }) });
  const token = await api<string>(shop, '/api/user/login', { method: 'POST', body: JSON.stringify({ username: email, password }) });
  const me = await api<{ id: number }>(shop, `/api/user/me?token=${encodeURIComponent(token)}`);
  return { email, password, id: me.id };
}

export const setStock = (shop: RunningServer, sku: string, qty: number) =>
  api(shop, '/api/__stock', { method: 'POST', body: JSON.stringify({ sku, qty, is_in_stock: qty > 0 }) });

/** An order as the API's database holds it. */
export interface DbOrder {
  order_id: string;
  increment_id: string;
  payload: OrderPayload;
  totals: { grand_total: number; items: Array<{ sku: string; qty: number; price_incl_tax: number }> };
  lines: unknown;
}
export const dbOrders = (shop: RunningServer) => api<DbOrder[]>(shop, '/api/__orders');

/** Simple, in-stock products without special prices or options: their price is the line price. */
export interface TestProduct {
  sku: string;
  name: string;
  price: number;
}
export function testProducts(count: number): TestProduct[] {
  return readProducts()
    .filter(
      (p) =>
        p.type_id === 'simple' &&
        p.status === 1 &&
        p.visibility === 4 &&
        !p.discontinued &&
        !p.special_price &&
        !p.custom_options?.length &&
        typeof p.price === 'number' &&
        p.price > 0,
    )
    .slice(0, count)
    .map((p) => ({ sku: p.sku, name: p.name, price: p.price as number }));
}

const address = (postcode = 'PR1 2AB', email = 'ada@example.com') => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Fishergate'],
  city: 'Preston',
  postcode,
  country_id: 'GB',
  telephone: '01772 000000',
  email,
});

/** An order payload as the checkout builds it (free delivery, cash on delivery: the total is the lines' sum); a customer's carries their id. */
export function orderPayload(
  orderId: string,
  lines: Array<{ product: TestProduct; qty: number }>,
  opts: { postcode?: string; customer?: { id: number; email: string } | null } = {},
): OrderPayload {
  const a = address(opts.postcode, opts.customer?.email);
  const now = new Date().toISOString();
  return {
    order_id: orderId,
    created_at: now,
    updated_at: now,
    transmited: false,
    store_code: config.storeViews.default.storeCode,
    ...(opts.customer ? { user_id: opts.customer.id } : {}),
    products: lines.map((l) => ({
      sku: l.product.sku,
      qty: l.qty,
      name: l.product.name,
      price: l.product.price,
      priceInclTax: l.product.price,
      product_type: 'simple',
    })),
    addressInformation: {
      shippingAddress: a,
      billingAddress: a,
      shipping_method_code: 'freeshipping',
      shipping_carrier_code: 'freeshipping',
      payment_method_code: 'cashondelivery',
    },
  } as OrderPayload;
}

let harnessCode: Promise<string> | null = null;
/** The browser harness (tests/e2e/offline-harness.ts) bundled as one classic script. */
export function harness(): Promise<string> {
  harnessCode ??= build({
    entryPoints: [join(ROOT, 'tests/e2e/offline-harness.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  }).then((r) => r.outputFiles[0]!.text);
  return harnessCode;
}

/** A browser context with the harness in every page. */
export async function shopContext(browser: Browser, shop: RunningServer): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: baseOf(shop) });
  const css = readFileSync(join(ROOT, 'src/browser/offline/OfflineOrders.css'), 'utf8');
  await ctx.addInitScript({ content: `window.__offlineOrdersCss = ${JSON.stringify(css)};` });
  await ctx.addInitScript({ content: await harness() });
  return ctx;
}

type Harness = {
  placeOrder(p: OrderPayload): Promise<{ status: string; message?: string; order: OfflineOrder; result?: unknown }>;
  listQueuedOrders(): Promise<OfflineOrder[]>;
  listStoredOrders(): Promise<OfflineOrder[]>;
  sendQueuedOrders(): Promise<unknown>;
  sendAgain(orderId: string): Promise<unknown>;
  openConfirmation(): Promise<number>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
};
declare global {
  interface Window {
    __orders: Harness;
  }
}

/** Opens a page and waits until the service worker controls it. */
export async function openControlled(ctx: BrowserContext, path = '/'): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(path);
  // The worker is registered by the page scripts, which start after the first paint and an idle moment.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  return page;
}

/** Places an order from a page through the shop's order queue. */
export function placeOrder(page: Page, payload: OrderPayload) {
  return page.evaluate((p) => window.__orders.placeOrder(p), payload);
}

/**
 * Polls the browser storage itself until the order is there: it is written before any send, and only
 * a committed write outlives a reload (the page's own list also shows a write still in flight, which
 * a reload aborts: an order the shop never said it kept).
 */
export async function untilStored(page: Page, orderId: string): Promise<void> {
  // A page going to its next page (a checkout's confirmation) answers once it is there.
  await expect.poll(async () => (await readStored(page, 'orders', orderId).catch(() => null)) !== null, { timeout: 10_000 }).toBe(true);
}

/** The orders stored in the page's browser storage. */
export function storedOrders(page: Page): Promise<OfflineOrder[]> {
  return page.evaluate(() => window.__orders.listStoredOrders());
}

/** The orders still waiting in the page's browser storage. */
export async function waitingOrders(page: Page): Promise<OfflineOrder[]> {
  return page.evaluate(() => window.__orders.listQueuedOrders());
}

/**
 * Copies a built site into a "next deploy": every hashed asset gets a new name (and every reference
 * to it follows), so the old asset URLs are gone, as after a real deploy; the service worker changes.
 */
export function nextDeploy(fromDir: string): string {
  const out = mkdtempSync(join(tmpdir(), 'pj-next-deploy-'));
  cpSync(fromDir, out, { recursive: true });
  const assets = join(out, '_astro');
  const renames = new Map<string, string>();
  for (const name of readdirSync(assets)) {
    const m = /^(.*)\.([A-Za-z0-9_-]{8,})\.(\w+)$/.exec(name);
    if (!m) continue;
    const next = `${m[1]}.${m[2]!.slice(0, 6)}v2.${m[3]}`;
    renames.set(name, next);
    renameSync(join(assets, name), join(assets, next));
  }
  const textFile = /\.(html|js|mjs|css|json|webmanifest)$/;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (textFile.test(name)) {
        const before = readFileSync(p, 'utf8');
        let after = before;
        for (const [from, to] of renames) if (after.includes(from)) after = after.split(from).join(to);
        if (p.endsWith(join(out, 'sw.js'))) after += '\n// next deploy\n';
        if (after !== before) writeFileSync(p, after);
      }
    }
  };
  walk(out);
  // A real build writes the revisions of the precached files: recompute those that changed.
  const sw = join(out, 'sw.js');
  const code = readFileSync(sw, 'utf8').replace(/"revision":"([0-9a-f]{32})","url":"([^"]+)"/g, (all, _rev: string, url: string) => {
    const file = [join(out, url), join(out, url, 'index.html')].find((f) => existsSync(f) && statSync(f).isFile());
    return file ? `"revision":"${createHash('md5').update(readFileSync(file)).digest('hex')}","url":"${url}"` : all;
  });
  writeFileSync(sw, code);
  return out;
}

/** Writes one value into a collection's localforage database, creating it as localforage would. */
export async function putStored(
  page: Page,
  collection: 'orders' | 'carts',
  key: string,
  value: unknown,
  store = config.storeViews.default.storeCode,
): Promise<void> {
  // Every way the write can end says so (a hang here would only show as the test's time-out): a
  // database made without the store (an empty one another reader created) gets it in a new version,
  // as localforage does.
  await page.evaluate(
    ({ db, key, value }) =>
      new Promise<void>((resolve, reject) => {
        const fail = (why: string) => reject(new Error(`putStored ${db}/${key}: ${why}`));
        const timer = setTimeout(() => fail('no answer in 15 s'), 15_000);
        const open = (version?: number) => {
          const req = version === undefined ? indexedDB.open(db) : indexedDB.open(db, version);
          req.onupgradeneeded = () => {
            if (!req.result.objectStoreNames.contains('keyvaluepairs')) req.result.createObjectStore('keyvaluepairs');
          };
          req.onblocked = () => fail('the upgrade is blocked by another connection');
          req.onerror = () => fail(`open: ${req.error?.message}`);
          req.onsuccess = () => {
            const d = req.result;
            d.onversionchange = () => d.close();
            if (!d.objectStoreNames.contains('keyvaluepairs')) {
              d.close();
              open(d.version + 1);
              return;
            }
            try {
              const tx = d.transaction('keyvaluepairs', 'readwrite');
              tx.objectStore('keyvaluepairs').put(value, key);
              tx.oncomplete = () => (clearTimeout(timer), d.close(), resolve());
              tx.onerror = () => fail(`write: ${tx.error?.message}`);
              tx.onabort = () => fail(`write aborted: ${tx.error?.message}`);
            } catch (err) {
              d.close();
              fail(`write: ${(err as Error).message}`);
            }
          };
        };
        open();
      }),
    { db: collectionDbName(collection, store), key, value },
  );
}

/** A bag's or a server cart's lines, as `sku×qty` sorted. */
const cartLines = (items: ReadonlyArray<{ sku: string; qty: number }>) =>
  items
    .map((i) => `${i.sku}×${i.qty}`)
    .sort()
    .join(' ');

/**
 * Whether the bag the page keeps and the server cart it belongs to hold the same lines once the
 * schedule is over (the cart's rounds may still be finishing: asked until they agree or 10 s pass).
 * Null when they agree; otherwise what each holds. The server cart is asked as the shop asks it
 * (`cart/pull` with the session's token and the bag's cart id).
 */
export async function bagAgainstServer(page: Page, shopUrl: string): Promise<string | null> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [items, cartId, token] = await Promise.all([
      readStored<Array<{ sku: string; qty: number }>>(page, 'carts', 'current-cart'),
      readStored<string>(page, 'carts', 'current-cart-token'),
      readStored<string>(page, 'user', 'current-token'),
    ]);
    const bag = cartLines(items ?? []);
    let seen: string;
    if (!cartId) {
      if (!bag) return null;
      seen = `bag [${bag}] and no server cart`;
    } else {
      const r = await fetch(`${shopUrl}/api/cart/pull?token=${encodeURIComponent(token ?? '')}&cartId=${encodeURIComponent(cartId)}`);
      const body = (await r.json()) as { result?: unknown };
      const server = Array.isArray(body.result) ? cartLines(body.result as Array<{ sku: string; qty: number }>) : null;
      if (server === bag) return null;
      seen = `bag [${bag}], server cart ${server === null ? `answered ${r.status} ${JSON.stringify(body.result)}` : `[${server}]`}`;
    }
    if (Date.now() > deadline) return seen;
    await new Promise((r) => setTimeout(r, 250));
  }
}
