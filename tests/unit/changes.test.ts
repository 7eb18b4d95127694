/**
 * The manifest a pull writes anew (src/lib/build/render/changes.ts PULL_FIELDS): a snapshot whose manifest
 * differs only in when it was made and in the importer's bookkeeping changed no record, and the keys
 * are taken again; any other field of it is a reason to compute every key.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotCopies, type SnapshotJson } from './snapshot-copies';

const { root, shard, after, diff } = snapshotCopies('changes-test-');
type Json = SnapshotJson;

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the records a pulled snapshot touched', () => {
  it("a pull's new manifest (when it was made, where from, the importer's bookkeeping): no record; any other field of it: it cannot tell", () => {
    const pulled = after(
      'pulled',
      (m) =>
        Object.assign(m, {
          generated_at: '2026-12-03T00:01:00.000Z',
          source: 'http://vsfa.internal:8080',
          import: { mode: 'incremental', watermark: '2026-12-02 23:59:00' },
        }),
      'manifest.json',
    );
    expect(diff(pulled)).toEqual({ ids: new Set(), skus: new Set(), categories: new Set() });
    // With a price changed in the same pull: that record.
    const first = (JSON.parse(readFileSync(join(pulled, shard), 'utf8')) as Json[])[0]!;
    const records = JSON.parse(readFileSync(join(pulled, shard), 'utf8')) as Json[];
    records[0]!.price = 1234.56;
    writeFileSync(join(pulled, shard), JSON.stringify(records));
    expect(diff(pulled)).toEqual({ ids: new Set([first.id]), skus: new Set([first.sku]), categories: new Set(first.category_ids) });
    expect(diff(after('root', (m) => Object.assign(m, { root_category_id: 99 }), 'manifest.json'))).toBe('manifest.json changed');
    expect(diff(after('counts', (m) => Object.assign(m, { counts: { products: 1 } }), 'manifest.json'))).toBe('manifest.json changed');
  });
});
