/**
 * Cache keys of the generation before, taken again where none of their records changed. Listing every
 * path's cache key (./cache-keys.ts) means working out the page data of every product and category;
 * the persistent renderer (./render/) makes a change of a few records live, so most keys are the ones
 * it had. Each key of a product page, a category page, an AMP page, a listing file or a brand page
 * (and the cache tags of product and category pages, ./cache-tags.ts, which read the same listings)
 * is recorded with what it read besides the files that must be unchanged for any key to be taken again:
 * - `ids`: the products it shows by id (its own record);
 * - `skus`: the products it looks up by SKU (related, upsell, grouped and bundle links), found or not;
 * - `subtree`: the category whose products (it and its descendants, by the records' category_ids) it
 *   lists: a category's or a brand's listing, facets and AMP tiles, a product's related products from
 *   its primary category's listing;
 * - `all`: every product (the search files and the search page, which list them all);
 * - `read`: with `subtree`, a digest of the little the key reads of its subtree (a product page: which
 *   products are its related ones, and their records), where the caller can work that out without
 *   computing the key: a change in the subtree that leaves it the same does not touch the key;
 * - `base`: the rest of its inputs as a digest made afresh (layout, config, store view, catalogue shape);
 * - `day`: the day prices were judged on (special-price windows, src/lib/catalog/price.ts).
 * A key is taken again only when the only snapshot files that changed are the default catalogue's
 * product files (./render/changes.ts says which records), its store view has no catalogue of its own,
 * its base is the same, and no changed record (before or after the change) is one it read: by id, by
 * SKU, or as a member of its subtree. On another day, a product whose prices the days between moved
 * (a special price starting or ending) counts as changed. Anything else computes the key. A key
 * wrongly taken would serve a stale page: tests/api/render-overlay.test.ts changes records that reach
 * pages only through these links and compares every page with a full build.
 *
 * The renderer offers the keys before and keeps the keys after through ./key-store.ts. Build time only.
 */
import { buildTime, catalog, descendantIds, once, ownCatalogueDir, storeViewOf } from '../routing/routes';
import { dayNumber } from '../messages/format';
import { pricesMoveBetween } from '../catalog/price';
import { buildRole } from './shard';
import { KEYS_REUSED, keyStore, noteCount, type ChangedRecords, type KeyDeps, type KeyEntry } from './key-store';
import type { Product } from '../schemas';

/**
 * Whether a changed record is one the key read: none, only through its subtree, or another way.
 * `memo`: what tells `changed` apart from the other sets asked about (the day the key was read on).
 */
function touches(deps: KeyDeps, changed: ChangedRecords, storeCode: string, memo: string): 'none' | 'subtree' | 'other' {
  if (deps.all && changed.ids.size > 0) return 'other';
  if (deps.ids?.some((id) => changed.ids.has(id))) return 'other';
  if (deps.skus?.some((sku) => changed.skus.has(sku))) return 'other';
  if (deps.subtree === undefined || deps.subtree === null) return 'none';
  const touched = keyStore().touched;
  const k = `${deps.subtree}|${storeCode}|${memo}`;
  let t = touched.get(k);
  if (t === undefined) touched.set(k, (t = descendantIds(deps.subtree, storeCode).some((c) => changed.categories.has(c))));
  return t ? 'subtree' : 'none';
}

/**
 * A store view's day prices are judged on, and whether it has the default catalogue (no catalogue of
 * its own), worked out once per store view and process: asked for each of hundreds of thousands of
 * entries a change takes again.
 */
const storeFacts = new Map<string, { day: number | null; shared: boolean }>();
function storeNow(storeCode: string): { day: number | null; shared: boolean } {
  let f = storeFacts.get(storeCode);
  if (!f) {
    f = { day: dayNumber(buildTime(), storeViewOf(storeCode)), shared: ownCatalogueDir(storeCode) === null && catalog(storeCode) === catalog() };
    storeFacts.set(storeCode, f);
    keyStore().days.set(storeCode, f.day);
  }
  return f;
}

/**
 * The records changed since a key of the store view was read on day `then`: those changed since the
 * generation before, and, when `then` is not the day prices are judged on now, those whose prices the
 * days between moved (a special price window starting or ending, ../catalog/price.ts
 * pricesMoveBetween): prices are all a page shows that hangs on the day, so the first change of a
 * new day works out again the keys those products reach, not every key. Null when a day is unknown
 * (every key is worked out).
 */
