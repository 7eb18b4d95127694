/**
 * Renders the sample shop's photographs: every product shot the sample data uses, and
 * the composed scenes of banners, category tiles, shops, blog posts and the social feed, with
 * three.js in Debian's headless Chromium (the studio's modules in scripts/photos/studio/), into
 * src/content/sample/media as JPEGs; then removes pictures nothing uses and recomputes the
 * placeholder colours. Run by hand when the art changes (not by npm install or the build):
 *
 *   npm run photos                      render everything (about half an hour on two cores)
 *   npm run photos -- --missing         only pictures that are not there yet
 *   npm run photos -- --only ring/halo,pearl   only paths containing one of these strings
 *   npm run photos -- --check           render again and compare with the committed bytes
 *   npm run photos -- --seed 2          another seed (the sample uses 1; no model draws from it yet, so the same pictures)
 *   npm run photos -- --missing --reverse   from the end: a second process meets the first in the middle
 *
 * The same seed gives the same bytes: no clock, no Math.random in the studio, sharp's mozjpeg
 * encoder at fixed settings.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePlaceholders } from '../../src/lib/snapshot/placeholders-write';
import { scriptOptions } from '../lib/cli-options';
import { openStudio } from './browser';
import { sampleJobs } from './jobs';
import { QUALITY } from './scenes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE = join(ROOT, 'src/content/sample');
const MEDIA = join(SAMPLE, 'media');
/** Folders whose pictures this script owns (blog/authors are drawn by the sample generator). */
const OWNED = ['catalog', 'banners', 'blog/featured', 'stores', 'social'];

const USAGE = 'usage: npm run photos -- [--missing] [--only TEXT,...] [--check] [--seed N] [--reverse]';
const { seed, only, check, missing, reverse } = scriptOptions(
  process.argv.slice(2),
  { name: 'photos', usage: USAGE, values: ['only', 'seed'], flags: ['missing', 'check', 'reverse'] },
  (o) => ({
    seed: o.number('seed', 1, { integer: true }),
    only: o.list('only'),
    check: o.flag('check'),
    missing: o.flag('missing'),
    reverse: o.flag('reverse'),
  }),
);

const { jobs, unplanned } = sampleJobs(seed);
if (unplanned.length) console.error(`photos: no scene yet for ${unplanned.length} pictures: ${unplanned.slice(0, 5).join(', ')}…`);

const todo = jobs.filter((j) => (!only || only.some((o) => j.path.includes(o))) && (check || !missing || !existsSync(join(MEDIA, j.path))));
// --reverse: from the end (a second process with --missing --reverse meets the first in the middle)
if (reverse) todo.reverse();
console.log(`photos: ${jobs.length} pictures in the sample, ${todo.length} to ${check ? 'check' : 'render'} (seed ${seed})`);

const t0 = performance.now();
const studio = await openStudio();
let differ = 0;
try {
  for (const [i, j] of todo.entries()) {
    const t = performance.now();
    if (missing && !check && existsSync(join(MEDIA, j.path))) continue;
    const jpg = await studio.shoot(j.spec, Number(j.spec.quality ?? QUALITY));
    const file = join(MEDIA, j.path);
    if (check) {
      const same = existsSync(file) && readFileSync(file).equals(jpg);
      if (!same) differ++;
      console.log(`photos: ${same ? 'same' : 'DIFFERS'} ${j.path}`);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, jpg);
    console.log(`photos: ${i + 1}/${todo.length} ${j.path} ${(jpg.length / 1024).toFixed(0)} KB ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
} finally {
  await studio.close();
}
const minutes = ((performance.now() - t0) / 60_000).toFixed(1);
if (check) {
  console.log(`photos: ${todo.length - differ} of ${todo.length} pictures rendered again byte for byte in ${minutes} min`);
  process.exit(differ ? 1 : 0);
}

// Pictures nothing uses any more (and the SVG drawings these photographs replace) go.
const wanted = new Set(jobs.map((j) => j.path));
const walk = (d: string): string[] =>
  existsSync(d) ? readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)])) : [];
let removed = 0;
for (const dir of OWNED)
  for (const f of walk(join(MEDIA, dir))) {
    const path = '/' + relative(MEDIA, f).split(sep).join('/');
    if (!wanted.has(path)) {
      rmSync(f);
      removed++;
    }
  }
const all = OWNED.flatMap((d) => walk(join(MEDIA, d)));
const bytes = all.reduce((s, f) => s + statSync(f).size, 0);
console.log(`photos: rendered ${todo.length} in ${minutes} min; removed ${removed} unused; ${all.length} pictures, ${(bytes / 1048576).toFixed(1)} MB`);
console.log(`photos: placeholder colours of ${await writePlaceholders(SAMPLE)} pictures`);
