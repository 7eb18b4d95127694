/**
 * The deploy plan of a build (src/lib/build/cdn/deploy-plan.ts): what to upload, what to delete and what to
 * purge from the CDN's cache, from the build before. Prints the plan's JSON and writes it to
 * `<after>/_cdn/deploy-plan.json` (the rebuild hook and `DEPLOY_BEFORE=… npm run build` write the same).
 *   npm run deploy:plan -- --before <folder of the build before> [--after dist]
 * Without --before (a first deploy) every file is to upload.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDeployPlan } from '../src/lib/build/cdn/build-files';

const { values } = parseArgs({ options: { before: { type: 'string' }, after: { type: 'string', default: 'dist' } }, strict: true });
const after = resolve(values.after);
const before = values.before ? resolve(values.before) : null;
for (const [name, dir] of [
  ['--after', after],
  ['--before', before],
] as const) {
  if (dir && !existsSync(dir)) {
    console.error(`${name}: no such folder: ${dir}`);
    process.exit(2);
  }
}
try {
  console.log(JSON.stringify(writeDeployPlan(before, after), null, 1));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
