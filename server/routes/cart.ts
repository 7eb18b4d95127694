/** Cart calls of the contract (§7): guest and customer carts, totals with VAT, methods, coupons. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ShippingMethod } from '../../src/lib/schemas';
import type { StoreView } from '../../src/lib/config';
import { CartAddress, CartItemInput } from '../inputs';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import type { CustomerDeps, CustomerRow, DbDeps, LimitDeps, PricingDeps } from '../context';
import { ApiError, jsonBody, ok, validQuery } from '../http';
import { randomId } from '../auth';
import { nowIso, type DB } from '../db';
import { computeTotals, getSku, paymentIn, shippingIn, unitIn, unitPrice, type Totals } from '../pricing';
import { checkSaleQty, getStock, optionsKey, resolveSku, saleLimits } from '../catalog';

export interface CartRow {
  id: string;
  customer_id: number | null;
  active: number;
  coupon_code: string | null;
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  payment_method_code: string | null;
  shipping_address: string | null;
  billing_address: string | null;
}

export interface CartItemRow {
  item_id: number;
  cart_id: string;
  sku: string;
  qty: number;
  product_option: string | null;
  options_key: string;
}

/** The cart of `cartId`, checked against the caller: a customer's cart answers only to that customer. */
export async function loadCart(db: DB, cartId: string | undefined, customer: CustomerRow | null): Promise<CartRow> {
  if (!cartId) throw new ApiError(400, 'cartId: cartId is required');
  const cart = (await db.prepare('SELECT * FROM carts WHERE id = ?').get(cartId)) as CartRow | undefined;
  if (!cart || !cart.active) throw new ApiError(404, `${messages.noSuchEntityCartId} = ${cartId}`);
  if (cart.customer_id !== null) {
    if (!customer) throw new ApiError(401, 'token: this cart belongs to a customer; a token is required');
    if (customer.id !== cart.customer_id) throw new ApiError(403, 'cartId: this cart belongs to another customer');
  }
  return cart;
}

export async function cartItems(db: DB, cartId: string): Promise<CartItemRow[]> {
  return (await db.prepare('SELECT * FROM cart_items WHERE cart_id = ? ORDER BY item_id').all(cartId)) as CartItemRow[];
}

/** A cart line as `cart/pull` and `cart/update` answer it: its price in the quote's currency (`store`'s). */
export async function itemJson(db: DB, item: CartItemRow, groupId?: number, store?: StoreView) {
  const row = await getSku(db, item.sku);
  const productOption = item.product_option ? JSON.parse(item.product_option) : null;
  return {
    item_id: item.item_id,
    sku: item.sku,
    qty: item.qty,
    name: row?.name ?? item.sku,
    price: row ? unitIn(unitPrice(row, productOption, new Date(), groupId === undefined ? undefined : { groupId, qty: item.qty }), store) : 0,
    product_type: row?.type_id ?? 'simple',
    quote_id: item.cart_id,
    ...(row?.parent_sku ? { parent_sku: row.parent_sku } : {}),
    ...(productOption ? { product_option: productOption } : {}),
  };
}

/** The shipping method chosen on a cart, if any. */
function chosenShipping(ctx: Pick<PricingDeps, 'shippingMethods'>, cart: CartRow): ShippingMethod | null {
  if (!cart.shipping_method_code) return null;
  return findShipping(ctx, cart.shipping_carrier_code ?? '', cart.shipping_method_code) ?? null;
}

export function findShipping(ctx: Pick<PricingDeps, 'shippingMethods'>, carrier: string, method: string): ShippingMethod | undefined {
  return ctx.shippingMethods().find((m) => m.method_code === method && (!carrier || m.carrier_code === carrier));
}

/**
 * The query of every call that a store view prices (vue-storefront-api's multistore `storeCode`): an
 * enabled store view's code, or none for the default store view. Any other code is a 400 naming it.
 */
export function storeCodeQuery(ctx: Pick<PricingDeps, 'storeViews'>) {
  return validQuery(
    z.object({
      storeCode: z
        .string()
        .optional()
        .superRefine((code, issue) => {
          if (code === undefined) return;
          const codes = ctx.storeViews().map((s) => s.storeCode);
          if (!codes.includes(code)) issue.addIssue({ code: 'custom', message: `no store view '${code}' here (store views: ${codes.join(', ')})` });
        }),
    }),
  );
}

/** The store view a call names (`storeCode`, checked by `storeCodeQuery`); the default one when it names none. */
export function storeOf(ctx: Pick<PricingDeps, 'storeViews'>, c: Context): StoreView {
  const views = ctx.storeViews();
  const code = c.req.query('storeCode');
  return views.find((s) => s.storeCode === code) ?? views[0]!;
}

