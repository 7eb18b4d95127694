import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { config } from '../../src/lib/config';
import { createApiClient } from '../../src/lib/api/client';
import { formErrors } from '../../src/lib/forms/rules';
import { MailPayloadSchema } from '../../src/lib/schemas';
import {
  BOOKING_TIMES,
  bookingForm,
  bookingLetter,
  contactForm,
  contactLetter,
  hasContactForm,
  sendLetter,
  type BookingValues,
  type MailerApi,
} from '../../src/lib/forms/mail';
import BookingForm from '../../src/browser/content/BookingForm';
import ContactForm from '../../src/browser/content/ContactForm';
import { useTestShop } from '../api/fixture';
import { todayIso } from '../../src/lib/forms/rules';

const SHOPS = ['preston', 'blackburn', 'bury', 'carlisle'].map((loc) => ({
  location: loc,
  name: `Pendle & James ${loc[0]!.toUpperCase()}${loc.slice(1)}`,
  email: `${loc}@pendleandjames.co.uk`,
}));

const booking: BookingValues = {
  name: 'Ada Lovelace',
  phone: '01772 123456',
  email: 'ada@example.com',
  date: '2099-12-01',
  time: '10:30',
  store: 'bury',
  requirements: 'Resize my ring',
  item: 'Evermore solitaire',
};

