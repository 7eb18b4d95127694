/**
 * `npm run build`: `astro build` (arguments passed through) in a Node whose heap limit follows the
 * snapshot's size and the allocator settings of src/lib/build/heap.ts, so the build's peak memory
 * follows the catalogue. A build that failed because its incremental cache was stale
 * (src/lib/build/stale-restore.ts) runs once more.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildEnv, buildNodeArgs } from '../src/lib/build/heap';
import { snapshotDir } from '../src/lib/snapshot/read';
import { takeStaleMarker } from '../src/lib/build/stale-restore';
import { astroBin, astroCacheDir } from '../server/rebuild';

const root = join(import.meta.dirname, '..');
/** Handed on to `astro build` as they are; the heap limit reads the shard from them (a page shard's share). */
const astroArgs = [...process.argv.slice(2)];
const run = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [...buildNodeArgs(snapshotDir(), astroArgs), astroBin(root), 'build', ...astroArgs], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...buildEnv() },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
let code = await run();
// Pages restored from the incremental cache linked client code this build did not write: the cache is dropped, once more.
if (code !== 0 && takeStaleMarker(astroCacheDir(root))) {
  console.error('build: building again, every page rendered (the incremental cache was stale)');
  code = await run();
}
process.exit(code);
