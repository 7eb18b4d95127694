/** Order payload and offline order (spec §3 Offline order, §7 order). */
import { z, DateString, opt } from './common';
import { AddressSchema } from './address';

export const OrderProductSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    sku: z.string().min(1),
    qty: z.number().int().positive('qty must be above 0'),
    name: opt(z.string()),
    price: opt(z.number()),
    priceInclTax: opt(z.number()),
    product_type: opt(z.string()),
    product_option: opt(z.looseObject({})),
  }))();

export const OrderPayloadSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    /** Client-generated order id: the API uses it for idempotency. */
    order_id: z.string().min(8, 'order_id must be a client-generated id'),
    created_at: DateString,
    updated_at: opt(DateString),
    transmited: z.boolean().default(false),
    transmited_at: opt(DateString),
    cart_id: opt(z.string()),
    user_id: opt(z.union([z.string(), z.number()])),
    store_code: opt(z.string()),
    products: z.array(OrderProductSchema).min(1, 'products must not be empty'),
    addressInformation: z.looseObject({
      shippingAddress: AddressSchema,
      billingAddress: AddressSchema,
      shipping_method_code: z.string().min(1),
      shipping_carrier_code: z.string().min(1),
      payment_method_code: z.string().min(1),
      payment_method_additional: opt(z.looseObject({})),
      shippingExtraFields: opt(z.looseObject({})),
    }),
  }))();
export type OrderPayload = z.output<typeof OrderPayloadSchema>;

/** An order stored in the `orders` collection while it waits to be sent (§3, §4). */
export const OfflineOrderSchema = /*#__PURE__*/ (() =>
  OrderPayloadSchema.extend({
    transmited: z.boolean(),
    transmited_at: DateString.nullish(),
    /** Set when the API cancelled the order (code 400, or 500 with the add-products error). */
    cancelled: z.boolean().optional(),
    cancel_reason: z.string().optional(),
    result: z.unknown().optional(),
    resultCode: z.number().int().optional(),
    /**
     * The shopper's bag this order was placed from: 'full' until the bag is emptied for it (once the
     * order is stored, at placement or at the next page start), 'emptied' after, 'kept' when the API
     * refused the order at placement (the bag stays for the shopper to fix), 'restored' when the order
     * was cancelled after its bag was emptied and its lines were put back in the bag.
     */
    bag: z.enum(['full', 'emptied', 'kept', 'restored']).optional(),
    /**
     * When the latest send of this order began; cleared by its answer. Still set on a pending order:
     * that send's answer never came, so whether the shop has the order is not known
     * (src/lib/state/sync/order-send.ts `answerMissing`).
     */
    send_began_at: DateString.nullish(),
  }))();
export type OfflineOrder = z.output<typeof OfflineOrderSchema>;
