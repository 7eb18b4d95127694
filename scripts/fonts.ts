/**
 * `npm run fonts`: makes the site's two web fonts from the @fontsource-variable packages (offline,
 * HarfBuzz's subsetter compiled to WebAssembly, `subset-font`), and writes src/styles/fonts.css.
 *
 * - Glyphs: the characters of FONT_TEXT (src/lib/build/fonts.ts) only, in two files per face (FONT_SUBSETS:
 *   the basic characters every page sets, and the rest of Latin-1), and the weight axis cut to
 *   the weights the stylesheets set, and the OpenType features to those a browser applies by default
 *   and the prices' tabular figures: the two packages' files, 84 KB, became 34 KB of basic files.
 * - Fallbacks: a local face per family ('Inter fallback', 'Cormorant Garamond fallback') whose
 *   size-adjust and ascent/descent/line-gap overrides make Arial (Liberation Sans, Arimo) and Times
 *   New Roman (Liberation Serif, Tinos) take the web font's width and line box, so text set in the
 *   fallback and text set in the web font occupy the same space.
 *
 * The outputs are committed (src/assets/fonts/, src/styles/fonts.css): subsetting takes seconds,
 * which a build, and above all an editor's rebuild, should not pay each time. tests/unit/fonts.test.ts
 * checks they are current (sources, settings) and cover the text. Run again after updating a
 * @fontsource-variable package or FONT_FACES.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { fromBuffer } from '@capsizecss/unpack';
import { FONT_FACES, FONT_SUBSETS, fontFile, fontSourceDigest, fontFaceCss, type FontManifest } from '../src/lib/build/fonts';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'src/assets/fonts');
mkdirSync(outDir, { recursive: true });

const manifest: FontManifest = { sources: fontSourceDigest(root), faces: {}, bytes: {} };
for (const face of FONT_FACES) {
  const source = readFileSync(join(root, 'node_modules', face.source));
  for (const sub of FONT_SUBSETS) {
    const woff2 = await subsetFont(source, sub.text, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: face.weight[0], max: face.weight[1] } },
      keepFeatures: [...face.features],
    });
    const file = fontFile(face, sub);
    writeFileSync(join(outDir, file), woff2);
    manifest.bytes[file] = woff2.length;
    if (sub.name === 'basic') {
      // The fallback's overrides come from the file every page loads (its letters a-z weigh xWidthAvg).
      const m = await fromBuffer(woff2);
      manifest.faces[face.family] = { unitsPerEm: m.unitsPerEm, ascent: m.ascent, descent: m.descent, lineGap: m.lineGap, xWidthAvg: m.xWidthAvg };
    }
    console.log(`${file}: ${(source.length / 1024).toFixed(1)} KB -> ${(woff2.length / 1024).toFixed(1)} KB (weights ${face.weight.join('-')})`);
  }
}
writeFileSync(join(outDir, 'fonts.json'), JSON.stringify(manifest, null, 2) + '\n');
writeFileSync(join(root, 'src/styles/fonts.css'), fontFaceCss(manifest));
console.log('wrote src/assets/fonts/ and src/styles/fonts.css');
