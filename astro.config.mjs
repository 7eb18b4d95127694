// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { config } from './src/lib/config/index.ts';
import { postBuild } from './src/lib/build/postbuild.mjs';
import { cdnFiles } from './src/lib/build/cdn/integration.ts';
import { pageCss } from './src/lib/build/page-css.ts';
import { linkRestore, renderedThisBuild } from './src/lib/build/link-restore.ts';
import { shardBuild } from './src/lib/build/shard.ts';
import { keepRenderer } from './src/lib/build/render/keep.ts';
import { SITEMAP_ENTRY_LIMIT } from './src/lib/build/merge.ts';
import directives from './src/directives/index.ts';
import clientConfig from './src/vite/client-config.ts';
import zodClient from './src/vite/zod-client.ts';
import { sitemap } from './src/lib/build/sitemap-files.ts';
import { fileURLToPath } from 'node:url';
import AstroPWA from '@vite-pwa/astro';
import { webAppManifest } from './src/lib/pwa/manifest.ts';
import { PRECACHE_GLOBS, precacheMaxBytes, precacheUrls, WORKBOX_FILE_SIZE_LIMIT } from './src/lib/pwa/sw-config.ts';

/** @type {import('@vite-pwa/astro').PwaOptions} */
const pwaOptions = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: webAppManifest(),
  injectManifest: {
    globPatterns: PRECACHE_GLOBS,
    manifestTransforms: [async (entries) => precacheUrls(entries, precacheMaxBytes())],
    // Workbox's own cut fails the build; precacheUrls leaves big files out with a warning instead.
    maximumFileSizeToCacheInBytes: WORKBOX_FILE_SIZE_LIMIT,
    buildPlugins: { vite: [clientConfig()] },
    rollupFormat: 'iife',
  },
  devOptions: { enabled: false },
};

/** Points the service worker and its precache scan at Astro's output folder (also with `astro build --outDir`). */
function pwaOutDir(/** @type {any} */ opts) {
  return {
    name: 'pj-pwa-outdir',
    hooks: {
      'astro:config:setup': (/** @type {{ config: { outDir: URL } }} */ { config: astro }) => {
        opts.outDir = fileURLToPath(astro.outDir);
      },
    },
  };
}

// https://astro.build/config
export default defineConfig({
  site: config.shop.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  // Four pages at a time: an editor's rebuild restores ~16,000 unchanged pages from the incremental
  // cache (a file copy each) and renders ~270; one at a time, each copy waited for the last
  // (docs/benchmarks/history/2026-11-25.md, "Rebuild fixed costs"). The logs' interleaved lines are read by
  // scripts/bench/build.ts `generationLog`.
  build: { format: 'directory', concurrency: 4 },
  // Editors' rebuilds render only the pages whose cacheKey (src/lib/build/cache-keys.ts) or code changed.
  experimental: { incrementalBuild: true },
  integrations: [
    // `--shard K/N`: this build renders 1/N of the catalogue pages (docs/build.md, "Sharded builds").
    shardBuild(),
    // Astro's page bundle kept beside the output for the persistent renderer (src/lib/build/render/).
    keepRenderer(),
    // Pages restored from the incremental cache are hard links to the cache's files, not copies.
    linkRestore(),
    react(),
    directives(),
    postBuild(),
    // One stylesheet per page (src/middleware.ts); before the PWA, whose precache scan must see the merged files.
    pageCss(renderedThisBuild),
    // sitemap-index.xml and its files: every indexable page by its canonical URL (src/lib/build/sitemap.ts).
    sitemap({ entryLimit: SITEMAP_ENTRY_LIMIT }),
    // Last, so the precache list is read after the post-build moves. Precache: shell and assets, not every page (docs/offline.md).
    pwaOutDir(pwaOptions),
    AstroPWA(pwaOptions),
    // After everything that writes into dist/: _headers, _worker.js and the files manifest describe the finished folder.
    cdnFiles(),
  ],
  vite: {
    plugins: [clientConfig(), zodClient()],
    ssr: { noExternal: ['@nanostores/react'] },
    build: {
      // Stylesheets under 600 bytes go inline (Astro's `inlineStylesheets: 'auto'` asks this): each
      // one was a render-blocking request of its own. Nothing else becomes a data URI.
      assetsInlineLimit: (file, content) => file.endsWith('.css') && content.length < 600,
      sourcemap: process.env.SOURCEMAP === '1',
    },
  },
});
