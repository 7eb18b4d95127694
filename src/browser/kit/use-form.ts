/**
 * The one form state of the form islands (see `useForm`): values, the messages to show, the submit
 * check. Its own module so that islands with their own fields (sign-in, account, checkout) do not
 * load the mail forms' kit.
 */
import { useActionState, useCallback, useId, useMemo, useState, type SubmitEvent as ReactSubmitEvent } from 'react';
import { messages } from '../../lib/messages';
import { formErrors, invalidFields, isFormValid, type FormSchema } from '../../lib/forms/rules';

export type FormFieldValues = Record<string, string | boolean>;

/** Values a form shows and edits that live in a store (the checkout's), instead of the form's own state. */
export interface FormSource<V> {
  values: V;
  update: (change: (v: V) => V) => void;
}

/**
 * The one form state of every form island (reviews, booking, contact, newsletter, sign-in, account,
 * checkout) over a form's zod schema (src/lib/forms/rules.ts). A field's messages show once it was left with
 * something typed in it (then they follow each keystroke), and every field's after a submit attempt:
 * an empty field says 'required' only after a submit, so a message appearing under it never moves the
 * button the shopper is pressing.
 */
export function useForm<V extends FormFieldValues>(def: FormSchema, initial: V | (() => V), source?: FormSource<V>) {
  const first = (): V => (typeof initial === 'function' ? (initial as () => V)() : initial);
  const [own, setOwn] = useState<V>(first);
  const values = source ? source.values : own;
  const setValues = source ? source.update : setOwn;
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const errors = useMemo(() => formErrors(def, values), [def, values]);
  const idBase = useId();

  const set = useCallback((name: keyof V & string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value })), [setValues]);
  /** Leaving a field: it counts once something is in it. */
  const touch = (name: string) => {
    const v = values[name];
    if (v === '' || v === undefined || v === false) return;
    setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  };
  /** The messages to show for a field now. */
  const shown = (name: string): string[] => (tried || touched[name] ? (errors[name] ?? []) : []);
  /** Marks a submit attempt; true when valid (with `extra` messages of the caller's own), else focuses the first field with a message. */
  const check = (form: HTMLFormElement | null, extra: Record<string, string[]> = {}): boolean => {
    setTried(true);
    const all = { ...errors, ...extra };
    if (isFormValid(all)) return true;
    const name = invalidFields(all)[0];
    form?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
    return false;
  };
  /** Takes over what was typed before the island hydrated (the inputs' current values). */
  const adopt = useCallback(
    (el: HTMLFormElement | null) => {
      if (!el) return;
      const found: Record<string, string> = {};
      for (const name of Object.keys(def.shape)) {
        const f = el.elements.namedItem(name) as { value?: unknown } | null;
        if (f && typeof f.value === 'string' && f.value !== '') found[name] = f.value;
      }
      if (Object.keys(found).length) setValues((v) => ({ ...v, ...found }));
    },
    [def, setValues],
  );
  /** Back to `next` (default: the initial values) with no message shown (after a successful submit, an edit cancelled). */
  const reset = (next?: V) => {
    setValues(() => next ?? first());
    setTouched({});
    setTried(false);
  };
  return { values, errors, idBase, set, replace: (next: V) => setValues(() => next), touch, shown, check, adopt, reset };
}

export type FormState<V extends FormFieldValues> = ReturnType<typeof useForm<V>>;

/** What a form shows under its button: working, done, or why not (null: nothing). */
export type FormStatusValue = { kind: 'progress' | 'success' | 'error'; message: string } | null;

/**
 * A form's send as a React 19 action (`useActionState`): `action` goes on the form's `action` and
 * `onSubmit` stops a form that `check` finds invalid (or one already sending) from being sent; while
 * `send` runs, `pending` is true (the button is disabled) and `status` is the `progress` text; then
 * `status` is what `send` answered. A send that throws is logged and says the §8 "something went wrong".
 * `clear` hides the last answer (a form opened again starts without it).
 */
export function useFormAction(send: () => Promise<FormStatusValue>, progress: string, check: (form: HTMLFormElement) => boolean) {
  const [result, action, pending] = useActionState(async (): Promise<FormStatusValue> => {
    try {
      return await send();
    } catch (err) {
      console.error('[form] the send failed', err);
      return { kind: 'error', message: messages.somethingWrong };
    }
  }, null);
  // Each answer is a new object: clearing hides this one, and the next send shows its own.
  const [hidden, setHidden] = useState<FormStatusValue>(null);
  const status: FormStatusValue = pending ? { kind: 'progress', message: progress } : result === hidden ? null : result;
  const onSubmit = (e: ReactSubmitEvent<HTMLFormElement>) => {
    if (pending || !check(e.currentTarget)) e.preventDefault();
  };
  return { action, onSubmit, pending, status, clear: () => setHidden(result) };
}
