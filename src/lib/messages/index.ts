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

/**
 * A text split around one placeholder, the rest filled: `[before, after]`, for a page that sets the
 * value apart (an order number in figures that read as figures). A text without it: `[text, '']`.
 */
export function fillAround(template: string, name: string, vars: Record<string, string | number> = {}): [string, string] {
  const at = template.indexOf(`{${name}}`);
  if (at < 0) return [fill(template, vars), ''];
  return [fill(template.slice(0, at), vars), fill(template.slice(at + name.length + 2), vars)];
}
