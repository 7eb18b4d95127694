/**
 * Orders: idempotent on the client-generated order_id; prices and totals from the database; stock
 * checked and decremented in the same transaction (500 'Error: Error while adding products' when short).
 */
import { UK_POSTCODE, type OrderPayload, type Address } from '../src/lib/schemas';
import type { OrderInputT } from './inputs';
import { config, type StoreView } from '../src/lib/config';
import { priceFormatter } from '../src/lib/messages/currency-format';
import { messages } from '../src/lib/messages';
import type { CustomerRow, DbDeps, LoggerDeps, OptionsDeps, PricingDeps } from './context';
import { ApiError } from './http';
import { randomId } from './auth';
import { nowIso } from './db';
import { computeTotals, type Totals } from './pricing';
import { resolveSku, getStock, checkSaleQty, stableJson } from './catalog';
import { findShipping, shippingMethodsFor, type CartRow } from './routes/cart';
import { sendMail } from './mailer';

export interface OrderRow {
  entity_id?: number;
  order_id: string;
  increment_id: string;
  customer_id: number | null;
  token: string;
  status: string;
  email: string | null;
  created_at: string;
  payload: string;
  totals: string;
  lines: string;
  answer: string;
}

export interface OrderAnswer {
  order_id: string;
  backendOrderId: string;
  magentoOrderId: string;
  increment_id: string;
  /** Token of the order-success lookup: GET {config.checkout.externalOrderUrl}{token}. */
  token: string;
  transferedAt: string;
  grand_total: number;
  status: string;
}

/** The order as user/order-history and GET /api/order/{id} answer it (Magento-like shape). */
export function orderJson(row: OrderRow) {
  const payload = JSON.parse(row.payload) as OrderPayload;
  const totals = JSON.parse(row.totals) as Totals;
  const ai = payload.addressInformation;
  const shipping = ai.shippingAddress;
  return {
    entity_id: row.entity_id,
    increment_id: row.increment_id,
    order_id: row.order_id,
    created_at: row.created_at,
    updated_at: row.created_at,
    status: row.status,
    customer_id: row.customer_id,
    customer_email: row.email,
    customer_firstname: ai.billingAddress.firstname,
    customer_lastname: ai.billingAddress.lastname,
    order_currency_code: totals.quote_currency_code,
    base_currency_code: totals.base_currency_code,
    grand_total: totals.grand_total,
    base_grand_total: totals.base_grand_total,
    subtotal: totals.subtotal,
    subtotal_incl_tax: totals.subtotal_incl_tax,
    tax_amount: totals.tax_amount,
    discount_amount: totals.discount_amount,
    shipping_amount: totals.shipping_amount,
    shipping_incl_tax: totals.shipping_incl_tax,
    shipping_description: (JSON.parse(row.answer) as { shipping_description?: string }).shipping_description ?? '',
    coupon_code: totals.coupon_code,
    total_qty_ordered: totals.items_qty,
    payment: { method: ai.payment_method_code },
    billing_address: ai.billingAddress,
    shipping_address: shipping,
    extension_attributes: { shipping_assignments: [{ shipping: { address: shipping, method: `${ai.shipping_carrier_code}_${ai.shipping_method_code}` } }] },
    items: totals.items.map((l) => ({
      item_id: l.item_id,
      sku: l.sku,
      name: l.name,
      qty_ordered: l.qty,
      price: l.price,
      price_incl_tax: l.price_incl_tax,
      original_price: l.original_price,
      row_total: l.row_total,
      row_total_incl_tax: l.row_total_incl_tax,
      tax_amount: l.tax_amount,
      tax_percent: l.tax_percent,
      discount_amount: l.discount_amount,
      product_type: l.product_type,
      parent_sku: l.parent_sku,
      product_option: l.product_option,
    })),
  };
}

