/** Cart calls of the contract (§7): guest and customer carts, totals with VAT, methods, coupons. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ShippingMethod } from '../../src/lib/schemas';
import { CartAddress, CartItemInput } from '../inputs';
import { config } from '../../src/lib/config';
import { messages } from '../../src/lib/messages';
import type { ShopContext, CustomerRow } from '../context';
import { ApiError, jsonBody, ok } from '../http';
import { randomId } from '../auth';
import { nowIso, type DB } from '../db';
import { computeTotals, getSku, unitPrice, type Totals } from '../pricing';
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
export function loadCart(db: DB, cartId: string | undefined, customer: CustomerRow | null): CartRow {
  if (!cartId) throw new ApiError(400, 'cartId: cartId is required');
  const cart = db.prepare('SELECT * FROM carts WHERE id = ?').get(cartId) as CartRow | undefined;
  if (!cart || !cart.active) throw new ApiError(404, `${messages.noSuchEntityCartId} = ${cartId}`);
  if (cart.customer_id !== null) {
    if (!customer) throw new ApiError(401, 'token: this cart belongs to a customer; a token is required');
    if (customer.id !== cart.customer_id) throw new ApiError(403, 'cartId: this cart belongs to another customer');
  }
  return cart;
}

export function cartItems(db: DB, cartId: string): CartItemRow[] {
  return db.prepare('SELECT * FROM cart_items WHERE cart_id = ? ORDER BY item_id').all(cartId) as CartItemRow[];
}

/** A cart line as `cart/pull` and `cart/update` answer it. */
export function itemJson(db: DB, item: CartItemRow, groupId?: number) {
  const row = getSku(db, item.sku);
  const productOption = item.product_option ? JSON.parse(item.product_option) : null;
  return {
    item_id: item.item_id,
    sku: item.sku,
    qty: item.qty,
    name: row?.name ?? item.sku,
    price: row ? unitPrice(row, productOption, new Date(), groupId === undefined ? undefined : { groupId, qty: item.qty }) : 0,
    product_type: row?.type_id ?? 'simple',
    quote_id: item.cart_id,
    ...(row?.parent_sku ? { parent_sku: row.parent_sku } : {}),
    ...(productOption ? { product_option: productOption } : {}),
  };
}

/** The shipping method chosen on a cart, if any. */
function chosenShipping(ctx: ShopContext, cart: CartRow): ShippingMethod | null {
  if (!cart.shipping_method_code) return null;
  return findShipping(ctx, cart.shipping_carrier_code ?? '', cart.shipping_method_code) ?? null;
}

export function findShipping(ctx: ShopContext, carrier: string, method: string): ShippingMethod | undefined {
  return ctx.shippingMethods().find((m) => m.method_code === method && (!carrier || m.carrier_code === carrier));
}

