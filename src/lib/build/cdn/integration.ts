/**
 * The Astro integration writing the CDN files (./build-files.ts) once the site folder is complete:
 * list it last, after the service worker's. `DEPLOY_BEFORE=<folder of the build before>` also writes
 * the deploy plan (the rebuild hook does the same, server/rebuild.ts). What it learnt of each file is
 * kept in the cache folder for the next build (./file-scans.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import { CDN_HASHES_FILE, keepDirOf } from '../render/kept';
import { writeCdnFiles } from './build-files';
import { FILE_SCANS, FileScans } from './file-scans';
import { staleRestore } from '../stale-restore';
import { prunePageCss } from '../page-css';

export function cdnFiles(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'pj-cdn-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const scans = FileScans.load(join(cacheDir, FILE_SCANS));
        if (scans.problem) logger.warn(scans.problem);
        const r = await writeCdnFiles(fileURLToPath(dir), process.env.DEPLOY_BEFORE || null, scans);
        // A page restored from the incremental cache that links client code this build did not write
        // would ship without its scripts: the build fails, and the next one renders every page.
        if (r.missing.length) staleRestore(cacheDir, r.missing);
        // The pages' script hashes, for the overlays the persistent renderer makes on this build (src/lib/build/render/).
        const keep = keepDirOf(fileURLToPath(dir).replace(/\/$/, ''));
        if (existsSync(keep)) writeFileSync(join(keep, CDN_HASHES_FILE), JSON.stringify(r.hashes));
        // The merged stylesheets kept for restored pages: only those some page of this build links, with those pages.
        prunePageCss(cacheDir, r.stylesheetPages);
        const spent = Object.entries(r.timings)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ');
        logger.info(
          `_headers (${r.headerRules} rules, ${r.pageHashes} inline script hashes), _worker.js, files manifest (${r.files} files)${r.plan ? `, deploy plan (${r.plan.upload.length} to upload)` : ''} in ${Math.round(performance.now() - started)} ms (${spent})`,
        );
      },
    },
  };
}
