/** Mailer payloads (§7 mailer, booking mail): what the send endpoint accepts. */
import { z } from './common';

/** An appointment booking (§7: name, phone, email, date, time, store, requirements, item, page link). */
export const BookingSchema = /*#__PURE__*/ (() =>
  z.object({
    name: z.string().trim().min(2, 'name must have at least 2 letters'),
    phone: z.string().trim().min(5, 'phone must be a telephone number'),
    email: z.email('email must be a valid e-mail address'),
    date: z.string().trim().min(1, 'date is required'),
    time: z.string().trim().min(1, 'time is required'),
    store: z.string().trim().min(1, 'store is required'),
    requirements: z.string().default(''),
    item: z.string().default(''),
    pageLink: z.string().trim().min(1, 'pageLink is required'),
  }))();
export type Booking = z.output<typeof BookingSchema>;

/** The body of the send endpoint: the letter plus the token from the token endpoint. */
export const MailPayloadSchema = /*#__PURE__*/ (() =>
  z.object({
    sourceAddress: z.email('sourceAddress must be a valid e-mail address'),
    targetAddress: z.email('targetAddress must be a valid e-mail address'),
    subject: z.string().trim().min(1, 'subject is required').max(200, 'subject must have at most 200 characters'),
    emailText: z.string().max(20_000, 'emailText must have at most 20000 characters').default(''),
    /** Also send a copy to the sender. */
    confirmation: z.boolean().default(false),
    booking: BookingSchema.optional(),
    token: z.string().min(1, 'token is required'),
  }))();
export type MailPayload = z.output<typeof MailPayloadSchema>;
export type MailPayloadInput = z.input<typeof MailPayloadSchema>;
