/**
 * Snapshot files read ahead. A process that will soon read a snapshot much like one it can read now
 * (the persistent renderer, src/lib/build/render/, waits for the next change with the live snapshot
 * at hand) reads and validates that one's files while it waits; a read of the next snapshot whose
 * file has the same bytes then takes the held records instead of parsing and validating them again.
 * A held file is taken once: a second read of it parses afresh, as without holding, so no two readers
 * ever share records. A file whose bytes differ in any way is read as usual. The very file held (same
 * identity: an incremental pull hard-links the product shards it did not change) is not even read.
 * Build time only.
 *
 * The store lives on globalThis: the renderer and the build bundle it loaded hold two copies of the
 * snapshot module, and the bundle's copy is the one that reads (with its own schemas).
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileIdentity } from '../build/file-identity';

interface HeldFile {
  bytes: Buffer;
  /** The file's identity when it was read (../build/file-identity.ts). */
  identity: string | null;
  /** What the reader made of them (the validated records), by the reader (a schema). */
  reader: object;
  value: unknown;
}
interface HoldStore {
  /** The snapshot folder being held now (its reads are kept), or null. */
  holding: string | null;
  files: Map<string, HeldFile>;
  /** Held files taken by reads since the last holding. */
  taken: number;
  /** The snapshot module's `holdSnapshot`, of the copy loaded last (the bundle's, once the renderer loaded it). */
  hold?: (dir: string) => void;
}
const STORE = Symbol.for('pj.snapshot.held');
const store = (): HoldStore => ((globalThis as Record<symbol, HoldStore | undefined>)[STORE] ??= { holding: null, files: new Map(), taken: 0 });

/** The file's name within its snapshot (`products/0001.json`, `stores/de/categories.json`); null outside `root`. */
function nameIn(root: string, dir: string, file: string): string | null {
  const rel = relative(root, join(dir, file));
  return rel.startsWith('..') || rel.startsWith(sep) ? null : rel;
}

/**
 * Reads `file` of `dir` (in the snapshot `root`) through `read` (bytes -> records): while `root` is
 * being held, keeps what it made; otherwise takes the held value when the bytes are the same and the
 * reader too, once. The caller's checks of the value (e.g. unique keys) run on either.
 */
export function readHeld<T>(root: string, dir: string, file: string, reader: object, read: (bytes: Buffer) => T): T {
  const s = store();
  const holding = s.holding !== null;
  const name = nameIn(holding ? s.holding! : root, dir, file);
  const path = join(dir, file);
  if (name === null) return read(readFileSync(path));
  if (holding) {
    // The identity from before the read: a file written over while it was read is not taken for it.
    const identity = fileIdentity(path);
    const bytes = readFileSync(path);
    const value = read(bytes);
    s.files.set(name, { bytes, identity, reader, value });
    return value;
  }
  const held = s.files.get(name);
  if (held) s.files.delete(name);
  // The very file held (a shard an incremental pull linked unchanged): not read again.
  const same = held && held.reader === reader && held.identity !== null && held.identity === fileIdentity(path);
  const bytes = same ? held.bytes : readFileSync(path);
  if (!held || held.reader !== reader || !held.bytes.equals(bytes)) return read(bytes);
  s.taken++;
  return held.value as T;
}

/** Runs `hold` with the reads of the snapshot `root` kept (replacing what was held). */
export function holding(root: string, hold: () => void): void {
  const s = store();
  s.files.clear();
  s.taken = 0;
  s.holding = root;
  try {
    hold();
  } finally {
    s.holding = null;
  }
}

/** Names the snapshot module's reader of files ahead (called when that module loads). */
export function offerHold(hold: (dir: string) => void): void {
  store().hold = hold;
}

/** Holds the snapshot `dir` with the copy of the snapshot module loaded last; false when none is loaded. */
export function holdWithLoaded(dir: string): boolean {
  const hold = store().hold;
  hold?.(dir);
  return hold !== undefined;
}

/** The bytes and identity of each held file, by its name within the held snapshot (the renderer compares the next snapshot's files with them). */
export const heldFiles = (): ReadonlyMap<string, { bytes: Buffer; identity: string | null }> =>
  new Map([...store().files].map(([name, f]) => [name, { bytes: f.bytes, identity: f.identity }]));

/** How many files are held (tests). */
export const heldCount = (): number => store().files.size;
/** How many held files reads have taken since the last holding (the renderer's log). */
export const takenCount = (): number => store().taken;
