/**
 * The site's web fonts: what `npm run fonts` (scripts/fonts.ts) cuts from the @fontsource-variable
 * packages, and the @font-face rules it writes to src/styles/fonts.css, with metric-matched local
 * fallbacks (docs/build.md, "Fonts"). Build-time only (node:crypto, node:fs).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FontFace {
  family: string;
  /** The variable WOFF2 in node_modules the face is cut from. */
  source: string;
  /** The output files' stem in src/assets/fonts/: one file per FONT_SUBSETS entry, `${file}-${subset}.woff2`. */
  file: string;
  /** The weight range kept: the weights the stylesheets set for the family. */
  weight: [number, number];
  /** The OpenType features kept (the rest, with the glyphs only they reach, are dropped): see TEXT_FEATURES. */
  features: readonly string[];
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

/**
 * The features a browser applies to text by default (kerning, ligatures, the variable font's
 * required alternates, composition and marks), and `tnum` for the prices' tabular figures
 * (font-variant-numeric: tabular-nums). The packages' files also carry fractions (frac, numr, dnom)
 * and proportional or lining figures (pnum, lnum), whose extra glyphs no stylesheet turns on: with
 * Inter's `calt` (below) they were about a quarter of the basic files.
 */
const TEXT_FEATURES = ['kern', 'liga', 'clig', 'calt', 'rvrn', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'] as const;

export const FONT_FACES: readonly FontFace[] = [
  {
    family: 'Inter',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    file: 'inter-text',
    // body 400, labels and prices 500, badges and buttons 600, strong 700
    weight: [400, 700],
    // Without Inter's contextual alternates (arrows from -> and punctuation raised between capitals
    // and digits): 3.8 KB of its 19.5 KB, for forms the shop's texts hardly meet.
    features: TEXT_FEATURES.filter((f) => f !== 'calt'),
    fallback: { local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'], metrics: ARIAL, generic: 'sans-serif' },
  },
  {
    family: 'Cormorant Garamond',
    source: '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
    file: 'cormorant-display',
    // text in the display face 400, headings 500, the logo 600
    weight: [400, 600],
    features: TEXT_FEATURES,
    fallback: { local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'], metrics: TIMES, generic: 'serif' },
  },
];

/** Code points as a string, each listed or as inclusive [from, to] runs. */
const chars = (...parts: (number | [number, number])[]): string => {
  const cps: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') cps.push(p);
    else for (let c = p[0]; c <= p[1]; c++) cps.push(c);
  }
  return String.fromCodePoint(...cps);
};

/**
 * The characters nearly every page sets (measured on the sample build: 947 pages, only ©, £ and ·
 * beyond ASCII on most of them): printable ASCII, the no-break space, £ © ®  · and the typographic
 * punctuation editors paste (curly quotes, dashes, ellipsis, bullet), € and ™.
 */
const BASIC_TEXT = chars([0x20, 0x7e], 0xa0, 0xa3, 0xa9, 0xae, 0xb7, [0x2013, 0x2014], [0x2018, 0x201a], [0x201c, 0x201e], 0x2022, 0x2026, 0x20ac, 0x2122);

/**
 * The characters the fonts keep: BASIC_TEXT, the rest of Latin-1 (the accented letters of the
 * shop's English, German, Italian and French texts, °, ×), primes and the minus sign. A character
 * outside it is drawn by the next font of the stack (the metric-matched fallback), never missing.
 */
export const FONT_TEXT: string = BASIC_TEXT + [...chars([0xa0, 0xff], 0x2032, 0x2033, 0x2212)].filter((ch) => !BASIC_TEXT.includes(ch)).join('');

/**
 * Each face is cut into two files with their own unicode-range: a browser downloads a file only when
 * the page sets one of its characters, so the first screen of an English page needs only the basic
 * file (Inter 28.2 -> 21.3 KB, Cormorant 30.4 -> 22 KB) and Head.astro preloads only that one.
 */
export const FONT_SUBSETS: readonly { name: 'basic' | 'latin1'; text: string }[] = [
  { name: 'basic', text: BASIC_TEXT },
  { name: 'latin1', text: [...FONT_TEXT].filter((ch) => !BASIC_TEXT.includes(ch)).join('') },
];

/** The file in src/assets/fonts/ of one face's subset. */
export const fontFile = (face: FontFace, subset: (typeof FONT_SUBSETS)[number]): string => `${face.file}-${subset.name}.woff2`;

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
  return h.update(JSON.stringify(FONT_SUBSETS)).digest('hex').slice(0, 16);
}

/** The generated faces' metrics (of the basic file), written by `npm run fonts` beside the files (src/assets/fonts/fonts.json), and each file's size. */
export interface FontManifest {
  sources: string;
  faces: Record<string, FallbackMetrics>;
  bytes: Record<string, number>;
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
    const faces = FONT_SUBSETS.map(
      (sub) => `@font-face {
  font-family: '${f.family}';
  font-style: normal;
  font-display: optional;
  font-weight: ${f.weight[0]} ${f.weight[1]};
  src: url('../assets/fonts/${fontFile(f, sub)}') format('woff2-variations');
  unicode-range: ${unicodeRange(sub.text)};
}`,
    );
    return `${faces.join('\n')}
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
 * from the internet), each in two files by unicode-range (a page downloads the Latin-1 file only if it
 * sets one of its characters). font-display: optional: a face not ready at the first paint is not swapped in
 * later, so text never moves under the shopper (CLS 0); the '… fallback' faces, next in each stack
 * (src/styles/global.css), are local fonts resized to the web font's metrics, so the page looks the
 * same size either way. Head.astro preloads the basic files; the service worker precaches them all.
 */
${blocks.join('\n')}
`;
}
