/**
 * Rules of the incremental (rebuild) pull that keep the merged snapshot true to the index. Pure: the
 * pull (./vsf-import.ts) reads the index and the previous snapshot and applies them.
 */
import type { Category, Product } from '../schemas';
import type { UrlMapEntry } from '../snapshot/schemas';
import { categoryUrl } from '../catalog/urls';
import type { DumpRecord } from './dump';

/**
 * Configurable parents to pull again because a child changed or left the index: the parent's
 * `configurable_children` copy the child's price and stock, and Magento's indexer rewrites the parent's
 * document without moving its `updated_at`. A child is found by id or sku: pulled as a product of its
 * own, gone from the index, or named by the hook (`named`: a child that lives only inside its parent).
 * Parents already pulled are not named again.
 */
export function parentsToRefresh(
  changed: readonly DumpRecord[],
  removed: ReadonlySet<number>,
  previous: readonly Product[],
  named: ReadonlyArray<number | string> = [],
): number[] {
  const parentOf = new Map<string, number[]>();
  const add = (key: string, parent: number) => parentOf.set(key, [...(parentOf.get(key) ?? []), parent]);
  for (const p of previous)
    for (const c of p.configurable_children ?? []) {
      add(`id:${c.id}`, p.id);
      add(`sku:${c.sku}`, p.id);
    }
  const pulled = new Set(changed.map((r) => String(r.source.id)));
  const out = new Set<number>();
  const keys = [...changed.flatMap((r) => [`id:${String(r.source.id)}`, `sku:${String(r.source.sku)}`]), ...[...removed, ...named].map((id) => `id:${id}`)];
  for (const k of keys) for (const parent of parentOf.get(k) ?? []) if (!pulled.has(String(parent)) && !removed.has(parent)) out.add(parent);
  return [...out].sort((a, b) => a - b);
}

/**
 * The shop's URL map after a pull: this pull's entries, then the earlier snapshot's legacy addresses
 * (an address once published keeps redirecting), then a 301 from the old address of every category
 * whose address changed (its `url_key` or `url_path` renamed in Magento) to the category. The first
 * entry of an address wins. (The build never lets an entry hide a page or send a page to itself:
 * src/lib/routing/redirects.ts.)
 */
export function urlMapAfterPull(
  found: readonly UrlMapEntry[],
  previousMap: readonly UrlMapEntry[],
  before: readonly Category[],
  after: readonly Category[],
): UrlMapEntry[] {
  const now = new Map(after.map((c) => [c.id, categoryUrl(c)]));
  const out = new Map<string, UrlMapEntry>();
  const keep = (e: UrlMapEntry) => {
    if (!out.has(e.from)) out.set(e.from, e);
  };
  found.forEach(keep);
  previousMap.forEach(keep);
  for (const c of before) {
    const old = categoryUrl(c);
    const url = now.get(c.id);
    if (url && url !== old) keep({ from: old, to_type: 'category', to_id: c.id });
  }
  return [...out.values()];
}
