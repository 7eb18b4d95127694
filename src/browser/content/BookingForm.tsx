/**
 * The appointment booking form island (service pages and shop pages): name, phone, e-mail, date, time,
 * shop (the four shops), requirements and item; the page link is filled in. Sent through the mailer's
 * token-then-send calls; shows 'Email has successfully been sent' or the failure text (§7, §8).
 * Hydrates on first interaction (client:interact), so the page loads no framework code before that.
 */
import { useEffect, useRef } from 'react';
import { messages } from '../../lib/messages';
import { $user, loadUser } from '../../lib/state/stores/user';
import { BOOKING_TIMES, bookingForm, bookingLetter, type BookingShop, type BookingValues } from '../../lib/forms/mail';
import { todayIso } from '../../lib/forms/rules';
import { TextField } from '../kit/form-kit';
import { MailForm } from './MailForm';
import { useMailAction } from './use-mail';
import { useForm } from '../kit/use-form';
import { useHydrated } from '../kit/use-hydrated';

export interface BookingFormProps {
  shops: BookingShop[];
  /** Pre-selected shop (location), e.g. on a shop page. */
  shop?: string;
  /** The page link sent when the browser's address is not available (build time). */
  page?: string;
}

type Values = BookingValues & Record<string, string>;

export default function BookingForm({ shops, shop = '', page = '' }: BookingFormProps) {
  const initial = (): Values => ({ name: '', phone: '', email: '', date: '', time: '', store: shop, requirements: '', item: '' });
  const form = useForm<Values>(bookingForm, initial);
  const formRef = useRef<HTMLFormElement>(null);
  // Today in the shopper's browser (the static HTML has no minimum: it was built on another day).
  // Once React owns the form: today's date as the earliest.
  const live = useHydrated();
  const minDate = live ? todayIso() : undefined;
  const { adopt, set } = form;

  useEffect(() => {
    adopt(formRef.current);
    // A logged-in shopper's name and e-mail are filled in for them.
    void loadUser()
      .then(() => {
        const c = $user.get().current;
        if (!c) return;
        if (!formRef.current?.querySelector<HTMLInputElement>('[name="name"]')?.value) set('name', `${c.firstname} ${c.lastname}`.trim());
        if (!formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.value) set('email', c.email);
      })
      .catch(() => {});
  }, [adopt, set]);

  const pageLink = typeof window !== 'undefined' ? window.location.href : page;
  // An invalid form is not sent: the first invalid field takes the focus and every message shows.
  const mail = useMailAction(() => bookingLetter(form.values, pageLink, shops), form.reset, form.check);

  return (
    <MailForm formRef={formRef} mail={mail} className="booking-form" submitLabel={messages.bookingSubmit} data-booking-form>
      <TextField form={form} name="name" label={messages.bookingName} autoComplete="name" required />
      <div className="fk-row">
        <TextField form={form} name="phone" label={messages.bookingPhone} type="tel" autoComplete="tel" required />
        <TextField form={form} name="email" label={messages.bookingEmail} type="email" autoComplete="email" required />
      </div>
      <div className="fk-row">
        <TextField form={form} name="date" label={messages.bookingDate} type="date" min={minDate} required />
        <TextField
          form={form}
          name="time"
          label={messages.bookingTime}
          required
          options={[{ value: '', label: messages.bookingTimeChoose }, ...BOOKING_TIMES.map((t) => ({ value: t, label: t }))]}
        />
      </div>
      <TextField
        form={form}
        name="store"
        label={messages.bookingShop}
        required
        options={[{ value: '', label: messages.bookingShopChoose }, ...shops.map((s) => ({ value: s.location, label: s.name }))]}
      />
      <TextField form={form} name="requirements" label={messages.bookingRequirements} multiline />
      <TextField form={form} name="item" label={messages.bookingItem} />
    </MailForm>
  );
}
