/**
 * "lib knows no UI": nothing in src/lib imports an island, a component, React or react-dom (ESLint
 * enforces it for static imports, eslint.config.js; this scan also sees `import()`). The UI
 * (src/browser, src/components and their scripts) imports src/lib, never the other way round; a
 * module of src/lib that must show something announces it (a store, a DOM event) and the UI reacts (src/lib/pwa/orders-events.ts, src/browser/offline/OfflineOrdersLauncher.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sourceFiles as files, specifiers } from './source-files';

const ROOT = resolve(__dirname, '../..');
const LIB = join(ROOT, 'src/lib');

/** Why importing `spec` from `file` is UI in lib, or null. */
export function uiImport(file: string, spec: string): string | null {
  const bare = spec.split('?')[0]!;
  if (/^(react|react-dom|@nanostores\/react|preact|@astrojs\/react)(\/|$)/.test(bare)) return `the UI library ${bare}`;
  if (!bare.startsWith('.')) return null;
  const target = relative(ROOT, resolve(dirname(file), bare));
  if (/^src\/(browser|components|layouts|pages|views)(\/|$)/.test(target)) return `the UI module ${target}`;
  if (/\.(tsx|jsx|astro)$/.test(target)) return `the component ${target}`;
  return null;
}

describe('lib knows no UI', () => {
  test('the scan finds every kind of import it checks', () => {
    const src = `import a from './x';\nimport type { B } from "../browser/Y";\nimport './side';\nconst c = await import('react-dom/client');\nexport { d } from '../../components/Z.astro';`;
    expect(specifiers(src).sort()).toEqual(['../../components/Z.astro', '../browser/Y', './side', './x', 'react-dom/client'].sort());
    const file = join(LIB, 'search/mount.ts');
    expect(uiImport(file, '../../browser/search/SearchPanel')).toBe('the UI module src/browser/search/SearchPanel');
    expect(uiImport(file, 'react-dom/client')).toBe('the UI library react-dom/client');
    expect(uiImport(file, 'react')).toBe('the UI library react');
    expect(uiImport(file, './Thing.tsx')).toBe('the component src/lib/search/Thing.tsx');
    expect(uiImport(file, '../stores/ui')).toBeNull();
    expect(uiImport(file, 'nanostores')).toBeNull();
  });

  test('no module of src/lib imports an island, a component, react or react-dom', () => {
    const found: string[] = [];
    for (const file of files(LIB)) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const why = uiImport(file, spec);
        if (why) found.push(`${relative(ROOT, file)} imports ${why} ('${spec}')`);
      }
    }
    expect(found).toEqual([]);
  });
});
