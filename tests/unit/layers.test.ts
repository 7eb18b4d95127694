import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { backwardImports, importEdges, LAYERS, LAYERS_DOC, layersDoc, mermaid, moduleOf, type Layer } from '../../scripts/layers';

const ROOT = resolve(__dirname, '../..');

describe('the layer graph of src/lib', () => {
  // A small tree of its own, so that these cases do not follow the shop's code.
  const fake = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(fake, { recursive: true, force: true }));
  const layers: Layer[] = [
    { name: 'low', modules: ['config'], why: 'read by all' },
    { name: 'mid', modules: ['catalog', 'state'], why: 'rules and state' },
    { name: 'top', modules: ['catalog/listing', 'pwa'], why: 'actions' },
  ];
  const files: Record<string, string> = {
    'src/lib/config/index.ts': "import { lazyModule } from '../pwa/lazy';\nexport const config = {};\n",
    'src/lib/catalog/price.ts': "import { config } from '../config';\nimport type { Store } from '../pwa/lazy';\nexport const price = 1;\n",
    'src/lib/catalog/listing/load.ts': "import { price } from '../price';\nexport { price };\n",
    'src/lib/state/cart.ts':
      "import './side-effect';\nexport const load = () => import('../catalog/listing/load');\nimport { price } from '../catalog/price';\nexport { config } from '../config/index';\n",
    'src/lib/state/side-effect.ts': '',
    'src/lib/pwa/lazy.ts':
      "import { load } from '../state/cart';\nimport { config } from '../config';\nexport const lazyModule = load;\nexport type Store = string;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fake, file)), { recursive: true });
    writeFileSync(join(fake, file), text);
  }
  const edges = importEdges(fake, layers);
  const pairs = (list: typeof edges) => list.map((e) => `${e.fromFile} -> ${e.toFile}`);

  test('reads run-time imports between modules, sorted by module: static, re-exports and import(); not import type, nor within a module', () => {
    expect(pairs(edges)).toEqual([
      'src/lib/catalog/price.ts -> src/lib/config/index.ts',
      'src/lib/catalog/listing/load.ts -> src/lib/catalog/price.ts',
      'src/lib/config/index.ts -> src/lib/pwa/lazy.ts',
      'src/lib/pwa/lazy.ts -> src/lib/config/index.ts',
      'src/lib/pwa/lazy.ts -> src/lib/state/cart.ts',
      'src/lib/state/cart.ts -> src/lib/catalog/price.ts',
      'src/lib/state/cart.ts -> src/lib/catalog/listing/load.ts',
      'src/lib/state/cart.ts -> src/lib/config/index.ts',
    ]);
  });

  test('an import of a higher layer runs against the direction; its own layer or a lower one does not', () => {
    expect(pairs(backwardImports(edges, layers))).toEqual([
      'src/lib/config/index.ts -> src/lib/pwa/lazy.ts',
      'src/lib/state/cart.ts -> src/lib/catalog/listing/load.ts',
    ]);
  });

  test('the graph has a box per layer and an arrow per pair of modules, backward ones dashed and red', () => {
    const graph = mermaid(edges, layers);
    expect(graph).toContain('subgraph L2["2. top"]\n    catalog_listing["catalog/listing"]\n    pwa["pwa"]\n  end');
    expect(graph).toContain('state -->|1| catalog\n');
    expect(graph).toContain('config -.->|1| pwa\n');
    expect(graph).toContain('state -.->|1| catalog_listing\n');
    const arrows = graph.split('\n').filter((l) => /-->|-\.->/.test(l));
    const dashed = arrows.flatMap((l, i) => (l.includes('-.->') ? [i] : []));
    expect(graph).toContain(`linkStyle ${dashed.join(',')} stroke:#c00`);
  });

  test('a folder of src/lib in no layer is an error naming it', () => {
    expect(moduleOf('catalog/listing/load.ts', layers)).toBe('catalog/listing');
    expect(moduleOf('catalog/import/dump.ts', layers)).toBe('catalog');
    expect(() => moduleOf('checkout/flow.ts', layers)).toThrow(/src\/lib\/checkout\/flow\.ts: its folder is in no layer/);
  });

  test('every folder of src/lib is in exactly one layer', () => {
    const modules = LAYERS.flatMap((l) => l.modules);
    expect(new Set(modules).size).toBe(modules.length);
    expect(() => importEdges(ROOT)).not.toThrow();
  });

  test('no import of src/lib runs against the direction: a module imports its own layer and the layers below', () => {
    const back = backwardImports(importEdges(ROOT)).map((e) => `${e.fromFile} -> ${e.toFile} (${e.from} -> ${e.to})`);
    expect(back, 'move the imported rule down a layer, or pass it in from the higher one (docs/layers.md)').toEqual([]);
  });

  test('docs/layers.md is the graph the imports draw now (npm run docs:layers writes it)', () => {
    expect(readFileSync(LAYERS_DOC, 'utf8')).toBe(layersDoc(importEdges(ROOT)));
  });
});
