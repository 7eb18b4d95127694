/**
 * Answer shapes of the API contract (docs/api.md) that are not entities of their own. Entities
 * (Customer, CartTotals, Review, ...) come from src/lib/schemas; these wrap them.
 */
import { z } from 'zod';
import { AddressSchema, CartItemSchema, CartTotalsSchema, PaymentMethodSchema, ProductSchema, CategorySchema, AttributeSchema } from '../schemas';

/** cart/create: the cart id (a string; some backends answer a number). */
export const CartIdSchema = /*#__PURE__*/ (() => z.union([z.string().min(1), z.number().int()]).transform(String))();

/** A cart line as cart/pull and cart/update answer it. */
export const CartLineSchema = /*#__PURE__*/ (() =>
  CartItemSchema.extend({
    item_id: z.number().int(),
    price: z.number(),
    parent_sku: z.string().nullish(),
  }))();
export type CartLine = z.output<typeof CartLineSchema>;

export const ShippingInformationResultSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    payment_methods: z.array(PaymentMethodSchema),
    totals: CartTotalsSchema,
  }))();

/** The order endpoint's answer (`token` opens the order-success lookup). */
export const OrderAnswerSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    order_id: z.string(),
    backendOrderId: z.union([z.string(), z.number()]).transform(String),
    token: z.string().optional(),
    transferedAt: z.string().optional(),
    grand_total: z.number().optional(),
    status: z.string().optional(),
  }))();
export type OrderAnswer = z.output<typeof OrderAnswerSchema>;

/** One order of user/order-history (Magento-like). */
export const CustomerOrderSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    increment_id: z.string(),
    order_id: z.string().optional(),
    created_at: z.string(),
    status: z.string(),
    grand_total: z.number(),
    subtotal: z.number(),
    subtotal_incl_tax: z.number().optional(),
    tax_amount: z.number(),
    discount_amount: z.number(),
    shipping_amount: z.number(),
    shipping_incl_tax: z.number().optional(),
    shipping_description: z.string().optional(),
    coupon_code: z.string().nullish(),
    /** The currency the order's amounts are in (Magento's order_currency_code); absent: the page's store view's. */
    order_currency_code: z.string().nullish(),
    payment: z.looseObject({ method: z.string() }).optional(),
    billing_address: AddressSchema.optional(),
    shipping_address: AddressSchema.optional(),
    items: z.array(
      z.looseObject({
        sku: z.string(),
        name: z.string(),
        qty_ordered: z.number(),
        price_incl_tax: z.number(),
        row_total_incl_tax: z.number(),
      }),
    ),
  }))();
export type CustomerOrder = z.output<typeof CustomerOrderSchema>;

export const OrderHistorySchema = /*#__PURE__*/ (() =>
  z.looseObject({
    items: z.array(CustomerOrderSchema),
    total_count: z.number().int(),
  }))();
export type OrderHistory = z.output<typeof OrderHistorySchema>;

/** A stock item (stock/check, stock/list): Magento's stock item, which names its product by `product_id` only (no sku). */
export const StockItemSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    sku: z.string().optional(),
    product_id: z.number().int(),
    qty: z.number(),
    is_in_stock: z.boolean(),
  }))();
export type StockItem = z.output<typeof StockItemSchema>;

/** A page of a list: `{ items, total, from, size }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ items: z.array(item), total: z.number().int(), from: z.number().int().optional(), size: z.number().int().optional() });

/**
 * Elasticsearch's search answer as vue-storefront-api's `/api/catalog/{index}/{entity}/_search` passes
 * it on: `hits.total` (a number, or `{ value }` since Elasticsearch 7) and each hit's `_source`.
 */
export const searchAnswerOf = <T extends z.ZodType>(source: T) =>
  z.looseObject({
    hits: z.looseObject({
      total: z.union([z.number().int(), z.looseObject({ value: z.number().int() }).transform((t) => t.value)]),
      hits: z.array(z.looseObject({ _id: z.union([z.string(), z.number()]).optional(), _source: source })),
    }),
  });
export const ProductPageSchema = /*#__PURE__*/ (() => pageOf(ProductSchema))();
export const CategoryPageSchema = /*#__PURE__*/ (() => pageOf(CategorySchema))();
export const AttributePageSchema = /*#__PURE__*/ (() => pageOf(AttributeSchema))();
