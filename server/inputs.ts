/**
 * What the API accepts from clients, stricter than the entity schemas of src/lib/schemas (which also
 * read what backends send): known keys only, bounded strings, arrays and numbers, so that nothing
 * malformed is written and nothing written can break a later read.
 */
import { z } from 'zod';
import type { MiddlewareHandler } from 'hono';
import { AddressSchema, DateString } from '../src/lib/schemas';
import { messages, fill } from '../src/lib/messages';
import { ApiError, MAX_JSON_STRING, textProblem } from './http';

/**
 * Longest query value or path segment the API reads (a sku, a cart id, a token, a url path): far
 * beyond every key it holds, short enough that no lookup or insert meets a database's key limit
 * (PostgreSQL's b-tree entries hold at most 2,704 bytes).
 */
export const MAX_PARAM = 600;
/** Query parameters that carry a list or a document: the longest string of a body. */
const LONG_PARAMS = new Set(['skus', 'request', '_source_include', '_source_includes', '_source_exclude', '_source_excludes']);

/**
 * The API's edge for what is not a JSON body (bodies: `jsonBody` and `jsonLimits`): every query
 * parameter and path segment of /api is text either database stores and finds alike (no NUL, no
 * lone surrogate; `textProblem`) and at most MAX_PARAM characters long, or the request is a 400
 * naming it before any route runs.
 */
export const inputEdge: MiddlewareHandler = async (c, next) => {
  for (const segment of c.req.path.split('/')) {
    const problem = textProblem(segment) ?? (segment.length > MAX_PARAM ? `a path segment must have at most ${MAX_PARAM} characters` : null);
    if (problem) throw new ApiError(400, `path: ${problem}`);
  }
  for (const [key, values] of Object.entries(c.req.queries())) {
    const keyProblem = textProblem(key) ?? (key.length > 64 ? 'a parameter name must have at most 64 characters' : null);
    if (keyProblem) throw new ApiError(400, `query: ${keyProblem}`);
    const max = LONG_PARAMS.has(key) ? MAX_JSON_STRING : MAX_PARAM;
    for (const v of values) {
      const problem = textProblem(v) ?? (v.length > max ? `must have at most ${max} characters` : null);
      if (problem) throw new ApiError(400, `query.${key}: ${problem}`);
    }
  }
  await next();
};

/** An id sent as text (query, path, rebuild hook): a whole number both databases store as a 64-bit integer and JavaScript reads exactly. */
export const IdText = z
  .string()
  .regex(/^\d{1,16}$/, 'must be a whole number')
  .refine((s) => Number.isSafeInteger(Number(s)), `must be at most ${Number.MAX_SAFE_INTEGER}`);

/** Longest free text a field takes (names, streets, option values). */
const TEXT_MAX = 1000;
/** The largest quantity of one line the API ever takes; a product's own max_sale_qty is checked after. */
export const QTY_CEILING = 10_000;

const Text = (max = TEXT_MAX) => z.string().max(max, `must have at most ${max} characters`);
const OptionId = z.union([z.number().int().nonnegative(), Text(64).min(1)]);

/** A quantity: a positive whole number (the §5 text for 0 and below). */
export const Qty = z
  .number()
  .positive(messages.quantityAboveZero)
  .max(QTY_CEILING, fill(messages.quantityAtMost, { max: QTY_CEILING }))
  .int(messages.quantityWholeNumber);

/** A line's chosen options (the contract's product_option): custom, bundle and configurable options. */
export const ProductOptionInput = z.strictObject({
  extension_attributes: z
    .strictObject({
      custom_options: z
        .array(z.strictObject({ option_id: OptionId, option_value: z.union([Text(), z.number().finite(), z.boolean()]).nullable() }))
        .max(50)
        .optional(),
      bundle_options: z
        .array(
          z.strictObject({
            option_id: OptionId,
            option_qty: Qty.optional(),
            option_selections: z.array(OptionId).max(50).optional(),
          }),
        )
        .max(50)
        .optional(),
      configurable_item_options: z
        .array(z.strictObject({ option_id: OptionId, option_value: z.union([z.number().int(), Text(64)]) }))
        .max(20)
        .optional(),
    })
    .optional(),
});

export const CartItemInput = z.strictObject({
  item_id: z.number().int().positive().optional(),
  sku: Text(64).min(1, 'sku is required'),
  qty: Qty,
  // What pull answers may come back with it; ignored (prices come from the database).
  name: Text().nullish(),
  price: z.number().finite().nullish(),
  product_type: Text(32).nullish(),
  quote_id: Text(64).nullish(),
  quoteId: Text(64).nullish(),
  parent_sku: Text(64).nullish(),
  product_option: ProductOptionInput.nullish(),
});

export const OrderAddress = AddressSchema.extend({
  firstname: Text(100).trim().min(2, 'firstname must have at least 2 letters'),
  lastname: Text(100).trim().min(1, 'lastname is required'),
  company: Text(200).optional(),
  street: z
    .array(Text(200))
    .min(1, 'street is required')
    .max(4)
    .refine((s) => (s[0] ?? '').trim().length > 0, 'street is required'),
  city: Text(100).trim().min(1, 'city is required'),
  region: Text(100).optional(),
  postcode: Text(16).trim().min(3, 'postcode must have at least 3 characters'),
  telephone: Text(40).trim().min(1, 'telephone is required'),
  vat_id: Text(40).trim().min(3, 'vat_id must have at least 3 characters').optional(),
  region_id: z.union([z.number().int(), Text(16)]).nullish(),
  region_code: Text(16).nullish(),
  default_shipping: z.boolean().optional(),
  default_billing: z.boolean().optional(),
}).strict();

/** An address on a cart (shipping-information): any of the order address's fields, the country required. */
export const CartAddress = OrderAddress.partial().required({ country_id: true });

/** Small flat objects of strings, numbers and booleans (payment_method_additional, shippingExtraFields). */
const FlatExtras = z
  .record(Text(64), z.union([Text(), z.number().finite(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= 20, 'at most 20 fields');

/** The order endpoint's body: the stored order (§3 Offline order) and nothing else. */
export const OrderInput = z.strictObject({
  order_id: Text(100).min(8, 'order_id must be a client-generated id'),
  created_at: DateString,
  updated_at: DateString.nullish(),
  transmited: z.boolean().default(false),
  // vue-storefront-api's order schema: `transmited_at` and `user_id` are strings when present.
  transmited_at: DateString.optional(),
  cart_id: Text(64).nullish(),
  user_id: Text(64).optional(),
  store_code: Text(16).nullish(),
  products: z
    .array(
      z.strictObject({
        sku: Text(64).min(1, 'sku is required'),
        qty: Qty,
        name: Text().nullish(),
        price: z.number().finite().nullish(),
        priceInclTax: z.number().finite().nullish(),
        product_type: Text(32).nullish(),
        product_option: ProductOptionInput.nullish(),
      }),
    )
    .min(1, 'products must not be empty')
    .max(100, 'at most 100 lines'),
  addressInformation: z.strictObject({
    shippingAddress: OrderAddress,
    billingAddress: OrderAddress,
    shipping_method_code: Text(64).min(1),
    shipping_carrier_code: Text(64).min(1),
    payment_method_code: Text(64).min(1),
    payment_method_additional: FlatExtras.nullish(),
    shippingExtraFields: FlatExtras.nullish(),
  }),
});
export type OrderInputT = z.output<typeof OrderInput>;
