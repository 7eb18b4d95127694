/**
 * What eslint.config.js enforces beyond style: the file size limit, and the import boundaries
 * (docs/architecture.md "Boundaries"): the islands and page scripts of src/browser and the client
 * scripts of .astro files import no I/O module (a type import is fine); browser code (those and the
 * service worker) imports no Node-only code (the reference API, the snapshot format, the importer,
 * build-time code, Node builtins); src/lib imports no UI. Each case lints a source as if it were a file at that path, with the project's
 * own configuration, so the test fails when a rule is dropped or narrowed.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = resolve(__dirname, '../..');
let eslint: ESLint;

/** One rule's messages for `code` linted as the file `path`. */
async function ruleErrors(rule: string, path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (path: string, code: string) => ruleErrors('@typescript-eslint/no-restricted-imports', path, code);

/** A module of `n` lines of code, with blank lines and comments between them. */
const linesOfCode = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};\n\n// a comment`).join('\n') + '\n';

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, cache: false });
  // The first lint loads the parsers and walks src/lib's import graph for import-x/no-cycle: 5-30 s on two busy cores.
  await eslint.lintText("import { $cart } from '../../lib/state/stores/cart-state';\nexport const c = $cart;\n", {
    filePath: resolve(ROOT, 'src/browser/kit/Warm-up.tsx'),
  });
}, 120_000);

describe('import boundaries (ESLint)', () => {
  test.each([
    ['src/browser/kit/Probe.tsx', `import { createApiClient } from '../../lib/api/client';\nexport const c = createApiClient;\n`, 'API client'],
    ['src/browser/kit/Probe.ts', `import { syncFetch } from '../../lib/state/sync';\nexport const f = syncFetch;\n`, 'sync fetch'],
    ['src/browser/checkout/Probe.tsx', `import { collectionDbName } from '../../lib/state/storage';\nexport const n = collectionDbName;\n`, 'browser storage'],
    ['src/browser/kit/Probe.ts', `import localforage from 'localforage';\nexport const l = localforage;\n`, 'browser storage'],
    ['src/browser/consent/probe.ts', `import { pushEvent } from '../../lib/analytics/datalayer';\nexport const p = pushEvent;\n`, 'data layer'],
    ['src/browser/kit/Probe.ts', `import { fetchListing } from '../../lib/catalog/listing/client';\nexport const f = fetchListing;\n`, 'listing file'],
    ['src/browser/kit/Probe.ts', `import { createSearchClient } from '../../lib/search/client';\nexport const s = createSearchClient;\n`, 'search index'],
    [
      'src/browser/kit/Probe.ts',
      `import { registerServiceWorker } from '../../lib/pwa/register';\nexport const r = registerServiceWorker;\n`,
      'service worker',
    ],
    [
      'src/components/Probe.astro',
      `---\nconst a = 1;\n---\n<p>{a}</p>\n<script>\n  import { syncFetch } from '../lib/state/sync/fetch';\n  void syncFetch;\n</script>\n`,
      'sync fetch',
    ],
  ])('%s importing an I/O module is an error naming why (%#)', async (path, code, why) => {
    const errors = await boundaryErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('An island or page script must not import');
    expect(errors[0]).toContain(why);
  });

  test('a type import of an I/O module, and an action, are fine in an island', async () => {
    const code = `import type { ApiResult } from '../../lib/api/client';\nimport { pageSearchClient } from '../../lib/search/session';\nexport type R = ApiResult<number>;\nexport const s = pageSearchClient;\n`;
    expect(await boundaryErrors('src/browser/kit/Probe.ts', code)).toEqual([]);
  });

  test('the server importing tooling (scripts/) is an error', async () => {
    expect(await boundaryErrors('server/probe.ts', `import { pullSnapshot } from '../scripts/snapshot';\nexport const p = pullSnapshot;\n`)).toEqual([
      expect.stringContaining('The server must not import tooling'),
    ]);
    expect(
      await boundaryErrors(
        'server/routes/probe.ts',
        `import { importFromVsfApi } from '../../src/lib/import/vsf-import';\nexport const i = importFromVsfApi;\n`,
      ),
    ).toEqual([]);
  });

  test('src/lib importing an island, a component or React is an error', async () => {
    expect(await boundaryErrors('src/lib/search/probe.ts', `import Panel from '../../browser/search/SearchPanel';\nexport const p = Panel;\n`)).toEqual([
      expect.stringContaining('src/lib must not import the UI'),
    ]);
    expect(await boundaryErrors('src/lib/probe.ts', `import Tag from './catalog/PriceTag.tsx';\nexport const p = Tag;\n`)).toEqual([
      expect.stringContaining('src/lib must not import a component'),
    ]);
    expect(await boundaryErrors('src/lib/probe.ts', `import { useState } from 'react';\nexport const u = useState;\n`)).toEqual([
      expect.stringContaining('src/lib must not import a UI library'),
    ]);
    expect(await boundaryErrors('src/lib/probe.ts', `import { config } from './config';\nexport const c = config;\n`)).toEqual([]);
  });
});