export async function cartTotals(ctx: DbDeps & PricingDeps, cart: CartRow, store?: StoreView): Promise<Totals> {
  const items = (await cartItems(ctx.db, cart.id)).map((i) => ({
    item_id: i.item_id,
    sku: i.sku,
    qty: i.qty,
    product_option: i.product_option ? JSON.parse(i.product_option) : null,
  }));
  return computeTotals(ctx.db, items, {
    rates: ctx.taxRates(),
    groupId: ctx.priceGroup(cart.customer_id),
    coupon: cart.coupon_code ? ctx.coupon(cart.coupon_code) : null,
    shipping: chosenShipping(ctx, cart),
    store,
  });
}

/** The payment methods with their costs in a store view's currency. */
function paymentMethodsIn(ctx: Pick<PricingDeps, 'paymentMethods'>, store: StoreView) {
  return ctx.paymentMethods().map((p) => paymentIn(p, store));
}

/** Shipping methods for a country: §9's methods for the default country; none elsewhere. */
export function shippingMethodsFor(ctx: Pick<PricingDeps, 'shippingMethods'>, country: string): ShippingMethod[] {
  if (country.toUpperCase() !== config.storeViews.default.tax.defaultCountry) return [];
  return ctx.shippingMethods().filter((m) => m.available);
}

async function touch(db: DB, cartId: string): Promise<void> {
  await db.prepare('UPDATE carts SET updated_at = ? WHERE id = ?').run(nowIso(), cartId);
}

/** Creates a cart, or for a customer returns their active cart; merges a guest cart into it when asked. */
async function createOrGetCart(ctx: DbDeps, customer: CustomerRow | null, guestCartId: string | undefined): Promise<string> {
  const db = ctx.db;
  const now = nowIso();
  if (!customer) {
    const id = randomId();
    await db.prepare('INSERT INTO carts (id, customer_id, active, created_at, updated_at) VALUES (?, NULL, 1, ?, ?)').run(id, now, now);
    return id;
  }
  return db.transaction(async () => {
    let cart = (await db.prepare('SELECT * FROM carts WHERE customer_id = ? AND active = 1 ORDER BY created_at DESC LIMIT 1').get(customer.id)) as
      CartRow | undefined;
    if (!cart) {
      const id = randomId();
      await db.prepare('INSERT INTO carts (id, customer_id, active, created_at, updated_at) VALUES (?, ?, 1, ?, ?)').run(id, customer.id, now, now);
      cart = (await db.prepare('SELECT * FROM carts WHERE id = ?').get(id)) as CartRow;
    }
    if (guestCartId && guestCartId !== cart.id) {
      const guest = (await db.prepare('SELECT * FROM carts WHERE id = ? AND active = 1 AND customer_id IS NULL').get(guestCartId)) as CartRow | undefined;
      if (guest) await mergeInto(db, guest, cart);
    }
    return cart.id;
  })();
}

/** Moves the guest cart's lines into the customer's cart (equal lines add up) and closes the guest cart. */
async function mergeInto(db: DB, guest: CartRow, target: CartRow): Promise<void> {
  const find = db.prepare('SELECT * FROM cart_items WHERE cart_id = ? AND sku = ? AND options_key = ?');
  for (const item of await cartItems(db, guest.id)) {
    const same = (await find.get(target.id, item.sku, item.options_key)) as CartItemRow | undefined;
    if (same) {
      // Merged lines keep within the product's max_sale_qty.
      const max = saleLimits(await getStock(db, item.sku)).max_sale_qty;
      await db
        .prepare('UPDATE cart_items SET qty = CASE WHEN qty + ? > ? THEN ? ELSE qty + ? END WHERE item_id = ?')
        .run(item.qty, max, max, item.qty, same.item_id);
      await db.prepare('DELETE FROM cart_items WHERE item_id = ?').run(item.item_id);
    } else {
      await db.prepare('UPDATE cart_items SET cart_id = ? WHERE item_id = ?').run(target.id, item.item_id);
    }
  }
  if (!target.coupon_code && guest.coupon_code) await db.prepare('UPDATE carts SET coupon_code = ? WHERE id = ?').run(guest.coupon_code, target.id);
  await db.prepare('UPDATE carts SET active = 0, updated_at = ? WHERE id = ?').run(nowIso(), guest.id);
  await touch(db, target.id);
}

