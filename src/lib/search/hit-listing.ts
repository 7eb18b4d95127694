/**
 * The listing of a query's matches (what the search results page shows), made from the listing of
 * every searchable product and the engine's hits; shared by the whole index's results page
 * (results.ts) and the split index's (split-results.ts). Pure.
 */
import { childSkuOf, docUrl, type SearchDoc } from './types';
import type { ListingFacet, ListingFile, ListingItem } from '../catalog/listing/client';
import { priceRangeOf } from '../catalog/listing-engine';

/** The search page's own sort, first and default: the engine's order, best match first. */
export const RELEVANCE_SORT = 'relevance';

/** What a hit needs here: its sku, and its children for a child-sku query. */
export type SearchListingHit = Pick<SearchDoc, 's' | 'n' | 'u' | 'cs' | 'cu'>;

/**
 * The listing file of a query's matches, taken from the listing of every searchable product:
 * the matches in the engine's order (the file's own sort is RELEVANCE_SORT), each with its tile
 * and price as a category page shows it; a match found by one of its child skus links to the
 * parent with that child chosen (as in the panel). Filters are built from the matches: only values
 * some match has, counted over the matches. The full listing's other orders (Latest, and any a
 * build worked out) keep their order among the matches. Hits the full listing lacks are left out.
 */
export function searchListing(full: ListingFile, hits: readonly SearchListingHit[], query: string): ListingFile {
  const at = new Map(full.products.map((p, i) => [p.sku, i]));
  const picked: number[] = [];
  const products: ListingItem[] = [];
  const seen = new Set<number>();
  for (const hit of hits) {
    const i = at.get(hit.s);
    if (i === undefined || seen.has(i)) continue;
    seen.add(i);
    picked.push(i);
    const item = full.products[i]!;
    const url = matchUrl(item.url, hit, query);
    products.push(url === item.url ? item : { ...item, url });
  }

  // Filters from the matches: values nobody matched go, the others are renumbered.
  const facets: ListingFacet[] = [];
  const renumber = new Map<string, Map<number, number>>();
  for (const f of full.facets) {
    const counts = new Array<number>(f.values.length).fill(0);
    for (const p of products) {
      if (f.code === 'price') {
        const k = priceRangeOf(f.values, p.price[2]);
        if (k >= 0) counts[k]!++;
      } else {
        for (const k of new Set(p.f[f.code] ?? [])) if (k >= 0 && k < counts.length) counts[k]!++;
      }
    }
    const map = new Map<number, number>();
    const values = f.values.flatMap((v, k) => {
      if (!counts[k]) return [];
      map.set(k, map.size);
      return [{ ...v, count: counts[k]! }];
    });
    if (!values.length) continue;
    facets.push({ ...f, values });
    renumber.set(f.code, map);
  }
  const items = products.map((p): ListingItem => {
    const f: Record<string, number[]> = {};
    for (const [code, ks] of Object.entries(p.f)) {
      const map = renumber.get(code);
      if (!map) continue;
      const next = ks.map((k) => map.get(k)).filter((k): k is number => k !== undefined);
      if (next.length) f[code] = next;
    }
    return { ...p, f };
  });

  // The full listing's orders, restricted to the matches: its own sort (the file order) and any it carries.
  // Each match's place among the matches, made once for every order.
  const rank = new Map(picked.map((i, j) => [i, j]));
  const restrict = (order: readonly number[]): number[] => order.filter((i) => rank.has(i)).map((i) => rank.get(i)!);
  const orders: Record<string, number[]> = { [full.sort]: restrict(full.products.map((_, i) => i)) };
  for (const [sort, order] of Object.entries(full.orders ?? {})) orders[sort] = restrict(order);

  return { v: 1, id: full.id, sort: RELEVANCE_SORT, total: items.length, facets, products: items, orders, q: query };
}

/** The link of a match: the product's, or with the query naming one of its child skus the parent with that child chosen (as in the panel). */
export function matchUrl(url: string, hit: SearchListingHit, query: string): string {
  return childSkuOf(hit, query) ? docUrl(hit, query) : url;
}
