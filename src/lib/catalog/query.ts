/**
 * Catalogue queries (spec §4 Category listing, §5): the query-state transitions (filters, sort,
 * infinite scroll), a backend-neutral query object with the always-on filters, and a fast in-memory
 * executor (`applyQuery`) for a category's JSON listing. Its facet counter (`facets`): ./facets.ts.
 */
import { config } from '../config';
import { dayNumber } from '../messages/format';
import type { CategoryQueryState } from '../schemas';
import { productPrices, type PricedProduct } from './price';
import { childAttribute, type VariantLike, type VariantOptions } from './variants';

/** One condition of a query: equality on one of the values, or any of the price ranges. */
export type QueryFilter = { field: string; op: 'in'; values: (string | number | boolean)[] } | { field: string; op: 'range'; ranges: PriceRange[] };

/** A price range: from inclusive, to exclusive; a missing bound is open. */
export interface PriceRange {
  from?: number;
  to?: number;
}

/** A sort key. */
export interface SortSpec {
  field: string;
  dir: 'asc' | 'desc';
}

/** A backend-neutral catalogue query: every filter must hold (values within one filter are alternatives). */
export interface CatalogQuery {
  filters: QueryFilter[];
  sort: SortSpec[];
  from: number;
  size: number;
  /** Words that must all appear in the name or sku (category search box); empty for none. */
  text: string;
}

/** What `buildCatalogQuery` needs beside the state. */
export interface QueryContext extends VariantOptions {
  /** The category being listed; its descendants are included. */
  categoryId?: number | null;
  /** Every category (flat with parent_id, or a tree with children_data). */
  categories?: CategoryNode[];
}

/** The category fields the descendant walk needs. */
export interface CategoryNode {
  id: number;
  parent_id?: number | null;
  children_data?: CategoryNode[] | null;
}

// ---------------------------------------------------------------------------------------------
// Query state transitions (§4 Category listing)

/** The first query state of a category page: offset 0, 50 per page, Latest first, no filters. */
export function initialQueryState(over: Partial<CategoryQueryState> = {}): CategoryQueryState {
  return {
    offset: 0,
    perPage: config.constants.categoryPageSize,
    sort: config.constants.sorts[0]?.value ?? 'position:desc',
    filters: {},
    searchProductQuery: '',
    ...over,
  };
}

/** Chooses a filter value; choosing the same value again removes it. The offset goes back to 0. */
export function toggleFilter(state: CategoryQueryState, code: string, id: string): CategoryQueryState {
  const current = state.filters[code] ?? [];
  const next = current.includes(id) ? current.filter((v) => v !== id) : [...current, id];
  const filters = { ...state.filters };
  if (next.length) filters[code] = next;
  else delete filters[code];
  return { ...state, filters, offset: 0 };
}

/** Removes every filter; the offset goes back to 0. */
export function clearFilters(state: CategoryQueryState): CategoryQueryState {
  return { ...state, filters: {}, offset: 0 };
}

/** Changes the sort order and returns to the first page. */
export function changeSort(state: CategoryQueryState, sort: string): CategoryQueryState {
  return { ...state, sort, offset: 0 };
}

/**
 * The state for the next batch when scrolling reaches the bottom: only with lazy loading on and
 * while the next offset is below the total; otherwise null (nothing more to load).
 */
export function loadMore(state: CategoryQueryState, total: number, lazyLoading: boolean = config.switches.lazyLoading): CategoryQueryState | null {
  if (!lazyLoading) return null;
  const offset = state.offset + state.perPage;
  return offset < total ? { ...state, offset } : null;
}

/** True when a filter value is currently chosen. */
export function isFilterActive(state: CategoryQueryState, code: string, id: string): boolean {
  return state.filters[code]?.includes(id) ?? false;
}

// ---------------------------------------------------------------------------------------------
// Building the query (§5)

/** A category id and the ids of all its descendants. */
export function categoryWithDescendants(categoryId: number, categories: CategoryNode[] = []): number[] {
  const children = new Map<number, number[]>();
  const add = (parent: number, child: number) => {
    const list = children.get(parent);
    if (!list) children.set(parent, [child]);
    else if (!list.includes(child)) list.push(child);
  };
  const walk = (nodes: CategoryNode[]) => {
    for (const c of nodes) {
      if (typeof c.parent_id === 'number') add(c.parent_id, c.id);
      if (c.children_data?.length) {
        for (const d of c.children_data) add(c.id, d.id);
        walk(c.children_data);
      }
    }
  };
  walk(categories);
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [categoryId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    for (const c of children.get(id) ?? []) stack.push(c);
  }
  return out;
}

