/**
 * The web fonts (src/lib/build/fonts.ts, made by `npm run fonts`): the committed files are the ones
 * the settings and the installed @fontsource-variable files make, they draw every character they
 * claim, they are smaller than the packages' files, and the fallback faces take the web fonts' metrics.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { create, type Font } from 'fontkitten';
import subsetFont from 'subset-font';
import {
  FONT_FACES,
  FONT_SUBSETS,
  FONT_TEXT,
  fallbackOverrides,
  fontFaceCss,
  fontFile,
  fontSourceDigest,
  unicodeRange,
  type FontManifest,
} from '../../src/lib/build/fonts';

const ROOT = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'src/assets/fonts/fonts.json'), 'utf8')) as FontManifest;
const font = (file: string) => create(readFileSync(join(ROOT, 'src/assets/fonts', file))) as Font;

/** The feature tags of a font's GSUB and GPOS tables (read from the sfnt the WOFF2 decodes to: its table directory, then each FeatureList). */
async function featureTags(woff2: Buffer): Promise<string[]> {
  const sfnt = await subsetFont(woff2, null, { targetFormat: 'sfnt', keepAllGlyphs: true });
  const tags = new Set<string>();
  const tag = (at: number) => sfnt.toString('latin1', at, at + 4);
  for (let i = 0; i < sfnt.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    if (tag(record) !== 'GSUB' && tag(record) !== 'GPOS') continue;
    const table = sfnt.readUInt32BE(record + 8);
    const list = table + sfnt.readUInt16BE(table + 6);
    for (let k = 0; k < sfnt.readUInt16BE(list); k++) tags.add(tag(list + 2 + 6 * k));
  }
  return [...tags].sort();
}

describe('web fonts', () => {
  it('are current: made from the installed packages with these settings, and fonts.css is what the script writes', () => {
    expect(manifest.sources, 'run npm run fonts').toBe(fontSourceDigest(ROOT));
    expect(readFileSync(join(ROOT, 'src/styles/fonts.css'), 'utf8')).toBe(fontFaceCss(manifest));
  });

  it('draw every character of the text they keep that the package’s file draws, each file its subset, in the weights the stylesheets set', () => {
    for (const face of FONT_FACES) {
      const source = create(readFileSync(join(ROOT, 'node_modules', face.source))) as Font;
      const drawn = [...FONT_TEXT].filter((ch) => source.hasGlyphForCodePoint(ch.codePointAt(0)!));
      expect(drawn.length, face.family).toBeGreaterThan(180);
      for (const sub of FONT_SUBSETS) {
        const f = font(fontFile(face, sub));
        const missing = [...sub.text].filter((ch) => drawn.includes(ch) && !f.hasGlyphForCodePoint(ch.codePointAt(0)!));
        expect(missing, `${face.family} ${sub.name}`).toEqual([]);
        const wght = f.variationAxes.wght;
        expect(wght, face.family).toBeDefined();
        expect([wght!.min, wght!.max], face.family).toEqual(face.weight);
      }
    }
  });

  it('the subsets split the kept text without overlap, so each character has one file', () => {
    const all = FONT_SUBSETS.flatMap((s) => [...s.text]);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...FONT_TEXT].sort());
    expect(FONT_SUBSETS.map((s) => s.name)).toEqual(['basic', 'latin1']);
  });

  it('weigh less than the packages’ files; the basic files, all a page preloads, under 36 KB together', () => {
    let basic = 0;
    for (const face of FONT_FACES) {
      for (const sub of FONT_SUBSETS) {
        const bytes = statSync(join(ROOT, 'src/assets/fonts', fontFile(face, sub))).size;
        expect(bytes).toBe(manifest.bytes[fontFile(face, sub)]);
        expect(bytes).toBeLessThan(statSync(join(ROOT, 'node_modules', face.source)).size);
        if (sub.name === 'basic') basic += bytes;
      }
    }
    expect(basic).toBeLessThan(36 * 1024);
  });

  it('keep the features a browser applies by default and the prices’ tabular figures, and drop the figure styles no stylesheet sets', async () => {
    for (const face of FONT_FACES) {
      const source = await featureTags(readFileSync(join(ROOT, 'node_modules', face.source)));
      // The packages' files carry figures the shop never turns on (fractions, proportional or lining figures).
      expect(source.filter((t) => /^(frac|numr|dnom|pnum|lnum)$/.test(t)).length, face.family).toBeGreaterThan(0);
      for (const sub of FONT_SUBSETS) {
        const kept = await featureTags(readFileSync(join(ROOT, 'src/assets/fonts', fontFile(face, sub))));
        expect(kept, `${face.family} ${sub.name}`).toEqual(expect.arrayContaining(['kern', 'tnum']));
        expect(
          kept.filter((t) => !face.features.includes(t)),
          `${face.family} ${sub.name}`,
        ).toEqual([]);
      }
    }
  });

  it('the shop’s sample names and titles use only the basic files’ characters (the first screen needs no other file)', () => {
    const sample = join(ROOT, 'src/content/sample');
    const names = [
      ...(JSON.parse(readFileSync(join(sample, 'categories.json'), 'utf8')) as { name: string }[]).map((c) => c.name),
      ...(JSON.parse(readFileSync(join(sample, 'products/0000.json'), 'utf8')) as { name: string }[]).map((p) => p.name),
      ...(JSON.parse(readFileSync(join(sample, 'cms-pages.json'), 'utf8')) as { title: string }[]).map((p) => p.title),
    ];
    const kept = new Set(FONT_SUBSETS.find((s) => s.name === 'basic')!.text);
    const outside = [...new Set(names.join('').replace(/\s/g, ''))].filter((ch) => !kept.has(ch));
    expect(outside).toEqual([]);
  });

  it('fallback overrides: a fallback of the same metrics is unchanged; a web font 10 % wider scales the fallback by 110 %', () => {
    const m = { unitsPerEm: 1000, ascent: 900, descent: -250, lineGap: 0, xWidthAvg: 500 };
    expect(fallbackOverrides(m, m)).toEqual({ sizeAdjust: 1, ascent: 0.9, descent: 0.25, lineGap: 0 });
    const wider = fallbackOverrides({ ...m, xWidthAvg: 550 }, m);
    expect(wider.sizeAdjust).toBeCloseTo(1.1, 10);
    expect(wider.ascent).toBeCloseTo(0.9 / 1.1, 10);
    // Different em sizes compare as shares of the em
    expect(fallbackOverrides({ ...m, unitsPerEm: 2000, xWidthAvg: 1000, ascent: 1800, descent: -500 }, m).sizeAdjust).toBe(1);
  });

  it('unicode-range lists runs of code points', () => {
    expect(unicodeRange('abcx€')).toBe('U+0061-0063, U+0078, U+20AC');
  });
});
