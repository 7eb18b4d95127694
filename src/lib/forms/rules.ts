/**
 * Form rules (spec §5) of the form islands as zod schemas: every message shows while its condition is
 * true, so a field can show several. Each form is a `z.object` of field schemas whose checks carry the
 * §5 texts of src/lib/messages in the order they show; a rule across fields (passwords identical, a UK
 * postcode when the country is GB) is a form-level `superRefine` that puts its issue on the field's
 * path, after that field's own. `formErrors` is the one adapter from a zod result to the per-field
 * message lists the form kit (src/browser/kit/use-form.ts) shows.
 *
 * Not shared with the reference API (server/): it validates its bodies with the zod schemas of
 * src/lib/schemas and server/inputs.ts, whose texts are the API's own (§7: 'email must be a valid
 * e-mail address', not the shopper's 'Please provide valid e-mail address.'), and whose bodies have
 * another shape (register's `customer` object, no repeated password or terms box). They share pieces
 * such as `UK_POSTCODE`.
 */
import { z } from 'zod';
import { config } from '../config';
import { messages } from '../messages';
import { UK_POSTCODE } from '../schemas/address';

/** Form values as they come from inputs or a JSON body. */
export type FormValues = Record<string, unknown>;

/** A form: a zod object of its fields (with its rules across fields). */
export type FormSchema = z.ZodObject<Record<string, z.ZodType>>;

/** Messages by field name; a field without a failing rule has an empty list. */
export type FormErrors<F extends FormSchema = FormSchema> = { [K in keyof F['shape']]: string[] };

/** A text input's value (nothing: ''), untrimmed; the rules look at it trimmed. */
const asText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
/** A checkbox's value: ticked from true, 'on', 'true', 1 or '1'. */
const asChecked = (v: unknown): boolean => v === true || v === 'on' || v === 'true' || v === 1 || v === '1';
const filled = (v: string): boolean => v.trim() !== '';
/** The §5 e-mail check: zod's own pattern, the very regex the footer's script applies (./email.ts). */
const emailCheck = z.email();
/** A minimum length, checked once something is typed. */
const atLeast = (n: number) => (v: string) => !filled(v) || v.trim().length >= n;

/**
 * Today as YYYY-MM-DD in the shop's time zone (the earliest date a booking can ask for, and a date
 * input's `min`). Built from the date's parts, not from a locale's written form: WebKitGTK's locale
 * data writes en-CA as 12/01/2026, which a date input's `min` ignores.
 */
export function todayIso(now: Date = new Date(), timeZone: string = config.storeViews.default.i18n.timeZone): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A date input's value: YYYY-MM-DD (what every engine submits for a date it understood). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The §5 fields, each with its rules in the order their messages show. */
export const fields = {
  /** A text field without a rule. */
  text: () => z.preprocess(asText, z.string()),
  /** A checkbox (true when ticked). */
  checkbox: () => z.preprocess(asChecked, z.boolean()),
  /** 'Field is required' (or `message`) while the field is empty. */
  required: (message: string = messages.fieldRequired) => fields.text().refine(filled, message),
  /** Required; 'Name must have at least 2 letters.' */
  name: () => fields.required().refine(atLeast(2), messages.nameMinLength),
  /** Required; 'Please provide valid e-mail address.' once something that is not an e-mail address is typed. */
  email: () => fields.required().refine((v) => !filled(v) || emailCheck.safeParse(v.trim()).success, messages.emailInvalid),
  /** Required; 'Password must have at least 8 letters.' (config.constants.passwordMinLength) */
  password: () => fields.required().refine(atLeast(config.constants.passwordMinLength), messages.passwordMinLength),
  /** Required; 'Zip-code must have at least 3 letters.' (the UK postcode is `ukPostcode`, across fields). */
  zip: () => fields.required().refine(atLeast(3), messages.zipMinLength),
  /** Optional; 'Tax ID must have at least 3 letters.' once typed. */
  taxId: () => fields.text().refine(atLeast(3), messages.taxIdMinLength),
  /** 'Quantity must be above 0' while the quantity is not a number above 0. */
  quantity: () => fields.text().refine((v) => Number(v.trim() || Number.NaN) > 0, messages.quantityAboveZero),
  /** Required; a date from today on in the shop's time zone (a booking cannot ask for a day gone by). */
  dateFromToday: () => fields.required().refine((v) => !filled(v) || (ISO_DATE.test(v.trim()) && v.trim() >= todayIso()), messages.dateFromToday),
  /** 'You must accept the terms and conditions.' while the box is not ticked. */
  terms: () => fields.checkbox().refine((v) => v, messages.termsRequired),
};