describe('booking form rules', () => {
  it('asks for name, phone, e-mail, date, time and shop', () => {
    const errors = formErrors(bookingForm, { name: '', phone: '', email: '', date: '', time: '', store: '', requirements: '', item: '' });
    for (const f of ['name', 'phone', 'email', 'date', 'time', 'store'] as const) expect(errors[f]).toEqual(['Field is required']);
    expect(errors.requirements).toEqual([]);
    expect(errors.item).toEqual([]);
  });

  it('checks the name length, the e-mail and the phone number', () => {
    const errors = formErrors(bookingForm, { ...booking, name: 'A', email: 'ada@', phone: '12' });
    expect(errors.name).toEqual(['Name must have at least 2 letters.']);
    expect(errors.email).toEqual(['Please provide valid e-mail address.']);
    expect(errors.phone).toEqual(['Please provide a valid phone number.']);
    expect(formErrors(bookingForm, { ...booking, phone: 'call me' }).phone).toEqual(['Please provide a valid phone number.']);
    expect(Object.values(formErrors(bookingForm, booking)).flat()).toEqual([]);
  });

  it('offers half-hour times from 09:30 to 16:30 and dates from today in london', () => {
    expect(BOOKING_TIMES[0]).toBe('09:30');
    expect(BOOKING_TIMES.at(-1)).toBe('16:30');
    expect(BOOKING_TIMES).toHaveLength(15);
    expect(todayIso(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIso(new Date('2026-01-10T12:00:00Z'))).toBe('2026-01-10');
  });

  it("today's date does not depend on how the engine's locale data writes a date (WebKitGTK writes en-CA as 12/01/2026)", () => {
    // `format` is an accessor of Intl.DateTimeFormat.prototype (it returns a bound function).
    const written = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: unknown }, 'format', 'get').mockReturnValue(() => '12/01/2026');
    try {
      expect(todayIso(new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-01');
    } finally {
      written.mockRestore();
    }
  });

  it('refuses a day gone by, and a date that is not one, with the date text; today and later pass', () => {
    const on = (date: string) => formErrors(bookingForm, { ...booking, date }).date;
    const today = todayIso();
    const yesterday = todayIso(new Date(Date.now() - 86_400_000));
    expect(on(today)).toEqual([]);
    expect(on('2099-01-31')).toEqual([]);
    expect(on(yesterday)).toEqual(['Please choose today or a later date.']);
    expect(on('0006-12-12')).toEqual(['Please choose today or a later date.']);
    expect(on('12/06/2026')).toEqual(['Please choose today or a later date.']);
    expect(on('')).toEqual(['Field is required']);
  });
});

describe('contact form rules', () => {
  it('asks for name, e-mail and message; the phone is optional but checked', () => {
    const errors = formErrors(contactForm, { name: '', email: '', phone: '', message: '' });
    expect(errors).toEqual({ name: ['Field is required'], email: ['Field is required'], message: ['Field is required'], phone: [] });
    expect(formErrors(contactForm, { name: 'Al', email: 'al@example.com', phone: 'x', message: 'Hi' }).phone).toEqual(['Please provide a valid phone number.']);
  });

  it('is on the contact pages only', () => {
    expect(hasContactForm('contact')).toBe(true);
    expect(hasContactForm('contact-us')).toBe(true);
    expect(hasContactForm('about-us')).toBe(false);
  });
});

describe('letters', () => {
  it('a booking carries name, phone, email, date, time, store, requirements, item and page link to the chosen shop', () => {
    const letter = bookingLetter(booking, 'https://shop().test/repairs', SHOPS);
    // Every detail inside emailText: the only text vue-storefront-api's mailer sends.
    for (const line of [
      'Name: Ada Lovelace',
      'Phone: 01772 123456',
      'Email: ada@example.com',
      'Date: 2099-12-01',
      'Time: 10:30',
      'Store: Pendle & James Bury',
      'Requirements: Resize my ring',
      'Item: Evermore solitaire',
      'Page link: https://shop().test/repairs',
    ])
      expect(letter.emailText).toContain(line);
    // No confirmation copy: VSFA's mailer refuses it for an address outside its whitelist.
    expect(letter).not.toHaveProperty('confirmation');
    expect(letter).not.toHaveProperty('booking');
    expect(letter.targetAddress).toBe('bury@pendleandjames.co.uk');
    expect(letter.sourceAddress).toBe('ada@example.com');
    expect(letter.subject).toBe('Appointment booking: Pendle & James Bury, 2099-12-01 at 10:30');
    expect(MailPayloadSchema.safeParse({ ...letter, token: 't' }).success).toBe(true);
  });

  it('a booking for an unknown shop goes to the contact address', () => {
    expect(bookingLetter({ ...booking, store: 'leeds' }, '/x', SHOPS).targetAddress).toBe(config.mailer.contactAddress);
  });

  it('a contact message goes to the contact address with the sender in the text', () => {
    const letter = contactLetter({ name: 'Al', email: 'al@example.com', phone: '', message: 'Do you engrave watches?' }, 'https://shop().test/contact');
    expect(letter.targetAddress).toBe(config.mailer.contactAddress);
    expect(letter.sourceAddress).toBe('al@example.com');
    expect(letter.subject).toBe('Message from Al (contact form)');
    expect(letter.emailText).toContain('Do you engrave watches?');
    expect(letter.emailText).toContain('Email: al@example.com');
    expect(letter.emailText).not.toContain('Phone:');
    expect(MailPayloadSchema.safeParse({ ...letter, token: 't' }).success).toBe(true);
  });
});

describe('sending', () => {
  const letter = contactLetter({ name: 'Al', email: 'al@example.com', phone: '', message: 'Hi' }, '/contact');
  const fake = (token: Awaited<ReturnType<MailerApi['getToken']>> | Error, sent?: Awaited<ReturnType<MailerApi['send']>> | Error) => {
    const calls: string[] = [];
    const api: MailerApi = {
      getToken: async () => {
        calls.push('token');
        if (token instanceof Error) throw token;
        return token;
      },
      send: async (p) => {
        calls.push(`send:${p.token}`);
        if (sent instanceof Error) throw sent;
        return sent!;
      },
    };
    return { api, calls };
  };

  it('asks for the token first, then sends the letter with it', async () => {
    const { api, calls } = fake({ ok: true, code: 200, result: 'T1' }, { ok: true, code: 200, result: 'Email has successfully been sent' });
    expect(await sendLetter(api, letter)).toEqual({ ok: true, message: 'Email has successfully been sent' });
    expect(calls).toEqual(['token', 'send:T1']);
  });

  it('does not send when the token call fails', async () => {
    const { api, calls } = fake({ ok: false, code: 500, result: 'down' });
    expect(await sendLetter(api, letter)).toEqual({ ok: false, message: 'Could not send an email. Please try again later.' });
    expect(calls).toEqual(['token']);
  });

  it("shows the server's message when sending fails with one", async () => {
    const { api } = fake(
      { ok: true, code: 200, result: 'T1' },
      { ok: false, code: 400, result: 'targetAddress: this address does not receive mail from the shop' },
    );
    expect(await sendLetter(api, letter)).toEqual({ ok: false, message: 'targetAddress: this address does not receive mail from the shop' });
  });

  it('shows the failure text when sending fails without a message or the network is down', async () => {
    expect(await sendLetter(fake({ ok: true, code: 200, result: 'T1' }, { ok: false, code: 500, result: null }).api, letter)).toEqual({
      ok: false,
      message: 'Could not send an email. Please try again later.',
    });
    expect(await sendLetter(fake(new TypeError('Failed to fetch')).api, letter)).toEqual({
      ok: false,
      message: 'Could not send an email. Please try again later.',
    });
    expect(await sendLetter(fake({ ok: true, code: 200, result: 'T1' }, new TypeError('Failed to fetch')).api, letter)).toEqual({
      ok: false,
      message: 'Could not send an email. Please try again later.',
    });
  });
});

describe('mail through the reference api', () => {
  const shop = useTestShop();

  it('a booking lands in the outbox with every booking field', async () => {
    const api = createApiClient({ baseUrl: shop().url });
    const shops = SHOPS.map((s) => ({ ...s, email: `${s.location}@pendleandjames.co.uk` }));
    const result = await sendLetter(api.mailer, bookingLetter(booking, 'http://localhost/repairs', shops));
    expect(result).toEqual({ ok: true, message: 'Email has successfully been sent' });
    const outbox = (await shop().call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; text: string; file: string }[];
    const mail = outbox.find((m) => m.to_addr === 'bury@pendleandjames.co.uk');
    expect(mail?.kind).toBe('contact');
    for (const line of [
      'Name: Ada Lovelace',
      'Phone: 01772 123456',
      'Email: ada@example.com',
      'Date: 2099-12-01',
      'Time: 10:30',
      'Store: Pendle & James Bury',
      'Requirements: Resize my ring',
      'Item: Evermore solitaire',
      'Page link: http://localhost/repairs',
    ]) {
      expect(mail?.text).toContain(line);
    }
    const files = readdirSync(join(shop().dir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(shop().dir, 'outbox', files[0]!), 'utf8')).toContain('Subject: Appointment booking: Pendle & James Bury, 2099-12-01 at 10:30');
  });

  it('a contact message lands in the outbox for the contact address', async () => {
    const api = createApiClient({ baseUrl: shop().url });
    const result = await sendLetter(
      api.mailer,
      contactLetter({ name: 'Al', email: 'al@example.com', phone: '07700 900123', message: 'Do you engrave watches?' }, 'http://localhost/contact'),
    );
    expect(result.ok).toBe(true);
    const outbox = (await shop().call('GET', '/api/__outbox')).body.result as { kind: string; to_addr: string; text: string }[];
    const mail = outbox.find((m) => m.to_addr === config.mailer.contactAddress);
    expect(mail?.kind).toBe('contact');
    expect(mail?.text).toContain('Do you engrave watches?');
  });

  it("an address the shop does not receive mail at gives the server's message", async () => {
    const api = createApiClient({ baseUrl: shop().url });
    const letter = { ...contactLetter({ name: 'Al', email: 'al@example.com', phone: '', message: 'Hi' }, '/contact'), targetAddress: 'someone@example.com' };
    expect(await sendLetter(api.mailer, letter)).toEqual({ ok: false, message: 'targetAddress: this address does not receive mail from the shop' });
  });
});

/** How the form kit marks a required field's label (the same on every form of the shop). */
const REQUIRED_MARK = '</label><span class="fk-required" aria-hidden="true">*</span>';

describe('mail form islands (server render)', () => {
  it('the booking form has every field, the four shops and the pre-selected shop', () => {
    const html = renderToString(createElement(BookingForm, { shops: SHOPS, shop: 'carlisle', page: '/stores/jewellers-carlisle' }));
    // required fields carry the form kit's one marker (a '*' hidden from screen readers), as on the account and checkout forms
    for (const label of ['Your name', 'Phone number', 'E-mail address', 'Preferred date', 'Preferred time', 'Shop']) {
      expect(html).toContain(`>${label}${REQUIRED_MARK}`);
    }
    for (const label of ['Your requirements (optional)', 'Item (optional)']) expect(html).toContain(`>${label}</label></span>`);
    const options = [...html.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map((m) => ({ attrs: m[1]!, label: m[2]! }));
    for (const s of SHOPS)
      expect(
        options.some((o) => o.attrs.includes(`value="${s.location}"`)),
        s.location,
      ).toBe(true);
    expect(html).toContain('Pendle &amp; James Preston');
    const selected = options.filter((o) => /\bselected\b/.test(o.attrs) && /value="[a-z]+"/.test(o.attrs));
    expect(selected.map((o) => /value="([a-z]+)"/.exec(o.attrs)![1])).toEqual(['carlisle']);
    expect(html).toContain('Request appointment');
  });

  it('the contact form has name, e-mail, phone and message', () => {
    const html = renderToString(createElement(ContactForm, { page: 'contact' }));
    for (const label of ['Your name', 'E-mail address', 'Your message']) expect(html).toContain(`>${label}${REQUIRED_MARK}`);
    expect(html).toContain('>Phone number (optional)</label></span>');
    expect(html).toContain('Send message');
  });
});
