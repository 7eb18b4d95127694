/**
 * Small edits of markup the build wrote (the search results page and its tile template): the markup
 * is cut into tags and text, an element is found by its tag name and classes or attributes, and its
 * attributes or content are rewritten as strings. Not a general HTML parser: it reads what our own
 * components render (quoted or bare attributes, no `<script>` or comments where it edits). Pure, so
 * the server (server/search-page.ts) and the browser (src/browser/listing/CategoryTiles.ts) share it.
 */

/** A comment, a doctype, a tag (`<a …>`, `</a>`) or the text between two tags. */
const TOKEN = /<!--[\s\S]*?-->|<![^>]*>|<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
const ATTR = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
/** Elements without content or end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Text as element content. */
export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text as a double-quoted attribute value. */
export const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Elements whose content is text up to their end tag (a `<` in a script is no tag). */
const RAW = /^<(script|style|textarea|title)\b/i;

/** Markup cut into tags and texts (a script's or a style's content is one text). */
export function tokenize(html: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    out.push(m[0]);
    const raw = RAW.exec(m[0]);
    if (!raw) continue;
    const close = new RegExp(`</${raw[1]}`, 'gi');
    close.lastIndex = TOKEN.lastIndex;
    const stop = close.exec(html)?.index ?? html.length;
    if (stop > TOKEN.lastIndex) out.push(html.slice(TOKEN.lastIndex, stop));
    TOKEN.lastIndex = stop;
  }
  return out;
}

/** The tag name of a start tag ('' for text and end tags). */
export function tagName(token: string): string {
  return /^<([a-zA-Z][\w-]*)/.exec(token)?.[1]!.toLowerCase() ?? '';
}

const isEnd = (token: string, name: string) => token.startsWith('</') && token.slice(2, -1).trim().toLowerCase() === name;

/** An attribute's value as written in a start tag (entities left as they are); null when absent, '' when bare. */
export function rawAttr(tag: string, name: string): string | null {
  for (const m of tag.slice(1 + tagName(tag).length).matchAll(ATTR)) {
    if (m[1]!.toLowerCase() !== name) continue;
    const v = m[2] ?? '';
    return v[0] === '"' || v[0] === "'" ? v.slice(1, -1) : v;
  }
  return null;
}

/** True when a start tag has every one of these classes. */
export function hasClasses(tag: string, ...classes: string[]): boolean {
  const list = (rawAttr(tag, 'class') ?? '').split(/\s+/);
  return classes.every((c) => list.includes(c));
}

/** The attributes of a start tag whose names start with `prefix`, as written (` name="v"`). */
export function attrsStartingWith(tag: string, prefix: string): string {
  let out = '';
  for (const m of tag.slice(1 + tagName(tag).length).matchAll(ATTR)) if (m[1]!.startsWith(prefix)) out += m[0];
  return out;
}

/**
 * A start tag with attributes set (value escaped here; '' writes `name=""`) or removed (null),
 * in place when present, else added at the end; the others are kept as written.
 */
export function setAttrs(tag: string, attrs: Record<string, string | null>): string {
  const name = tagName(tag);
  const rest = tag.slice(1 + name.length).replace(/\s*\/?>$/, '');
  const left = new Map(Object.entries(attrs));
  let out = `<${tag.slice(1, 1 + name.length)}`;
  for (const m of rest.matchAll(ATTR)) {
    const key = m[1]!.toLowerCase();
    if (!left.has(key)) {
      out += m[0];
      continue;
    }
    const v = left.get(key);
    left.delete(key);
    if (v !== null && v !== undefined) out += ` ${m[1]}="${escapeAttr(v)}"`;
  }
  for (const [k, v] of left) if (v !== null && v !== undefined) out += ` ${k}="${escapeAttr(v)}"`;
  return `${out}>`;
}

/** The index of the first start tag from `from` that passes `test`; -1 when none. */
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
  if (VOID.has(name) || tokens[open]!.endsWith('/>')) return open;
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (tagName(t) === name) depth++;
    else if (isEnd(t, name) && --depth === 0) return i;
  }
  return -1;
}

/** The top-level elements of a fragment, each as its markup (text between them left out). */
export function topElements(html: string): string[] {
  const tokens = tokenize(html);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tagName(tokens[i]!)) continue;
    const end = closeOf(tokens, i);
    if (end < 0) break;
    out.push(tokens.slice(i, end + 1).join(''));
    i = end;
  }
  return out;
}
