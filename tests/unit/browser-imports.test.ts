/**
 * Node-only code never reaches a browser bundle. From every browser entry (the islands and page
 * scripts of src/browser, the client `<script>` blocks of .astro files, the service worker), every module reached by
 * a run-time import (static, re-export, side effect or `import()`; `import type` leaves nothing) is
 * followed, and none may import a Node builtin (`node:fs`, `path`, …) or the reference API (server/).
 * ESLint stops a browser file importing them directly (eslint.config.js); this follows the chain.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveLocal } from '../../scripts/lib/imports';
import { runtimeSpecifiers, sourceFiles } from './source-files';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

/** The client script blocks of an .astro file (not `is:inline`, which Astro leaves alone), as one source. */
export function clientScripts(astro: string): string {
  const out: string[] = [];
  for (const m of astro.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    if (/\bis:inline\b|\btype=["']application\/(ld\+)?json["']|\bset:html\b/.test(attrs)) continue;
    out.push(m[2]!);
  }
  return out.join('\n');
}

const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!);

/** Every browser entry: [file, its browser source]. */
function entries(): [string, string][] {
  const code = (f: string): [string, string] => [f, readFileSync(f, 'utf8')];
  const astro = sourceFiles(SRC, /\.astro$/).map((f): [string, string] => [f, clientScripts(readFileSync(f, 'utf8'))]);
  return [...sourceFiles(join(SRC, 'browser'), /\.(ts|tsx)$/).map(code), code(join(SRC, 'sw.ts')), ...astro.filter(([, s]) => s.trim() !== '')];
}

/** What the browser bundles can reach that they must not: "chain → what", one line each. */
export function nodeOnlyReached(start: [string, string][]): string[] {
  const seen = new Set<string>();
  const bad: string[] = [];
  const queue: { file: string; source: string; via: string[] }[] = start.map(([file, source]) => ({ file, source, via: [relative(ROOT, file)] }));
  while (queue.length) {
    const { file, source, via } = queue.shift()!;
    for (const spec of runtimeSpecifiers(source)) {
      if (isBuiltin(spec)) {
        bad.push(`${via.join(' → ')} imports ${spec}`);
        continue;
      }
      const target = resolveLocal(file, spec);
      if (!target) continue;
      const rel = relative(ROOT, target);
      if (rel.startsWith('server/')) {
        bad.push(`${via.join(' → ')} imports ${rel}`);
        continue;
      }
      if (seen.has(target) || !/\.(m?[jt]sx?)$/.test(target)) continue;
      seen.add(target);
      queue.push({ file: target, source: readFileSync(target, 'utf8'), via: [...via, rel] });
    }
  }
  return bad;
}

describe('browser bundles', () => {
  test('the walk finds a Node builtin or server code reached through a chain of imports', () => {
    // A made-up island importing a src/lib module that reads files: the chain is named.
    const island = join(SRC, 'browser', 'product', 'Made-up.tsx');
    const reached = nodeOnlyReached([[island, "import { snapshotDir } from '../../lib/snapshot/read';\nimport type { X } from '../../lib/build/heap';"]]);
    expect(reached.some((l) => l.startsWith('src/browser/product/Made-up.tsx → src/lib/snapshot/read.ts') && / imports node:/.test(l))).toBe(true);
    expect(nodeOnlyReached([[island, "import { app } from '../../../server/app';"]])).toEqual(['src/browser/product/Made-up.tsx imports server/app.ts']);
    expect(nodeOnlyReached([[island, "import type { App } from '../../../server/app';"]])).toEqual([]);
  });

  test('client script blocks are read, inline ones and JSON left out', () => {
    const s = clientScripts('<script>import "./a";</script><script is:inline>x()</script><script type="application/ld+json">{}</script>');
    expect(s.trim()).toBe('import "./a";');
  });

  test('no island, page script, .astro client script or the service worker reaches Node-only code', () => {
    const start = entries();
    expect(start.length).toBeGreaterThan(40);
    expect(nodeOnlyReached(start)).toEqual([]);
  });
});
