/**
 * The §5 e-mail check ('Please provide valid e-mail address.'), one pattern for every form: the
 * forms' zod field rule (./rules.ts `fields.email`) and the footer newsletter form's page script
 * (src/scripts/newsletter.ts), which runs on every page and so cannot load zod. The pattern is
 * zod's own for `z.email()` (tests/unit/forms.test.ts checks they agree), so the API's schemas and
 * the forms accept the same addresses.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True when `value` (spaces around it not counted) is an e-mail address. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
