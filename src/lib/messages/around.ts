/**
 * A text split around one placeholder, the rest filled: `[before, after]`, for a page that sets the
 * value apart (an order number in figures that read as figures). A text without it: `[text, '']`.
 * A module of its own: the catalogue's module is in every page's scripts, this only in the islands
 * that use it.
 */
import { fill } from './index';

export function fillAround(template: string, name: string, vars: Record<string, string | number> = {}): [string, string] {
  const at = template.indexOf(`{${name}}`);
  if (at < 0) return [fill(template, vars), ''];
  return [fill(template.slice(0, at), vars), fill(template.slice(at + name.length + 2), vars)];
}
