/**
 * vue-storefront-api's order, cart, stock and order-history routes over the Magento stand-in
 * (./magento.ts), written from VSFA's source: `src/api/order.ts`, `src/platform/magento2/o2m.js`,
 * `src/api/cart.ts`, `src/platform/magento2/cart.js`, `src/lib/util.js` (`apiStatus`: `{ code, result }`
 * with the HTTP status = code; `apiError`: an Error's message, or the error itself, with its code or
 * 500), `src/models/order.schema.js` and `config/default.json`. Awkward on purpose, as VSFA is:
 *
 * - order/create validates the body (400, the validator's errors as the result), then, with
 *   `tax.usePlatformTotals` off, checks each product's `sgn` (an HMAC of its price and sku with
 *   `objHashSecret`) and answers `Invalid signature validation of {sku}` with **code 200**;
 * - with `orders.useServerQueue` it answers a job id at once (the order is placed later); otherwise it
 *   places through Magento: a signed-in order (`user_id` > 0) takes the customer's cart (a fresh one
 *   once the last was ordered), a guest order the `cart_id` it names; the lines are brought in line
 *   with the order's products, paired with the quote's items as vsf-utilities' `productsEquals` pairs
 *   them (a line with custom or bundle options by its server item id or the checksum of its options, a
 *   configurable one by sku, any other by item id or sku); a refused line answers `Error while adding products. <Magento's
 *   reason>` (500); the answer is `{ magentoOrderId, orderNumber, backendOrderId, transferedAt }`;
 * - nothing is de-duplicated: the same order posted twice is placed twice;
 * - a guest order naming a cart that was ordered already never answers (o2m.js does not catch the
 *   failed cart pull; the request hangs until the client gives up);
 * - after an order its quote is gone: cart calls on it answer Magento's `No such entity with cartId = …`
 *   as VSFA relays a Magento error, code 500 (`magento2-rest-client` rejects with the text alone).
 *
 * Test switches: `dropAnswer` (the order is placed, its answer cut off: see `cutOff`), `cartCreateDown` and the
 * Magento's `slowMs`. Mount with `vsfaOrderRoutes(magento, settings)(app)` (a route module of
 * tests/vsfa/server.ts, or ./shop-server.ts's).
 */
import { createHmac } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { MagentoError, type Magento } from './magento';

/** The parts of VSFA's configuration the order path reads (its defaults as in `config/default.json`). */
export interface VsfaOrderSettings {
  useServerQueue: boolean;
  usePlatformTotals: boolean;
  calculateServerSide: boolean;
  alwaysSyncPlatformPricesOver: boolean;
  objHashSecret: string;
  /** Signed-in customers by their user token (the stand-in has no login: tests hand tokens out). */
  tokens: Map<string, number>;
  /** Test switch: the next order posts are placed but never answered (the connection is dropped). */
  dropAnswer: number;
  /** Test switch: Magento refuses new carts (`cart/create` answers its error, code 500), so a bag cannot sync. */
  cartCreateDown: boolean;
}

export const defaultOrderSettings = (over: Partial<VsfaOrderSettings> = {}): VsfaOrderSettings => ({
  useServerQueue: false,
  usePlatformTotals: true,
  calculateServerSide: true,
  alwaysSyncPlatformPricesOver: false,
  objHashSecret: '__SECRET_CHANGE_ME__',
  tokens: new Map(),
  dropAnswer: 0,
  cartCreateDown: false,
  ...over,
});

/** A product's `sgn` as VSFA signs it (jwa HS256 over `{ priceInclTax | price, sku | id }`). */
export function sgnOf(p: { sku: string; id?: number; price?: number; priceInclTax?: number }, s: VsfaOrderSettings): string {
  const key: Record<string, unknown> = s.calculateServerSide ? { priceInclTax: p.priceInclTax } : { price: p.price };
  if (s.alwaysSyncPlatformPricesOver) key.id = p.id;
  else key.sku = p.sku;
  return createHmac('sha256', s.objHashSecret).update(JSON.stringify(key)).digest('base64url');
}

