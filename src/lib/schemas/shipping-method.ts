/** Shipping method (spec §3). */
import { z, opt } from './common';

export const ShippingMethodSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    carrier_code: z.string(),
    method_code: z.string(),
    carrier_title: z.string(),
    method_title: z.string(),
    amount: z.number(),
    base_amount: z.number(),
    available: z.boolean(),
    error_message: z.string().default(''),
    price_excl_tax: z.number(),
    price_incl_tax: z.number(),
    /** Store collection: the shop id of the collection point. */
    store: opt(z.string()),
  }))();
export type ShippingMethod = z.output<typeof ShippingMethodSchema>;
