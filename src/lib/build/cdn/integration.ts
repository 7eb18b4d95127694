/**
 * The Astro integration writing the CDN files (./build-files.ts) once the site folder is complete:
 * list it last, after the service worker's. `DEPLOY_BEFORE=<folder of the build before>` also writes
 * the deploy plan (the rebuild hook does the same, server/rebuild.ts). What it learnt of each file is
 * kept in the cache folder for the next build (./file-scans.ts). The pages this build renders are
 * scanned as they are written, on a thread beside the rendering (./scan-stream.ts): at the end the
 * step reads only the other files.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { CDN_HASHES_FILE, keepDirOf } from '../render/kept';
import { writeCdnFiles } from './build-files';
import { FILE_SCANS, FileScans } from './file-scans';
import { staleRestore } from '../stale-restore';
import { prunePageCss } from '../page-css';
import { onPageWritten } from '../link-restore';
import { readStreamedScans, ScanStream } from './scan-stream';

/** Where the scans made beside the rendering wait for the step, in the cache folder. */
const STREAMED_SCANS = 'cdn-streamed-scans.json';

export function cdnFiles(): AstroIntegration {
  let cacheDir = '';
  let stream: ScanStream | null = null;
  return {
    name: 'pj-cdn-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        rmSync(join(cacheDir, STREAMED_SCANS), { force: true });
        const s = (stream = new ScanStream());
        onPageWritten((path) => s.add(path));
      },
      // Before the post-build steps move pages: the scans name the files as written. Kept in a file
      // (not in the build's heap, nor in a worker's) through the sitemap and the service worker's build.
      'astro:build:generated': async ({ logger }) => {
        onPageWritten(null);
        try {
          mkdirSync(cacheDir, { recursive: true });
          await stream?.finishInto(join(cacheDir, STREAMED_SCANS));
        } catch (e) {
          logger.warn(`the CDN scans beside the rendering failed (${(e as Error).message}): every file is read after the build`);
        }
        stream = null;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const scans = FileScans.load(join(cacheDir, FILE_SCANS));
        if (scans.problem) logger.warn(scans.problem);
        let streamed = readStreamedScans(join(cacheDir, STREAMED_SCANS));
        if (streamed) scans.adopt(streamed);
        const beside = streamed ? `; ${streamed.given - streamed.failed} pages scanned while rendering` : '';
        streamed = null;
        const r = await writeCdnFiles(fileURLToPath(dir), process.env.DEPLOY_BEFORE || null, scans);
        // A page restored from the incremental cache that links client code this build did not write
        // would ship without its scripts: the build fails, and the next one renders every page.
        if (r.missing.length) staleRestore(cacheDir, r.missing);
        // The pages' script hashes, for the overlays the persistent renderer makes on this build (src/lib/build/render/).
        const keep = keepDirOf(fileURLToPath(dir).replace(/\/$/, ''));
        if (existsSync(keep)) writeFileSync(join(keep, CDN_HASHES_FILE), JSON.stringify(r.hashes));
        // The merged stylesheets kept for restored pages: only those some page of this build links.
        prunePageCss(cacheDir, r.linked);
        logger.info(
          `_headers (${r.headerRules} rules, ${r.pageHashes} inline script hashes), _worker.js, files manifest (${r.files} files)${r.plan ? `, deploy plan (${r.plan.upload.length} to upload)` : ''} in ${Math.round(performance.now() - started)} ms${beside}`,
        );
      },
    },
  };
}