export function cartTotals(ctx: ShopContext, cart: CartRow): Totals {
  const items = cartItems(ctx.db, cart.id).map((i) => ({
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
  });
}

/** Shipping methods for a country: §9's methods for the default country; none elsewhere. */
export function shippingMethodsFor(ctx: ShopContext, country: string): ShippingMethod[] {
  if (country.toUpperCase() !== config.storeViews.default.tax.defaultCountry) return [];
  return ctx.shippingMethods().filter((m) => m.available);
}

function touch(db: DB, cartId: string): void {
  db.prepare('UPDATE carts SET updated_at = ? WHERE id = ?').run(nowIso(), cartId);
}

/** Creates a cart, or for a customer returns their active cart; merges a guest cart into it when asked. */
function createOrGetCart(ctx: ShopContext, customer: CustomerRow | null, guestCartId: string | undefined): string {
  const db = ctx.db;
  const now = nowIso();
  if (!customer) {
    const id = randomId();
    db.prepare('INSERT INTO carts (id, customer_id, active, created_at, updated_at) VALUES (?, NULL, 1, ?, ?)').run(id, now, now);
    return id;
  }
  return db.transaction(() => {
    let cart = db.prepare('SELECT * FROM carts WHERE customer_id = ? AND active = 1 ORDER BY created_at DESC LIMIT 1').get(customer.id) as CartRow | undefined;
    if (!cart) {
      const id = randomId();
      db.prepare('INSERT INTO carts (id, customer_id, active, created_at, updated_at) VALUES (?, ?, 1, ?, ?)').run(id, customer.id, now, now);
      cart = db.prepare('SELECT * FROM carts WHERE id = ?').get(id) as CartRow;
    }
    if (guestCartId && guestCartId !== cart.id) {
      const guest = db.prepare('SELECT * FROM carts WHERE id = ? AND active = 1 AND customer_id IS NULL').get(guestCartId) as CartRow | undefined;
      if (guest) mergeInto(db, guest, cart);
    }
    return cart.id;
  })();
}

/** Moves the guest cart's lines into the customer's cart (equal lines add up) and closes the guest cart. */
function mergeInto(db: DB, guest: CartRow, target: CartRow): void {
  const find = db.prepare('SELECT * FROM cart_items WHERE cart_id = ? AND sku = ? AND options_key = ?');
  for (const item of cartItems(db, guest.id)) {
    const same = find.get(target.id, item.sku, item.options_key) as CartItemRow | undefined;
    if (same) {
      // Merged lines keep within the product's max_sale_qty.
      const max = saleLimits(getStock(db, item.sku)).max_sale_qty;
      db.prepare('UPDATE cart_items SET qty = MIN(qty + ?, ?) WHERE item_id = ?').run(item.qty, max, same.item_id);
      db.prepare('DELETE FROM cart_items WHERE item_id = ?').run(item.item_id);
    } else {
      db.prepare('UPDATE cart_items SET cart_id = ? WHERE item_id = ?').run(target.id, item.item_id);
    }
  }
  if (!target.coupon_code && guest.coupon_code) db.prepare('UPDATE carts SET coupon_code = ? WHERE id = ?').run(guest.coupon_code, target.id);
  db.prepare('UPDATE carts SET active = 0, updated_at = ? WHERE id = ?').run(nowIso(), guest.id);
  touch(db, target.id);
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

export function cartRoutes(ctx: ShopContext): Hono {
  const r = new Hono();
  const db = ctx.db;
  const withCart = (c: Context) => {
    const customer = ctx.customerOf(c);
    return loadCart(db, c.req.query('cartId'), customer);
  };

  const create = (c: Context, body: { guestCartId?: string } = {}) => {
    const customer = ctx.customerOf(c);
    return ok(c, createOrGetCart(ctx, customer, c.req.query('guestCartId') ?? body.guestCartId));
  };
  r.post('/create', jsonBody(CreateBody, { optional: true }), (c) => create(c, c.req.valid('json')));
  r.get('/create', (c) => create(c));

  r.get('/pull', (c) => {
    const cart = withCart(c);
    return ok(
      c,
      cartItems(db, cart.id).map((i) => itemJson(db, i, ctx.priceGroup(cart.customer_id))),
    );
  });

  r.post('/update', jsonBody(UpdateBody), (c) => {
    const cart = withCart(c);
    const { cartItem } = c.req.valid('json');
    const resolved = resolveSku(db, cartItem.sku, cartItem.product_option);
    if (!resolved.ok) throw new ApiError(400, `cartItem.sku: ${resolved.reason}`);
    const sku = resolved.row.sku;
    const po = cartItem.product_option ? JSON.stringify(cartItem.product_option) : null;
    const key = optionsKey(cartItem.product_option);
    const itemId = db.transaction(() => {
      if (cartItem.item_id) {
        const existing = db.prepare('SELECT * FROM cart_items WHERE item_id = ? AND cart_id = ?').get(cartItem.item_id, cart.id) as CartItemRow | undefined;
        if (!existing) throw new ApiError(404, 'cartItem.item_id: no such item in this cart');
        checkSaleQty(db, sku, cartItem.qty, 'cartItem.qty');
        db.prepare('UPDATE cart_items SET sku = ?, qty = ?, product_option = COALESCE(?, product_option), options_key = ? WHERE item_id = ?').run(
          sku,
          cartItem.qty,
          po,
          po ? key : existing.options_key,
          existing.item_id,
        );
        return existing.item_id;
      }
      const same = db.prepare('SELECT * FROM cart_items WHERE cart_id = ? AND sku = ? AND options_key = ?').get(cart.id, sku, key) as CartItemRow | undefined;
      // The line's quantity after this call is what must be within the product's limits.
      checkSaleQty(db, sku, (same?.qty ?? 0) + cartItem.qty, 'cartItem.qty');
      if (same) {
        db.prepare('UPDATE cart_items SET qty = qty + ? WHERE item_id = ?').run(cartItem.qty, same.item_id);
        return same.item_id;
      }
      const info = db
        .prepare('INSERT INTO cart_items (cart_id, sku, qty, product_option, options_key, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(cart.id, sku, cartItem.qty, po, key, nowIso());
      return Number(info.lastInsertRowid);
    })();
    touch(db, cart.id);
    const item = db.prepare('SELECT * FROM cart_items WHERE item_id = ?').get(itemId) as CartItemRow;
    return ok(c, itemJson(db, item, ctx.priceGroup(cart.customer_id)));
  });

  r.post('/delete', jsonBody(DeleteBody), (c) => {
    const cart = withCart(c);
    const { cartItem } = c.req.valid('json');
    if (cartItem.item_id !== undefined) db.prepare('DELETE FROM cart_items WHERE cart_id = ? AND item_id = ?').run(cart.id, cartItem.item_id);
    else db.prepare('DELETE FROM cart_items WHERE cart_id = ? AND sku = ?').run(cart.id, cartItem.sku!);
    touch(db, cart.id);
    return ok(c, true);
  });

  r.get('/totals', (c) => ok(c, cartTotals(ctx, withCart(c))));

  const paymentMethods = (c: Context) => {
    withCart(c);
    return ok(c, ctx.paymentMethods());
  };
  r.get('/payment-methods', paymentMethods);

  const shippingMethods = (c: Context, body: z.output<typeof ShippingMethodsBody> = {}) => {
    withCart(c);
    const country = body.address?.country_id ?? c.req.query('country_id') ?? config.storeViews.default.tax.defaultCountry;
    return ok(c, shippingMethodsFor(ctx, country));
  };
  r.post('/shipping-methods', jsonBody(ShippingMethodsBody, { optional: true }), (c) => shippingMethods(c, c.req.valid('json')));
  r.get('/shipping-methods', (c) => shippingMethods(c));

  r.post('/shipping-information', jsonBody(ShippingInfoBody), (c) => {
    const cart = withCart(c);
    const { addressInformation: ai } = c.req.valid('json');
    const method = shippingMethodsFor(ctx, ai.shippingAddress.country_id).find(
      (m) => m.method_code === ai.shipping_method_code && m.carrier_code === ai.shipping_carrier_code,
    );
    if (!method) throw new ApiError(400, 'addressInformation.shipping_method_code: this shipping method is not available');
    db.prepare(
      'UPDATE carts SET shipping_carrier_code = ?, shipping_method_code = ?, shipping_address = ?, billing_address = ?, updated_at = ? WHERE id = ?',
    ).run(
      method.carrier_code,
      method.method_code,
      JSON.stringify(ai.shippingAddress),
      ai.billingAddress ? JSON.stringify(ai.billingAddress) : null,
      nowIso(),
      cart.id,
    );
    const updated = loadCart(db, cart.id, ctx.customerOf(c));
    return ok(c, { payment_methods: ctx.paymentMethods(), totals: cartTotals(ctx, updated) });
  });

  r.post('/collect-totals', jsonBody(CollectTotalsBody), (c) => {
    const cart = withCart(c);
    const { methods } = c.req.valid('json');
    if (methods.shippingMethodCode) {
      const m = findShipping(ctx, methods.shippingCarrierCode ?? '', methods.shippingMethodCode);
      if (!m) throw new ApiError(400, 'methods.shippingMethodCode: unknown shipping method');
      db.prepare('UPDATE carts SET shipping_carrier_code = ?, shipping_method_code = ? WHERE id = ?').run(m.carrier_code, m.method_code, cart.id);
    }
    if (methods.paymentMethod) {
      if (!ctx.paymentMethods().some((p) => p.code === methods.paymentMethod!.method)) {
        throw new ApiError(400, 'methods.paymentMethod.method: unknown payment method');
      }
      db.prepare('UPDATE carts SET payment_method_code = ? WHERE id = ?').run(methods.paymentMethod.method, cart.id);
    }
    touch(db, cart.id);
    return ok(c, cartTotals(ctx, loadCart(db, cart.id, ctx.customerOf(c))));
  });

  // Guessing codes: limited per client address like the logins.
  r.post('/apply-coupon', ctx.limit('apply-coupon'), (c) => {
    const cart = withCart(c);
    const code = (c.req.query('coupon') ?? '').trim();
    if (!code) throw new ApiError(400, 'coupon: coupon is required');
    const coupon = ctx.coupon(code);
    if (!coupon || !coupon.active) throw new ApiError(400, "coupon: The coupon code isn't valid. Verify the code and try again.");
    db.prepare('UPDATE carts SET coupon_code = ?, updated_at = ? WHERE id = ?').run(coupon.code, nowIso(), cart.id);
    return ok(c, true);
  });

  r.post('/delete-coupon', (c) => {
    const cart = withCart(c);
    db.prepare('UPDATE carts SET coupon_code = NULL, updated_at = ? WHERE id = ?').run(nowIso(), cart.id);
    return ok(c, true);
  });

  r.get('/coupon', (c) => ok(c, withCart(c).coupon_code ?? null));

  return r;
}