const CreateBody = z.strictObject({ guestCartId: z.string().min(1).max(64).optional() });
const UpdateBody = z.strictObject({ cartItem: CartItemInput });
const DeleteBody = z.strictObject({
  cartItem: z
    // VSFA's cart/delete names the line by item_id or sku and carries the cart as quote_id, which is
    // accepted and, as on cart/update, ignored: the cart is the query's cartId.
    .strictObject({
      sku: z.string().min(1).max(64).optional(),
      item_id: z.number().int().positive().optional(),
      qty: z.number().optional(),
      quote_id: CartItemInput.shape.quote_id,
    })
    .refine((i) => i.sku !== undefined || i.item_id !== undefined, 'item_id or sku is required'),
});
const ShippingMethodsBody = z.strictObject({
  address: CartAddress.optional(),
});
const ShippingInfoBody = z.strictObject({
  addressInformation: z.strictObject({
    shippingAddress: CartAddress,
    billingAddress: CartAddress.partial().optional(),
    shipping_method_code: z.string().min(1, 'shipping_method_code is required').max(64),
    shipping_carrier_code: z.string().min(1, 'shipping_carrier_code is required').max(64),
  }),
});
const CollectTotalsBody = z.strictObject({
  methods: z.strictObject({
    paymentMethod: z.strictObject({ method: z.string().min(1, 'method is required').max(64) }).optional(),
    shippingCarrierCode: z.string().min(1).max(64).optional(),
    shippingMethodCode: z.string().min(1).max(64).optional(),
  }),
});

/** What the cart routes use: the database, the request's customer, prices' parts, rate limits (apply-coupon). */
export type CartDeps = DbDeps & Pick<CustomerDeps, 'customerOf'> & PricingDeps & LimitDeps;

