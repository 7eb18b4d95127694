/** Coupon codes the backend accepts (snapshot seed for the reference API). */
import { z } from './common';

export const CouponSchema = /*#__PURE__*/ (() =>
  z.object({
    code: z.string().min(1),
    type: z.enum(['percent', 'fixed']),
    amount: z.number().positive(),
    description: z.string().default(''),
    active: z.boolean().default(true),
  }))();
export type Coupon = z.output<typeof CouponSchema>;
