/**
 * The §5 e-mail check ('Please provide valid e-mail address.') for the footer newsletter form's
 * page script (src/scripts/newsletter.ts), which runs on every page and so cannot load zod: the
 * pattern of zod's `z.email()`, the forms' rule (./rules.ts `fields.email`), so the footer, the
 * forms and the API's schemas accept the same addresses (tests/unit/forms.test.ts checks they agree
 * on valid and invalid samples). The footer downloads it on its first submit.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True when `value` (spaces around it not counted) is an e-mail address. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
