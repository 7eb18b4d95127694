/**
 * The §5 e-mail check ('Please provide valid e-mail address.') for the footer newsletter form's
 * page script (src/browser/content/newsletter.ts), which runs on every page and so cannot load zod's schemas:
 * it takes only the pattern of zod's `z.email()` (zod's own regex, the one value both use), the
 * forms' rule (./rules.ts `fields.email`), so the footer, the forms and the API's schemas accept the
 * same addresses. The footer downloads it on its first submit.
 */
import { regexes } from 'zod/v4/core';

export const EMAIL_PATTERN: RegExp = regexes.email;

/** True when `value` (spaces around it not counted) is an e-mail address. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
