/**
 * Form rules (spec §5) of the form islands: every message shows while its condition is true. A form
 * is a table of fields, each with a kind and its rules; `formErrors` lists, per field, the messages
 * whose condition holds. The reference API does not use these tables: it validates its bodies with
 * the zod schemas of src/lib/schemas (own texts, §7), sharing only pieces such as `UK_POSTCODE`.
 * The e-mail check is zod's. Making the rules themselves zod schemas is issue 17 item 3's next step.
 */
import { z } from 'zod';
import { config } from '../config';
import { messages } from '../messages';
import { UK_POSTCODE } from '../schemas/address';

/** Form values as they come from inputs or a JSON body. */
export type FormValues = Record<string, unknown>;

/** One rule: its message shows while `when` is true. */
export interface FieldRule {
  message: string;
  when: (value: unknown, values: FormValues) => boolean;
}

/** How a field's raw input is read: text, a checkbox (boolean) or a number. */
export type FieldKind = 'text' | 'checkbox' | 'number';

/** A field: its kind and its rules, in the order their messages show. */
export interface FieldDef {
  kind: FieldKind;
  rules: FieldRule[];
}

/** A form: field name to field definition. */
export type FormDef = Record<string, FieldDef>;

/** Messages by field name; a field without a failing rule has an empty list. */
export type FormErrors<F extends FormDef = FormDef> = { [K in keyof F]: string[] };

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v)).trim();
const isEmpty = (v: unknown): boolean => (Array.isArray(v) ? v.every((x) => text(x) === '') : text(v) === '' || v === false);
const emailCheck = z.email();

/** The §5 rules, each with its message. */
export const rules = {
  /** 'Field is required' while the field is empty. */
  required: (message: string = messages.fieldRequired): FieldRule => ({ message, when: (v) => isEmpty(v) }),
  /** A minimum length checked once something is typed. */
  minLength: (n: number, message: string): FieldRule => ({ message, when: (v) => !isEmpty(v) && text(v).length < n }),
  /** 'Name must have at least 2 letters.' */
  name: (): FieldRule => rules.minLength(2, messages.nameMinLength),
  /** 'Zip-code must have at least 3 letters.' */
  zip: (): FieldRule => rules.minLength(3, messages.zipMinLength),
  /** 'Tax ID must have at least 3 letters.' */
  taxId: (): FieldRule => rules.minLength(3, messages.taxIdMinLength),
  /** 'Password must have at least 8 letters.' (config.constants.passwordMinLength) */
  password: (): FieldRule => rules.minLength(config.constants.passwordMinLength, messages.passwordMinLength),
  /** 'Passwords must be identical.' while this field differs from `other`. */
  sameAs: (other: string, message: string = messages.passwordsMismatch): FieldRule => ({
    message,
    when: (v, all) => String(v ?? '') !== String(all[other] ?? ''),
  }),
  /** 'Please provide valid e-mail address.' once something that is not an e-mail address is typed. */
  email: (): FieldRule => ({ message: messages.emailInvalid, when: (v) => !isEmpty(v) && !emailCheck.safeParse(text(v)).success }),
  /** 'Quantity must be above 0' while the quantity is not a number above 0. */
  quantity: (): FieldRule => ({ message: messages.quantityAboveZero, when: (v) => !(Number(text(v) || NaN) > 0) }),
  /** 'Search term must have at least 3 characters' once a shorter term is typed. */
  searchTerm: (): FieldRule => rules.minLength(config.constants.search.minTermLength, messages.searchMinLength),
  /** 'You must accept the terms and conditions.' while the box is not ticked. */
  terms: (): FieldRule => ({ message: messages.termsRequired, when: (v) => v !== true }),
  /** 'Please provide a valid UK postcode.' once typed, when the country (field `countryField`) is GB or not chosen. */
  ukPostcode: (countryField = 'country_id'): FieldRule => ({
    message: messages.postcodeInvalid,
    when: (v, all) => {
      const country = text(all[countryField]).toUpperCase() || config.storeViews.default.i18n.defaultCountry;
      return country === 'GB' && !isEmpty(v) && !UK_POSTCODE.test(text(v));
    },
  }),
};

/** Reads a raw input of a kind: text trimmed of nothing, checkboxes from 'on'/'true'/true, numbers from text. */
function readField(kind: FieldKind, raw: unknown): string | boolean | number {
  if (kind === 'checkbox') return raw === true || raw === 'on' || raw === 'true' || raw === 1 || raw === '1';
  if (kind === 'number') return raw === '' || raw === null || raw === undefined ? Number.NaN : Number(raw);
  return raw === undefined || raw === null ? '' : String(raw);
}

/** The messages of one field whose condition currently holds. */
export function fieldErrors(form: FormDef, field: string, values: FormValues): string[] {
  const def = form[field];
  if (!def) return [];
  const value = readField(def.kind, values[field]);
  return def.rules.filter((r) => r.when(value, values)).map((r) => r.message);
}

/** Every field's messages whose condition currently holds. */
export function formErrors<F extends FormDef>(form: F, values: FormValues): FormErrors<F> {
  const out = {} as Record<string, string[]>;
  for (const field of Object.keys(form)) out[field] = fieldErrors(form, field, values);
  return out as FormErrors<F>;
}

/** True when no field has a message. */
export function isFormValid(errors: Record<string, string[]>): boolean {
  return Object.values(errors).every((m) => m.length === 0);
}

/** The field names that have a message (for focusing the first one). */
export function invalidFields(errors: Record<string, string[]>): string[] {
  return Object.keys(errors).filter((k) => (errors[k] ?? []).length > 0);
}

const f = (kind: FieldKind, ...fieldRules: FieldRule[]): FieldDef => ({ kind, rules: fieldRules });
const req = rules.required;

/** The shop's forms, with the field names of the API bodies where there is one. */
export const forms = {
  login: { email: f('text', req(), rules.email()), password: f('text', req()) },
  register: {
    email: f('text', req(), rules.email()),
    firstname: f('text', req(), rules.name()),
    lastname: f('text', req()),
    password: f('text', req(), rules.password()),
    rPassword: f('text', req(), rules.sameAs('password')),
    terms: f('checkbox', rules.terms()),
  },
  resetPassword: { email: f('text', req(), rules.email()) },
  changePassword: {
    oldPassword: f('text', req()),
    password: f('text', req(), rules.password()),
    rPassword: f('text', req(), rules.sameAs('password')),
  },
  address: {
    firstname: f('text', req(), rules.name()),
    lastname: f('text', req()),
    street: f('text', req()),
    city: f('text', req()),
    postcode: f('text', req(), rules.zip(), rules.ukPostcode()),
    country_id: f('text', req()),
    telephone: f('text', req()),
    vat_id: f('text', rules.taxId()),
  },
  newsletter: { email: f('text', req(), rules.email()) },
  review: {
    nickname: f('text', req(), rules.name()),
    title: f('text', req()),
    detail: f('text', req()),
  },
  booking: {
    name: f('text', req(), rules.name()),
    phone: f('text', req()),
    email: f('text', req(), rules.email()),
    date: f('text', req()),
    time: f('text', req()),
    store: f('text', req()),
  },
  contact: {
    name: f('text', req(), rules.name()),
    email: f('text', req(), rules.email()),
    message: f('text', req()),
  },
  search: { search: f('text', rules.searchTerm()) },
  quantity: { qty: f('number', rules.quantity()) },
  checkoutTerms: { terms: f('checkbox', rules.terms()) },
} satisfies Record<string, FormDef>;

export type FormName = keyof typeof forms;
