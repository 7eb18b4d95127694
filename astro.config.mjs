// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { config } from './src/lib/config.ts';

// https://astro.build/config
export default defineConfig({
  site: config.shop.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), sitemap()],
  vite: {
    build: { assetsInlineLimit: 0 },
  },
});
