/**
 * The contact form island (/contact, /contact-us): name, e-mail, optional phone and message, sent to the
 * shop's contact address through the mailer's token-then-send calls; shows 'Email has successfully been
 * sent' or the failure text (§7, §8). Hydrates on first interaction (client:interact).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent as ReactSubmitEvent } from 'react';
import { messages } from '../lib/messages';
import { createApiClient } from '../lib/api/client';
import { notify } from '../lib/stores/notifications';
import { contactForm, contactLetter, sendLetter, type ContactValues } from '../lib/mail';
import { Field, FormStatus, FormStyles, useFormState } from './form-kit';

export interface ContactFormProps {
  /** The page link sent when the browser's address is not available (build time). */
  page?: string;
}

type Values = ContactValues & Record<string, string>;
const initial = (): Values => ({ name: '', email: '', phone: '', message: '' });

export default function ContactForm({ page = '' }: ContactFormProps) {
  const uid = useId();
  const form = useFormState<Values>(contactForm, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'progress' | 'success' | 'error'; message: string } | null>(null);
  // What was typed before hydration is kept.
  useEffect(() => form.adopt(formRef.current), [form.adopt]);

  const onSubmit = async (e: ReactSubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !form.check(formRef.current)) return;
    setBusy(true);
    setStatus({ kind: 'progress', message: messages.mailSending });
    const pageLink = typeof window !== 'undefined' ? window.location.href : page;
    const result = await sendLetter(createApiClient().mailer, contactLetter(form.values, pageLink));
    setBusy(false);
    setStatus({ kind: result.ok ? 'success' : 'error', message: result.message });
    notify({ type: result.ok ? 'success' : 'error', message: result.message });
    if (result.ok) form.reset();
  };

  const fp = (name: keyof ContactValues & string) => ({
    id: `${uid}-field-${name}`,
    name,
    value: form.values[name],
    errors: form.shown(name),
    onChange: (v: string) => form.set(name, v),
  });

  return (
    <>
      <FormStyles />
      <form ref={formRef} className="fk-form contact-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby={`${uid}-title`} data-contact-form>
        <h2 id={`${uid}-title`}>{messages.contactTitle}</h2>
        <p className="muted">{messages.contactIntro}</p>
        <div className="fk-row">
          <Field {...fp('name')} label={messages.contactName} autoComplete="name" required />
          <Field {...fp('email')} label={messages.contactEmail} type="email" autoComplete="email" required />
        </div>
        <Field {...fp('phone')} label={messages.contactPhone} type="tel" autoComplete="tel" />
        <Field {...fp('message')} label={messages.contactMessage} multiline required />
        <div className="fk-actions">
          <button type="submit" className="btn" disabled={busy}>
            {messages.contactSubmit}
          </button>
        </div>
        <FormStatus status={status} />
      </form>
    </>
  );
}
