/**
 * The Astro integration writing the CDN files (./build-files.ts) once the site folder is complete:
 * list it last, after the service worker's. `DEPLOY_BEFORE=<folder of the build before>` also writes
 * the deploy plan (the rebuild hook does the same, server/rebuild.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { writeCdnFiles } from './build-files';

export function cdnFiles(): AstroIntegration {
  return {
    name: 'pj-cdn-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const r = await writeCdnFiles(fileURLToPath(dir), process.env.DEPLOY_BEFORE || null);
        logger.info(
          `_headers (${r.headerRules} rules, ${r.pageHashes} inline script hashes), _worker.js, files manifest (${r.files} files)${r.plan ? `, deploy plan (${r.plan.upload.length} to upload)` : ''} in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
