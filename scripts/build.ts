/**
 * `npm run build`: `astro build` (arguments passed through) in a Node whose heap limit follows the
 * snapshot's size and the allocator settings of src/lib/build/heap.ts, so the build's peak memory
 * follows the catalogue.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildEnv, buildNodeArgs } from '../src/lib/build/heap';
import { snapshotDir } from '../src/lib/build/snapshot';
import { astroBin } from '../server/rebuild';

const root = join(import.meta.dirname, '..');
const child = spawn(process.execPath, [...buildNodeArgs(snapshotDir()), astroBin(root), 'build', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...buildEnv() },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
