/**
 * The team's rule "islands render and call actions (no fetch, no storage, no analytics in src/islands)": the
 * islands and their page scripts reach the network, browser storage and the data layer only through
 * src/lib (stores, actions, page starts). The scan looks at what a module can do by itself: a value
 * import of the API client, the sync fetch, the storage library or the data layer, and any use of
 * `fetch(`, `localStorage`, `sessionStorage` or `indexedDB`. Type-only imports are fine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const ISLANDS = join(ROOT, 'src/islands');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(m?[jt]sx?)$/.test(e.name) ? [p] : [];
  });
}

/** What a module's source does by itself that is I/O (comments left out). */
export function ioIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = new Set<string>();
  for (const m of code.matchAll(/^\s*import\s+(type\s+)?[^;]*?from\s*['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const spec = m[2]!;
    if (/lib\/api\/client$/.test(spec)) found.add('the API client');
    if (/lib\/sync\/fetch$/.test(spec)) found.add('the sync fetch');
    if (/lib\/analytics\//.test(spec)) found.add('the data layer');
    if (/lib\/storage(\/|$)/.test(spec) || spec === 'localforage') found.add('browser storage');
  }
  for (const m of code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (/lib\/(api\/client|sync\/fetch|analytics\/|storage)/.test(m[1]!)) found.add(`a lazy import of ${m[1]}`);
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
    expect(ioIn(`void import('../lib/sync/fetch');`)).toEqual(['a lazy import of ../lib/sync/fetch']);
  });

  test('no island fetches, touches storage or pushes analytics itself', () => {
    const found: Record<string, string[]> = {};
    for (const file of files(ISLANDS)) {
      const io = ioIn(readFileSync(file, 'utf8'));
      if (io.length) found[relative(ROOT, file)] = io;
    }
    expect(found).toEqual({});
  });
});
