/** External order result for the order-success page (spec §3). */
import { z, NumberLike } from './common';

export const ExternalOrderLineSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    line_sku: z.string(),
    line_qty: NumberLike,
    line_discount: NumberLike,
    line_original_price: NumberLike,
    line_name: z.string().optional(),
    /** The line's chosen options in words (the shop's own confirmation: the bag line's; an order lookup has none). */
    line_options: z.string().optional(),
  }))();

export const ExternalOrderResultSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    order_id: z.union([z.string(), z.number()]).transform(String),
    order_total: NumberLike,
    order_tax: NumberLike,
    order_shipping: NumberLike,
    order_lines: z.array(ExternalOrderLineSchema),
  }))();
export type ExternalOrderResult = z.output<typeof ExternalOrderResultSchema>;
