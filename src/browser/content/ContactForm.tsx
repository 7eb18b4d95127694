/**
 * The contact form island (/contact, /contact-us): name, e-mail, optional phone and message, sent to the
 * shop's contact address through the mailer's token-then-send calls; shows 'Email has successfully been
 * sent' or the failure text (§7, §8). Hydrates on first interaction (client:interact).
 */
import { useEffect, useId, useRef } from 'react';
import { messages } from '../../lib/messages';
import { contactForm, contactLetter, type ContactValues } from '../../lib/forms/mail';
import { FormActions, FormStatus, FormStyles, TextField } from '../kit/form-kit';
import { useMailAction } from './use-mail';
import { useForm } from '../kit/use-form';
import { useHydrated } from '../kit/use-hydrated';

export interface ContactFormProps {
  /** The page link sent when the browser's address is not available (build time). */
  page?: string;
}

type Values = ContactValues & Record<string, string>;
const initial = (): Values => ({ name: '', email: '', phone: '', message: '' });

export default function ContactForm({ page = '' }: ContactFormProps) {
  const uid = useId();
  const form = useForm<Values>(contactForm, initial);
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed before hydration is kept.
  const { adopt } = form;
  useEffect(() => adopt(formRef.current), [adopt]);

  const pageLink = typeof window !== 'undefined' ? window.location.href : page;
  // Marks the island live once React owns it: a click held before then is replayed (src/directives/interact.ts).
  const live = useHydrated();
  // An invalid form is not sent: the first invalid field takes the focus and every message shows.
  const mail = useMailAction(() => contactLetter(form.values, pageLink), form.reset, form.check);

  return (
    <>
      <FormStyles />
      <form
        ref={formRef}
        className="fk-form contact-form"
        noValidate
        action={mail.action}
        onSubmit={mail.onSubmit}
        aria-labelledby={`${uid}-title`}
        data-contact-form
        data-live={live ? 'true' : undefined}
      >
        <h2 id={`${uid}-title`}>{messages.contactTitle}</h2>
        <p className="muted">{messages.contactIntro}</p>
        <div className="fk-row">
          <TextField form={form} name="name" label={messages.contactName} autoComplete="name" required />
          <TextField form={form} name="email" label={messages.contactEmail} type="email" autoComplete="email" required />
        </div>
        <TextField form={form} name="phone" label={messages.contactPhone} type="tel" autoComplete="tel" />
        <TextField form={form} name="message" label={messages.contactMessage} multiline required />
        <FormActions label={messages.contactSubmit} disabled={mail.pending} />
        <FormStatus status={mail.status} />
      </form>
    </>
  );
}
