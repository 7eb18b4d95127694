/**
 * Copies of the sample snapshot with product records edited, and the record diff between the sample
 * and a copy (src/lib/build/render/changes.ts), for the tests of the cache keys taken again from the
 * generation before. Each caller removes its own folder (`root`) when done.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { changedRecords, snapshotDigests } from '../../src/lib/build/render/changes';
import type { KeysFile } from '../../src/lib/build/render/kept';

export type SnapshotJson = Record<string, any>;

export function snapshotCopies(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const before = join(root, 'before');
  cpSync(snap.SAMPLE_DIR, before, { recursive: true });
  const shard = snap.readManifest(before).product_shards[0]!;
  const kept: KeysFile = { version: 1, files: snapshotDigests(before), entries: {} };

  /** A copy of the snapshot before with `edit` applied to its first product file (or to another file). */
  function after(name: string, edit: (products: SnapshotJson[]) => void, file = shard): string {
    const dir = join(root, name);
    cpSync(before, dir, { recursive: true });
    const records = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SnapshotJson[];
    edit(records);
    writeFileSync(join(dir, file), JSON.stringify(records));
    return dir;
  }
  const diff = (dir: string) => changedRecords(kept, before, dir, snapshotDigests(dir));
  return { root, before, shard, kept, after, diff };
}
