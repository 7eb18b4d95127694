/**
 * The shop's one message catalogue (./texts.ts): `messages.someText` is a text as the specification
 * words it, `{name}` placeholders unfilled; `fill` fills them. Read the texts with static names
 * (`messages.cartEmpty`, never `messages[key]` in code that runs in the browser): each page's scripts
 * then carry only the texts they show.
 */
import { config } from '../config';
import * as texts from './texts';

export { texts as messages };

/** The name of a text of the catalogue. */
export type MessageKey = keyof typeof texts;

/** Fills `{name}` placeholders; `{email}` defaults to the mailer contact address. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { email: config.mailer.contactAddress, ...vars };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in all ? String(all[key]) : whole));
}
