/**
 * `npm start`: one Node process on PORT (default 4321). Builds the site first when dist/ is missing or
 * older than the snapshot's manifest (skip with --no-build), then serves dist/ and the API.
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit 0.
 */
import { dirname, join, resolve } from 'node:path';
import { snapshotDir } from '../src/lib/snapshot';
import { astroBuild, needsBuild, readLivePointer } from './rebuild';
import { PROJECT_ROOT, startServer } from './server';

async function main(): Promise<void> {
  const noBuild = process.argv.includes('--no-build');
  const dataDir = process.env.DATABASE_PATH ? dirname(resolve(process.env.DATABASE_PATH)) : join(PROJECT_ROOT, 'data');
  const live = readLivePointer(join(dataDir, 'live-site.json'));
  const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(PROJECT_ROOT, 'dist');
  if (!noBuild && (!live || process.env.DIST_DIR) && needsBuild(dist, snapshotDir())) {
    console.log(`building the site into ${dist} (dist/ is missing or older than the snapshot) ...`);
    const t = Date.now();
    await astroBuild(PROJECT_ROOT, snapshotDir(), dist, {}, true);
    console.log(`site built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const running = await startServer();
  console.log(`shop server listening on http://localhost:${running.port} (site: ${running.site.dir ?? 'none'})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then closing the database`);
    running
      .close()
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(`shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e) => {
  console.error(`shop server failed to start: ${(e as Error).message}`);
  process.exit(1);
});
