/** Notification (spec §3). */
import { z, opt } from './common';

export const NotificationSchema = /*#__PURE__*/ (() =>
  z.object({
    message: z.string().min(1),
    type: z.enum(['success', 'error', 'warning', 'info']),
    action1: opt(z.object({ label: z.string(), action: z.unknown().optional() })),
    action2: opt(z.object({ label: z.string(), action: z.unknown().optional() })),
    hasNoTimeout: z.boolean().default(false),
    timeToLive: z.number().int().positive().optional(),
  }))();
export type Notification = z.output<typeof NotificationSchema>;
export type NotificationInput = z.input<typeof NotificationSchema>;