export function cartRoutes(ctx: CartDeps): Hono {
  const r = new Hono();
  const db = ctx.db;
  const store = storeCodeQuery(ctx);
  const withCart = async (c: Context) => {
    const customer = await ctx.customerOf(c);
    return loadCart(db, c.req.query('cartId'), customer);
  };

  const create = async (c: Context, body: { guestCartId?: string } = {}) => {
    const customer = await ctx.customerOf(c);
    return ok(c, await createOrGetCart(ctx, customer, c.req.query('guestCartId') ?? body.guestCartId));
  };
  r.post('/create', store, jsonBody(CreateBody, { optional: true }), (c) => create(c, c.req.valid('json')));
  r.get('/create', store, (c) => create(c));

  r.get('/pull', store, async (c) => {
    const cart = await withCart(c);
    return ok(c, await Promise.all((await cartItems(db, cart.id)).map((i) => itemJson(db, i, ctx.priceGroup(cart.customer_id), storeOf(ctx, c)))));
  });

  r.post('/update', store, jsonBody(UpdateBody), async (c) => {
    const cart = await withCart(c);
    const { cartItem } = c.req.valid('json');
    const resolved = await resolveSku(db, cartItem.sku, cartItem.product_option);
    if (!resolved.ok) throw new ApiError(400, `cartItem.sku: ${resolved.reason}`);
    const sku = resolved.row.sku;
    const po = cartItem.product_option ? JSON.stringify(cartItem.product_option) : null;
    const key = optionsKey(cartItem.product_option);
    const itemId = await db.transaction(async () => {
      if (cartItem.item_id) {
        const existing = (await db.prepare('SELECT * FROM cart_items WHERE item_id = ? AND cart_id = ?').get(cartItem.item_id, cart.id)) as
          CartItemRow | undefined;
        if (!existing) throw new ApiError(404, 'cartItem.item_id: no such item in this cart');
        await checkSaleQty(db, sku, cartItem.qty, 'cartItem.qty');
        await db
          .prepare('UPDATE cart_items SET sku = ?, qty = ?, product_option = COALESCE(?, product_option), options_key = ? WHERE item_id = ?')
          .run(sku, cartItem.qty, po, po ? key : existing.options_key, existing.item_id);
        return existing.item_id;
      }
      const same = (await db.prepare('SELECT * FROM cart_items WHERE cart_id = ? AND sku = ? AND options_key = ?').get(cart.id, sku, key)) as
        CartItemRow | undefined;
      // The line's quantity after this call is what must be within the product's limits.
      await checkSaleQty(db, sku, (same?.qty ?? 0) + cartItem.qty, 'cartItem.qty');
      if (same) {
        await db.prepare('UPDATE cart_items SET qty = qty + ? WHERE item_id = ?').run(cartItem.qty, same.item_id);
        return same.item_id;
      }
      const info = (await db
        .prepare('INSERT INTO cart_items (cart_id, sku, qty, product_option, options_key, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING item_id')
        .get(cart.id, sku, cartItem.qty, po, key, nowIso())) as { item_id: number };
      return Number(info.item_id);
    })();
    await touch(db, cart.id);
    const item = (await db.prepare('SELECT * FROM cart_items WHERE item_id = ?').get(itemId)) as CartItemRow;
    return ok(c, await itemJson(db, item, ctx.priceGroup(cart.customer_id), storeOf(ctx, c)));
  });

  r.post('/delete', store, jsonBody(DeleteBody), async (c) => {
    const cart = await withCart(c);
    const { cartItem } = c.req.valid('json');
    if (cartItem.item_id !== undefined) await db.prepare('DELETE FROM cart_items WHERE cart_id = ? AND item_id = ?').run(cart.id, cartItem.item_id);
    else await db.prepare('DELETE FROM cart_items WHERE cart_id = ? AND sku = ?').run(cart.id, cartItem.sku!);
    await touch(db, cart.id);
    return ok(c, true);
  });

  r.get('/totals', store, async (c) => ok(c, await cartTotals(ctx, await withCart(c), storeOf(ctx, c))));

  const paymentMethods = async (c: Context) => {
    await withCart(c);
    return ok(c, paymentMethodsIn(ctx, storeOf(ctx, c)));
  };
  r.get('/payment-methods', store, paymentMethods);

  const shippingMethods = async (c: Context, body: z.output<typeof ShippingMethodsBody> = {}) => {
    await withCart(c);
    const country = body.address?.country_id ?? c.req.query('country_id') ?? config.storeViews.default.tax.defaultCountry;
    const quoted = storeOf(ctx, c);
    return ok(
      c,
      shippingMethodsFor(ctx, country).map((m) => shippingIn(m, quoted)),
    );
  };
  r.post('/shipping-methods', store, jsonBody(ShippingMethodsBody, { optional: true }), (c) => shippingMethods(c, c.req.valid('json')));
  r.get('/shipping-methods', store, (c) => shippingMethods(c));

  r.post('/shipping-information', store, jsonBody(ShippingInfoBody), async (c) => {
    const cart = await withCart(c);
    const { addressInformation: ai } = c.req.valid('json');
    const method = shippingMethodsFor(ctx, ai.shippingAddress.country_id).find(
      (m) => m.method_code === ai.shipping_method_code && m.carrier_code === ai.shipping_carrier_code,
    );
    if (!method) throw new ApiError(400, 'addressInformation.shipping_method_code: this shipping method is not available');
    await db
      .prepare('UPDATE carts SET shipping_carrier_code = ?, shipping_method_code = ?, shipping_address = ?, billing_address = ?, updated_at = ? WHERE id = ?')
      .run(
        method.carrier_code,
        method.method_code,
        JSON.stringify(ai.shippingAddress),
        ai.billingAddress ? JSON.stringify(ai.billingAddress) : null,
        nowIso(),
        cart.id,
      );
    const updated = await loadCart(db, cart.id, await ctx.customerOf(c));
    const quoted = storeOf(ctx, c);
    return ok(c, { payment_methods: paymentMethodsIn(ctx, quoted), totals: await cartTotals(ctx, updated, quoted) });
  });

  r.post('/collect-totals', store, jsonBody(CollectTotalsBody), async (c) => {
    const cart = await withCart(c);
    const { methods } = c.req.valid('json');
    if (methods.shippingMethodCode) {
      const m = findShipping(ctx, methods.shippingCarrierCode ?? '', methods.shippingMethodCode);
      if (!m) throw new ApiError(400, 'methods.shippingMethodCode: unknown shipping method');
      await db.prepare('UPDATE carts SET shipping_carrier_code = ?, shipping_method_code = ? WHERE id = ?').run(m.carrier_code, m.method_code, cart.id);
    }
    if (methods.paymentMethod) {
      if (!ctx.paymentMethods().some((p) => p.code === methods.paymentMethod!.method)) {
        throw new ApiError(400, 'methods.paymentMethod.method: unknown payment method');
      }
      await db.prepare('UPDATE carts SET payment_method_code = ? WHERE id = ?').run(methods.paymentMethod.method, cart.id);
    }
    await touch(db, cart.id);
    return ok(c, await cartTotals(ctx, await loadCart(db, cart.id, await ctx.customerOf(c)), storeOf(ctx, c)));
  });

  // Guessing codes: limited per client address like the logins.
  r.post('/apply-coupon', ctx.limit('apply-coupon'), store, async (c) => {
    const cart = await withCart(c);
    const code = (c.req.query('coupon') ?? '').trim();
    if (!code) throw new ApiError(400, 'coupon: coupon is required');
    const coupon = ctx.coupon(code);
    if (!coupon || !coupon.active) throw new ApiError(400, "coupon: The coupon code isn't valid. Verify the code and try again.");
    await db.prepare('UPDATE carts SET coupon_code = ?, updated_at = ? WHERE id = ?').run(coupon.code, nowIso(), cart.id);
    return ok(c, true);
  });

  r.post('/delete-coupon', store, async (c) => {
    const cart = await withCart(c);
    await db.prepare('UPDATE carts SET coupon_code = NULL, updated_at = ? WHERE id = ?').run(nowIso(), cart.id);
    return ok(c, true);
  });

  r.get('/coupon', store, async (c) => ok(c, (await withCart(c)).coupon_code ?? null));

  return r;
}
