/**
 * The shop server for the publishing page's browser test (publish.spec.ts): the built site (DIST_DIR,
 * else dist/) and the sample snapshot, rebuilds on, one editor account (PUBLISH_E2E_EDITOR /
 * PUBLISH_E2E_PASSWORD), and fast build steps in place of the pull and `astro build`: the pull copies
 * the live snapshot; the build copies the live site and marks its home page with the build's number
 * (`<!-- publish-e2e build N -->`), reporting its pages as it goes, so that a run takes about 2 s and
 * shows every phase. Prints `listening on http://localhost:PORT` when ready; runs until killed.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { FILES_MANIFEST } from '../../src/lib/build/cdn/deploy-plan';
import { join, resolve } from 'node:path';
import { startServer, PROJECT_ROOT } from '../../server/server';
import { addEditor } from '../../server/editor';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataDir = process.env.PUBLISH_E2E_DATA!;
const dist = resolve(process.env.DIST_DIR ?? join(PROJECT_ROOT, 'dist'));
let builds = 0;

const running = await startServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  databasePath: join(dataDir, 'shop.db'),
  snapshotDir: SAMPLE_DIR,
  distDir: dist,
  // No run of its own at a day start (server/day-start.ts) unless asked: the journeys count the runs they start.
  env: { ...process.env, REBUILD_WORKDIR: dataDir, LOG_REQUESTS: '0', REBUILD_AT_DAY_START: process.env.REBUILD_AT_DAY_START ?? '0' },
  options: { rebuildToken: 'publish-e2e-hook', rateLimit: { windowMs: 60_000, max: 1000 } },
  rebuildSteps: {
    pull: async (into) => {
      cpSync(SAMPLE_DIR, into, { recursive: true });
    },
    build: async (_snap, out, report) => {
      const n = ++builds;
      const from = running.site.dir ?? dist;
      const total = 6;
      for (let i = 1; i <= total; i++) {
        report?.pages(i, total);
        report?.log(`page ${i} of ${total}`);
        await sleep(250);
      }
      cpSync(from, out, { recursive: true });
      // The files manifest of the copied build no longer describes it: the pages are compared by their bytes.
      rmSync(join(out, FILES_MANIFEST), { force: true });
      const home = join(out, 'index.html');
      writeFileSync(home, readFileSync(home, 'utf8').replace(/<!-- publish-e2e build \d+ -->/, '') + `<!-- publish-e2e build ${n} -->`);
    },
  },
});
await addEditor(running.db, { email: process.env.PUBLISH_E2E_EDITOR!, password: process.env.PUBLISH_E2E_PASSWORD! }, { N: 2 ** 14, r: 8, p: 1 });
console.log(`listening on http://localhost:${running.port}`);
