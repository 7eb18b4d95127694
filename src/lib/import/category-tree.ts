/**
 * The category tree of a VSF catalogue: a category's path derived from its parents where the record
 * has none, and the categories that could be the shop's root (with the products below each) for the
 * message of an import whose configured root is missing. Pure; used by assemble.ts.
 */
import type { Category } from '../schemas';

/**
 * A category's path as Magento writes it ('1/2/3'): the ids of its parent_id chain down to it, from the
 * first category whose parent the catalogue lacks, that parent first when it is above 0 (Magento's tree
 * root 1 is rarely indexed).
 */
export function derivedPath(c: Pick<Category, 'id' | 'parent_id'>, byId: ReadonlyMap<number, Pick<Category, 'id' | 'parent_id'>>): string {
  const ids = [c.id];
  let top = c;
  for (let parent = byId.get(top.parent_id); parent && !ids.includes(parent.id); parent = byId.get(top.parent_id)) {
    ids.unshift(parent.id);
    top = parent;
  }
  if (top.parent_id > 0 && !ids.includes(top.parent_id)) ids.unshift(top.parent_id);
  return ids.join('/');
}

export interface RootCandidate {
  id: number;
  name: string;
  level: number;
  /** Products assigned to the category or to a category below it. */
  products: number;
  /** The category whose subtree holds most products. */
  most: boolean;
}

type TreeCategory = Pick<Category, 'id' | 'name' | 'parent_id' | 'level'>;

/**
 * The categories that could be the shop's root: those at the top (no parent in the catalogue, or at
 * level 1 or less) and the one below Magento's tree root whose subtree holds most products; most
 * products first, at most `limit`.
 */
export function rootCandidates(
  categories: readonly TreeCategory[],
  products: readonly { id: number; category_ids: readonly number[] }[],
  limit = 8,
): RootCandidate[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<number, number[]>();
  for (const c of categories) if (c.parent_id !== c.id) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c.id]);
  const assigned = new Map<number, number[]>();
  for (const p of products) for (const cid of new Set(p.category_ids)) assigned.set(cid, [...(assigned.get(cid) ?? []), p.id]);
  const below = (id: number) => {
    const seen = new Set<number>();
    const found = new Set<number>();
    for (const stack = [id]; stack.length;) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const p of assigned.get(x) ?? []) found.add(p);
      stack.push(...(children.get(x) ?? []));
    }
    return found.size;
  };
  const counted = categories.map((c) => ({ c, products: below(c.id) }));
  const most = counted.filter((x) => x.c.level >= 1 && x.products > 0).sort((a, b) => b.products - a.products || a.c.level - b.c.level || a.c.id - b.c.id)[0];
  return counted
    .filter((x) => x === most || !byId.has(x.c.parent_id) || x.c.parent_id === x.c.id || x.c.level <= 1)
    .sort((a, b) => b.products - a.products || a.c.id - b.c.id)
    .slice(0, limit)
    .map((x) => ({ id: x.c.id, name: x.c.name, level: x.c.level, products: x.products, most: x === most }));
}

/** The candidates as the import's message names them: `3 'Default Category' (level 1, 120 products, the most)`. */
export function describeCandidates(candidates: readonly RootCandidate[]): string {
  if (!candidates.length) return 'the catalogue has no category that could be the root';
  const one = (c: RootCandidate) => `${c.id} '${c.name}' (level ${c.level}, ${c.products} product${c.products === 1 ? '' : 's'}${c.most ? ', the most' : ''})`;
  return `candidate roots: ${candidates.map(one).join(', ')}`;
}
