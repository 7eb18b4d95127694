/**
 * What changed between the snapshot a generation's cache keys were computed from and the next one,
 * record by record, for the renderer to take the keys none of whose records changed again
 * (../key-reuse.ts). Every file of the snapshot is compared by its sha1 with the one the keys
 * recorded; only the default catalogue's product files (the manifest's `product_shards`) may differ,
 * and for those the records before (read from the folder before, checked against the recorded sha1)
 * and after are compared one by one; and the files whose part the keys read is in their base
 * (KEYED_FILES), and the manifest in the fields a pull writes anew (PULL_FIELDS). Anything else
 * (another file changed, a file added or removed, the folder before gone or changed since, the same
 * records in another order) is a reason to compute every key. Build time only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ChangedRecords } from '../key-store';
import type { KeysFile } from './kept';
import { fileIdentity } from '../file-identity';

const sha1 = (b: Buffer): string => createHash('sha1').update(b).digest('hex');

/** Files whose digests are known (relative path -> their bytes, their identity when read, and the sha1 of those bytes). */
export type KnownFiles = ReadonlyMap<string, { bytes: Buffer; identity: string | null; sha1: string }>;

/** The sha1 of each of `files` (made while the renderer waits, for `snapshotDigests`). */
export function knownFiles(files: ReadonlyMap<string, { bytes: Buffer; identity: string | null }>): KnownFiles {
  return new Map([...files].map(([name, f]) => [name, { ...f, sha1: sha1(f.bytes) }]));
}

/**
 * Every file of a snapshot folder (relative path -> sha1 of its bytes). A file of `known` (the live
 * snapshot's, read ahead) takes its digest instead of hashing it again: unread when it is the very
 * same file (../file-identity.ts: a product shard an incremental pull linked unchanged), else when it
 * has the same bytes.
 */
export function snapshotDigests(dir: string, known?: KnownFiles): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) {
        const k = known?.get(r);
        if (k && k.identity !== null && k.identity === fileIdentity(join(dir, r))) {
          out[r] = k.sha1;
          continue;
        }
        const bytes = readFileSync(join(dir, r));
        out[r] = k && k.bytes.equals(bytes) ? k.sha1 : sha1(bytes);
      }
    }
  };
  walk('');
  return out;
}

/**
 * Files besides the product files that may differ: what the keys taken again read of them is in each
 * key's base (../cache-keys.ts `contentLinks`: which content routes the build leaves out, read by the
 * finance and promo links of product pages; the menus' links are in the layout's key). The CMS pages'
 * contents are read by the content pages' own keys, which are always computed.
 */
export const KEYED_FILES: ReadonlySet<string> = new Set(['cms-pages.json']);

/**
 * The manifest's fields a pull writes anew: when it was made (read by the search index alone, whose
 * keys carry it: ../search-site-index.ts `searchIndexTime`), where from (the backend's address, read by
 * no page) and the importer's own bookkeeping (its mode, watermark and shard digests, read by the next
 * pull and by no page). A manifest that differs in these alone lets the keys be taken again; in
 * anything else (the root category, the product files, the counts), every key is computed.
 */
const PULL_FIELDS: ReadonlySet<string> = new Set(['generated_at', 'source', 'import']);
const MANIFEST = 'manifest.json';

/** A manifest's JSON without the fields a pull writes anew, its keys in order. */
function manifestRest(raw: Record<string, unknown>): string {
  const rest = Object.keys(raw)
    .filter((k) => !PULL_FIELDS.has(k))
    .sort()
    .map((k) => [k, raw[k]]);
  return JSON.stringify(rest);
}

const manifestSchema = z.looseObject({ product_shards: z.array(z.string()) });
const readManifestRaw = (dir: string) => manifestSchema.parse(JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')));
const rawRecordSchema = z.looseObject({ id: z.number(), sku: z.string().optional(), category_ids: z.array(z.number()).optional() });
type RawRecord = z.infer<typeof rawRecordSchema>;

/** A product file's records by id, each with its JSON (the snapshot's own checks run when the bundle reads it). */
function recordsOf(dir: string, file: string): Map<number, { record: RawRecord; json: string }> {
  const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const records = z.array(rawRecordSchema).parse(raw);
  return new Map(records.map((record) => [record.id, { record, json: JSON.stringify(record) }]));
}

/**
 * The records changed from the snapshot `kept` was computed from (in `before`) to `after` (whose
 * file digests are `now`); a string saying why it cannot tell (then every key is computed).
 */
export function changedRecords(kept: KeysFile, before: string | undefined, after: string, now: Record<string, string>): ChangedRecords | string {
  const names = Object.keys(now);
  if (names.length !== Object.keys(kept.files).length || names.some((f) => !(f in kept.files))) return 'snapshot files added or removed';
  const afterManifest = readManifestRaw(after);
  const shards = new Set(afterManifest.product_shards);
  const differ = names.filter((f) => now[f] !== kept.files[f]);
  const other = differ.find((f) => !shards.has(f) && !KEYED_FILES.has(f) && f !== MANIFEST);
  if (other) return `${other} changed`;
  const changed = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };
  // In the manifest's order, the catalogue's.
  const records = [...shards].filter((f) => now[f] !== kept.files[f]);
  const manifest = differ.includes(MANIFEST);
  if (records.length === 0 && !manifest) return changed;
  if (!before || !existsSync(before)) return 'the snapshot before is gone';
  for (const f of [...records, ...(manifest ? [MANIFEST] : [])])
    if (!existsSync(join(before, f)) || sha1(readFileSync(join(before, f))) !== kept.files[f]) return `${before}/${f} changed since`;
  if (manifest && manifestRest(readManifestRaw(before)) !== manifestRest(afterManifest)) return `${MANIFEST} changed`;
  if (records.length === 0) return changed;
  // A record may move between files: both files differ then, and it is compared across them.
  const was = new Map<number, { record: RawRecord; json: string }>();
  const is = new Map<number, { record: RawRecord; json: string }>();
  for (const f of records) {
    for (const [id, r] of recordsOf(before, f)) was.set(id, r);
    for (const [id, r] of recordsOf(after, f)) is.set(id, r);
  }
  // The catalogue's order is the files' (the URL map, the search index and ties in listings follow it):
  // the same records in another order reach keys that no changed record names.
  const order = [...is.keys()].filter((id) => was.has(id));
  if ([...was.keys()].filter((id) => is.has(id)).some((id, i) => id !== order[i])) return 'records in another order';
  for (const id of new Set([...was.keys(), ...is.keys()])) {
    const a = was.get(id);
    const b = is.get(id);
    if (a && b && a.json === b.json) continue;
    changed.ids.add(id);
    for (const r of [a?.record, b?.record]) {
      if (!r) continue;
      if (r.sku !== undefined) changed.skus.add(r.sku);
      for (const c of r.category_ids ?? []) changed.categories.add(c);
    }
  }
  return changed;
}
