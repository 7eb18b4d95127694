/** Claim stored in the claims collection (spec §3). */
import { z, DateString } from './common';

export const ClaimSchema = /*#__PURE__*/ (() =>
  z.object({
    code: z.string().min(1),
    created_at: DateString,
    value: z.unknown(),
    description: z.string().default(''),
  }))();
export type Claim = z.output<typeof ClaimSchema>;
