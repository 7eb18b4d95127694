/**
 * Vite plugin: in client bundles, zod's JSON Schema generator (`zod/v4/core/to-json-schema.js` and
 * `json-schema-processors.js`, about 4 KB gzipped in every island that validates an API answer) is
 * replaced by stubs with the same exports that throw when called. zod's classic schemas import it for
 * `.toJSONSchema()`, which the browser never calls: it only parses. Server-side rendering, the
 * reference API, Node scripts and tests keep the real modules.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const GENERATOR = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/** The names a module exports (`export function|const|class NAME` and `export { a as b }`). */
export function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** A module exporting `names`, each a function that throws (the generator is not in the browser). */
export function stubModule(names: string[], file: string): string {
  const lines = [`const gone = () => { throw new Error('zod JSON Schema generation is not bundled for the browser (${file})'); };`];
  for (const n of names) lines.push(`export const ${n} = gone;`);
  return lines.join('\n');
}

export default function zodClient(): Plugin {
  return {
    name: 'shop-zod-client',
    enforce: 'pre',
    load(id, options) {
      if (options?.ssr) return null;
      const path = id.split('?')[0]!;
      const m = GENERATOR.exec(path);
      if (!m) return null;
      const names = exportNames(readFileSync(path, 'utf8'));
      if (!names.length) return null;
      return stubModule(names, `${m[1]}.js`);
    },
  };
}
