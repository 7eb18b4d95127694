/**
 * The layers of src/lib, drawn from the imports: `npm run docs:layers` writes docs/layers.md (a
 * mermaid graph of which module imports which, and every import that runs against the intended
 * direction); `npm run docs:layers -- --check` exits 1 when the committed file is out of date, as
 * tests/unit/layers.test.ts does. That test also fails on any import that runs against the direction.
 *
 * A module is a top-level folder of src/lib, except `catalog/`, whose sub-folders are drawn apart
 * (the listing's and the product page's actions): its pure rules sit low, its actions high. The intended direction is `LAYERS`, lowest first: a module may import its own layer and those
 * below; an import of a higher layer runs back up, and is refused (tests/unit/layers.test.ts). Only run-time imports count (an
 * `import type` leaves nothing in a bundle); an `import()` counts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveLocal, runtimeSpecifiers, sourceFiles } from './lib/imports';
import { scriptOptions } from './lib/cli-options';

/** A layer: its modules (folders of src/lib) and why it sits where it does. */
export interface Layer {
  name: string;
  modules: string[];
  why: string;
}

/** The intended layers, lowest first. Every folder of src/lib belongs to exactly one. */
export const LAYERS: Layer[] = [
  {
    name: 'foundation',
    modules: ['config', 'messages', 'schemas'],
    why: 'the validated config, the message catalogue and formatting, the zod schemas: read by everything, read nothing else',
  },
  { name: 'rules', modules: ['catalog', 'forms'], why: 'pure rules over the schemas (prices, variants, URLs, query filters, form rules): no I/O, no state' },
  { name: 'client', modules: ['api'], why: 'the typed client of the API contract: fetch and zod' },
  { name: 'state', modules: ['state'], why: 'the browser state: storage, nanostores stores, the sync queue, the offline orders, code loaded on demand' },
  {
    name: 'features',
    modules: ['account', 'analytics', 'checkout', 'content', 'search', 'catalog/listing', 'catalog/product'],
    why: 'what a page does for the shopper: actions over the state, page starts, the data layer, search',
  },
  { name: 'app', modules: ['pwa'], why: "every page's start and the service worker's config: wires the features together" },
  {
    name: 'build',
    modules: ['routing', 'build', 'snapshot', 'import'],
    why: 'build time and Node only: routes, page data, the snapshot format (its readers and writers), the listing and search files, the CDN files, the importer',
  },
];

/** One run-time import from a src/lib file to a src/lib file of another module. */
export interface Edge {
  /** Paths from the repository's root. */
  fromFile: string;
  toFile: string;
  from: string;
  to: string;
}

/** The module of a path under src/lib (`catalog/listing/load.ts` → `catalog/listing`); throws for a folder no layer names. */
export function moduleOf(pathInLib: string, layers: Layer[] = LAYERS): string {
  const parts = pathInLib.split('/');
  const two = parts.length > 2 ? `${parts[0]}/${parts[1]}` : null;
  const names = layers.flatMap((l) => l.modules);
  if (two && names.includes(two)) return two;
  if (names.includes(parts[0]!)) return parts[0]!;
  throw new Error(`src/lib/${pathInLib}: its folder is in no layer of scripts/layers.ts (LAYERS): add it to the layer it belongs to`);
}

/** Every run-time import between two modules of `<root>/src/lib`, once per pair of files, sorted. */
export function importEdges(root: string, layers: Layer[] = LAYERS): Edge[] {
  const lib = join(root, 'src/lib');
  const edges: Edge[] = [];
  for (const file of sourceFiles(lib)) {
    const from = moduleOf(relative(lib, file), layers);
    for (const spec of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveLocal(file, spec);
      if (!target) continue;
      const inLib = relative(lib, target);
      if (inLib.startsWith('..')) continue;
      const to = moduleOf(inLib, layers);
      if (to !== from) edges.push({ fromFile: relative(root, file), toFile: relative(root, target), from, to });
    }
  }
  const key = (e: Edge) => `${e.from} ${e.to} ${e.fromFile} ${e.toFile}`;
  const once = new Map(edges.map((e) => [key(e), e])); // a file importing another twice (static and import()) is one import
  return [...once.keys()].sort().map((k) => once.get(k)!);
}

/** The layer index of a module (0 the lowest). */
export function rankOf(module: string, layers: Layer[] = LAYERS): number {
  return layers.findIndex((l) => l.modules.includes(module));
}

