/**
 * A small snapshot (docs/snapshot.md layout) with known prices and stock, and a helper that starts
 * the reference server on it with a temporary database, for API tests over real HTTP.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { freshDatabaseUrl } from './postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../../server/server';
import { createLogger } from '../../server/logger';
import type { ShopOptions } from '../../server/context';

const stock = (qty: number, inStock = qty > 0) => ({ is_in_stock: inStock, qty, min_sale_qty: 1, max_sale_qty: 10, manage_stock: true });

const product = (over: Record<string, unknown>) => ({
  type_id: 'simple',
  tax_class_id: 2,
  status: 1,
  visibility: 4,
  discontinued: 0,
  image: '/catalog/product/ring.svg',
  media_gallery: [],
  category_ids: [3],
  ...over,
  url_key: `${over.slug}-${over.id}`,
  url_path: `rings/${over.slug}-${over.id}`,
});

export const PRODUCTS = [
  product({
    id: 101,
    sku: 'RING-101',
    name: 'Silver Ring',
    slug: 'silver-ring',
    price: 120,
    stock: stock(10),
    // group price tiers (§6, used only when switched on): guests from 3, customers from 1
    tier_prices: [
      { customer_group_id: 0, qty: 3, value: 110 },
      { customer_group_id: 1, qty: 1, value: 114 },
    ],
  }),
  product({
    id: 102,
    sku: 'WATCH-102',
    name: 'Sale Watch',
    slug: 'sale-watch',
    price: 200,
    special_price: 150,
    special_from_date: '2000-01-01 00:00:00',
    special_to_date: '2099-12-31 23:59:59',
    stock: stock(5),
  }),
  product({
    id: 103,
    sku: 'BANGLE-103',
    name: 'Bangle',
    slug: 'bangle',
    type_id: 'configurable',
    price: 80,
    stock: stock(3),
    configurable_options: [
      {
        id: 1,
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Colour',
        values: [
          { value_index: 4000, label: 'Gold' },
          { value_index: 4004, label: 'Silver' },
        ],
      },
    ],
    configurable_children: [
      {
        id: 1031,
        sku: 'BANGLE-103-GOLD',
        name: 'Bangle Gold',
        price: 80,
        color: 4000,
        status: 1,
        stock: stock(3),
        custom_attributes: [{ attribute_code: 'color', value: '4000' }],
      },
      {
        id: 1032,
        sku: 'BANGLE-103-SILVER',
        name: 'Bangle Silver',
        price: 60,
        color: 4004,
        status: 1,
        stock: stock(0, false),
        custom_attributes: [{ attribute_code: 'color', value: '4004' }],
      },
    ],
  }),
  product({ id: 104, sku: 'LAST-104', name: 'Last Brooch', slug: 'last-brooch', price: 50, stock: stock(1) }),
  product({
    id: 105,
    sku: 'PENDANT-105',
    name: 'Engraved Pendant',
    slug: 'engraved-pendant',
    price: 100,
    stock: stock(20),
    custom_options: [
      { option_id: 1, type: 'field', title: 'Engraving text', is_require: false, price: 10, price_type: 'fixed', values: [] },
      {
        option_id: 2,
        type: 'radio',
        title: 'Font',
        is_require: false,
        values: [
          { option_type_id: 21, title: 'Script', price: 0, price_type: 'fixed' },
          { option_type_id: 22, title: 'Roman', price: 10, price_type: 'percent' },
        ],
      },
      {
        option_id: 3,
        type: 'checkbox',
        title: 'Gift wrap',
        is_require: false,
        values: [{ option_type_id: 31, title: 'Gift wrap', price: 3.95, price_type: 'fixed' }],
      },
    ],
  }),
  product({ id: 106, sku: 'GONE-106', name: 'Gone Chain', slug: 'gone-chain', price: 30, discontinued: 1, stock: stock(0, false) }),
  product({
    id: 107,
    sku: 'SET-107',
    name: 'Gift Set',
    slug: 'gift-set',
    type_id: 'bundle',
    price: 0,
    stock: stock(10),
    bundle_options: [
      {
        option_id: 1,
        title: 'Ring',
        required: true,
        product_links: [{ id: 1071, sku: 'RING-101', qty: 1, is_default: true, product: { id: 101, sku: 'RING-101', name: 'Silver Ring', price: 120 } }],
      },
      {
        option_id: 2,
        title: 'Watch',
        required: true,
        product_links: [
          {
            id: 1072,
            sku: 'WATCH-102',
            qty: 1,
            is_default: true,
            product: {
              id: 102,
              sku: 'WATCH-102',
              name: 'Sale Watch',
              price: 200,
              special_price: 150,
              special_from_date: '2000-01-01 00:00:00',
              special_to_date: '2099-12-31 23:59:59',
            },
          },
        ],
      },
    ],
  }),
];

const SHIPPING = [
  ['freeshipping', 'freeshipping', 'Royal Mail', 'Free 2nd Class Delivery', 0],
  ['flatrate', 'express', 'DPD Courier', 'Express Delivery', 6],
  ['freeexpress', 'freeexpress', 'DPD Courier', 'Free Express Delivery', 0],
  ['storecollection', 'preston', 'Store Collection', 'Preston', 0],
  ['storecollection', 'blackburn', 'Store Collection', 'Blackburn', 0],
  ['storecollection', 'bury', 'Store Collection', 'Bury', 0],
  ['storecollection', 'carlisle', 'Store Collection', 'Carlisle', 0],
].map(([carrier_code, method_code, carrier_title, method_title, amount]) => ({
  carrier_code,
  method_code,
  carrier_title,
  method_title,
  amount,
  base_amount: amount,
  available: true,
  error_message: '',
  price_excl_tax: Math.round(((amount as number) / 1.2) * 100) / 100,
  price_incl_tax: amount,
}));

const hours = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, open: '09:00', close: '17:30' }));

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c0c0c0"/></svg>\n';

/** Files of the fixture snapshot, by path. */
export function fixtureFiles(): Record<string, unknown> {
  return {
    'manifest.json': {
      version: 1,
      generated_at: '2026-11-01T00:00:00.000Z',
      source: 'api-test-fixture',
      store_code: 'gb',
      counts: { products: PRODUCTS.length },
      product_shards: ['products/0000.json'],
    },
    'products/0000.json': PRODUCTS,
    'categories.json': [
      {
        id: 2,
        parent_id: 1,
        name: 'Default Category',
        url_key: 'default-category',
        url_path: 'default-category',
        slug: 'default-category',
        level: 1,
        is_active: true,
        include_in_menu: true,
        path: '1/2',
      },
      {
        id: 3,
        parent_id: 2,
        name: 'Rings',
        url_key: 'rings',
        url_path: 'rings',
        slug: 'rings',
        level: 2,
        is_active: true,
        include_in_menu: true,
        path: '1/2/3',
        product_count: 5,
      },
    ],
    'attributes.json': [
      {
        attribute_code: 'color',
        attribute_id: 93,
        options: [
          { value: '4000', label: 'Gold' },
          { value: '4004', label: 'Silver' },
        ],
        frontend_label: 'Colour',
        frontend_input: 'select',
        is_visible_on_front: true,
        is_comparable: true,
      },
    ],
    'reviews.json': [
      {
        id: 1,
        product_id: 101,
        title: 'Lovely',
        detail: 'Really lovely ring.',
        nickname: 'Jo',
        review_status: 1,
        ratings: [{ percent: 100, value: 5 }],
        created_at: '2026-01-01 10:00:00',
      },
      { id: 2, product_id: 101, title: 'Pending one', detail: 'Waiting for moderation.', nickname: 'Al', review_status: 2, created_at: '2026-01-02 10:00:00' },
    ],
    'cms-pages.json': [
      { id: 1, identifier: 'about-us', title: 'About us', content: '<p>About the shop.</p>', store_id: 1 },
      { id: 2, identifier: 'repairs', title: 'Repairs', content: '<p>Repairs.</p>', booking_form: true },
    ],
    'cms-blocks.json': [{ id: 1, identifier: 'footer-about', title: 'Footer', content: '<p>Footer.</p>' }],
    'blog-posts.json': [
      {
        id: 1,
        title: 'How to Stack Rings',
        date: '2026-10-28 10:00:00',
        uri: '/pjworld/post/how-to-stack-rings',
        link: '/pjworld/post/how-to-stack-rings',
        content: '<p>Stack.</p>',
        author: { name: 'Hannah' },
        slug: 'how-to-stack-rings',
      },
    ],
    'blog-categories.json': [{ id: 1, name: 'Style Edit', slug: 'style-edit', posts: [1] }],
    'menus.json': Object.fromEntries(
      ['1', '2', '3', '4', '5', '6'].map((id) => [id, [{ node_id: Number(id) * 10, content: '/rings', classes: '', parent_id: null, title: `Menu ${id}` }]]),
    ),
    'banners/gb.json': { mainBanners: [{ image: '/banners/main.svg', title: 'Main', subtitle: 'Sub', link: '/rings' }], smallBanners: [], productBanners: [] },
    'shops.json': ['preston', 'blackburn', 'bury', 'carlisle'].map((loc, i) => ({
      id: loc,
      location: loc,
      name: `Pendle & James ${loc}`,
      street: [`${i + 1} High Street`],
      city: loc,
      postcode: 'PR1 2AD',
      country_id: 'GB',
      telephone: '01772 000000',
      email: `${loc}@pendleandjames.co.uk`,
      latitude: 53.7,
      longitude: -2.7,
      opening_hours: hours,
    })),
    'shipping-methods.json': SHIPPING,
    'payment-methods.json': [
      { title: 'Credit or debit card', code: 'card', default: true, is_server_method: true },
      { title: 'Cash on delivery', code: 'cashondelivery', cost: 0, costInclTax: 0, offline: true, is_server_method: false },
    ],
    'tax-rates.json': [{ rate: 20, code: 'GB VAT 20%', tax_country_id: 'GB', product_tax_class_ids: [2] }],
    'coupons.json': [
      { code: 'WELCOME10', type: 'percent', amount: 10, description: 'Newsletter 10% off' },
      { code: 'OLD20', type: 'percent', amount: 20, active: false },
    ],
    'social.json': {
      title: 'Follow us',
      handle: '@pj',
      profileUrl: 'https://example.org/pj',
      images: [{ image: '/social/post-1.svg', link: 'https://example.org/p/1', caption: 'One' }],
    },
    'url-map.json': [{ from: '/old-rings.html', to_type: 'category', to_id: 3 }],
  };
}

