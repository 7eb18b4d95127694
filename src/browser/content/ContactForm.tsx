/**
 * The contact form island (/contact, /contact-us): name, e-mail, optional phone and message, sent to the
 * shop's contact address through the mailer's token-then-send calls; shows 'Email has successfully been
 * sent' or the failure text (§7, §8). Hydrates on first interaction (client:interact).
 */
import { useEffect, useId, useRef } from 'react';
import { messages } from '../../lib/messages';
import { contactForm, contactLetter, type ContactValues } from '../../lib/forms/mail';
import { TextField } from '../kit/form-kit';
import { MailForm } from './MailForm';
import { useMailAction } from './use-mail';
import { useForm } from '../kit/use-form';

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
  // An invalid form is not sent: the first invalid field takes the focus and every message shows.
  const mail = useMailAction(() => contactLetter(form.values, pageLink), form.reset, form.check);

  return (
    <MailForm formRef={formRef} mail={mail} className="contact-form" submitLabel={messages.contactSubmit} aria-labelledby={`${uid}-title`} data-contact-form>
      <h2 id={`${uid}-title`}>{messages.contactTitle}</h2>
      <p className="muted">{messages.contactIntro}</p>
      <div className="fk-row">
        <TextField form={form} name="name" label={messages.contactName} autoComplete="name" required />
        <TextField form={form} name="email" label={messages.contactEmail} type="email" autoComplete="email" required />
      </div>
      <TextField form={form} name="phone" label={messages.contactPhone} type="tel" autoComplete="tel" />
      <TextField form={form} name="message" label={messages.contactMessage} multiline required />
    </MailForm>
  );
}
