/** Newsletter state and the subscribe body (spec §3, §7). */
import { z } from './common';

export const NewsletterStateSchema = /*#__PURE__*/ (() =>
  z.object({
    isSubscribed: z.boolean().nullable(),
    email: z.email().nullable(),
  }))();
export type NewsletterState = z.output<typeof NewsletterStateSchema>;

export const NewsletterInputSchema = /*#__PURE__*/ (() => z.object({ email: z.email('email must be a valid e-mail address') }).loose())();
