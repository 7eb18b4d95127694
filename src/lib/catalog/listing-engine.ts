/**
 * Filtering and sorting a category's listing file in the browser (spec §4 Category listing, §5):
 * values of one filter are alternatives, filters combine; price filters are [from, to) ranges of the
 * final price; sorts Latest (the file's order) and final price ascending or descending. Facet counts
 * are worked out per filter over the products that match every other filter, so a shopper sees how
 * many products each further choice would show. Also reads and writes the filter state in the URL.
 */
import type { CategoryQueryState } from '../schemas';
import type { ListingFile } from './listing/client';

interface IndexedFacet {
  code: string;
  /** Number of values. */
  size: number;
  /** Value id -> value index. */
  ids: Map<string, number>;
  /** Compressed rows: product i has values data[start[i]] .. data[start[i + 1] - 1]. */
  start: Uint32Array;
  data: Uint16Array;
}

/** A listing file prepared for fast queries. */
export interface ListingIndex {
  file: ListingFile;
  /** Number of products. */
  n: number;
  /** Final price of each product. */
  final: Float64Array;
  facets: IndexedFacet[];
  /** Product indexes per sort value (worked out once per sort). */
  orders: Map<string, Int32Array>;
  /** Lower-case name and sku of each product (for the search text), made on first use. */
  text?: string[];
}

/** The products matching a query state. */
export interface ListingResult {
  /** Indexes of the matching products in the state's sort order. */
  order: Int32Array;
  total: number;
  /** Per facet code, the count of each of its values over the products that match every other filter. */
  counts: Record<string, number[]>;
}

/** The price filter's range ([from, to)) holding a final price; -1 for none. */
export function priceRangeOf(ranges: readonly { from?: number; to?: number }[], v: number): number {
  return ranges.findIndex((r) => v >= (r.from ?? -Infinity) && v < (r.to ?? Infinity));
}

/** True for the sorts by final price (worked out from the products' prices, not carried by the file). */
export function isPriceSort(sort: string): boolean {
  const field = sort.split(':')[0];
  return field === 'final_price' || field === 'price';
}

/** Prepares a listing file for queries. */
export function indexListing(file: ListingFile): ListingIndex {
  const n = file.products.length;
  const final = new Float64Array(n);
  for (let i = 0; i < n; i++) final[i] = file.products[i]!.price[2];
  const facets = file.facets.map((f): IndexedFacet => {
    const start = new Uint32Array(n + 1);
    const rows: number[] = [];
    for (let i = 0; i < n; i++) {
      start[i] = rows.length;
      if (f.code === 'price') {
        const k = priceRangeOf(f.values, final[i]!);
        if (k >= 0) rows.push(k);
      } else {
        for (const k of file.products[i]!.f[f.code] ?? []) if (k >= 0 && k < f.values.length) rows.push(k);
      }
    }
    start[n] = rows.length;
    return { code: f.code, size: f.values.length, ids: new Map(f.values.map((v, k) => [v.id, k])), start, data: Uint16Array.from(rows) };
  });
  return { file, n, final, facets, orders: new Map() };
}

/** Product indexes in a sort's order: the file's own sort, an order the file carries, or by final price (ties keep the file's order). */
export function sortOrder(index: ListingIndex, sort: string): Int32Array {
  const hit = index.orders.get(sort);
  if (hit) return hit;
  const { n, final, file } = index;
  let order: Int32Array;
  const given = file.orders?.[sort];
  if (sort !== file.sort && given && given.length === n) {
    order = Int32Array.from(given);
  } else if (sort !== file.sort && isPriceSort(sort)) {
    order = priceOrder(final, sort);
  } else {
    order = Int32Array.from({ length: n }, (_, i) => i);
  }
  index.orders.set(sort, order);
  return order;
}

