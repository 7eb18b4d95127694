/**
 * The appointment booking form island (service pages and shop pages): name, phone, e-mail, date, time,
 * shop (the four shops), requirements and item; the page link is filled in. Sent through the mailer's
 * token-then-send calls; shows 'Email has successfully been sent' or the failure text (§7, §8).
 * Hydrates on first interaction (client:interact), so the page loads no framework code before that.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent as ReactSubmitEvent } from 'react';
import { messages } from '../lib/messages';
import { createApiClient } from '../lib/api/client';
import { notify } from '../lib/stores/notifications';
import { $user, loadUser } from '../lib/stores/user';
import { BOOKING_TIMES, bookingForm, bookingLetter, sendLetter, todayIso, type BookingShop, type BookingValues } from '../lib/mail';
import { Field, FormStatus, FormStyles, useFormState } from './form-kit';

export interface BookingFormProps {
  shops: BookingShop[];
  /** Pre-selected shop (location), e.g. on a shop page. */
  shop?: string;
  /** The page link sent when the browser's address is not available (build time). */
  page?: string;
}

type Values = BookingValues & Record<string, string>;

export default function BookingForm({ shops, shop = '', page = '' }: BookingFormProps) {
  const uid = useId();
  const initial = (): Values => ({ name: '', phone: '', email: '', date: '', time: '', store: shop, requirements: '', item: '' });
  const form = useFormState<Values>(bookingForm, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [minDate, setMinDate] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<{ kind: 'progress' | 'success' | 'error'; message: string } | null>(null);

  useEffect(() => {
    setMinDate(todayIso());
    form.adopt(formRef.current);
    // A logged-in shopper's name and e-mail are filled in for them.
    void loadUser()
      .then(() => {
        const c = $user.get().current;
        if (!c) return;
        if (!formRef.current?.querySelector<HTMLInputElement>('[name="name"]')?.value) form.set('name', `${c.firstname} ${c.lastname}`.trim());
        if (!formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.value) form.set('email', c.email);
      })
      .catch(() => {});
  }, []);

  const onSubmit = async (e: ReactSubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !form.check(formRef.current)) return;
    setBusy(true);
    setStatus({ kind: 'progress', message: messages.mailSending });
    const pageLink = typeof window !== 'undefined' ? window.location.href : page;
    const result = await sendLetter(createApiClient().mailer, bookingLetter(form.values, pageLink, shops));
    setBusy(false);
    setStatus({ kind: result.ok ? 'success' : 'error', message: result.message });
    notify({ type: result.ok ? 'success' : 'error', message: result.message });
    if (result.ok) form.reset();
  };

  const fp = (name: keyof BookingValues & string) => ({
    id: `${uid}-field-${name}`,
    name,
    value: form.values[name],
    errors: form.shown(name),
    onChange: (v: string) => form.set(name, v),
  });

  return (
    <>
      <FormStyles />
      <form ref={formRef} className="fk-form booking-form" method="post" noValidate onSubmit={onSubmit} data-booking-form>
        <Field {...fp('name')} label={messages.bookingName} autoComplete="name" required />
        <div className="fk-row">
          <Field {...fp('phone')} label={messages.bookingPhone} type="tel" autoComplete="tel" required />
          <Field {...fp('email')} label={messages.bookingEmail} type="email" autoComplete="email" required />
        </div>
        <div className="fk-row">
          <Field {...fp('date')} label={messages.bookingDate} type="date" min={minDate} required />
          <Field
            {...fp('time')}
            label={messages.bookingTime}
            required
            options={[{ value: '', label: messages.bookingTimeChoose }, ...BOOKING_TIMES.map((t) => ({ value: t, label: t }))]}
          />
        </div>
        <Field
          {...fp('store')}
          label={messages.bookingShop}
          required
          options={[{ value: '', label: messages.bookingShopChoose }, ...shops.map((s) => ({ value: s.location, label: s.name }))]}
        />
        <Field {...fp('requirements')} label={messages.bookingRequirements} multiline />
        <Field {...fp('item')} label={messages.bookingItem} />
        <div className="fk-actions">
          <button type="submit" className="btn" disabled={busy}>
            {messages.bookingSubmit}
          </button>
        </div>
        <FormStatus status={status} />
      </form>
    </>
  );
}
