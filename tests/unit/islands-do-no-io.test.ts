/**
 * Islands render and call actions: the islands and page scripts (src/browser) and the `<script>`s of
 * .astro files reach the network, browser storage and the data layer only through src/lib (stores,
 * actions, page starts). The scan looks at what a module can do by itself: a value import or a lazy
 * `import()` of an I/O module (the list ESLint enforces for static imports, eslint.config.js
 * `ioModules`), and any use of `fetch(`, `localStorage`, `sessionStorage` or `indexedDB`. Type-only
 * imports are fine. Not scanned: the hand-minified inline script PromoStrip.astro builds in its
 * frontmatter (it must read sessionStorage while the strip is parsed, before src/lib can load).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ioModules } from '../../eslint.config.js';
import { sourceFiles as files } from './source-files';

const ROOT = resolve(__dirname, '../..');

/** The browser code of an .astro file: its `<script>` elements (bundled or inline), not JSON data blocks nor the frontmatter, which runs at build time. */
export function astroScripts(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/<script\b([^>]*?)(?:\/>|>([\s\S]*?)<\/script>)/g)) {
    if (m[2] === undefined || /type\s*=\s*["']application\/(ld\+)?json["']/.test(m[1]!)) continue;
    out.push(m[2]);
  }
  return out;
}

/** Every piece of browser UI code: islands and page scripts (src/browser) and the scripts of .astro files, by file. */
function uiSources(): [string, string][] {
  const modules = files(join(ROOT, 'src/browser'), /\.(m?[jt]sx?)$/);
  const astro = files(join(ROOT, 'src'), /\.astro$/);
  return [
    ...modules.map((f): [string, string] => [relative(ROOT, f), readFileSync(f, 'utf8')]),
    ...astro.flatMap((f) => astroScripts(readFileSync(f, 'utf8')).map((code, i): [string, string] => [`${relative(ROOT, f)} <script> ${i + 1}`, code])),
  ];
}

/** What a module's source does by itself that is I/O (comments left out). */
export function ioIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = new Set<string>();
  const io = (spec: string) => ioModules.find((m) => new RegExp(m.regex).test(spec))?.what;
  for (const m of code.matchAll(/^\s*import\s+(type\s+)?[^;]*?from\s*['"]([^'"]+)['"]/gm)) {
    const what = m[1] ? undefined : io(m[2]!);
    if (what) found.add(what);
  }
  for (const m of code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (io(m[1]!)) found.add(`a lazy import of ${m[1]}`);
  }
  if (/(^|[^.\w])fetch\s*\(/m.test(code)) found.add('fetch()');
  for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) if (new RegExp(`\\b${name}\\b`).test(code)) found.add(name);
  return [...found].sort();
}

describe('islands do no I/O of their own', () => {
  test('the scan sees each kind of I/O, and not a type import, a comment or a method called fetch', () => {
    expect(ioIn(`import { createApiClient } from '../lib/api/client';`)).toEqual(['the API client']);
    expect(ioIn(`import type { ApiResult } from '../lib/api/client';`)).toEqual([]);
    expect(ioIn(`import { trackPurchase } from '../lib/analytics/datalayer';`)).toEqual(['the data layer']);
    expect(ioIn(`const r = await fetch(url);`)).toEqual(['fetch()']);
    expect(ioIn(`const r = await client.fetch(url); // fetch(x) sessionStorage`)).toEqual([]);
    expect(ioIn(`/* reads sessionStorage */ const x = 1;`)).toEqual([]);
    expect(ioIn(`const flash = takeFlash(sessionStorage);`)).toEqual(['sessionStorage']);
    expect(ioIn(`void import('../lib/state/sync/fetch');`)).toEqual(['a lazy import of ../lib/state/sync/fetch']);
  });

  test('the scripts of an .astro file are read, its frontmatter and JSON blocks are not', () => {
    const astro = `---\nimport { createApiClient } from '../lib/api/client';\n---\n<script is:inline set:html={x} />\n<p>localStorage</p>\n<script type="application/ld+json">{"a":1}</script>\n<script>\n  const r = await fetch('/x');\n</script>\n<script is:inline>sessionStorage.clear()</script>`;
    expect(astroScripts(astro).map(ioIn)).toEqual([['fetch()'], ['sessionStorage']]);
  });

  test('no island, page script or .astro script fetches, touches storage or pushes analytics itself', () => {
    const found: Record<string, string[]> = {};
    for (const [name, code] of uiSources()) {
      const io = ioIn(code);
      if (io.length) found[name] = io;
    }
    expect(found).toEqual({});
  });
});