/** The order-success lookup (§3 External order result). */
export function externalOrderJson(row: OrderRow) {
  const totals = JSON.parse(row.totals) as Totals;
  return {
    order_id: row.increment_id,
    client_order_id: row.order_id,
    order_total: totals.grand_total,
    order_tax: totals.tax_amount,
    order_shipping: totals.shipping_incl_tax,
    order_lines: totals.items.map((l) => ({
      line_sku: l.sku,
      line_name: l.name,
      line_qty: l.qty,
      line_discount: l.discount_amount,
      line_original_price: l.price_incl_tax,
    })),
  };
}

/** A customer's own order by the client's order_id or the shop's increment id (GET /api/order/{id}: the caller's ownership is checked there). */
export async function getOrder(ctx: DbDeps, orderId: string): Promise<OrderRow | undefined> {
  return (await ctx.db.prepare('SELECT rowid AS entity_id, * FROM orders WHERE order_id = ? OR increment_id = ?').get(orderId, orderId)) as
    OrderRow | undefined;
}

/** The order of a client-generated order_id only: an increment id is never a replay key. */
async function orderByClientId(ctx: DbDeps, orderId: string): Promise<OrderRow | undefined> {
  return (await ctx.db.prepare('SELECT rowid AS entity_id, * FROM orders WHERE order_id = ?').get(orderId)) as OrderRow | undefined;
}

/** What makes two sends the same order: everything but the queue's bookkeeping (transmited, dates). */
function replayKey(p: OrderInputT | OrderPayload): string {
  const { transmited: _t, transmited_at: _ta, updated_at: _u, created_at: _c, ...rest } = p as OrderInputT;
  return stableJson(rest, { dropNull: true });
}

function checkAddress(a: Address, field: string): void {
  if (a.country_id.toUpperCase() === 'GB' && !UK_POSTCODE.test(a.postcode.trim())) {
    throw new ApiError(400, `addressInformation.${field}.postcode: postcode is not a valid UK postcode`);
  }
}

/**
 * Places an order from the stored order payload. Answers `{ code, result }` pieces via the return
 * value (200) or ApiError (400 bad input/address, 401/403 access, 500 out of stock).
 */
/** What placing an order uses: the database, prices' parts, the outbox (the confirmation mail), the log. */
export type PlaceOrderDeps = DbDeps & PricingDeps & OptionsDeps<'outboxDir'> & LoggerDeps;

