/** Slugs (spec §5): lower case, spaces to hyphens, & to -and-, non-word characters removed. */

// Letters that Unicode decomposition does not reduce to a base letter.
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ł: 'l', þ: 'th' };

/**
 * Turns a text into a URL slug. Accents are folded to their base letter ('Crème' -> 'creme'),
 * repeated hyphens collapse into one and leading/trailing hyphens are trimmed.
 */
export function slugify(text: string): string {
  return String(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæøœđłþ]/g, (c) => FOLD[c] ?? c)
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/[^\w-]+/g, '')
    .replace(/--+/g, '-')
    .replace(/^-+|-+$/g, '');
}