type Check = (values: Record<string, unknown>, ctx: z.RefinementCtx) => void;

/** The rules across fields, for a form's `superRefine`. */
export const across = {
  /** 'Passwords must be identical.' on `field` while it differs from `other`. */
  sameAs:
    (field: string, other: string, message: string = messages.passwordsMismatch): Check =>
    (v, ctx) => {
      if (asText(v[field]) !== asText(v[other])) ctx.addIssue({ code: 'custom', path: [field], message });
    },
  /** 'Please provide a valid UK postcode.' on `field` once typed, when the country (`country`) is GB or not chosen. */
  ukPostcode:
    (field = 'postcode', country = 'country_id'): Check =>
    (v, ctx) => {
      const code = asText(v[country]).trim().toUpperCase() || config.storeViews.default.i18n.defaultCountry;
      const postcode = asText(v[field]).trim();
      if (code === 'GB' && postcode !== '' && !UK_POSTCODE.test(postcode)) ctx.addIssue({ code: 'custom', path: [field], message: messages.postcodeInvalid });
    },
};

/** A form of `shape`'s fields with the rules across them. */
export function form<S extends Record<string, z.ZodType>>(shape: S, ...checks: Check[]) {
  const schema = z.object(shape);
  return checks.length ? schema.superRefine((v, ctx) => checks.forEach((c) => c(v, ctx))) : schema;
}

/** Every field's messages whose condition currently holds (the adapter from zod's issues to the form kit). */
export function formErrors<F extends FormSchema>(schema: F, values: FormValues): FormErrors<F> {
  const out: Record<string, string[]> = {};
  for (const field of Object.keys(schema.shape)) out[field] = [];
  const result = schema.safeParse(values);
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && out[field]) out[field].push(issue.message);
  }
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

const address = {
  firstname: fields.name(),
  lastname: fields.required(),
  street: fields.required(),
  city: fields.required(),
  postcode: fields.zip(),
  country_id: fields.required(),
  telephone: fields.required(),
  vat_id: fields.taxId(),
};

/** The shop's forms, with the field names of the API bodies where there is one. */
export const forms = {
  login: form({ email: fields.email(), password: fields.required() }),
  register: form(
    {
      email: fields.email(),
      firstname: fields.name(),
      lastname: fields.required(),
      password: fields.password(),
      rPassword: fields.required(),
      terms: fields.terms(),
    },
    across.sameAs('rPassword', 'password'),
  ),
  resetPassword: form({ email: fields.email() }),
  changePassword: form({ oldPassword: fields.required(), password: fields.password(), rPassword: fields.required() }, across.sameAs('rPassword', 'password')),
  address: form(address, across.ukPostcode()),
  newsletter: form({ email: fields.email() }),
  review: form({ nickname: fields.name(), title: fields.required(), detail: fields.required() }),
  booking: form({
    name: fields.name(),
    phone: fields.required(),
    email: fields.email(),
    date: fields.dateFromToday(),
    time: fields.required(),
    store: fields.required(),
  }),
  contact: form({ name: fields.name(), email: fields.email(), message: fields.required() }),
  quantity: form({ qty: fields.quantity() }),
  checkoutTerms: form({ terms: fields.terms() }),
};

export type FormName = keyof typeof forms;