type AjvError = { keyword: string; dataPath: string; schemaPath: string; params: Record<string, unknown>; message: string };
const TOP = [
  'order_id',
  'created_at',
  'updated_at',
  'transmited',
  'transmited_at',
  'status',
  'state',
  'user_id',
  'cart_id',
  'store_code',
  'store_id',
  'products',
  'addressInformation',
];
const ADDRESS_REQUIRED = ['street', 'city', 'postcode', 'firstname', 'lastname'];

/** The order schema's checks that matter to a shop, with ajv 6's error objects (ajv stops at the first error). */
export function validateOrder(body: unknown): AjvError[] {
  const err = (keyword: string, dataPath: string, params: Record<string, unknown>, message: string): AjvError[] => [
    { keyword, dataPath, schemaPath: `#/${keyword}`, params, message },
  ];
  if (!body || typeof body !== 'object') return err('type', '', { type: 'object' }, 'should be object');
  const o = body as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !TOP.includes(k));
  if (extra) return err('additionalProperties', '', { additionalProperty: extra }, 'should NOT have additional properties');
  for (const k of ['products', 'addressInformation']) if (!(k in o)) return err('required', '', { missingProperty: k }, `should have required property '${k}'`);
  for (const k of ['user_id', 'cart_id', 'order_id', 'transmited_at', 'store_code'])
    if (k in o && typeof o[k] !== 'string') return err('type', `.${k}`, { type: 'string' }, 'should be string');
  const products = o.products;
  if (!Array.isArray(products)) return err('type', '.products', { type: 'array' }, 'should be array');
  if (products.length < 1) return err('minItems', '.products', { limit: 1 }, 'should NOT have fewer than 1 items');
  // `items` is a one-element array in VSFA's schema: ajv checks the first product only.
  const first = products[0] as Record<string, unknown>;
  for (const k of ['sku', 'price', 'qty'])
    if (!(k in first)) return err('required', '.products[0]', { missingProperty: k }, `should have required property '${k}'`);
  if (typeof first.price !== 'number' || first.price < 1) return err('minimum', '.products[0].price', { comparison: '>=', limit: 1 }, 'should be >= 1');
  const info = (o.addressInformation ?? {}) as Record<string, unknown>;
  for (const which of ['shippingAddress', 'billingAddress']) {
    const a = info[which] as Record<string, unknown> | undefined;
    if (!a) continue;
    for (const k of ADDRESS_REQUIRED)
      if (!(k in a)) return err('required', `.addressInformation.${which}`, { missingProperty: k }, `should have required property '${k}'`);
  }
  return [];
}

/**
 * An answer that never arrives whole: the status line and the first bytes of the body, then the
 * connection closes (a proxy's or the network's loss). A connection closed before any byte would not
 * do: Chromium sends a request again by itself when a reused connection closes without an answer.
 */
function cutOff(c: Context): Promise<Response> {
  const env = c.env as {
    outgoing?: { writeHead(status: number, headers: Record<string, string>): void; write(s: string): void; socket?: { destroy(): void } | null };
  };
  const out = env?.outgoing;
  if (out) {
    out.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': '400' });
    out.write('{"code":200,"result":{"magento');
    setTimeout(() => out.socket?.destroy(), 50);
  }
  // Never settles: the answer is written by hand above, nothing more goes out.
  return new Promise<Response>(() => {});
}

type Line = { sku: string; item_id?: number; server_item_id?: number; product_option?: unknown };

/** vsf-utilities' `productChecksum` before its hash: the first kind of options that has any, numbers as text. */
function checksumOf(l: Line): string {
  const po = l.product_option as { extension_attributes?: Record<string, unknown> } | undefined;
  if (!po) return 'null';
  const texts = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(texts)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, texts(x)]))
        : typeof v === 'number'
          ? String(v)
          : v;
  for (const kind of ['bundle_options', 'custom_options', 'configurable_item_options']) {
    const found = po.extension_attributes?.[kind];
    const list = Array.isArray(found) ? found : found && typeof found === 'object' ? Object.values(found) : [];
    if (list.length) return JSON.stringify(texts(list));
  }
  return JSON.stringify(po);
}