export async function placeOrder(
  ctx: PlaceOrderDeps,
  payload: OrderInputT,
  customer: CustomerRow | null,
  store?: StoreView,
): Promise<{ answer: OrderAnswer; replay: boolean }> {
  const db = ctx.db;
  const ai = payload.addressInformation;
  checkAddress(ai.shippingAddress, 'shippingAddress');
  checkAddress(ai.billingAddress, 'billingAddress');

  const existing = await orderByClientId(ctx, payload.order_id);
  if (existing) return { answer: replayOf(existing, payload, customer), replay: true };

  // Only what the cart would offer: the methods of the shipping country (§9: GB only).
  const shipping = shippingMethodsFor(ctx, ai.shippingAddress.country_id).find(
    (m) => m.method_code === ai.shipping_method_code && m.carrier_code === ai.shipping_carrier_code,
  );
  if (!shipping) {
    const known = findShipping(ctx, ai.shipping_carrier_code, ai.shipping_method_code);
    throw new ApiError(
      400,
      known
        ? `addressInformation.shippingAddress.country_id: the shop does not deliver to ${ai.shippingAddress.country_id} with this method`
        : 'addressInformation.shipping_method_code: unknown shipping method',
    );
  }
  if (!ctx.paymentMethods().some((p) => p.code === ai.payment_method_code)) {
    throw new ApiError(400, 'addressInformation.payment_method_code: unknown payment method');
  }

  // An order names its customer (user_id) only with that customer's own token.
  if (payload.user_id != null && payload.user_id !== '' && String(payload.user_id) !== String(customer?.id ?? '')) {
    throw new ApiError(403, 'user_id: sign in as this customer to place their order');
  }
  let cart: CartRow | undefined;
  if (payload.cart_id) {
    cart = (await db.prepare('SELECT * FROM carts WHERE id = ?').get(payload.cart_id)) as CartRow | undefined;
    if (cart?.customer_id != null && cart.customer_id !== customer?.id) throw new ApiError(403, 'cart_id: this cart belongs to another customer');
    // An order closes its cart (as a backend turns a quote into an order): a stale tab cannot order the same bag again.
    const orderOfCart =
      db.dialect === 'postgres'
        ? "SELECT 1 FROM orders WHERE payload::json->>'cart_id' = ? LIMIT 1"
        : "SELECT 1 FROM orders WHERE json_extract(payload, '$.cart_id') = ? LIMIT 1";
    if (cart && !cart.active && (await db.prepare(orderOfCart).get(cart.id))) {
      throw new ApiError(409, 'cart_id: this cart has already been ordered');
    }
  }
  // A coupon comes only from the order's (open) cart, where cart/apply-coupon checked it; the payload cannot name one.
  const coupon = cart?.active && cart.coupon_code ? ctx.coupon(cart.coupon_code) : null;
  for (const [i, p] of payload.products.entries()) await checkSaleQty(ctx.db, await resolvedSku(ctx, p), p.qty, `products.${i}.qty`);
  const email = ai.shippingAddress.email ?? ai.billingAddress.email ?? customer?.email ?? null;

  const outOfStock = () => new ApiError(500, messages.orderAddProductsError);
  let replay = false;
  // Snapshot isolation is enough: the stock it checks it also updates, the order_id is a primary key.
  const run = db.transaction(
    async (): Promise<OrderAnswer> => {
      // Another request may have created it between the check above and this transaction.
      const again = await orderByClientId(ctx, payload.order_id);
      if (again) {
        replay = true;
        return replayOf(again, payload, customer);
      }
      const lines: { item_id: number; sku: string; qty: number; product_option: unknown; status: number }[] = [];
      for (const [i, p] of payload.products.entries()) {
        const resolved = await resolveSku(db, p.sku, p.product_option);
        if (!resolved.ok) throw outOfStock();
        lines.push({ item_id: i + 1, sku: resolved.row.sku, qty: p.qty, product_option: p.product_option ?? null, status: resolved.row.status });
      }
      const wanted = new Map<string, number>();
      for (const l of lines) {
        if (l.status >= 2) throw outOfStock();
        wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.qty);
      }
      for (const [sku, qty] of wanted) {
        const s = await getStock(db, sku);
        if (!s) throw outOfStock();
        const i = payload.products.findIndex((_, j) => lines[j]!.sku === sku);
        await checkSaleQty(db, sku, qty, `products.${i}.qty`);
        if (s.manage_stock && (!s.is_in_stock || s.qty < qty)) throw outOfStock();
      }
      for (const [sku, qty] of wanted) {
        await db
          .prepare('UPDATE stock SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE sku = ? AND manage_stock = 1')
          .run(qty, qty, sku);
      }
      const totals = await computeTotals(db, lines, { rates: ctx.taxRates(), coupon, shipping, groupId: ctx.priceGroup(customer?.id), store });
      const nextNumber = db.dialect === 'postgres' ? "SELECT nextval('order_numbers') AS n" : 'SELECT COALESCE(MAX(rowid), 0) + 1 AS n FROM orders';
      const seq = ((await db.prepare(nextNumber).get()) as { n: number }).n;
      const incrementId = `PJ${String(100000000 + seq)}`;
      const token = randomId(24);
      const status = ai.payment_method_code === config.constants.cashOnDelivery.code ? 'pending' : 'processing';
      const answer: OrderAnswer & { shipping_description: string } = {
        order_id: payload.order_id,
        backendOrderId: incrementId,
        magentoOrderId: incrementId,
        increment_id: incrementId,
        token,
        transferedAt: nowIso(),
        grand_total: totals.grand_total,
        status,
        shipping_description: `${shipping.carrier_title} - ${shipping.method_title}`,
      };
      await db
        .prepare(
          'INSERT INTO orders (order_id, increment_id, customer_id, token, status, email, created_at, payload, totals, lines, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          payload.order_id,
          incrementId,
          customer?.id ?? null,
          token,
          status,
          email,
          answer.transferedAt,
          JSON.stringify(payload),
          JSON.stringify(totals),
          JSON.stringify(lines),
          JSON.stringify(answer),
        );
      if (cart) await db.prepare('UPDATE carts SET active = 0, updated_at = ? WHERE id = ?').run(nowIso(), cart.id);
      return answer;
    },
    { snapshot: true },
  );
  const answer = await run();
  if (!replay && email) {
    try {
      await confirmationMail(ctx, answer, email);
    } catch (e) {
      ctx.logger.error(`order confirmation mail failed: ${(e as Error).message}`);
    }
  }
  return { answer: publicAnswer(answer), replay };
}

