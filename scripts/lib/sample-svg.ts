/**
 * The product kinds of the sample's pictures, and the one drawing left: the blog authors' initials.
 * Everything else is photographed (scripts/photos).
 */

export const ART_KINDS = [
  'ring',
  'watch',
  'smartwatch',
  'pendant',
  'necklace',
  'earrings',
  'bracelet',
  'bangle',
  'charm',
  'giftbox',
  'giftcard',
  'service',
  'guide',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A round avatar with initials. */
export function avatarSvg(name: string, background: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img"><title>${esc(name)}</title><circle cx="48" cy="48" r="48" fill="${background}"/><text x="48" y="60" font-family="sans-serif" font-size="34" fill="#ffffff" text-anchor="middle">${esc(initials)}</text></svg>\n`;
}