/** vsf-utilities' `productsEquals`: how o2m.js pairs an order's line with a quote item. */
export function productsEqual(a: Line, b: Line): boolean {
  const has = (kind: string) =>
    [a, b].some((l) => {
      const v = (l.product_option as { extension_attributes?: Record<string, unknown> } | undefined)?.extension_attributes?.[kind];
      return Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object' && Object.keys(v).length > 0;
    });
  const idA = a.server_item_id ?? a.item_id;
  const idB = b.server_item_id ?? b.item_id;
  const sameId = idA !== undefined && idB !== undefined && idA === idB;
  if (has('bundle_options') || has('custom_options')) return sameId || checksumOf(a) === checksumOf(b);
  if (has('configurable_item_options')) return String(a.sku) === String(b.sku);
  return sameId || String(a.sku) === String(b.sku);
}

/** VSFA's `apiStatus`: `{ code, result }` with the HTTP status = code. */
const apiStatus = (c: Context, result: unknown, code = 200) => c.json({ code, result }, code as 200);
/** VSFA's `apiError` on what `magento2-rest-client` rejects with: the text alone, so code 500. */
const apiError = (c: Context, e: unknown) => apiStatus(c, e instanceof Error ? e.message : String(e), 500);

export function vsfaOrderRoutes(magento: Magento, settings: VsfaOrderSettings): (app: Hono) => void {
  let nextJob = 1;
  const customerOf = (c: Context): number | null => settings.tokens.get(c.req.query('token') ?? '') ?? null;
  const cartCall = (fn: (c: Context, cartId: string) => unknown) => async (c: Context) => {
    try {
      return apiStatus(c, await fn(c, c.req.query('cartId') ?? ''));
    } catch (e) {
      return apiError(c, e);
    }
  };
  const bodyOf = async (c: Context): Promise<Record<string, unknown>> => ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;

  /** o2m.js `processSingleOrder`, direct (no queue): the Magento order id and number, or an Error with VSFA's words. */
  async function place(order: Record<string, unknown>): Promise<Record<string, unknown> | 'hang'> {
    const userId = Number.parseInt(String(order.user_id ?? ''), 10);
    const customer = userId > 0 ? userId : null;
    const cartId = customer !== null ? magento.createCart(customer) : order.cart_id ? String(order.cart_id) : magento.createCart();
    let server;
    try {
      server = magento.items(cartId);
    } catch {
      // o2m.js does not catch a failed pull: the request is never answered.
      return 'hang';
    }
    const products = order.products as Array<Line & { qty: number }>;
    try {
      for (const p of products) {
        const on = server.find((i) => productsEqual(i, p));
        const option = p.product_option ? { product_option: p.product_option } : {};
        if (!on) magento.update(cartId, { sku: p.sku, qty: p.qty, ...option });
        else if (on.qty !== p.qty) magento.update(cartId, { sku: p.sku, qty: p.qty, item_id: on.item_id, ...option });
      }
      for (const i of server) if (!products.some((p) => productsEqual(p, i))) magento.delete(cartId, i.item_id);
    } catch (e) {
      throw new Error(`Error while adding products. ${e instanceof Error ? e.message : String(e)}`);
    }
    const info = order.addressInformation as {
      billingAddress?: { email?: string };
      shippingAddress?: { email?: string };
      payment_method_code?: string;
      shipping_method_code?: string;
    };
    try {
      const shipping = magento.shippingMethods().find((m) => m.method_code === info.shipping_method_code)?.price_incl_tax ?? 0;
      const id = await magento.placeOrder(cartId, {
        email: info.billingAddress?.email ?? info.shippingAddress?.email ?? '',
        paymentMethod: String(info.payment_method_code ?? ''),
        shipping,
      });
      const number = magento.orders.find((o) => o.entity_id === id)!.increment_id;
      return { magentoOrderId: id, orderNumber: number, backendOrderId: id, transferedAt: new Date().toISOString() };
    } catch (e) {
      throw new Error(`Error placing an order. ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return (app) => {
    app.post('/api/order', async (c) => {
      const body = await bodyOf(c);
      const errors = validateOrder(body);
      if (errors.length) return apiStatus(c, errors, 400);
      if (!settings.usePlatformTotals) {
        for (const p of body.products as Array<{ sku: string; sgn?: string; price?: number; priceInclTax?: number; id?: number }>) {
          if (p.sgn !== sgnOf(p, settings)) return apiStatus(c, `Invalid signature validation of ${p.sku}`, 200);
        }
      }
      if (settings.useServerQueue) return apiStatus(c, nextJob++, 200);
      try {
        const placed = await place(body);
        if (placed === 'hang' || settings.dropAnswer > 0) {
          if (placed !== 'hang') settings.dropAnswer--;
          return cutOff(c);
        }
        return apiStatus(c, placed, 200);
      } catch (e) {
        return apiError(c, e);
      }
    });

    app.post('/api/cart/create', async (c) => {
      try {
        if (settings.cartCreateDown) throw new Error('Could not create a cart: the store is temporarily unavailable');
        return apiStatus(c, magento.createCart(customerOf(c)));
      } catch (e) {
        return apiError(c, e);
      }
    });
    app.get(
      '/api/cart/pull',
      cartCall((_c, id) => magento.items(id)),
    );
    app.post(
      '/api/cart/update',
      cartCall(async (c, id) => {
        const { cartItem } = (await bodyOf(c)) as { cartItem?: { sku: string; qty: number; item_id?: number; product_option?: unknown } };
        if (!cartItem) throw new Error('No cartItem element provided within the request body');
        return magento.update(id, cartItem);
      }),
    );
    app.post(
      '/api/cart/delete',
      cartCall(async (c, id) => {
        const { cartItem } = (await bodyOf(c)) as { cartItem?: { item_id?: number } };
        if (!cartItem) throw new Error('No cartItem element provided within the request body');
        return magento.delete(id, Number(cartItem.item_id));
      }),
    );
    app.get(
      '/api/cart/totals',
      cartCall((_c, id) => magento.totals(id)),
    );
    app.get(
      '/api/cart/payment-methods',
      cartCall((_c, id) => (magento.items(id), magento.paymentMethods())),
    );
    app.post(
      '/api/cart/shipping-methods',
      cartCall((_c, id) => (magento.items(id), magento.shippingMethods())),
    );
    app.post(
      '/api/cart/shipping-information',
      cartCall(async (c, id) => {
        const { addressInformation } = (await bodyOf(c)) as { addressInformation?: { shippingMethodCode?: string; shipping_method_code?: string } };
        const code = addressInformation?.shipping_method_code ?? addressInformation?.shippingMethodCode;
        const shipping = magento.shippingMethods().find((m) => m.method_code === code)?.price_incl_tax ?? 0;
        return { payment_methods: magento.paymentMethods(), totals: magento.totals(id, shipping) };
      }),
    );
    app.post(
      '/api/cart/collect-totals',
      cartCall(async (c, id) => {
        const { methods } = (await bodyOf(c)) as { methods?: { shippingMethodCode?: string } };
        const shipping = magento.shippingMethods().find((m) => m.method_code === methods?.shippingMethodCode)?.price_incl_tax ?? 0;
        return magento.totals(id, shipping);
      }),
    );

    app.get('/api/stock/check', (c) => {
      try {
        return apiStatus(c, magento.stockItem(c.req.query('sku') ?? ''));
      } catch (e) {
        return apiError(c, e);
      }
    });
    app.get('/api/stock/list', (c) => {
      const skus = (c.req.query('skus') ?? '').split(',').filter(Boolean);
      return apiStatus(
        c,
        skus.flatMap((s) => (magento.products.has(s) ? [magento.stockItem(s)] : [])),
      );
    });

    app.get('/api/user/order-history', (c) => {
      const customer = customerOf(c);
      if (customer === null) return apiStatus(c, "The consumer isn't authorized to access %resources.", 401);
      const size = Number(c.req.query('pageSize') ?? 20);
      const page = Number(c.req.query('currentPage') ?? 1);
      const all = magento.ordersOf(customer);
      return apiStatus(c, {
        items: all.slice((page - 1) * size, page * size),
        search_criteria: { page_size: size, current_page: page },
        total_count: all.length,
      });
    });
  };
}

export { MagentoError };
