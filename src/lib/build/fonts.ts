/**
 * The site's web fonts: what `npm run fonts` (scripts/fonts.ts) cuts from the @fontsource-variable
 * packages, and the @font-face rules it writes to src/styles/fonts.css, with metric-matched local
 * fallbacks (docs/architecture.md, "Fonts"). Build-time only (node:crypto, node:fs).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FontFace {
  family: string;
  /** The variable WOFF2 in node_modules the face is cut from. */
  source: string;
  /** The output file in src/assets/fonts/. */
  file: string;
  /** The weight range kept: the weights the stylesheets set for the family. */
  weight: [number, number];
  /** The local fonts of the fallback face, and their metrics (the same for each: they are metric-compatible). */
  fallback: { local: string[]; metrics: FallbackMetrics; generic: 'sans-serif' | 'serif' };
}

export interface FallbackMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  /** Average width of the Latin letters weighted by their frequency (capsize's xWidthAvg). */
  xWidthAvg: number;
}

/** Arial's metrics (the same as Liberation Sans' and Arimo's, measured from Liberation Sans 2.1). */
const ARIAL: FallbackMetrics = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67, xWidthAvg: 913 };
/** Times New Roman's metrics (the same as Liberation Serif's and Tinos', measured from Liberation Serif 2.1). */
const TIMES: FallbackMetrics = { unitsPerEm: 2048, ascent: 1825, descent: -443, lineGap: 87, xWidthAvg: 832 };

export const FONT_FACES: readonly FontFace[] = [
  {
    family: 'Inter',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    file: 'inter-text.woff2',
    // body 400, labels and prices 500, badges and buttons 600, strong 700
    weight: [400, 700],
    fallback: { local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], metrics: ARIAL, generic: 'sans-serif' },
  },
  {
    family: 'Cormorant Garamond',
    source: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    file: 'cormorant-display.woff2',
    // text in the display face 400, headings 500, the logo 600
    weight: [400, 600],
    fallback: { local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'], metrics: TIMES, generic: 'serif' },
  },
];

/**
 * The characters the fonts keep: printable ASCII, Latin-1 (the accented letters of the shop's
 * English, German, Italian and French texts, £, ©, ®, °), and the typographic punctuation editors
 * paste (curly quotes, dashes, ellipsis, bullet), € and ™. A character outside it is drawn by the
 * next font of the stack (the metric-matched fallback), never missing.
 */
export const FONT_TEXT: string = (() => {
  const cps: number[] = [];
  for (let c = 0x20; c <= 0x7e; c++) cps.push(c);
  for (let c = 0xa0; c <= 0xff; c++) cps.push(c);
  cps.push(0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026, 0x2032, 0x2033, 0x20ac, 0x2122, 0x2212);
  return String.fromCodePoint(...cps);
})();

/** FONT_TEXT as a CSS unicode-range (runs of consecutive code points). */
export function unicodeRange(text: string = FONT_TEXT): string {
  const cps = [...new Set([...text].map((ch) => ch.codePointAt(0)!))].sort((a, b) => a - b);
  const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;
  const runs: string[] = [];
  for (let i = 0; i < cps.length;) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j++;
    runs.push(i === j ? hex(cps[i]!) : `${hex(cps[i]!)}-${cps[j]!.toString(16).toUpperCase().padStart(4, '0')}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** What the generated files were made from: the source fonts' bytes and the settings above. */
export function fontSourceDigest(root: string): string {
  const h = createHash('sha256');
  for (const f of FONT_FACES) h.update(readFileSync(join(root, 'node_modules', f.source))).update(JSON.stringify(f));
  return h.update(FONT_TEXT).digest('hex').slice(0, 16);
}

/** The generated faces' metrics, written by `npm run fonts` beside the files (src/assets/fonts/fonts.json). */
export interface FontManifest {
  sources: string;
  faces: Record<string, FallbackMetrics & { bytes: number }>;
}

/**
 * The overrides that make a fallback font take a web font's place: scaled to the same average
 * letter width (size-adjust), then the web font's ascent, descent and line gap as shares of the
 * scaled em (the method of capsize, fontaine and next/font).
 */
export function fallbackOverrides(font: FallbackMetrics, fallback: FallbackMetrics): { sizeAdjust: number; ascent: number; descent: number; lineGap: number } {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return { sizeAdjust, ascent: font.ascent / em, descent: Math.abs(font.descent) / em, lineGap: font.lineGap / em };
}

/** A share as a CSS percentage to two decimals, written as Prettier writes it (no trailing zeros). */
const pct = (n: number) => `${Number((n * 100).toFixed(2))}%`;

/** src/styles/fonts.css: each web face, then its fallback face. */
export function fontFaceCss(manifest: FontManifest): string {
  const blocks = FONT_FACES.map((f) => {
    const m = manifest.faces[f.family];
    if (!m) throw new Error(`fonts.json has no metrics for ${f.family}: run npm run fonts`);
    const o = fallbackOverrides(m, f.fallback.metrics);
    return `@font-face {
  font-family: '${f.family}';
  font-style: normal;
  font-display: optional;
  font-weight: ${f.weight[0]} ${f.weight[1]};
  src: url('../assets/fonts/${f.file}') format('woff2-variations');
  unicode-range: ${unicodeRange()};
}
@font-face {
  font-family: '${f.family} fallback';
  src: ${f.fallback.local.map((l) => `local('${l}')`).join(', ')};
  size-adjust: ${pct(o.sizeAdjust)};
  ascent-override: ${pct(o.ascent)};
  descent-override: ${pct(o.descent)};
  line-gap-override: ${pct(o.lineGap)};
}`;
  });
  return `/*
 * Generated by \`npm run fonts\` (scripts/fonts.ts, settings in src/lib/build/fonts.ts): do not edit.
 * Self-hosted faces cut from @fontsource-variable to the shop's characters and weights (nothing fetched
 * from the internet). font-display: optional: a face not ready at the first paint is not swapped in
 * later, so text never moves under the shopper (CLS 0); the '… fallback' faces, next in each stack
 * (src/styles/global.css), are local fonts resized to the web font's metrics, so the page looks the
 * same size either way. Head.astro preloads the files; the service worker precaches them.
 */
${blocks.join('\n')}
`;
}
