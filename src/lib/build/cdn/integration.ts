/**
 * The Astro integration writing the CDN files (./build-files.ts) once the site folder is complete:
 * list it last, after the service worker's. `DEPLOY_BEFORE=<folder of the build before>` also writes
 * the deploy plan (the rebuild hook does the same, server/rebuild.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { writeCdnFiles } from './build-files';
import { staleRestore } from '../stale-restore';

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
        const r = await writeCdnFiles(fileURLToPath(dir), process.env.DEPLOY_BEFORE || null);
        // A page restored from the incremental cache that links client code this build did not write
        // would ship without its scripts: the build fails, and the next one renders every page.
        if (r.missing.length) staleRestore(cacheDir, r.missing);
        logger.info(
          `_headers (${r.headerRules} rules, ${r.pageHashes} inline script hashes), _worker.js, files manifest (${r.files} files)${r.plan ? `, deploy plan (${r.plan.upload.length} to upload)` : ''} in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
