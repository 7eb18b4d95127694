/**
 * The one form kit of every form island (contact, booking, reviews, newsletter popup, sign-in modal,
 * account, checkout): labelled inputs, textareas, selects and checkboxes over the one form state
 * (`useForm` in ./use-form) that announce their messages, and the result lines (the address fields:
 * ./address-fields, only the account and the checkout load them).
 * A required field is marked the same way on every form: a `*` after its label (outside the label, so
 * the field's name stays its label's text; hidden from screen readers, which read the input's `required`). The mail forms' send is in ./use-mail.
 */
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages';
// Inlined and rendered with the island (React 19 <style href precedence>): only pages that show a form
// island carry its CSS. Astro renders each island on its own, so in the static HTML the <style> sits
// inside the island's markup (React hoists it into <head> only when it renders a whole document): two
// form islands on one page carry it twice in the HTML.
import formsCss from './forms.css?inline';
import { useFormAction, type FormFieldValues as Values, type FormState, type FormStatusValue } from './use-form';

/** The form kit's styles: render once in each island that uses these fields. */
export function FormStyles() {
  return (
    <style href="pj-form-kit" precedence="island">
      {formsCss}
    </style>
  );
}

interface FieldProps<V extends Values> {
  form: FormState<V>;
  name: keyof V & string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  /** Options of a select (value, label). */
  options?: { value: string; label: string }[];
  disabled?: boolean;
  /** Focus on mount (the first field of a dialog). */
  autoFocus?: boolean;
  /** A textarea instead of an input. */
  multiline?: boolean;
  placeholder?: string;
  min?: string;
}

/** A labelled text input (or textarea, or select) with its messages (aria-invalid, aria-describedby). */
export function TextField<V extends Values>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  hint,
  options,
  disabled,
  autoFocus,
  multiline,
  placeholder,
  min,
}: FieldProps<V>) {
  const id = `${form.idBase}-${name}`;
  const messages = form.shown(name);
  const describedBy = [hint ? `${id}-hint` : '', messages.length ? `${id}-errors` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    disabled,
    autoFocus,
    'aria-invalid': messages.length > 0 || undefined,
    'aria-describedby': describedBy,
    required,
    onBlur: () => form.touch(name),
  };
  return (
    <div className={`fk-field${messages.length ? ' fk-field--invalid' : ''}`}>
      <span className="fk-label">
        <label htmlFor={id}>{label}</label>
        {required ? <RequiredMark /> : null}
      </span>
      {options ? (
        <select {...common} value={String(form.values[name] ?? '')} onChange={(e) => form.set(name, e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} rows={5} placeholder={placeholder} value={String(form.values[name] ?? '')} onChange={(e) => form.set(name, e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          min={min}
          value={String(form.values[name] ?? '')}
          onChange={(e) => form.set(name, e.target.value)}
        />
      )}
      {hint ? (
        <p className="fk-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <Messages id={`${id}-errors`} messages={messages} />
    </div>
  );
}

/** The mark after a required field's label: a `*` hidden from screen readers (they read the input's `required`). */
export function RequiredMark() {
  return (
    <span className="fk-required" aria-hidden="true">
      *
    </span>
  );
}

/** A labelled checkbox with its messages. */
export function CheckField<V extends Values>({
  form,
  name,
  label,
  children,
}: {
  form: FormState<V>;
  name: keyof V & string;
  label: string;
  children?: ReactNode;
}) {
  const id = `${form.idBase}-${name}`;
  const messages = form.shown(name);
  return (
    <div className={`fk-check${messages.length ? ' fk-field--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={form.values[name] === true}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? `${id}-errors` : undefined}
        onChange={(e) => {
          form.set(name, e.target.checked);
          form.touch(name);
        }}
      />
      <label htmlFor={id}>{label}</label>
      {children}
      <Messages id={`${id}-errors`} messages={messages} />
    </div>
  );
}

/** A field's messages (nothing when none). */
export function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul className="fk-errors" id={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/** A result line: progress (polite), success, or error (alert). */
export function Status({ kind, children }: { kind: 'progress' | 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`fk-status fk-status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** The result line under a mail, review or newsletter form: a polite status for progress and success, an alert for failures (both always in the page, so a screen reader hears them). */
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

/**
 * A form's actions row: its submit button, `disabled` while a send is under way (or while the form
 * cannot be sent), and with `onCancel` a Cancel button beside it (the account's editing forms).
 */
export function FormActions({ label, disabled, onCancel }: { label: string; disabled?: boolean; onCancel?: () => void }) {
  return (
    <div className="fk-actions">
      <button type="submit" className="btn" disabled={disabled}>
        {label}
      </button>
      {onCancel && (
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {messages.accountCancel}
        </button>
      )}
    </div>
  );
}

/** The answer line of an account or sign-in form (`useAccountAction`'s status), or nothing. */
export function StatusLine({ status }: { status: FormStatusValue }) {
  return status ? <Status kind={status.kind}>{status.message}</Status> : null;
}

/**
 * An account or sign-in send as a React 19 action (`useFormAction`): the "working" text while `work`
 * runs, then a failure's message (the §8 "something went wrong" when it has none) or a success's
 * message (nothing when it has none).
 */
export function useAccountAction(work: () => Promise<{ ok: boolean; message?: string }>, check: (form: HTMLFormElement) => boolean) {
  return useFormAction(
    async () => {
      const r = await work();
      if (!r.ok) return { kind: 'error', message: r.message ?? messages.somethingWrong };
      return r.message ? { kind: 'success', message: r.message } : null;
    },
    messages.authWorking,
    check,
  );
}
