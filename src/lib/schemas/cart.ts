/** Cart items and totals as the API contract answers them (§7 cart calls). */
import { z, opt } from './common';
import { SignedPriceSchema } from './product';

export const CartItemSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    item_id: opt(z.number().int()),
    sku: z.string().min(1),
    qty: z.number().positive('qty must be above 0'),
    name: opt(z.string()),
    price: opt(z.number()),
    product_type: opt(z.string()),
    quote_id: opt(z.string()),
    product_option: opt(z.looseObject({})),
    /** vue-storefront-api's signature of the line's price (the product record's `sgn`), sent with the order. */
    sgn: opt(z.string()),
    /** The price `sgn` covers, carried into the order line as VSFA signed it. */
    sgn_price: opt(SignedPriceSchema),
  }))();
export type CartItem = z.output<typeof CartItemSchema>;

export const TotalSegmentSchema = /*#__PURE__*/ (() => z.looseObject({ code: z.string(), title: z.string(), value: z.number() }))();

export const CartTotalsSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    grand_total: z.number(),
    subtotal: z.number(),
    subtotal_incl_tax: z.number(),
    discount_amount: z.number(),
    shipping_amount: z.number(),
    shipping_incl_tax: z.number(),
    tax_amount: z.number(),
    base_currency_code: z.string(),
    quote_currency_code: z.string(),
    coupon_code: opt(z.string()),
    items_qty: z.number(),
    items: z.array(
      z.looseObject({
        item_id: z.number().int(),
        sku: opt(z.string()),
        qty: z.number(),
        price: z.number(),
        row_total_incl_tax: z.number(),
        name: z.string(),
        /** Magento's item options: a JSON text of `{ label, value }` (src/lib/catalog/cart-line.ts `optionsFromTotals`). */
        options: opt(z.string()),
      }),
    ),
    total_segments: z.array(TotalSegmentSchema),
  }))();
export type CartTotals = z.output<typeof CartTotalsSchema>;
