/**
 * Vite plugin: in client bundles, `src/lib/config/schema.ts` (zod, about 30 KB gzipped) is replaced
 * by a module holding the configuration already validated at build time, as plain JSON.
 * Server-side rendering, Node scripts and tests keep the real module.
 */
import type { Plugin } from 'vite';
import { config, defaults, ENV_OVERRIDES } from '../lib/config';

const VIRTUAL = '\0shop-client-config';

export default function clientConfig(): Plugin {
  return {
    name: 'shop-client-config',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/(^|\/)(config-schema|schema)(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.endsWith('/src/lib/config/schema.ts') ? VIRTUAL : null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      const json = JSON.stringify(config);
      return [
        `const built = ${json};`,
        `export const defaults = ${JSON.stringify(defaults)};`,
        `export const ENV_OVERRIDES = ${JSON.stringify(ENV_OVERRIDES)};`,
        'export function readEnv() { return {}; }',
        '/** The configuration validated at build time (client bundles never parse it again). */',
        'export function loadConfig() { return structuredClone(built); }',
      ].join('\n');
    },
  };
}
