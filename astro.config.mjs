// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { config } from './src/lib/config.ts';
import { postBuild } from './src/lib/postbuild.mjs';
import directives from './src/directives/index.ts';
import clientConfig from './src/build/client-config.ts';
import { sitemapFilter, sitemapSerialize } from './src/lib/sitemap.ts';

// https://astro.build/config
export default defineConfig({
  site: config.shop.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), directives(), postBuild(), sitemap({ filter: sitemapFilter, serialize: sitemapSerialize })],
  vite: {
    plugins: [clientConfig()],
    build: { assetsInlineLimit: 0 },
  },
});