export const MEDIA = ['/catalog/product/ring.svg', '/banners/main.svg', '/social/post-1.svg'];

/** Writes the fixture snapshot into `dir` (created). */
export function writeFixtureSnapshot(dir: string, files = fixtureFiles()): string {
  for (const [name, value] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, JSON.stringify(value, null, 2) + '\n');
  }
  for (const m of MEDIA) {
    const p = join(dir, 'media', m);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, SVG);
  }
  return dir;
}

export interface TestShop extends RunningServer {
  dir: string;
  logs: string[];
  /** Calls the API: `call('POST', '/api/cart/create', { query, body })` -> { status, body, headers }. */
  call(
    method: string,
    path: string,
    opts?: { query?: Record<string, string | undefined>; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/**
 * The database of a test shop in the `postgres` project: a schema of its own on the project's cluster
 * (tests/api/postgres.ts); undefined in the `sqlite` project (a temporary SQLite file).
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  const url = inject('postgresUrl');
  return url ? freshDatabaseUrl(url) : undefined;
}

/** Starts the server on the fixture (or a given snapshot) with a temporary database on a free port. */
export async function startTestShop(
  opts: { options?: Partial<ShopOptions>; env?: NodeJS.ProcessEnv; snapshotDir?: string; distDir?: string | null } & Partial<StartOptions> = {},
): Promise<TestShop> {
  const { options, env, snapshotDir: givenSnapshot, distDir, ...rest } = opts;
  const dir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const snapshotDir = givenSnapshot ?? writeFixtureSnapshot(join(dir, 'snapshot'));
  const logs: string[] = [];
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'shop.db'),
    databaseUrl: await testDatabaseUrl(),
    snapshotDir,
    distDir: distDir ?? null,
    logger: createLogger({ sink: (l) => logs.push(l) }),
    env: { SHOP_FAULTS: '1', ...env },
    ...rest,
    // scrypt at N=2^14 keeps the many logins of the tests fast; the server's default (N=2^17) is tested in security.test.ts.
    options: { faults: true, outboxDir: join(dir, 'outbox'), rateLimit: { windowMs: 60_000, max: 1000 }, scrypt: { N: 2 ** 14, r: 8, p: 1 }, ...options },
  });
  const call: TestShop['call'] = async (method, path, o = {}) => {
    const url = new URL(running.url + path);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { ...(o.body !== undefined || o.raw !== undefined ? { 'Content-Type': 'application/json' } : {}), ...o.headers },
      body: o.raw ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...running,
    dir,
    logs,
    call,
    stop: async () => {
      await running.close(2000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A valid UK address. */
/**
 * A test shop for the enclosing describe (or file): started before its tests, stopped after them.
 * Returns a getter: `const shop = useTestShop(); ... shop().call(...)`.
 */
export function useTestShop(opts: Parameters<typeof startTestShop>[0] = {}, startTimeoutMs?: number): () => TestShop {
  let shop: TestShop | undefined;
  beforeAll(async () => {
    shop = await startTestShop(opts);
  }, startTimeoutMs);
  afterAll(async () => {
    await shop?.stop();
  });
  return () => {
    if (!shop) throw new Error('the test shop is not started: use it inside a test or a hook of its describe');
    return shop;
  };
}

export const ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Fishergate'],
  city: 'Preston',
  postcode: 'PR1 2AD',
  country_id: 'GB',
  telephone: '01772 203481',
  email: 'ada@example.org',
};

let seq = 0;
/** An order payload as the storefront stores it; `over` replaces top-level fields. */
export function orderPayload(over: Record<string, unknown> = {}) {
  seq++;
  return {
    order_id: `test-${Date.now()}-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    created_at: new Date().toISOString(),
    transmited: false,
    products: [{ sku: 'RING-101', qty: 1 }],
    addressInformation: {
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shipping_method_code: 'freeshipping',
      shipping_carrier_code: 'freeshipping',
      payment_method_code: 'cashondelivery',
    },
    ...over,
  };
}

/** `npm start` (server/start.ts) as a child process, once it says where it listens. */
export interface StartedProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

/** Spawns server/start.ts with `args` and `env` (over this process's) and waits for its 'listening on' line. */
export function spawnStart(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<StartedProcess> {
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'server', 'start.ts'), ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return untilListening(child, timeoutMs, 'server/start.ts');
}

/** Waits for a started server's 'listening on' line (killing it on timeout); rejects with its output when it exits first. */
export function untilListening(child: ChildProcess, timeoutMs: number, what: string): Promise<StartedProcess> {
  let out = '';
  return new Promise<StartedProcess>((resolve, reject) => {
    const fail = (why: string) => {
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`${why}: ${out.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`${what} did not come up in ${timeoutMs} ms`), timeoutMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(`${what} exited with ${code}`);
    });
  });
}

/** Tables a request may write, with their row counts (and the total stock): equal before and after a refused request. */
export async function writtenState(db: RunningServer['db']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['carts', 'cart_items', 'orders', 'customers', 'newsletter', 'outbox', 'reviews', 'password_resets', 'sessions', 'refresh_tokens']) {
    out[t] = ((await db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get()) as { n: number }).n;
  }
  out.stock_qty = ((await db.prepare('SELECT COALESCE(SUM(qty), 0) AS n FROM stock').get()) as { n: number }).n;
  return out;
}
