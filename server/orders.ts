/**
 * Orders: idempotent on the client-generated order_id; prices and totals from the database; stock
 * checked and decremented in the same transaction (500 'Error: Error while adding products' when short).
 */
import { OrderPayloadSchema, UK_POSTCODE, type OrderPayload, type Address } from '../src/lib/schemas';
import { config } from '../src/lib/config';
import { formatPrice } from '../src/lib/format';
import { messages } from '../src/lib/messages';
import type { ShopContext, CustomerRow } from './context';
import { ApiError, parseOr400 } from './http';
import { randomId } from './auth';
import { nowIso } from './db';
import { computeTotals, type Totals } from './pricing';
import { resolveSku, getStock } from './catalog';
import { findShipping, type CartRow } from './routes/cart';
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
    grand_total: totals.grand_total,
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

export function getOrder(ctx: ShopContext, orderId: string): OrderRow | undefined {
  return ctx.db.prepare('SELECT rowid AS entity_id, * FROM orders WHERE order_id = ? OR increment_id = ?').get(orderId, orderId) as OrderRow | undefined;
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
export function placeOrder(ctx: ShopContext, body: unknown, customer: CustomerRow | null): { answer: OrderAnswer; replay: boolean } {
  const db = ctx.db;
  const payload = parseOr400(OrderPayloadSchema, body);
  const ai = payload.addressInformation;
  checkAddress(ai.shippingAddress, 'shippingAddress');
  checkAddress(ai.billingAddress, 'billingAddress');

  const existing = getOrder(ctx, payload.order_id);
  if (existing) return { answer: replayOf(existing, customer), replay: true };

  const shipping = findShipping(ctx, ai.shipping_carrier_code, ai.shipping_method_code);
  if (!shipping || !shipping.available) throw new ApiError(400, 'addressInformation.shipping_method_code: unknown shipping method');
  if (!ctx.paymentMethods().some((p) => p.code === ai.payment_method_code)) {
    throw new ApiError(400, 'addressInformation.payment_method_code: unknown payment method');
  }

  let cart: CartRow | undefined;
  if (payload.cart_id) {
    cart = db.prepare('SELECT * FROM carts WHERE id = ?').get(payload.cart_id) as CartRow | undefined;
    if (cart?.customer_id != null && cart.customer_id !== customer?.id) throw new ApiError(403, 'cart_id: this cart belongs to another customer');
  }
  const couponCode = cart?.coupon_code ?? (typeof payload.coupon_code === 'string' ? payload.coupon_code : null);
  const coupon = couponCode ? ctx.coupon(couponCode) : null;
  const email = ai.shippingAddress.email ?? ai.billingAddress.email ?? customer?.email ?? null;

  const outOfStock = () => new ApiError(500, messages.orderAddProductsError);
  let replay = false;
  const run = db.transaction((): OrderAnswer => {
    // Another request may have created it between the check above and this transaction.
    const again = getOrder(ctx, payload.order_id);
    if (again) {
      replay = true;
      return replayOf(again, customer);
    }
    const lines = payload.products.map((p, i) => {
      const resolved = resolveSku(db, p.sku, p.product_option);
      if (!resolved.ok) throw outOfStock();
      return { item_id: i + 1, sku: resolved.row.sku, qty: p.qty, product_option: p.product_option ?? null, status: resolved.row.status };
    });
    const wanted = new Map<string, number>();
    for (const l of lines) {
      if (l.status >= 2) throw outOfStock();
      wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.qty);
    }
    for (const [sku, qty] of wanted) {
      const s = getStock(db, sku);
      if (!s) throw outOfStock();
      if (s.manage_stock && (!s.is_in_stock || s.qty < qty)) throw outOfStock();
    }
    for (const [sku, qty] of wanted) {
      db.prepare('UPDATE stock SET qty = qty - ?, is_in_stock = CASE WHEN qty - ? <= 0 THEN 0 ELSE is_in_stock END WHERE sku = ? AND manage_stock = 1').run(
        qty,
        qty,
        sku,
      );
    }
    const totals = computeTotals(db, lines, { rates: ctx.taxRates(), coupon, shipping, groupId: ctx.priceGroup(customer?.id) });
    const seq = (db.prepare('SELECT IFNULL(MAX(rowid), 0) + 1 AS n FROM orders').get() as { n: number }).n;
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
    db.prepare(
      'INSERT INTO orders (order_id, increment_id, customer_id, token, status, email, created_at, payload, totals, lines, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(payload.order_id, incrementId, customer?.id ?? null, token, status, email, answer.transferedAt, JSON.stringify(payload), JSON.stringify(totals), JSON.stringify(lines), JSON.stringify(answer));
    if (cart) db.prepare('UPDATE carts SET active = 0, updated_at = ? WHERE id = ?').run(nowIso(), cart.id);
    return answer;
  });
  const answer = run();
  if (!replay && email) {
    try {
      confirmationMail(ctx, answer, email);
    } catch (e) {
      ctx.logger.error(`order confirmation mail failed: ${(e as Error).message}`);
    }
  }
  return { answer: publicAnswer(answer), replay };
}

function replayOf(row: OrderRow, customer: CustomerRow | null): OrderAnswer {
  // The same order sent again answers the same result, but never to another customer.
  if (row.customer_id !== null && customer && customer.id !== row.customer_id) throw new ApiError(403, 'order_id: this order belongs to another customer');
  return publicAnswer(JSON.parse(row.answer) as OrderAnswer);
}

function publicAnswer(a: OrderAnswer & { shipping_description?: string }): OrderAnswer {
  const { shipping_description: _ignored, ...rest } = a;
  return rest;
}

function confirmationMail(ctx: ShopContext, answer: OrderAnswer, to: string): void {
  const row = getOrder(ctx, answer.order_id)!;
  const totals = JSON.parse(row.totals) as Totals;
  const lines = totals.items.map((l) => `${l.qty} x ${l.name} (${l.sku})  ${formatPrice(l.row_total_incl_tax)}`);
  sendMail(ctx.db, ctx.options.outboxDir, {
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
