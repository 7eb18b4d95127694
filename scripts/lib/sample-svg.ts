/**
 * Generated SVG artwork for the sample snapshot: one drawing per product kind, tinted with the
 * product's colour, in three views. A small shared set (kind x colour x view), never one per product.
 */

export const ART_KINDS = ['ring', 'watch', 'smartwatch', 'pendant', 'necklace', 'earrings', 'bracelet', 'bangle', 'charm', 'giftbox', 'giftcard', 'service', 'guide'] as const;
export type ArtKind = (typeof ART_KINDS)[number];
export const ART_VIEWS = ['front', 'side', 'detail', 'box'] as const;
export type ArtView = (typeof ART_VIEWS)[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paint for a colour value of config.colorMappings (hex, or a CSS two-tone gradient). */
function paint(value: string): { defs: string; fill: string; stroke: string } {
  if (value.startsWith('linear-gradient')) {
    const stops = [...value.matchAll(/#[0-9a-f]{6}/gi)].map((m) => m[0]);
    const [a = '#c0c0c0', b = '#d4af37'] = stops;
    return {
      defs: `<linearGradient id="m" x1="0" x2="1" y1="0" y2="0"><stop offset="0.5" stop-color="${a}"/><stop offset="0.5" stop-color="${b}"/></linearGradient>`,
      fill: 'url(#m)',
      stroke: '#7a7363',
    };
  }
  return { defs: '', fill: value, stroke: shade(value) };
}

/** A darker tone of a hex colour for outlines. */
function shade(hex: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#555555';
  const n = parseInt(m[1]!, 16);
  const f = (v: number) => Math.max(0, Math.round(v * 0.6)).toString(16).padStart(2, '0');
  return `#${f((n >> 16) & 255)}${f((n >> 8) & 255)}${f(n & 255)}`;
}

function drawing(kind: ArtKind, fill: string, stroke: string): string {
  const s = `fill="${fill}" stroke="${stroke}" stroke-width="4"`;
  const gem = '<path d="M300 250 l34 -30 h-68 z M266 220 l34 -34 l34 34 z" fill="#eaf4fb" stroke="#8aa9bf" stroke-width="3"/>';
  switch (kind) {
    case 'ring':
      return `<ellipse cx="300" cy="400" rx="150" ry="150" fill="none" stroke="${stroke}" stroke-width="34"/><ellipse cx="300" cy="400" rx="150" ry="150" fill="none" stroke="${fill}" stroke-width="26"/><path d="M262 256 l38 -40 l38 40 z" ${s}/>${gem}`;
    case 'watch':
      return `<rect x="250" y="90" width="100" height="170" rx="18" ${s}/><rect x="250" y="484" width="100" height="170" rx="18" ${s}/><circle cx="300" cy="372" r="130" ${s}/><circle cx="300" cy="372" r="104" fill="#fdfcf9" stroke="${stroke}" stroke-width="3"/><path d="M300 372 v-70 M300 372 l52 26" stroke="#222" stroke-width="7" stroke-linecap="round"/><rect x="426" y="358" width="22" height="28" rx="5" ${s}/>`;
    case 'smartwatch':
      return `<rect x="255" y="90" width="90" height="160" rx="16" ${s}/><rect x="255" y="494" width="90" height="160" rx="16" ${s}/><rect x="195" y="250" width="210" height="244" rx="46" ${s}/><rect x="215" y="272" width="170" height="200" rx="32" fill="#111"/><text x="300" y="385" font-family="sans-serif" font-size="48" fill="#f5f5f5" text-anchor="middle">10:09</text>`;
    case 'pendant':
      return `<path d="M150 120 Q300 420 450 120" fill="none" stroke="${stroke}" stroke-width="5"/><circle cx="300" cy="300" r="12" ${s}/><path d="M300 320 C380 380 380 470 300 560 C220 470 220 380 300 320 z" ${s}/>`;
    case 'necklace':
      return `<path d="M130 120 Q300 560 470 120" fill="none" stroke="${fill}" stroke-width="14"/><path d="M130 120 Q300 560 470 120" fill="none" stroke="${stroke}" stroke-width="3" stroke-dasharray="10 8"/><circle cx="300" cy="350" r="26" ${s}/>`;
    case 'earrings':
      return `<circle cx="210" cy="260" r="18" ${s}/><path d="M210 280 v60" stroke="${stroke}" stroke-width="5"/><path d="M210 340 l40 90 l-40 60 l-40 -60 z" ${s}/><circle cx="390" cy="260" r="18" ${s}/><path d="M390 280 v60" stroke="${stroke}" stroke-width="5"/><path d="M390 340 l40 90 l-40 60 l-40 -60 z" ${s}/>`;
    case 'bracelet':
      return `<ellipse cx="300" cy="380" rx="200" ry="120" fill="none" stroke="${stroke}" stroke-width="30" stroke-dasharray="34 10"/><ellipse cx="300" cy="380" rx="200" ry="120" fill="none" stroke="${fill}" stroke-width="22" stroke-dasharray="34 10"/><rect x="470" y="360" width="40" height="40" rx="8" ${s}/>`;
    case 'bangle':
      return `<ellipse cx="300" cy="380" rx="190" ry="190" fill="none" stroke="${stroke}" stroke-width="44"/><ellipse cx="300" cy="380" rx="190" ry="190" fill="none" stroke="${fill}" stroke-width="36"/>`;
    case 'charm':
      return `<circle cx="300" cy="210" r="26" fill="none" stroke="${stroke}" stroke-width="10"/><path d="M300 260 C390 180 480 300 300 480 C120 300 210 180 300 260 z" ${s}/>`;
    case 'giftbox':
      return `<rect x="160" y="300" width="280" height="230" ${s}/><rect x="140" y="250" width="320" height="60" ${s}/><rect x="285" y="250" width="30" height="280" fill="#9b1c31"/><path d="M300 250 C240 170 190 220 300 250 C410 220 360 170 300 250 z" fill="#9b1c31"/>`;
    case 'giftcard':
      return `<rect x="110" y="250" width="380" height="240" rx="22" ${s}/><rect x="110" y="300" width="380" height="34" fill="#1f2a37" opacity="0.7"/><text x="300" y="440" font-family="Georgia, serif" font-size="40" fill="#1f2a37" text-anchor="middle">Gift Card</text>`;
    case 'service':
      return `<path d="M170 560 L400 200 l40 26 L210 586 z" ${s}/><circle cx="430" cy="190" r="34" ${s}/><path d="M150 600 h300" stroke="${stroke}" stroke-width="6"/>`;
    case 'guide':
      return `<rect x="170" y="170" width="260" height="380" rx="10" ${s}/><path d="M210 250 h180 M210 300 h180 M210 350 h140 M210 400 h160" stroke="#1f2a37" stroke-width="8" opacity="0.6"/>`;
  }
}

/** The SVG of one product image. */
export function productSvg(kind: ArtKind, colourLabel: string, colourValue: string, view: ArtView = 'front'): string {
  const { defs, fill, stroke } = paint(colourValue);
  let body = drawing(kind, fill, stroke);
  if (view === 'side') body = `<g transform="rotate(-14 300 372) translate(0 10)">${body}</g>`;
  if (view === 'detail') body = `<g transform="translate(300 372) scale(1.55) translate(-300 -372)">${body}</g>`;
  if (view === 'box') body = `<rect x="90" y="520" width="420" height="150" rx="10" fill="#1f2a37"/><g transform="translate(300 330) scale(0.7) translate(-300 -372)">${body}</g>`;
  const title = `${colourLabel} ${kind}${view === 'front' ? '' : ` (${view})`}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 744" width="600" height="744" role="img"><title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}<rect width="600" height="744" fill="#f6f2ec"/>${body}</svg>\n`;
}

/** A banner or editorial picture: a tinted panel with a headline. */
export function bannerSvg(title: string, width: number, height: number, background: string, accent = '#d4af37'): string {
  const size = Math.round(Math.min(width / Math.max(title.length, 8) * 1.5, height / 4));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${esc(title)}</title><rect width="${width}" height="${height}" fill="${background}"/><circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.5)}" r="${Math.round(height * 0.32)}" fill="none" stroke="${accent}" stroke-width="${Math.max(4, Math.round(height / 40))}"/><text x="${Math.round(width * 0.07)}" y="${Math.round(height * 0.55)}" font-family="Georgia, serif" font-size="${size}" fill="#fbf9f6">${esc(title)}</text></svg>\n`;
}

/** A round avatar with initials. */
export function avatarSvg(name: string, background: string): string {
  const initials = name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img"><title>${esc(name)}</title><circle cx="48" cy="48" r="48" fill="${background}"/><text x="48" y="60" font-family="sans-serif" font-size="34" fill="#ffffff" text-anchor="middle">${esc(initials)}</text></svg>\n`;
}
