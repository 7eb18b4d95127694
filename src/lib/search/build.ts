/**
 * Builds the search index file at build time from the snapshot: one small record per searchable
 * product, holding only what matching and a result line need (name, sku, category ids, supplier
 * code; url, tile image, price fields). Served as /search-index.json, searched in the browser.
 */
import type { Attribute, Category, Product } from '../schemas';
import { catalogRulePrice, convertPrice, productPrices, type PricedProduct } from '../catalog/price';
import { defaultChild } from '../catalog/variants';
import { categoryUrl, productUrl } from '../catalog/urls';
import { SEARCH_INDEX_VERSION, packUrl, type SearchDoc, type SearchIndexFile, type SearchSuggestions } from './types';

/** A product is searchable when visible in search (visibility 3 or 4), enabled (status 1) and not discontinued. */
export function isSearchable(p: Pick<Product, 'visibility' | 'status' | 'discontinued'>): boolean {
  return (p.visibility === 3 || p.visibility === 4) && p.status === 1 && Number(p.discontinued) !== 1;
}

/** The price fields a result line needs, taken where productPrices would take them. */
function priceSource(p: Product): PricedProduct {
  // A bundle's price is the sum of its default choices (§4), worked out here as the page does.
  if (p.type_id === 'bundle') return { price: productPrices(p).final };
  if (p.type_id === 'configurable' && !(Number(p.price ?? 0) > 0)) {
    const child = defaultChild(p) ?? p.configurable_children?.[0];
    if (child) return child;
  }
  return p;
}

/** The index record of one product (call only for searchable products). */
export function toSearchDoc(p: Product, store: StoreOptions = {}): SearchDoc {
  const src = priceSource(p);
  const money = (n: number) => convertPrice(n, store.rate ?? 1);
  const doc: SearchDoc = { s: p.sku, n: p.name, u: packUrl(productUrl(p, { storeCode: store.storeCode }), p.name), p: money(Number(src.price ?? 0) || 0) };
  // The tile's image, in the order of productImagePath (src/lib/routing/routes.ts).
  const image = p.image || p.small_image || p.thumbnail || p.media_gallery.find((m) => m.typ === 'image')?.image;
  if (image && image !== 'no_selection') doc.m = image;
  const special = Number(src.special_price ?? 0);
  if (special > 0) {
    doc.sp = money(special);
    if (src.special_from_date) doc.sf = src.special_from_date;
    if (src.special_to_date) doc.st = src.special_to_date;
  }
  const ruled = catalogRulePrice(src, Number(src.price ?? 0) || 0);
  if (ruled !== null) doc.fp = money(ruled);
  const cats = new Set<number>([...p.category_ids, ...(p.category ?? []).map((c) => c.category_id)]);
  if (cats.size) doc.c = [...cats];
  if (p.c2c_supplier_code) doc.k = p.c2c_supplier_code;
  // The children a shopper can choose (status below 2, §5): their skus find the parent.
  const children = (p.type_id === 'configurable' ? (p.configurable_children ?? []) : []).filter((c) => c.status < 2 && c.sku !== p.sku);
  if (children.length) {
    doc.cs = children.map((c) => c.sku);
    const marker = 'CHILD-SKU-MARKER';
    const url = productUrl(p, { storeCode: store.storeCode, childSku: marker });
    const at = url.indexOf(marker);
    if (at >= 0) doc.cu = [url.slice(0, at), url.slice(at + marker.length)];
  }
  return doc;
}

/** How many suggestions the empty state shows. */
export const SUGGESTION_COUNT = { categories: 8, popular: 6 };

/** The store view an index is built for (spec §7: a search index per store): its links and its currency. */
export interface StoreOptions {
  /** Store code: links carry its prefix when multistore is on (catalog/urls.ts). */
  storeCode?: string;
  /** Exchange rate from the snapshot's GBP prices to the store's currency (1 for GBP). */
  rate?: number;
}

/** Options of the index build. */
export interface BuildOptions extends StoreOptions {
  /** Attribute metadata, for brand labels (popular searches). */
  attributes?: Attribute[];
  /** The snapshot's date (manifest generated_at), so builds of one snapshot are identical. */
  generatedAt?: Date | string;
}

/**
 * Builds the index file from a stream of products (e.g. iterateProducts(), shard by shard) and the
 * category list. Only searchable products are kept (memory: one small record each); category
 * names are stored once, for the categories the kept products reference, skipping the root levels
 * (level < 2). Suggestions: the menu's top-level categories and the brands with most products.
 */
export function buildSearchIndex(products: Iterable<Product>, categories: Category[], opts: BuildOptions = {}): SearchIndexFile {
  const names = new Map<number, string>();
  const roots = new Set<number>();
  for (const c of categories) {
    if (c.level >= 2) names.set(c.id, c.name);
    else roots.add(c.id);
  }
  const used: Record<string, string> = {};
  const docs: SearchDoc[] = [];
  const skus = new Set<string>();
  const brandCounts = new Map<string, number>();
  for (const p of products) {
    // The SKU is the record's id: a repeated one (a data error) keeps its first product.
    if (!isSearchable(p) || skus.has(p.sku)) continue;
    skus.add(p.sku);
    for (const c of p.category ?? []) if (!names.has(c.category_id) && !roots.has(c.category_id) && c.name) names.set(c.category_id, c.name);
    const doc = toSearchDoc(p, opts);
    if (doc.c) {
      doc.c = doc.c.filter((id) => names.has(id));
      for (const id of doc.c) used[id] = names.get(id)!;
      if (!doc.c.length) delete doc.c;
    }
    docs.push(doc);
    const brand = p.brand ?? p.pj_brand;
    if (brand !== null && brand !== undefined) brandCounts.set(String(brand), (brandCounts.get(String(brand)) ?? 0) + 1);
  }
  const at = opts.generatedAt ? new Date(typeof opts.generatedAt === 'string' ? opts.generatedAt.replace(' ', 'T') : opts.generatedAt) : new Date();
  return { v: SEARCH_INDEX_VERSION, at: at.toISOString(), c: used, d: docs, sg: suggestions(categories, brandCounts, opts.attributes ?? [], opts.storeCode) };
}

function suggestions(categories: Category[], brandCounts: Map<string, number>, attributes: Attribute[], storeCode?: string): SearchSuggestions {
  const top = categories
    .filter((c) => c.level === 2 && c.is_active && c.include_in_menu)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id)
    .slice(0, SUGGESTION_COUNT.categories)
    .map((c): [string, string] => [c.name, categoryUrl(c, { storeCode })]);
  const labels = new Map<string, string>();
  for (const code of ['brand', 'pj_brand']) {
    for (const o of attributes.find((a) => a.attribute_code === code)?.options ?? []) if (!labels.has(o.value)) labels.set(o.value, o.label);
  }
  const popular = [...brandCounts]
    .filter(([id]) => labels.has(id))
    .sort((a, b) => b[1] - a[1] || labels.get(a[0])!.localeCompare(labels.get(b[0])!))
    .slice(0, SUGGESTION_COUNT.popular)
    .map(([id]) => labels.get(id)!);
  return { categories: top, popular };
}