/** The imports of a higher layer: those that run against the intended direction. */
export function backwardImports(edges: Edge[], layers: Layer[] = LAYERS): Edge[] {
  return edges.filter((e) => rankOf(e.to, layers) > rankOf(e.from, layers));
}

const nodeId = (module: string) => module.replace(/\W/g, '_');

/** The mermaid graph: one box per layer (lowest at the bottom), one arrow per pair of modules with its number of imports; backward arrows dashed and red. */
export function mermaid(edges: Edge[], layers: Layer[] = LAYERS): string {
  const pairs = new Map<string, { from: string; to: string; count: number }>();
  for (const e of edges) {
    const k = `${e.from}>${e.to}`;
    const p = pairs.get(k) ?? { from: e.from, to: e.to, count: 0 };
    p.count++;
    pairs.set(k, p);
  }
  const lines = ['flowchart BT'];
  layers.forEach((l, i) => {
    lines.push(`  subgraph L${i}["${i}. ${l.name}"]`);
    for (const m of l.modules) lines.push(`    ${nodeId(m)}["${m}"]`);
    lines.push('  end');
  });
  const back: number[] = [];
  [...pairs.values()].forEach((p, i) => {
    const backward = rankOf(p.to, layers) > rankOf(p.from, layers);
    if (backward) back.push(i);
    lines.push(`  ${nodeId(p.from)} ${backward ? '-.->' : '-->'}|${p.count}| ${nodeId(p.to)}`);
  });
  if (back.length) lines.push(`  linkStyle ${back.join(',')} stroke:#c00,stroke-width:2px,color:#c00`);
  return lines.join('\n');
}

/** The whole of docs/layers.md. */
export function layersDoc(edges: Edge[], layers: Layer[] = LAYERS): string {
  const back = backwardImports(edges, layers);
  return [
    '# The layers of src/lib, drawn from its imports',
    '',
    'Generated by `npm run docs:layers` (scripts/layers.ts) from the run-time imports between the modules of',
    '`src/lib` (a top-level folder; `catalog/` split into its rules, `catalog/listing/` and `catalog/product/`).',
    'Do not edit it by hand: tests/unit/layers.test.ts fails when it is out of date. An',
    '`import type` is not drawn (it leaves nothing at run time); an `import()` is. The reasons for the layers:',
    'docs/architecture.md, "Layers of src/lib".',
    '',
    '## Layers, lowest first',
    '',
    'A module may import its own layer and the layers below it.',
    '',
    '| layer | modules | what |',
    '| --- | --- | --- |',
    ...layers.map((l, i) => `| ${i}. ${l.name} | ${l.modules.map((m) => `\`${m}\``).join(', ')} | ${l.why} |`),
    '',
    '## The graph',
    '',
    'An arrow is "imports", with the number of imports; a dashed red arrow runs against the direction.',
    '',
    '```mermaid',
    mermaid(edges, layers),
    '```',
    '',
    '## Imports against the direction',
    '',
    back.length
      ? `${back.length} imports of a higher layer (tests/unit/layers.test.ts fails until they are gone):`
      : 'None: every import runs down the layers or within one (tests/unit/layers.test.ts fails on one that does not).',
    '',
    ...(back.length ? ['| from | imports | layers |', '| --- | --- | --- |'] : []),
    ...back.map(
      (e) => `| ${e.fromFile} | ${e.toFile} | ${e.from} (${layers[rankOf(e.from, layers)]!.name}) → ${e.to} (${layers[rankOf(e.to, layers)]!.name}) |`,
    ),
    '',
  ].join('\n');
}

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The generated document's path. */
export const LAYERS_DOC = join(ROOT, 'docs/layers.md');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const usage = 'usage: npm run docs:layers [-- --check]  (--check: exit 1 when docs/layers.md is out of date, writing nothing)';
  const check = scriptOptions(process.argv.slice(2), { name: 'docs:layers', usage, flags: ['check'] }, (o) => o.flag('check'));
  const text = layersDoc(importEdges(ROOT));
  const current = readFileSync(LAYERS_DOC, { encoding: 'utf8', flag: 'a+' });
  if (check) {
    if (current !== text) {
      console.error('docs/layers.md is out of date: run npm run docs:layers');
      process.exit(1);
    }
    console.log('docs/layers.md is up to date');
  } else {
    writeFileSync(LAYERS_DOC, text);
    console.log(`docs/layers.md: ${backwardImports(importEdges(ROOT)).length} imports against the direction`);
  }
}
