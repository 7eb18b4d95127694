/** Payment method (spec §3). */
import { z } from './common';

export const PaymentMethodSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    title: z.string(),
    code: z.string(),
    cost: z.number().default(0),
    costInclTax: z.number().default(0),
    default: z.boolean().default(false),
    offline: z.boolean().default(false),
    is_server_method: z.boolean().default(true),
  }))();
export type PaymentMethod = z.output<typeof PaymentMethodSchema>;
