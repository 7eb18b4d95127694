/**
 * The pictures of the sample shop and the studio spec of each: the product shots the sample data
 * uses (generated the same way as `npm run data:sample`: 400 products, seed 1) at the product size,
 * and the composed scenes of scenes.ts. Each spec carries a seed of its own, hashed from the render
 * seed and its path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSample } from '../sample-catalog';
import { sceneFor, PRODUCT_SIZE } from './scenes';

export interface PhotoJob {
  /** The media path, e.g. /catalog/product/ring/halo-platinum-sapphire-1-angle.jpg. */
  path: string;
  spec: Record<string, unknown>;
}

/** A stable 32-bit hash of the seed and a path, so each picture has its own randomness. */
function hash(seed: number, s: string): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Every picture the sample uses, and the paths no scene is planned for yet. */
export function sampleJobs(seed: number): { jobs: PhotoJob[]; unplanned: string[] } {
  const tmp = mkdtempSync(join(tmpdir(), 'photos-'));
  const sample = generateSample({ products: 400, seed: 1, out: tmp, validate: false, photos: join(tmp, 'none') });
  rmSync(tmp, { recursive: true, force: true });
  const jobs: PhotoJob[] = [];
  const unplanned: string[] = [];
  for (const path of sample.pictures) {
    const shot = sample.shots.get(path);
    const spec = shot ? { ...shot, w: PRODUCT_SIZE.width, h: PRODUCT_SIZE.height } : sceneFor(path);
    if (!spec) unplanned.push(path);
    else jobs.push({ path, spec: { ...spec, seed: hash(seed, path) } });
  }
  return { jobs, unplanned };
}
