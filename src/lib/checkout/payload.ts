/**
 * The order payload (spec §3 Offline order, §7 order): what the checkout hands to the order queue.
 * Pure; the order id is generated on the client (the API is idempotent on it).
 */
import type { CartItem, OrderPayload } from '../schemas';
import type { CheckoutValues } from './state';
import { addressFields } from '../account/address';

/** What the payload is built from. */
export interface PayloadInput {
  values: CheckoutValues;
  items: readonly CartItem[];
  /** The server cart id: its coupon applies and the API closes it. */
  cartToken?: string | null;
  /** The logged-in customer's id, when there is one (sent as a string: vue-storefront-api's order schema). */
  userId?: number | string | null;
  storeCode?: string;
  /** A client-generated id (default crypto.randomUUID()). */
  orderId?: string;
  now?: Date;
}

/** A new client-side order id. */
export function newOrderId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers: time plus randomness is unique enough for an idempotency key.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The shipping address of the order (the e-mail of the personal details on it). */
export function orderAddress(v: CheckoutValues) {
  const s = v.shipping;
  return { ...addressFields(s), street: [s.street.trim()], country_id: s.country_id, email: v.personal.email.trim() };
}

/**
 * A line's `price` and `priceInclTax`: the price the shopper saw in both, except the one field a
 * signed line's `sgn` covers (`sgn_price`), which carries the value vue-storefront-api signed, or is
 * left out when it signed none: VSFA checks `sgn` against that field and the sku as the line sends them.
 */
export function linePrices(i: Pick<CartItem, 'price' | 'sgn' | 'sgn_price'>): { price?: number; priceInclTax?: number } {
  const out: { price?: number; priceInclTax?: number } = typeof i.price === 'number' ? { price: i.price, priceInclTax: i.price } : {};
  if (!i.sgn || !i.sgn_price) return out;
  if (i.sgn_price.value === null) delete out[i.sgn_price.field];
  else out[i.sgn_price.field] = i.sgn_price.value;
  return out;
}

/** Builds the order payload from the checkout's values and the cart; throws when a choice is missing. */
export function buildOrderPayload(input: PayloadInput): OrderPayload {
  const { values: v } = input;
  if (!v.shippingMethod) throw new Error('buildOrderPayload: no shipping method chosen');
  if (!v.paymentMethod) throw new Error('buildOrderPayload: no payment method chosen');
  if (input.items.length === 0) throw new Error('buildOrderPayload: the cart is empty');
  const now = (input.now ?? new Date()).toISOString();
  const address = orderAddress(v);
  const payload: OrderPayload = {
    order_id: input.orderId ?? newOrderId(),
    created_at: now,
    updated_at: now,
    transmited: false,
    ...(input.cartToken ? { cart_id: input.cartToken } : {}),
    ...(input.userId !== undefined && input.userId !== null && input.userId !== '' ? { user_id: String(input.userId) } : {}),
    ...(input.storeCode ? { store_code: input.storeCode } : {}),
    products: input.items.map((i) => ({
      sku: i.sku,
      qty: i.qty,
      ...(i.name ? { name: i.name } : {}),
      ...linePrices(i),
      ...(i.product_type ? { product_type: i.product_type } : {}),
      ...(i.product_option ? { product_option: i.product_option } : {}),
      // Checked by vue-storefront-api when `tax.usePlatformTotals` is off ('Invalid signature validation of {sku}' otherwise).
      ...(i.sgn ? { sgn: i.sgn } : {}),
    })),
    addressInformation: {
      shippingAddress: address,
      billingAddress: { ...address, street: [...address.street] },
      shipping_method_code: v.shippingMethod.method_code,
      shipping_carrier_code: v.shippingMethod.carrier_code,
      payment_method_code: v.paymentMethod,
      payment_method_additional: {},
    },
  };
  return payload;
}
