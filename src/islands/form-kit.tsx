/**
 * Shared pieces of the mail and review form islands (reviews, booking, contact, newsletter popup):
 * labelled fields with their messages, the result line and the mail send as a React 19 action. Their
 * form state is the one of every form island (`useForm`, ./use-form).
 */
import type { ReactNode } from 'react';
import { createApiClient } from '../lib/api/client';
import { sendLetter, type Letter } from '../lib/forms/mail';
import { messages } from '../lib/messages';
import { notify } from '../lib/stores/notifications';
// Inlined and rendered with the island (React 19 <style href precedence>): only pages that show a form island carry its CSS.
// Astro renders each island on its own, so in the static HTML the <style> sits inside the island's markup
// (React hoists it into <head> only when it renders a whole document): two form islands on one page
// would carry it twice in the HTML.
import formsCss from './forms.css?inline';
import { useFormAction, type FormStatusValue } from './use-form';

/** The form islands' styles, as a React 19 <style href precedence> (see above for where it lands). */
export function FormStyles() {
  return (
    <style href="pj-form-kit" precedence="island">
      {formsCss}
    </style>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  errors: string[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  multiline?: boolean;
  placeholder?: string;
  min?: string;
  children?: ReactNode;
  /** Options of a select (value, label); the first empty one is the prompt. */
  options?: { value: string; label: string }[];
}

/** A labelled input, textarea or select with its messages (aria-invalid, aria-describedby). */
export function Field(p: FieldProps) {
  const errId = `${p.id}-errors`;
  const common = {
    id: p.id,
    name: p.name,
    value: p.value,
    required: p.required,
    'aria-invalid': p.errors.length > 0 ? true : undefined,
    'aria-describedby': p.errors.length > 0 ? errId : undefined,
    onBlur: p.onBlur,
  };
  return (
    <div className={`fk-field${p.errors.length ? ' fk-field--invalid' : ''}`}>
      <label htmlFor={p.id}>{p.label}</label>
      {p.options ? (
        <select {...common} onChange={(e) => p.onChange(e.target.value)}>
          {p.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : p.multiline ? (
        <textarea {...common} rows={5} placeholder={p.placeholder} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={p.type ?? 'text'}
          autoComplete={p.autoComplete}
          placeholder={p.placeholder}
          min={p.min}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
      {p.errors.length > 0 && (
        <ul className="fk-errors" id={errId}>
          {p.errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The send of a mail form (contact, booking) as a React 19 action (`useFormAction`): the sending text
 * while the letter is on its way, then the mailer's answer (also notified). `onSent` runs after a
 * successful send (the form clears).
 */
export function useMailAction(letter: () => Letter, onSent: () => void, check: (form: HTMLFormElement) => boolean) {
  return useFormAction(
    async () => {
      const sent = await sendLetter(createApiClient().mailer, letter());
      notify({ type: sent.ok ? 'success' : 'error', message: sent.message });
      if (sent.ok) onSent();
      return { kind: sent.ok ? 'success' : 'error', message: sent.message };
    },
    messages.mailSending,
    check,
  );
}

/** The result line under a form: a polite status for progress and success, an alert for failures. */
export function FormStatus({ status }: { status: FormStatusValue }) {
  const error = status?.kind === 'error';
  return (
    <div className="fk-status-box">
      <p className={`fk-status${status && !error ? ` fk-status--${status.kind}` : ''}`} role="status">
        {status && !error ? status.message : ''}
      </p>
      <p className={`fk-status${error ? ' fk-status--error' : ''}`} role="alert">
        {error ? status.message : ''}
      </p>
    </div>
  );
}