function changedSince(storeCode: string, then: number | null): ChangedRecords | null {
  const s = keyStore();
  const now = storeNow(storeCode).day;
  if (then === now) return s.previous!.changed;
  if (then === null || now === null) return null;
  const k = `${storeCode}|${then}`;
  let got = s.sinceDay.get(k);
  if (!got) {
    const { ids, skus, categories } = s.previous!.changed;
    const moved = { ids: new Set(ids), skus: new Set(skus), categories: new Set(categories) };
    const store = storeViewOf(storeCode);
    for (const p of catalog(storeCode).products) {
      if (!pricesMoveBetween(p, then, now, store)) continue;
      moved.ids.add(p.id);
      moved.skus.add(p.sku);
      for (const c of p.category_ids) moved.categories.add(c);
    }
    s.sinceDay.set(k, (got = moved));
  }
  return got;
}

/**
 * Whether the generation before's entry stands as it is: same base, no changed record it read (the
 * rules above, a record whose prices the days since it was read moved among them); a changed record in
 * its subtree leaves it standing when what it reads there, `read()`, is as before.
 */
function stands(old: KeyEntry, storeCode: string, base: string, read?: (() => string) | 'unread'): boolean {
  const s = keyStore();
  if (!s.previous || old.base !== base || !storeNow(storeCode).shared) return false;
  const changed = changedSince(storeCode, old.day);
  if (!changed) return false;
  const t = touches(old.deps, changed, storeCode, String(old.day));
  if (t !== 'subtree') return t === 'none';
  return read === 'unread' || (read !== undefined && old.deps.read !== undefined && old.deps.read === read());
}

/** Records an entry that stands again, as read on the day prices are judged on now (it says what it would say on it). */
function recordStanding(name: string, old: KeyEntry, storeCode: string): void {
  const day = storeNow(storeCode).day;
  keyStore().recorded.set(name, old.day === day ? old : { ...old, day });
}

/**
 * The keys named `name` (e.g. `product|12|default`): the generation before's when nothing they read
 * changed, else `compute`'s. Recorded either way, for the next change. Only a whole build records and
 * takes keys (a shard's records are not the catalogue's). `read`: for keys with a subtree, the digest
 * of what they read of it (KeyDeps.read), recorded with them and compared when the subtree changed.
 */
export function reuseOrCompute(name: string, storeCode: string, base: string, compute: () => { keys: string[]; deps: KeyDeps }, read?: () => string): string[] {
  if (buildRole() !== 'whole') return compute().keys;
  const s = keyStore();
  const old = s.previous?.entries[name];
  // Asked at most once: when the entry does not stand, the digest compared is the one recorded.
  const readOnce = read && once(read);
  if (old && stands(old, storeCode, base, readOnce)) {
    recordStanding(name, old, storeCode);
    noteCount(KEYS_REUSED);
    return old.keys;
  }
  const { keys, deps } = compute();
  if (readOnce && deps.subtree !== undefined && deps.subtree !== null) deps.read = readOnce();
  s.recorded.set(name, { keys, base, day: storeNow(storeCode).day, deps });
  return keys;
}

/**
 * A state the generation before kept for the next change (not a key: its reader checks that it still
 * applies, as the search split's does, src/lib/build/search-site-index.ts), whatever changed since.
 */
export const stateBefore = (name: string): readonly string[] | undefined => (buildRole() === 'whole' ? keyStore().previous?.entries[name]?.keys : undefined);

/** Keeps a state for the next change (a whole build only: a shard's is not the catalogue's). */
export function keepState(name: string, keys: string[]): void {
  if (buildRole() === 'whole') keyStore().recorded.set(name, { keys, base: 'state', day: null, deps: { all: true } });
}

/**
 * Whether every entry of the generation before named `{prefix}|…|{storeCode}` comes out the same now,
 * and there were `count` of them: those that stand are recorded again as they are; the others are
 * worked out again through `again(name)` (which records them) and compared. Without `again`, the
 * entries that stand are only kept for the next change (the others are worked out when next asked
 * for), and the answer says nothing. False when nothing was offered. For a digest of many entries
 * (the pages' cache tags) that a change of a few records leaves as it was, without asking for every
 * entry.
 */