/** Product indexes in a price sort's order (`final_price:desc` descending); ties keep the file's order. */
export function priceOrder(final: ArrayLike<number>, sort: string): Int32Array {
  const desc = sort.split(':')[1] === 'desc';
  // One number per product, price in pence then position, sorted natively (no comparator calls):
  // ties keep the file's order. Exact while (price range in pence + 1) * n stays below 2^53.
  const n = final.length;
  const pence = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = Math.round(final[i]! * 100);
    pence[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (desc ? max - pence[i]! : pence[i]! - min) * n + i;
  keys.sort();
  const order = new Int32Array(n);
  for (let j = 0; j < n; j++) order[j] = keys[j]! % n;
  return order;
}

/**
 * The products matching a query state (filters, search text, sort), with facet counts. The offset
 * is not applied: the page shows the first offset + perPage of `order`.
 */
export function runListing(index: ListingIndex, state: Pick<CategoryQueryState, 'filters' | 'sort'> & { searchProductQuery?: string }): ListingResult {
  const { n, facets } = index;
  const active: { k: number; sel: Uint8Array }[] = [];
  facets.forEach((f, k) => {
    const ids = state.filters[f.code];
    if (!ids?.length) return;
    const sel = new Uint8Array(f.size);
    let any = false;
    for (const id of ids) {
      const v = f.ids.get(id);
      if (v !== undefined) {
        sel[v] = 1;
        any = true;
      }
    }
    if (any) active.push({ k, sel });
  });
  // A file of search matches (the search results page) already answers its query: no word filter on top.
  const words = index.file.q === undefined ? (state.searchProductQuery ?? '').toLowerCase().split(/\s+/).filter(Boolean) : [];
  if (words.length && !index.text) index.text = index.file.products.map((p) => `${p.name} ${p.sku}`.toLowerCase());

  // fails[i]: how many filters product i misses (2 = two or more, 3 = left out by the text); failed[i]: the one it misses.
  const fails = new Uint8Array(n);
  const failed = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    if (words.length) {
      const hay = index.text![i]!;
      if (!words.every((w) => hay.includes(w))) {
        fails[i] = 3;
        continue;
      }
    }
    let miss = 0;
    for (const { k, sel } of active) {
      const f = facets[k]!;
      let hit = false;
      for (let j = f.start[i]!, end = f.start[i + 1]!; j < end; j++) {
        if (sel[f.data[j]!]) {
          hit = true;
          break;
        }
      }
      if (!hit) {
        miss++;
        failed[i] = k;
        if (miss > 1) break;
      }
    }
    fails[i] = miss;
  }

  const counts = facets.map((f) => new Array<number>(f.size).fill(0));
  for (let i = 0; i < n; i++) {
    const miss = fails[i]!;
    if (miss > 1) continue;
    for (let k = 0; k < facets.length; k++) {
      // A product missing one filter still counts for that filter's own values.
      if (miss === 1 && failed[i] !== k) continue;
      const f = facets[k]!;
      const c = counts[k]!;
      for (let j = f.start[i]!, end = f.start[i + 1]!; j < end; j++) c[f.data[j]!]!++;
    }
  }

  const order = sortOrder(index, state.sort);
  let total = 0;
  for (let i = 0; i < n; i++) if (fails[i] === 0) total++;
  const out = new Int32Array(total);
  let w = 0;
  for (let j = 0; j < n; j++) {
    const i = order[j]!;
    if (fails[i] === 0) out[w++] = i;
  }
  return { order: out, total, counts: Object.fromEntries(facets.map((f, k) => [f.code, counts[k]!])) };
}

// ---------------------------------------------------------------------------------------------
// The filter state in the URL query: ?color=12,14&price=100-250&sort=final_price:asc

/** The facet codes and value ids a URL may name. */
export type FacetIds = readonly { code: string; values: readonly { id: string }[] }[];

/** Reads filters and sort from a URL query; unknown filters, values and sorts are left out. */
export function readListingParams(
  search: string,
  facets: FacetIds,
  sorts: readonly string[],
  defaultSort: string,
): Pick<CategoryQueryState, 'filters' | 'sort'> {
  const params = new URLSearchParams(search);
  const filters: Record<string, string[]> = {};
  for (const f of facets) {
    const raw = params.getAll(f.code).flatMap((v) => v.split(','));
    const known = new Set(f.values.map((v) => v.id));
    const ids = [...new Set(raw.map((v) => v.trim()).filter((v) => known.has(v)))];
    if (ids.length) filters[f.code] = ids;
  }
  const sort = params.get('sort');
  return { filters, sort: sort && sorts.includes(sort) ? sort : defaultSort };
}

/**
 * The URL query for a state: one parameter per filter (value ids joined by commas, in the order
 * chosen) and `sort` unless it is the default. Other parameters of `search` are kept.
 */
export function writeListingParams(search: string, state: Pick<CategoryQueryState, 'filters' | 'sort'>, facets: FacetIds, defaultSort: string): string {
  const params = new URLSearchParams(search);
  for (const f of facets) params.delete(f.code);
  params.delete('sort');
  const kept = params.toString();
  // ':' reads better than %3A in a shared link and is allowed in a query.
  const enc = (v: string) => encodeURIComponent(v).replace(/%3A/gi, ':');
  const own: string[] = [];
  for (const f of facets) {
    const ids = state.filters[f.code];
    if (ids?.length) own.push(`${enc(f.code)}=${ids.map(enc).join(',')}`);
  }
  if (state.sort !== defaultSort) own.push(`sort=${enc(state.sort)}`);
  const all = [kept, ...own].filter(Boolean).join('&');
  return all ? `?${all}` : '';
}

/** True when two states show the same products in the same order (offset aside). */
export function sameSelection(a: Pick<CategoryQueryState, 'filters' | 'sort'>, b: Pick<CategoryQueryState, 'filters' | 'sort'>): boolean {
  if (a.sort !== b.sort) return false;
  const codes = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]);
  for (const c of codes) {
    const x = a.filters[c] ?? [];
    const y = b.filters[c] ?? [];
    if (x.length !== y.length || x.some((v) => !y.includes(v))) return false;
  }
  return true;
}