describe('file size (ESLint max-lines)', () => {
  test('400 lines of code pass and 401 fail; blank lines and comments are not counted', async () => {
    expect(await ruleErrors('max-lines', 'src/lib/probe.ts', linesOfCode(400))).toEqual([]);
    expect(await ruleErrors('max-lines', 'src/lib/probe.ts', linesOfCode(401))).toEqual([expect.stringContaining('Maximum allowed is 400')]);
    expect(await ruleErrors('max-lines', 'server/probe.ts', linesOfCode(401))).toHaveLength(1);
  });

  test('the data tables are exempt; the files split since are held at 400 like the rest', async () => {
    expect(await ruleErrors('max-lines', 'src/lib/messages/texts.ts', linesOfCode(2000))).toEqual([]);
    for (const file of ['tests/api/fixture.ts', 'tests/unit/order-queue.test.ts', 'scripts/bench/index.ts', 'tests/unit/sample-catalog.test.ts'])
      expect(await ruleErrors('max-lines', file, linesOfCode(401))).toEqual([expect.stringContaining('Maximum allowed is 400')]);
  });
});

describe('layers (ESLint)', () => {
  test('browser code may not import a Node builtin or the reference API; a type import of the API is fine', async () => {
    for (const path of ['src/browser/kit/Probe.tsx', 'src/browser/header/probe.ts', 'src/sw.ts']) {
      expect(await ruleErrors('import-x/no-nodejs-modules', path, "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toHaveLength(1);
    }
    expect(
      await ruleErrors('import-x/no-nodejs-modules', 'src/lib/build/probe.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"),
    ).toEqual([]);
    expect(await boundaryErrors('src/browser/kit/Probe.tsx', "import { app } from '../../../server/app';\nexport const a = app;\n")).toEqual([
      expect.stringContaining('reference API'),
    ]);
    expect(await boundaryErrors('src/browser/kit/Probe.tsx', "import type { App } from '../../../server/app';\nexport type A = App;\n")).toEqual([]);
  });

  test.each([
    ['src/browser/kit/Probe.tsx', "import { readProducts } from '../../lib/snapshot/read';\nexport const r = readProducts;\n", 'the snapshot format'],
    ['src/browser/checkout/Probe.tsx', "import { writeJson } from '../../lib/snapshot/write';\nexport const w = writeJson;\n", 'the snapshot format'],
    [
      'src/browser/kit/Probe.ts',
      "import { SnapshotManifestSchema } from '../../lib/snapshot/schemas';\nexport const s = SnapshotManifestSchema;\n",
      'the snapshot format',
    ],
    [
      'src/browser/kit/Probe.tsx',
      "import { importFromDump } from '../../lib/import/vsf-import';\nexport const i = importFromDump;\n",
      'the catalogue importer',
    ],
    ['src/browser/consent/probe.ts', "import { compileQuery } from '../../lib/import/es-query';\nexport const c = compileQuery;\n", 'the catalogue importer'],
    ['src/browser/kit/Probe.tsx', "import { listingFile } from '../../lib/build/listing-file';\nexport const l = listingFile;\n", 'build-time code'],
    ['src/sw.ts', "import { readManifest } from './lib/snapshot/read';\nexport const m = readManifest;\n", 'the snapshot format'],
    ['src/sw.ts', "import { importFromVsfApi } from './lib/import/vsf-import';\nexport const i = importFromVsfApi;\n", 'the catalogue importer'],
    [
      'src/components/Probe.astro',
      `---\nconst a = 1;\n---\n<p>{a}</p>\n<script>\n  import { placeholderColour } from '../lib/snapshot/placeholders-read';\n  void placeholderColour;\n</script>\n`,
      'the snapshot format',
    ],
  ])('browser code importing Node-only code is an error naming it: %s (%#)', async (path, code, what) => {
    expect(await boundaryErrors(path, code)).toEqual([expect.stringContaining(`Browser code must not import ${what}`)]);
  });

  test('browser code may import a type of the snapshot format or the importer; the server and the build import them', async () => {
    const types =
      "import type { SnapshotManifest } from '../../lib/snapshot/schemas';\nimport type { ImportSummary } from '../../lib/import/vsf-import';\nexport type T = [SnapshotManifest, ImportSummary];\n";
    expect(await boundaryErrors('src/browser/kit/Probe.tsx', types)).toEqual([]);
    expect(await boundaryErrors('server/probe.ts', "import { readManifest } from '../src/lib/snapshot/read';\nexport const m = readManifest;\n")).toEqual([]);
    expect(await boundaryErrors('src/lib/build/probe.ts', "import { parseDump } from '../import/dump';\nexport const p = parseDump;\n")).toEqual([]);
  });

  test('an import cycle is an error, an import() included; a type import is not counted', async () => {
    // engine.ts imports ranking.ts: ranking.ts importing engine.ts back closes a cycle.
    const cycle = (code: string) => ruleErrors('import-x/no-cycle', 'src/lib/search/ranking.ts', code);
    expect(await cycle("import { createSearchEngine } from './engine';\nexport const e = createSearchEngine;\n")).toEqual([expect.stringContaining('cycle')]);
    expect(await cycle("export const e = () => import('./engine');\n")).toEqual([expect.stringContaining('cycle')]);
    expect(await cycle("import type { SearchEngine } from './engine';\nexport type E = SearchEngine;\n")).toEqual([]);
    expect(
      await ruleErrors('import-x/no-cycle', 'src/lib/import/probe.ts', "import { importFromDump } from './vsf-import';\nexport const i = importFromDump;\n"),
    ).toEqual([]);
  });
});
