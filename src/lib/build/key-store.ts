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

/**
 * The digests kept per product of the default catalogue, by id: of its record (`records`,
 * ../cache-keys.ts recordKey) and of its route fields (`routes`, ../cache-keys.ts routeDigest: which
 * pages it has, at which URLs).
 */
export type IdDigestKind = 'records' | 'routes';
export type IdDigests = Partial<Record<IdDigestKind, Readonly<Record<string, string>>>>;

interface KeyStore {
  /**
   * The generation before's keys and what changed since; null: every key is computed. `digests`: the
   * per-product digests then (IdDigestKind).
   */
  previous: { entries: Readonly<Record<string, KeyEntry>>; changed: ChangedRecords; digests: IdDigests; days: GenerationDays | undefined } | null;
  /** The keys of this snapshot, computed or taken, by name. */
  recorded: Map<string, KeyEntry>;
  /** Whether a category's subtree holds a changed record, by subtree, store view and the day the key was read on (memo). */
  touched: Map<string, boolean>;
  /** The records changed since a key read on another day (../key-reuse.ts), by store view and that day (memo). */
  sinceDay: Map<string, ChangedRecords>;
  /** The day each store view's prices are judged on in this process (kept with the keys). */
  days: Map<string, number | null>;
  /** The per-product digests worked out or taken again in this process, by kind and id. */
  digests: Record<IdDigestKind, Map<number, string>>;
  /** Counts of what this process took from the generation before (KEYS_REUSED and others; the renderer reports them with its timings). */
  counts: Map<string, number>;
}
const STORE = Symbol.for('pj.keys.reuse');
export const keyStore = (): KeyStore =>
  ((globalThis as Record<symbol, KeyStore | undefined>)[STORE] ??= {
    previous: null,
    recorded: new Map(),
    touched: new Map(),
    sinceDay: new Map(),
    days: new Map(),
    digests: { records: new Map(), routes: new Map() },
    counts: new Map(),
  });

/**
 * The day each store view's prices were judged on when a generation's keys were kept (every key of a
 * store view is read on the day of its generation: one read before and standing is recorded again
 * with it, ../key-reuse.ts), by store code; undefined for keys kept without it.
 */
export type GenerationDays = Readonly<Record<string, number | null>>;

/**
 * Offers the generation before's keys, the records changed since, the per-product digests then and
 * the days its prices were judged on (the renderer, before it lists the paths).
 */
export function offerPrevious(entries: Readonly<Record<string, KeyEntry>>, changed: ChangedRecords, digests: IdDigests = {}, days?: GenerationDays): void {
  const s = keyStore();
  s.previous = { entries, changed, digests, days };
  s.touched.clear();
  s.sinceDay.clear();
}

/** The days this process judged prices on, by store view (to keep with the keys). */
export const recordedDays = (): Record<string, number | null> => Object.fromEntries(keyStore().days);

/**
 * The `kind` digest the generation before had for the default catalogue's product `id`, when its
 * record did not change since (undefined otherwise: it is worked out).
 */
export function digestBefore(kind: IdDigestKind, id: number): string | undefined {
  const p = keyStore().previous;
  return p && !p.changed.ids.has(id) ? p.digests[kind]?.[id] : undefined;
}

/**
 * The `kind` digest the generation before had for a product whatever changed since (undefined: none
 * kept, or no such product then): to compare with the product's digest now.
 */
export const digestThen = (kind: IdDigestKind, id: number): string | undefined => keyStore().previous?.digests[kind]?.[id];

/** Keeps the `kind` digest of the default catalogue's product `id` worked out or taken in this process. */
export function noteDigest(kind: IdDigestKind, id: number, d: string): void {
  keyStore().digests[kind].set(id, d);
}

/**
 * The per-product digests to keep for the next change, by kind and id: those worked out or taken in
 * this process, and the generation before's of every record that did not change (a removed record is
 * a changed one).
 */
export function idDigests(): Record<IdDigestKind, Record<string, string>> {
  const s = keyStore();
  const of = (kind: IdDigestKind): Record<string, string> => {
    const out: Record<string, string> = {};
    const before = s.previous?.digests[kind];
    if (before) for (const [id, d] of Object.entries(before)) if (!s.previous!.changed.ids.has(Number(id))) out[id] = d;
    for (const [id, d] of s.digests[kind]) out[id] = d;
    return out;
  };
  return { records: of('records'), routes: of('routes') };
}

/** The keys recorded in this process (to keep for the next change), and how many were taken again. */
export const recordedEntries = (): Record<string, KeyEntry> => Object.fromEntries(keyStore().recorded);
/** The count of keys taken again (KeyStore `counts`). */
export const KEYS_REUSED = 'keys reused';
export const reusedCount = (): number => keyStore().counts.get(KEYS_REUSED) ?? 0;

/** Counts one more of `name` (KeyStore `counts`). */
export function noteCount(name: string): void {
  const { counts } = keyStore();
  counts.set(name, (counts.get(name) ?? 0) + 1);
}
export const notedCounts = (): Record<string, number> => Object.fromEntries(keyStore().counts);

/**
 * What a route's getStaticPaths may declare (a property of the function, under PATHS_INPUTS), for the
 * persistent renderer (./render/paths.ts) to take the route's paths and their cache keys from the
 * generation before instead of listing them: `inputs` is a digest of everything the list (which
 * paths, their props, their keys) reads besides the snapshot's files (the config, the store views,
 * the layouts' keys, the products' route fields; not the day prices are judged on, which moves only
 * the keys of products whose special prices start or end, ../key-reuse.ts) and besides what the
 * keys' bases digest of the files that may differ when keys are offered (./render/changes.ts
 * KEYED_FILES); null: it cannot tell (the route is listed). The renderer takes the list only when the
 * keys were offered (no snapshot file changed but the default catalogue's product files and those),
 * and `inputs` is what it was. `taken` is called once the paths are
 * taken: it records the entries the route's keys come from again, for the change after (nothing
 * asked for them).
 */
export interface ListedFrom {
  inputs(): string | null;
  taken(): void;
  /**
   * The getStaticPaths items of the route's paths that are worked out afresh when its paths are
   * taken (a content page's, whose text the CMS change may have changed and which `inputs` leaves
   * out; a page whose key a changed product may have moved, less those whose key came out as it
   * was): listed through Astro, they take their new keys, and a page of them rendered finds its props
   * without the whole list. Each must be a path the route had, else the route is listed; every other
   * path keeps the key it had. Absent: every key is taken.
   */
  fresh?(): readonly unknown[];
}
export const PATHS_INPUTS = Symbol.for('pj.paths.inputs');
/** `getStaticPaths` with its declaration (the function is Astro's as it is). */
export const listedFrom = <F extends (...args: never[]) => unknown>(getStaticPaths: F, listed: ListedFrom): F & { [PATHS_INPUTS]: ListedFrom } =>
  Object.assign(getStaticPaths, { [PATHS_INPUTS]: listed });