export function entriesUnchanged(prefix: string, count: number, baseOf: (storeCode: string) => string, again?: (name: string) => readonly string[]): boolean {
  const s = keyStore();
  if (buildRole() !== 'whole' || !s.previous) return false;
  let seen = 0;
  const named = `${prefix}|`;
  const entries = s.previous.entries;
  for (const name in entries) {
    if (!name.startsWith(named)) continue;
    const old = entries[name]!;
    seen++;
    const storeCode = name.slice(name.lastIndexOf('|') + 1);
    if (stands(old, storeCode, baseOf(storeCode))) {
      recordStanding(name, old, storeCode);
      noteCount(KEYS_REUSED);
    } else if (again) {
      const now = again(name);
      if (now.length !== old.keys.length || now.some((k, i) => k !== old.keys[i])) return false;
    }
  }
  return again !== undefined && seen === count;
}

/**
 * Whether the generation before's entry `name` may come out otherwise now: none was kept, or it does
 * not stand as it is (its base, or a changed record it read, one of its subtree's included:
 * what it reads there is not asked). Its keys are then worked out (`reuseOrCompute`), else they are
 * the ones kept. For a route taken from the generation before, which works out afresh only the paths
 * whose keys a change may have moved (./key-store.ts ListedFrom `fresh`). `ownKeyReadsSubtree` false:
 * the key asked about is one of the entry's that reads nothing of its subtree (an AMP product page's,
 * beside its page's, which shows related products), so a changed record there does not move it.
 */
export function mayHaveMoved(name: string, storeCode: string, base: string, ownKeyReadsSubtree = true): boolean {
  const old = keyStore().previous?.entries[name];
  return !old || !stands(old, storeCode, base, ownKeyReadsSubtree ? undefined : 'unread');
}

/**
 * Whether no product record changed since the generation before (a CMS page's text), and no day passed
 * since that moved a price: then no entry of a route taken moved but through its base, which the
 * route's inputs hold, so a taken route need not ask `mayHaveMoved` of each of its paths. A generation
 * kept without its days cannot tell.
 */
export function noRecordChanged(): boolean {
  const p = keyStore().previous;
  if (!p || p.changed.ids.size > 0 || !p.days) return false;
  return Object.entries(p.days).every(([storeCode, day]) => changedSince(storeCode, day)?.ids.size === 0);
}

/** The keys the generation before kept under `name` (undefined: none). */
export const keysBefore = (name: string): readonly string[] | undefined => keyStore().previous?.entries[name]?.keys;

/**
 * Records again, for the next change, the generation before's entries named `{prefix}|…|{storeCode}`
 * (`prefix` one of `prefixes`) that stand and were not asked for in this process: the entries of a
 * route whose paths the renderer took from the generation before (./key-store.ts ListedFrom), which
 * nothing asked for, and which the change after this one must still find. `baseOf`: the base each
 * such entry has now.
 */
export function keepStanding(prefixes: readonly string[], baseOf: (prefix: string, storeCode: string) => string): void {
  const s = keyStore();
  if (buildRole() !== 'whole' || !s.previous) return;
  for (const name in s.previous.entries) {
    const prefix = name.slice(0, name.indexOf('|'));
    if (!prefixes.includes(prefix) || s.recorded.has(name)) continue;
    const old = s.previous.entries[name]!;
    const storeCode = name.slice(name.lastIndexOf('|') + 1);
    if (stands(old, storeCode, baseOf(prefix, storeCode))) {
      recordStanding(name, old, storeCode);
      noteCount(KEYS_REUSED);
    }
  }
}

/** The SKUs a product's page looks up (links of every type, grouped and bundle items, inline linked products). */
export function linkedSkus(p: Product): string[] {
  const out = new Set<string>();
  for (const l of p.product_links) {
    out.add(l.linked_product_sku);
    if (l.product?.sku) out.add(l.product.sku);
  }
  for (const o of p.bundle_options)
    for (const l of o.product_links) {
      if (l.sku) out.add(l.sku);
      if (l.product?.sku) out.add(l.product.sku);
    }
  return [...out];
}
