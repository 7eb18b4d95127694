/**
 * Mail forms (spec §7 mailer and booking mail, §8 Email texts): the appointment booking form and the
 * contact form build a letter; sending asks the token endpoint first and, on code 200, posts the
 * letter plus the token to the send endpoint. The shopper sees 'Email has successfully been sent',
 * or 'Could not send an email. Please try again later.' (or the server's message when it gives one).
 */
import { config } from '../config';
import { messages, fill } from '../messages';
import { fields, forms } from './rules';
import type { Booking, MailPayloadInput } from '../schemas';
import type { ApiResult } from '../api/client';

/** A shop the booking form offers (the four shops of the snapshot). */
export interface BookingShop {
  location: string;
  name: string;
  email: string;
}

/** A telephone number: at least 5 digits, only digits, spaces and + ( ) - . */
const PHONE = /^\+?[\d\s().-]*$/;
const isPhone = (v: string): boolean => {
  const s = v.trim();
  return s === '' || (PHONE.test(s) && s.replace(/\D/g, '').length >= 5);
};

/** The booking form: name, phone, e-mail, date, time, shop, requirements, item (the page link is filled in). */
export const bookingForm = forms.booking.safeExtend({
  phone: fields.required().refine(isPhone, messages.phoneInvalid),
  requirements: fields.text(),
  item: fields.text(),
});

/** The contact form: name, e-mail, optional phone, message. */
export const contactForm = forms.contact.safeExtend({ phone: fields.text().refine(isPhone, messages.phoneInvalid) });

export type BookingValues = {
  name: string;
  phone: string;
  email: string;
  date: string;
  time: string;
  /** The chosen shop's location (preston, blackburn, ...). */
  store: string;
  requirements: string;
  item: string;
};

export type ContactValues = {
  name: string;
  email: string;
  phone: string;
  message: string;
};

/** The letter without the token: what the send endpoint takes besides it. */
export type Letter = Omit<MailPayloadInput, 'token'>;

/** Appointment times offered: every half hour from 09:30 to 16:30 (the shops open 09:00 to 17:30). */
export const BOOKING_TIMES: readonly string[] = Array.from({ length: 15 }, (_, i) => {
  const minutes = 9 * 60 + 30 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** The text of a booking mail: every field of the booking on its own labelled line. */
export function bookingText(b: Booking): string {
  return [
    'Appointment booking',
    '',
    `Name: ${b.name}`,
    `Phone: ${b.phone}`,
    `Email: ${b.email}`,
    `Date: ${b.date}`,
    `Time: ${b.time}`,
    `Store: ${b.store}`,
    `Requirements: ${b.requirements || '-'}`,
    `Item: ${b.item || '-'}`,
    `Page link: ${b.pageLink}`,
  ].join('\n');
}

/**
 * The booking letter (§7 booking mail: name, phone, email, date, time, store, requirements, item, page link),
 * addressed to the chosen shop (the contact address when the shop is unknown). Every detail is in
 * `emailText`, the only text vue-storefront-api's mailer sends; no confirmation copy is asked for (its
 * mailer refuses `confirmation` for an address outside its whitelist, as a shopper's own is).
 */
export function bookingLetter(v: BookingValues, pageLink: string, shops: readonly BookingShop[]): Letter {
  const shop = shops.find((s) => s.location === v.store);
  const store = shop?.name ?? v.store;
  const booking: Booking = {
    name: v.name.trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    date: v.date.trim(),
    time: v.time.trim(),
    store,
    requirements: v.requirements.trim(),
    item: v.item.trim(),
    pageLink,
  };
  return {
    sourceAddress: booking.email,
    targetAddress: shop?.email ?? config.mailer.contactAddress,
    subject: fill(messages.bookingSubject, { store, date: booking.date, time: booking.time }),
    emailText: [fill(messages.bookingEmailIntro, { name: booking.name }), '', bookingText(booking)].join('\n'),
  };
}

/** The contact letter, addressed to the shop's contact address (config.mailer.contactAddress). */
export function contactLetter(v: ContactValues, pageLink: string): Letter {
  const lines = [
    `Name: ${v.name.trim()}`,
    `Email: ${v.email.trim()}`,
    ...(v.phone.trim() ? [`Phone: ${v.phone.trim()}`] : []),
    `Page link: ${pageLink}`,
    '',
    v.message.trim(),
  ];
  return {
    sourceAddress: v.email.trim(),
    targetAddress: config.mailer.contactAddress,
    subject: fill(messages.contactSubject, { name: v.name.trim() }),
    emailText: lines.join('\n'),
  };
}

/** What sending needs from the API client (src/lib/api: `api.mailer`; the page's send is src/lib/content/mail-actions.ts). */
export interface MailerApi {
  getToken: () => Promise<ApiResult<string>>;
  send: (payload: MailPayloadInput) => Promise<ApiResult<unknown>>;
}

/** The outcome of a send and the text to show. */
export interface SendResult {
  ok: boolean;
  message: string;
}

/**
 * Sends a letter: GET the token; only if its code is 200, POST the letter plus the token.
 * Success: 'Email has successfully been sent'. A failed send shows the server's message when it is a
 * text, else 'Could not send an email. Please try again later.'; so does a failed token call or no network.
 */
export async function sendLetter(mailer: MailerApi, letter: Letter): Promise<SendResult> {
  const failed: SendResult = { ok: false, message: messages.emailFailed };
  try {
    const token = await mailer.getToken();
    if (!token.ok) return failed;
    const sent = await mailer.send({ ...letter, token: token.result });
    if (sent.ok) return { ok: true, message: messages.emailSent };
    return { ok: false, message: typeof sent.result === 'string' && sent.result.trim() ? sent.result : messages.emailFailed };
  } catch {
    return failed;
  }
}

/** CMS pages (identifiers) that carry the contact form (§2 /contact and /contact-us). */
export const CONTACT_FORM_PAGES: readonly string[] = ['contact', 'contact-us'];

/** True when a CMS page shows the contact form. */
export const hasContactForm = (identifier: string): boolean => CONTACT_FORM_PAGES.includes(identifier);
