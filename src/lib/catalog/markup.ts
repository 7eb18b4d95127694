/**
 * Small edits of markup the build wrote (the search results page and its tile template): the markup
 * is cut into tags and texts, an element is found by its tag name and classes or attributes, and its
 * attributes or content are rewritten as strings. Not a general HTML parser: it reads what our own
 * components render (quoted or bare attributes; a script's or a style's content is kept whole). Pure,
 * so the server (server/search-page.ts) and the browser (src/browser/listing/CategoryTiles.ts) share it.
 */

/** A comment, a doctype, a whole script or style element, a tag (`<a …>`, `</a>`), or the text between two tags. */
const TOKEN = /<!--[\s\S]*?-->|<![^>]*>|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</gi;
const ATTR = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
/** Elements without an end tag to look for: void elements, and a script or style (one token). */
const CLOSED = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr|script|style)$/;

/** Text as element content. */
export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text as a double-quoted attribute value. */
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** Markup cut into tags and texts. */
export const tokenize = (html: string): string[] => html.match(TOKEN) ?? [];

/** The tag name of a start tag, lower case ('' for a text or an end tag). */
export const tagName = (token: string): string => /^<([a-zA-Z][\w-]*)/.exec(token)?.[1]!.toLowerCase() ?? '';

const attrsOf = (tag: string) =>
  tag
    .slice(1 + tagName(tag).length)
    .replace(/\s*\/?>$/, '')
    .matchAll(ATTR);

/** An attribute's value as written in a start tag (entities left as they are); null when absent, '' when bare. */
export function rawAttr(tag: string, name: string): string | null {
  for (const m of attrsOf(tag)) if (m[1]!.toLowerCase() === name) return (m[2] ?? '').replace(/^(["'])([\s\S]*)\1$/, '$2');
  return null;
}

/** True when a start tag has every one of these classes. */
export const hasClasses = (tag: string, ...classes: string[]): boolean => {
  const list = (rawAttr(tag, 'class') ?? '').split(/\s+/);
  return classes.every((c) => list.includes(c));
};

/**
 * A start tag with attributes set (value escaped here; '' writes `name=""`) or removed (null),
 * in place when present, else added at the end; the others are kept as written.
 */
export function setAttrs(tag: string, attrs: Record<string, string | null>): string {
  const left = new Map(Object.entries(attrs));
  let out = `<${tag.slice(1, 1 + tagName(tag).length)}`;
  const put = (name: string, v: string | null | undefined) => (out += v == null ? '' : ` ${name}="${escapeAttr(v)}"`);
  for (const m of attrsOf(tag)) {
    const key = m[1]!.toLowerCase();
    if (!left.has(key)) out += m[0];
    else put(m[1]!, left.get(key));
    left.delete(key);
  }
  left.forEach((v, k) => put(k, v));
  return `${out}>`;
}

/** The index of the first start tag in [from, to) that passes `test`; -1 when none. */
export function findTag(tokens: readonly string[], test: (tag: string, name: string) => boolean, from = 0, to = tokens.length): number {
  for (let i = from; i < to; i++) {
    const name = tagName(tokens[i]!);
    if (name && test(tokens[i]!, name)) return i;
  }
  return -1;
}

/** The index of the end tag closing the start tag at `open` (itself for a void element); -1 when unclosed. */
export function closeOf(tokens: readonly string[], open: number): number {
  const name = tagName(tokens[open]!);
  if (CLOSED.test(name) || tokens[open]!.endsWith('/>')) return open;
  for (let i = open, depth = 0; i < tokens.length; i++) {
    if (tagName(tokens[i]!) === name) depth++;
    else if (tokens[i]!.toLowerCase().replace(/\s/g, '') === `</${name}>` && --depth === 0) return i;
  }
  return -1;
}

/** The top-level elements of a fragment, each as its markup (text between them left out). */
export function topElements(html: string): string[] {
  const tokens = tokenize(html);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const end = tagName(tokens[i]!) ? closeOf(tokens, i) : -1;
    if (end < 0) continue;
    out.push(tokens.slice(i, end + 1).join(''));
    i = end;
  }
  return out;
}