/** Reads a price filter id: '100-250' is [100, 250), '2500-' is 2500 and above. Null when malformed. */
export function parsePriceRange(id: string): PriceRange | null {
  const m = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(id.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const r: PriceRange = {};
  if (m[1] !== undefined) r.from = Number(m[1]);
  if (m[2] !== undefined) r.to = Number(m[2]);
  return r;
}

/** The id of a price range ('100-250', '2500-'). */
export function priceRangeId(r: PriceRange): string {
  return `${r.from ?? ''}-${r.to ?? ''}`;
}

/** Reads a sort value 'field:dir' ('final_price:asc'); a missing direction is ascending. */
export function parseSort(sort: string): SortSpec {
  const [field = 'position', dir] = sort.split(':');
  return { field, dir: dir === 'desc' ? 'desc' : 'asc' };
}

/** The filters every catalogue query carries: visibility 2,3,4, status 0,1, discontinued 0, and stock when out-of-stock listing is off. */
export function baseFilters(opts: VariantOptions = {}): QueryFilter[] {
  const filters: QueryFilter[] = [
    { field: 'visibility', op: 'in', values: [2, 3, 4] },
    { field: 'status', op: 'in', values: [0, 1] },
    { field: 'discontinued', op: 'in', values: [0] },
  ];
  if (!(opts.listOutOfStock ?? config.switches.listOutOfStockProducts)) {
    filters.push({ field: 'stock.is_in_stock', op: 'in', values: [true] });
  }
  return filters;
}

/**
 * The query for a state: the base filters, the category with all its descendants, price filters
 * as from/to ranges, every other filter as equality on the value id; sort, offset and page size.
 */
export function buildCatalogQuery(state: CategoryQueryState, ctx: QueryContext = {}): CatalogQuery {
  const filters = baseFilters(ctx);
  if (typeof ctx.categoryId === 'number') {
    filters.push({ field: 'category_ids', op: 'in', values: categoryWithDescendants(ctx.categoryId, ctx.categories) });
  }
  for (const [code, ids] of Object.entries(state.filters)) {
    if (!ids.length) continue;
    if (code === 'price') {
      const ranges = ids.map(parsePriceRange).filter((r): r is PriceRange => r !== null);
      if (ranges.length) filters.push({ field: 'price', op: 'range', ranges });
    } else {
      filters.push({ field: code, op: 'in', values: ids.map((id) => (/^-?\d+$/.test(id) ? Number(id) : id)) });
    }
  }
  return {
    filters,
    sort: [parseSort(state.sort)],
    from: Math.max(0, state.offset),
    size: state.perPage > 0 ? state.perPage : config.constants.categoryPageSize,
    text: state.searchProductQuery.trim(),
  };
}

// ---------------------------------------------------------------------------------------------
// In-memory execution

/** The product fields the executor reads. */
export interface QueryableProduct extends PricedProduct {
  id?: number;
  sku?: string;
  name?: string;
  configurable_options?: { attribute_code: string }[] | null;
  configurable_children?: (VariantLike & PricedProduct)[] | null;
  [key: string]: unknown;
}

/** The page of results and the number of matches. */
export interface QueryResult<P> {
  items: P[];
  total: number;
}

const finalCache = new WeakMap<object, { day: number; final: number }>();

/** The price a shopper pays today (special applied; a configurable's default child), cached per product and day. */
export function finalPriceOf(p: QueryableProduct, now: Date, day: number): number {
  const hit = finalCache.get(p);
  if (hit && hit.day === day) return hit.final;
  const final = productPrices(p, now).final;
  finalCache.set(p, { day, final });
  return final;
}

function readPath(p: Record<string, unknown>, path: string[]): unknown {
  let v: unknown = p;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

type ValueSet = Set<unknown>;

// Holds each value both as given and as text/number, so lookups need no conversion.
function valueSet(values: readonly (string | number | boolean)[]): ValueSet {
  const set: ValueSet = new Set();
  for (const v of values) {
    set.add(v);
    set.add(String(v));
    if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) set.add(Number(v));
  }
  return set;
}

function valueMatches(v: unknown, set: ValueSet): boolean {
  if (v === undefined || v === null) return false;
  if (set.has(v)) return true;
  if (Array.isArray(v)) {
    for (const x of v) if (set.has(x)) return true;
    return false;
  }
  if (typeof v === 'string' && v.includes(',')) {
    for (const x of v.split(',')) if (set.has(x.trim())) return true;
  }
  return false;
}

/** True when the product has the configurable option `code` (among its configurable_options). */
export function hasOption(p: QueryableProduct, code: string): boolean {
  const opts = p.configurable_options;
  if (!opts) return false;
  for (const o of opts) if (o.attribute_code === code) return true;
  return false;
}

/** True when the product, or for a configurable option one of its children, has one of the values. */
function attributeMatches(p: QueryableProduct, code: string, set: ValueSet): boolean {
  if (valueMatches(p[code], set)) return true;
  if (p.type_id === 'configurable' && p.configurable_children && hasOption(p, code)) {
    for (const c of p.configurable_children) if (valueMatches(childAttribute(c, code), set)) return true;
  }
  return false;
}

type Predicate = (p: QueryableProduct, i: number) => boolean;

function compileFilter(f: QueryFilter, price: (i: number) => number): Predicate {
  if (f.op === 'range') {
    const ranges = f.ranges.map((r) => [r.from ?? -Infinity, r.to ?? Infinity] as const);
    return (_p, i) => {
      const v = price(i);
      for (const [from, to] of ranges) if (v >= from && v < to) return true;
      return false;
    };
  }
  const set = valueSet(f.values);
  const path = f.field.split('.');
  if (path.length > 1) return (p) => valueMatches(readPath(p, path), set);
  const field = f.field;
  if (field === 'visibility' || field === 'status' || field === 'category_ids') return (p) => valueMatches(p[field], set);
  if (field === 'discontinued') return (p) => set.has(p.discontinued ?? 0);
  return (p) => attributeMatches(p, field, set);
}

function sortKey(p: QueryableProduct, field: string): number | string | undefined {
  const v = p[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    if (field.endsWith('_at') || field.endsWith('_date')) {
      const t = Date.parse(v.includes('T') ? v : v.replace(' ', 'T'));
      return Number.isNaN(t) ? undefined : t;
    }
    return v.toLowerCase();
  }
  return undefined;
}

/**
 * Filters, sorts and pages products in memory. Sorts: 'position:desc' (Latest), 'final_price:asc'
 * and 'final_price:desc' (the price paid today), or any field; ties keep the listing's order and
 * products without the sort field come last.
 */
export function applyQuery<P extends QueryableProduct>(products: readonly P[], query: CatalogQuery, now: Date = new Date()): QueryResult<P> {
  const day = dayNumber(now) ?? 0;
  // Prices are worked out only for the products that reach a price filter or the sort.
  const finals = new Float64Array(products.length).fill(Number.NaN);
  const price = (i: number): number => {
    let v = finals[i]!;
    if (Number.isNaN(v)) v = finals[i] = finalPriceOf(products[i]!, now, day);
    return v;
  };
  const ordered = [...query.filters.filter((f) => f.op !== 'range'), ...query.filters.filter((f) => f.op === 'range')];
  const predicates = ordered.map((f) => compileFilter(f, price));
  const words = query.text ? query.text.toLowerCase().split(/\s+/).filter(Boolean) : [];

  const matched: number[] = [];
  outer: for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    for (const pred of predicates) if (!pred(p, i)) continue outer;
    if (words.length) {
      const hay = `${p.name ?? ''} ${p.sku ?? ''}`.toLowerCase();
      for (const w of words) if (!hay.includes(w)) continue outer;
    }
    matched.push(i);
  }

  if (query.sort.length) {
    const keys = query.sort.map((s) => {
      const k = new Array<number | string | undefined>(products.length);
      const byPrice = s.field === 'final_price' || s.field === 'price';
      for (const i of matched) k[i] = byPrice ? price(i) : sortKey(products[i]!, s.field);
      return { k, sign: s.dir === 'desc' ? -1 : 1 };
    });
    matched.sort((a, b) => {
      for (const { k, sign } of keys) {
        const x = k[a];
        const y = k[b];
        if (x === y) continue;
        if (x === undefined) return 1;
        if (y === undefined) return -1;
        return (x < y ? -1 : 1) * sign;
      }
      return a - b;
    });
  }

  const from = Math.max(0, query.from);
  const items = matched.slice(from, from + Math.max(0, query.size)).map((i) => products[i]!);
  return { items, total: matched.length };
}