/**
 * The same order sent again (its answer was lost) answers the first result: only to the same owner
 * (the same customer, or a guest for a guest order: else 403) and only for the same payload (else
 * 409). Neither refusal reveals anything of the first order.
 */
function replayOf(row: OrderRow, payload: OrderInputT, customer: CustomerRow | null): OrderAnswer {
  if (row.customer_id !== (customer?.id ?? null)) throw new ApiError(403, 'order_id: this order belongs to another customer');
  if (replayKey(JSON.parse(row.payload) as OrderInputT) !== replayKey(payload)) throw new ApiError(409, ORDER_ID_TAKEN);
  return publicAnswer(JSON.parse(row.answer) as OrderAnswer);
}

const ORDER_ID_TAKEN = 'order_id: an order with this order_id was already placed with other contents; send a new order_id';

/** The sku a line resolves to (for its sale limits); unknown skus fail later as out of stock. */
async function resolvedSku(ctx: DbDeps, p: OrderInputT['products'][number]): Promise<string> {
  const r = await resolveSku(ctx.db, p.sku, p.product_option);
  return r.ok ? r.row.sku : p.sku;
}

function publicAnswer(a: OrderAnswer & { shipping_description?: string }): OrderAnswer {
  const { shipping_description: _ignored, ...rest } = a;
  return rest;
}

async function confirmationMail(ctx: DbDeps & OptionsDeps<'outboxDir'>, answer: OrderAnswer, to: string): Promise<void> {
  const row = (await orderByClientId(ctx, answer.order_id))!;
  const totals = JSON.parse(row.totals) as Totals;
  // Amounts in the order's currency.
  const formatPrice = priceFormatter(totals.quote_currency_code);
  const lines = totals.items.map((l) => `${l.qty} x ${l.name} (${l.sku})  ${formatPrice(l.row_total_incl_tax)}`);
  await sendMail(ctx.db, ctx.options.outboxDir, {
    kind: 'order',
    from: config.mailer.contactAddress,
    to,
    subject: `${config.shop.name}: order ${answer.increment_id} confirmation`,
    text: [
      `Thank you for your order ${answer.increment_id}.`,
      '',
      ...lines,
      '',
      `Subtotal: ${formatPrice(totals.subtotal_incl_tax)}`,
      ...(totals.discount_amount ? [`Discount: ${formatPrice(totals.discount_amount)}`] : []),
      `Shipping: ${formatPrice(totals.shipping_incl_tax)}`,
      `Grand total: ${formatPrice(totals.grand_total)} (VAT ${formatPrice(totals.tax_amount)} included)`,
      '',
      `Order details: ${config.shop.siteUrl}/order-success?o=${answer.token}`,
    ].join('\n'),
  });
}
