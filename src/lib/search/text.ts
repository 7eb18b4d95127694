/**
 * Text rules shared by the index builder and the query side, so both cut words the same way:
 * lower case, accents folded, apostrophes dropped, split on anything that is not a letter or digit.
 */

/** Lower case with accents folded ('Crème' -> 'creme') and apostrophes removed ("Mother's" -> 'mothers'). */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .toLowerCase();
}

/** The words of a text, normalised; empty pieces dropped. */
export function tokenize(text: string): string[] {
  return normaliseText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * The words of a SKU: its parts plus the whole SKU without separators, so 'PJ-R-1042' is found by
 * 'pj-r-1042', '1042' and 'pjr1042'.
 */
export function tokenizeSku(sku: string): string[] {
  const parts = tokenize(sku);
  const whole = parts.join('');
  return parts.length > 1 ? [...parts, whole] : parts;
}

/** The distinct words of a query, in order. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))];
}

/**
 * Edits allowed for one query word (§9 fuzziness 2, scaled to the word's length, like
 * Elasticsearch's AUTO): none under 4 letters, 1 for 4 or 5 letters, `max` (2) from 6 letters;
 * words with digits (SKUs, sizes) are matched exactly.
 */
export function fuzzinessFor(term: string, max: number): number {
  if (/\d/.test(term)) return 0;
  if (term.length < 4) return 0;
  if (term.length <= 5) return Math.min(1, max);
  return Math.min(2, max);
}

/**
 * How many distinct query words a product must match (§9 minimum should match 75%): the share
 * rounded down, as Elasticsearch does, and never below one. 1-2 words: 1, 3: 2, 4: 3, 5: 3, 8: 6.
 */
export function requiredMatches(termCount: number, ratio: number): number {
  return Math.max(1, Math.floor(termCount * ratio + 1e-9));
}
