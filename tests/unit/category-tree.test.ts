/**
 * The category tree of an import (src/lib/import/category-tree.ts): paths derived from parent_id
 * where a dump has none; when the configured root is missing, the candidate roots with their product
 * counts, and the records skipped on the way listed before the fatal message (the command line too);
 * product records with non-numeric ids skipped one by one with their reason.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as snap from '../../src/lib/snapshot/read';
import { derivedPath, rootCandidates } from '../../src/lib/import/category-tree';
import { ImportConfigSchema } from '../../src/lib/import/config';
import { parseDump } from '../../src/lib/import/dump';
import { productIdProblem } from '../../src/lib/import/from-vsf/products';
import { ImportError } from '../../src/lib/import/import-error';
import { importFromDump } from '../../src/lib/import/vsf-import';

const ROOT = join(__dirname, '..', '..');
const DUMP = join(__dirname, '..', 'fixtures', 'vsf-dump');
const work = mkdtempSync(join(tmpdir(), 'category-tree-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture dump with `edit` applied to every category (nested ones too) and extra product records. */
function dumpWith(name: string, editCategory: (c: Record<string, unknown>) => void, extraProducts: unknown[] = []): string {
  const dir = join(work, name);
  cpSync(DUMP, dir, { recursive: true });
  const walk = (c: Record<string, unknown>) => {
    editCategory(c);
    for (const k of (c.children_data as Record<string, unknown>[] | undefined) ?? []) walk(k);
  };
  const cats = parseDump(readFileSync(join(DUMP, 'catalog_category.json'), 'utf8'), 'catalog_category.json', []).map((r) => r.source);
  cats.forEach(walk);
  writeFileSync(join(dir, 'catalog_category.json'), cats.map((c) => JSON.stringify(c)).join('\n'));
  if (extraProducts.length)
    writeFileSync(
      join(dir, 'catalog_product.json'),
      `${readFileSync(join(DUMP, 'catalog_product.json'), 'utf8')}\n${extraProducts.map((p) => JSON.stringify(p)).join('\n')}`,
    );
  return dir;
}

describe('paths', () => {
  it('a path is the parent_id chain, from the first parent the catalogue lacks', () => {
    const byId = new Map([2, 3, 5].map((id, i) => [id, { id, parent_id: [1, 2, 3][i]! }]));
    expect(derivedPath(byId.get(5)!, byId)).toBe('1/2/3/5');
    expect(derivedPath(byId.get(2)!, byId)).toBe('1/2');
    expect(derivedPath({ id: 9, parent_id: 0 }, byId)).toBe('9');
  });

  it('a dump whose categories have no path imports, with the paths Magento would have written', async () => {
    const dir = dumpWith('no-paths', (c) => delete c.path);
    const out = join(work, 'no-paths-out');
    await importFromDump(dir, { out });
    const paths = Object.fromEntries(snap.readCategories(out).map((c) => [c.id, c.path]));
    expect(paths).toEqual({ 2: '1/2', 3: '1/2/3', 4: '1/2/4', 5: '1/2/3/5' });
  });
});

describe('a missing root', () => {
  it('names the candidate roots with the products below each, the one with most products marked', () => {
    const cats = [
      { id: 1, name: 'Root Catalog', parent_id: 0, level: 0 },
      { id: 2, name: 'Default Category', parent_id: 1, level: 1 },
      { id: 3, name: 'Rings', parent_id: 2, level: 2 },
      { id: 40, name: 'DE Root', parent_id: 1, level: 1 },
      { id: 70, name: 'Orphan', parent_id: 69, level: 3 },
    ];
    const products = [
      { id: 1, category_ids: [3] },
      { id: 2, category_ids: [3, 2] },
      { id: 3, category_ids: [70] },
    ];
    expect(rootCandidates(cats, products)).toEqual([
      { id: 1, name: 'Root Catalog', level: 0, products: 2, most: false },
      { id: 2, name: 'Default Category', level: 1, products: 2, most: true },
      { id: 70, name: 'Orphan', level: 3, products: 1, most: false },
      { id: 40, name: 'DE Root', level: 1, products: 0, most: false },
    ]);
  });

  it('a failed import says so, and carries the records it skipped (file, id, field, reason)', async () => {
    const err = (await importFromDump(DUMP, { out: join(work, 'x'), config: ImportConfigSchema.parse({ root_category_id: 999 }) }).catch(
      (e: unknown) => e,
    )) as ImportError;
    expect(err).toBeInstanceOf(ImportError);
    // The fixture's six named products sit below Default Category (2); the German tree (40) has none.
    expect(err.message).toMatch(
      /no category 999 .*candidate roots: .*2 'Default Category' \(level 1, 6 products, the most\).*40 'DE Root' \(level 1, 0 products\)/,
    );
    expect(err.problems).toContainEqual(expect.objectContaining({ file: 'catalog_category.json', id: '3', field: 'parent_id', skipped: true }));
    expect(err.problems).toContainEqual(expect.objectContaining({ file: 'catalog_product.json', id: '71', field: 'name', skipped: true }));
  });

  it('the command line prints the skipped records before the fatal message', () => {
    const config = join(work, 'root-999.json');
    writeFileSync(config, JSON.stringify({ root_category_id: 999 }));
    const out = join(work, 'cli-out');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from-es', DUMP, '--out', out, '--config', config], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n');
    const skipped = lines.findIndex((l) => l.startsWith("skipped: catalog_category.json record 3: field 'parent_id' not below the root category 999"));
    const fatal = lines.findIndex((l) => l.startsWith('import failed') && l.includes('candidate roots'));
    expect(skipped).toBeGreaterThanOrEqual(0);
    expect(fatal).toBeGreaterThan(skipped);
    expect(existsSync(out)).toBe(false);
  });
});

describe('product ids that are not numbers', () => {
  it('a record whose id is a child sku is skipped with its reason; the others are written', async () => {
    const extra = [
      { id: '1000_GY_28', sku: '1000_GY_28', name: 'Child as product', type_id: 'simple', price: 10, stock: { is_in_stock: true } },
      { id: '1001', sku: 'NUMERIC-STRING', name: 'Numeric string id', type_id: 'simple', price: 10, stock: { is_in_stock: true }, category_ids: ['3'] },
    ];
    const dir = dumpWith('child-ids', () => {}, extra);
    mkdirSync(join(work, 'child-ids-out'));
    const r = await importFromDump(dir, { out: join(work, 'child-ids-out') });
    expect(r.problems).toContainEqual({ file: 'catalog_product.json', id: '1000_GY_28', field: 'id', reason: productIdProblem('1000_GY_28'), skipped: true });
    expect(productIdProblem('1000_GY_28')).toMatch(/"1000_GY_28" is not a number/);
    expect(snap.readProducts(join(work, 'child-ids-out')).map((p) => p.sku)).toContain('NUMERIC-STRING');
  });
});
