/**
 * Where the cache keys taken again (./key-reuse.ts) come from and go: the generation before's keys
 * with the records changed since, offered by the renderer before it lists the paths, and the keys of
 * this snapshot, kept for the next change. On globalThis: the renderer and the build bundle it loaded
 * hold two copies of these modules, and the bundle's copy is the one that computes keys. The file's
 * shape is ./render/kept.ts's. Build time only.
 */

/** What a key read besides the files that must be unchanged (./key-reuse.ts). */
export interface KeyDeps {
  ids?: number[];
  skus?: string[];
  subtree?: number | null;
  /** Every product (the search files, which list them all): any changed record is one it read. */
  all?: boolean;
  /**
   * What the key reads of its subtree, as a digest, where that is a few of its records (a product
   * page: its related products): a change in the subtree that leaves this digest the same leaves the
   * key standing (./key-reuse.ts reuseOrCompute's `read`).
   */
  read?: string;
}
export interface KeyEntry {
  /** The page's cache keys (or, for a `tags|…` entry, its cache tags). */
  keys: string[];
  base: string;
  day: number | null;
  deps: KeyDeps;
}

/** The records that changed since the generation before (before and after the change: ids, SKUs, category ids). */
export interface ChangedRecords {
  ids: ReadonlySet<number>;
  skus: ReadonlySet<string>;
  categories: ReadonlySet<number>;
}

interface KeyStore {
  /**
   * The generation before's keys and what changed since; null: every key is computed. `records`: the
   * digests of the default catalogue's product records then, by id (../cache-keys.ts recordKey).
   */
  previous: { entries: Readonly<Record<string, KeyEntry>>; changed: ChangedRecords; records?: Readonly<Record<string, string>> } | null;
  /** The keys of this snapshot, computed or taken, by name. */
  recorded: Map<string, KeyEntry>;
  reused: number;
  /** Whether a category's subtree holds a changed record (memo). */
  touched: Map<string, boolean>;
  /** The digests of the default catalogue's product records worked out or taken again in this process, by id. */
  records: Map<number, string>;
}
const STORE = Symbol.for('pj.keys.reuse');
export const keyStore = (): KeyStore =>
  ((globalThis as Record<symbol, KeyStore | undefined>)[STORE] ??= { previous: null, recorded: new Map(), reused: 0, touched: new Map(), records: new Map() });

/** Offers the generation before's keys, the records changed since and the record digests then (the renderer, before it lists the paths). */
export function offerPrevious(entries: Readonly<Record<string, KeyEntry>>, changed: ChangedRecords, records?: Readonly<Record<string, string>>): void {
  const s = keyStore();
  s.previous = { entries, changed, ...(records && { records }) };
  s.touched.clear();
}

/**
 * The digest the generation before had for the default catalogue's product `id`, when its record did
 * not change since (undefined otherwise: it is worked out).
 */
export function recordDigestBefore(id: number): string | undefined {
  const p = keyStore().previous;
  return p && !p.changed.ids.has(id) ? p.records?.[id] : undefined;
}

/**
 * The record digests to keep for the next change, by id: those worked out or taken in this process,
 * and the generation before's of every record that did not change (a removed record is a changed one).
 */
export function recordDigests(): Record<string, string> {
  const s = keyStore();
  const out: Record<string, string> = {};
  const before = s.previous?.records;
  if (before) for (const [id, d] of Object.entries(before)) if (!s.previous!.changed.ids.has(Number(id))) out[id] = d;
  for (const [id, d] of s.records) out[id] = d;
  return out;
}

/** The keys recorded in this process (to keep for the next change), and how many were taken again. */
export const recordedEntries = (): Record<string, KeyEntry> => Object.fromEntries(keyStore().recorded);
export const reusedCount = (): number => keyStore().reused;
