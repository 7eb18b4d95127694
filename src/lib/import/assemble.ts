/**
 * A whole snapshot from the records of a VSF catalogue (dump files or `_search` pages): every record
 * mapped (`from-vsf/`, one module per entity) and validated with the snapshot schemas, or reported (file, id, field,
 * reason); the parts the catalogue lacks from the import configuration (`config.ts`); counts written
 * and skipped per entity. Pure: the files are written by ./vsf-import.ts.
 */
import type { z } from 'zod';
import * as S from '../schemas';
import type { UrlMapEntry } from '../snapshot/schemas';
import { categoryUrl } from '../catalog/urls';
import { MapError, newNotes, type MapNotes, type Problem } from './from-vsf/common';
import { priceRule } from './from-vsf/prices';
import { attributeFromVsf } from './from-vsf/attributes';
import { categoryFromVsf } from './from-vsf/categories';
import { derivedPath, describeCandidates, rootCandidates } from './category-tree';
import { cmsBlockFromVsf, cmsPageFromVsf } from './from-vsf/cms';
import { productFromVsf } from './from-vsf/products';
import { reviewFromVsf } from './from-vsf/reviews';
import { taxRatesFromVsf } from './from-vsf/tax';
import { DEFAULT_PAYMENT_METHODS, DEFAULT_SHIPPING_METHODS, type ImportConfig } from './config';
import type { DumpRecord } from './dump';
import type { VsfEntity } from './to-vsf';

export type CatalogInput = Partial<Record<VsfEntity, DumpRecord[]>>;

export interface EntityCount {
  written: number;
  skipped: number;
}

export interface ImportResult {
  /** Snapshot files by name (products are in `products`, sharded by the writer). */
  files: Record<string, unknown>;
  products: S.Product[];
  counts: Record<VsfEntity, EntityCount>;
  problems: Problem[];
  /** Why no shop can be built from the catalogue (then nothing is written), or null. */
  fatal: string | null;
  /** The latest `updated_at` of the products (where the next incremental pull starts), or null. */
  watermark: string | null;
}

/** The name a problem gives the record's origin: the dump file, or the `_search` entity. */
export type SourceNames = Record<VsfEntity, string>;

const recordId = (r: DumpRecord, keys: string[]) => {
  for (const k of keys) if (r.source[k] !== undefined && r.source[k] !== null) return String(r.source[k]);
  return r.hitId ?? '';
};

const issueOf = (e: z.ZodError) => {
  const i = e.issues[0]!;
  return { field: i.path.join('.'), reason: i.message };
};

/** Maps and validates records of one entity; what fails is reported and skipped. */
function mapAll<T>(
  records: DumpRecord[] | undefined,
  file: string,
  idKeys: string[],
  map: (src: Record<string, unknown>, notes: MapNotes) => unknown[],
  schema: z.ZodType<T>,
  problems: Problem[],
  urlMap: UrlMapEntry[],
): { out: T[]; skipped: number } {
  const out: T[] = [];
  let skipped = 0;
  for (const r of records ?? []) {
    const id = recordId(r, idKeys);
    const notes = newNotes();
    let mapped: unknown[];
    try {
      mapped = map(r.source, notes);
    } catch (e) {
      if (!(e instanceof MapError)) throw e;
      problems.push({ file, id, field: e.field, reason: e.reason, skipped: true });
      skipped++;
      continue;
    }
    let ok = true;
    const valid: T[] = [];
    for (const m of mapped) {
      const v = schema.safeParse(m);
      if (!v.success) {
        problems.push({ file, id, ...issueOf(v.error), skipped: true });
        ok = false;
        break;
      }
      valid.push(v.data);
    }
    if (!ok) {
      skipped++;
      continue;
    }
    for (const d of notes.dropped) problems.push({ file, id, field: d.field, reason: d.reason, skipped: false });
    urlMap.push(...notes.urlMap);
    out.push(...valid);
  }
  return { out, skipped };
}

/** Keeps the first record of each key; the others are reported as duplicates. */
function unique<T>(rows: T[], key: (r: T) => string, file: string, field: string, problems: Problem[]): { out: T[]; skipped: number } {
  const seen = new Set<string>();
  const out: T[] = [];
  let skipped = 0;
  for (const r of rows) {
    const k = key(r);
    if (seen.has(k)) {
      problems.push({ file, id: k, field, reason: 'duplicate: an earlier record has the same value (the first is kept)', skipped: true });
      skipped++;
      continue;
    }
    seen.add(k);
    out.push(r);
  }
  return { out, skipped };
}

/** The linked product fields a bundle or grouped link needs for its price (LinkedProductSchema). */
const linked = (p: S.Product) => ({
  id: p.id,
  sku: p.sku,
  name: p.name,
  type_id: p.type_id,
  price: p.price,
  ...(p.final_price !== undefined && p.final_price !== null ? { final_price: p.final_price } : {}),
  ...(p.special_price !== undefined && p.special_price !== null ? { special_price: p.special_price } : {}),
  ...(p.special_from_date ? { special_from_date: p.special_from_date } : {}),
  ...(p.special_to_date ? { special_to_date: p.special_to_date } : {}),
  stock: { is_in_stock: p.stock.is_in_stock, qty: p.stock.qty },
});

/** Header (1) and mobile (6) menus from the category tree: active categories in the menu, `depth` levels below the root. */
export function categoryMenus(categories: S.Category[], rootId: number, depth: number): { header: S.MenuNode[]; mobile: S.MenuNode[] } {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const root = byId.get(rootId);
  if (!root) return { header: [], mobile: [] };
  const shown = (c: S.Category): boolean => {
    for (let cur: S.Category | undefined = c; cur && cur.id !== rootId; cur = byId.get(cur.parent_id)) if (!cur.is_active || !cur.include_in_menu) return false;
    return c.id !== rootId && c.level - root.level <= depth;
  };
  const sorted = categories.filter(shown).sort((a, b) => a.level - b.level || (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  const hasChildren = new Set(sorted.map((c) => c.parent_id));
  const header = sorted.map((c) => ({
    node_id: c.id,
    content: categoryUrl(c),
    classes: hasChildren.has(c.id) ? 'has-children' : '',
    parent_id: c.parent_id === rootId ? null : c.parent_id,
    title: c.name,
    position: c.position ?? 0,
  }));
  const mobile = header.filter((n) => n.parent_id === null).map((n) => ({ ...n, classes: '' }));
  return { header, mobile };
}

/** An incremental pull: the previous snapshot's products, into which the pulled (changed) products are merged. */
export interface ProductBase {
  products: S.Product[];
  /** Product ids to remove (asked for by id and no longer in the index). */
  removed: ReadonlySet<number>;
}

/**
 * A snapshot from a VSF catalogue. `names` names each entity's origin in the problems. With `base`,
 * `input.product` holds only changed products: they replace (by id) or join the base's products.
 */
export function assembleSnapshot(input: CatalogInput, config: ImportConfig, names: SourceNames, base?: ProductBase): ImportResult {
  const problems: Problem[] = [];
  const urlMap: UrlMapEntry[] = [];
  const counts = {} as Record<VsfEntity, EntityCount>;

  // Tax rules first: prices need them.
  const taxMapped = mapAll(input.taxrule, names.taxrule, ['id', 'code'], (s) => taxRatesFromVsf(s), S.TaxRateSchema, problems, urlMap);
  const taxRates: S.TaxRate[] = [];
  for (const t of taxMapped.out) {
    const same = taxRates.find((x) => x.code === t.code);
    if (same) same.product_tax_class_ids = [...new Set([...same.product_tax_class_ids, ...t.product_tax_class_ids])];
    else taxRates.push(t);
  }
  if (!taxRates.length)
    taxRates.push({
      rate: config.vat.rate,
      code: config.vat.code,
      tax_country_id: config.vat.country,
      region_name: '*',
      tax_region_id: 0,
      product_tax_class_ids: [config.vat.product_tax_class_id],
    });
  counts.taxrule = { written: (input.taxrule?.length ?? 0) - taxMapped.skipped, skipped: taxMapped.skipped };

  const attrs = mapAll(
    input.attribute,
    names.attribute,
    ['attribute_code', 'attribute_id', 'id'],
    (s) => [attributeFromVsf(s, config.store_id)],
    S.AttributeSchema,
    problems,
    urlMap,
  );
  const attributes = unique(attrs.out, (a) => a.attribute_code, names.attribute, 'attribute_code', problems);
  counts.attribute = { written: attributes.out.length, skipped: attrs.skipped + attributes.skipped };
  const attributeIndex = new Map<string, S.Attribute>();
  for (const a of attributes.out) {
    attributeIndex.set(a.attribute_code, a);
    attributeIndex.set(`#${a.attribute_id}`, a);
  }

  // Categories: a tree (children_data holding categories) is flattened; then only the root's subtree is kept.
  const flat: DumpRecord[] = [];
  const pending = [...(input.category ?? [])];
  while (pending.length) {
    const r = pending.shift()!;
    flat.push(r);
    const kids = Array.isArray(r.source.children_data) ? (r.source.children_data as unknown[]) : [];
    // A nested category's parent is the category holding it, when it does not name one.
    for (const k of kids)
      if (k && typeof k === 'object' && typeof (k as { name?: unknown }).name === 'string')
        pending.push({ source: { parent_id: r.source.id, ...(k as Record<string, unknown>) } });
  }
  const cats = mapAll(flat, names.category, ['id'], (s, n) => [categoryFromVsf(s, n).category], S.CategorySchema, problems, urlMap);
  const catsUnique = unique(cats.out, (c) => String(c.id), names.category, 'id', problems);
  const byId = new Map(catsUnique.out.map((c) => [c.id, c]));
  // A record without a path (the mapping gave it a placeholder) gets it from its parent_id chain.
  const pathless = new Set(flat.filter((r) => typeof r.source.path !== 'string' || !r.source.path).map((r) => String(r.source.id)));
  for (const c of catsUnique.out) if (pathless.has(String(c.id))) c.path = derivedPath(c, byId);
  const rootId = config.root_category_id;
  const categories: S.Category[] = [];
  let catSkipped = cats.skipped + catsUnique.skipped;
  const rootMissing = !byId.has(rootId);
  for (const c of catsUnique.out) {
    // The chain of parents up to the root (Magento's tree root 1 and other stores' roots are not the shop's).
    const chain: number[] = [];
    let cur: S.Category | undefined = c;
    while (cur && !chain.includes(cur.id)) {
      chain.unshift(cur.id);
      if (cur.id === rootId) break;
      cur = byId.get(cur.parent_id);
    }
    if (chain[0] !== rootId) {
      problems.push({
        file: names.category,
        id: String(c.id),
        field: 'parent_id',
        reason: `not below the root category ${rootId} (another store's tree, or an orphan)`,
        skipped: true,
      });
      catSkipped++;
      continue;
    }
    const rootPath = byId.get(rootId)!.path;
    categories.push({ ...c, path: c.id === rootId ? rootPath : `${rootPath}/${chain.slice(1).join('/')}` });
  }
  counts.category = { written: categories.length, skipped: catSkipped };

  // Products.
  const rule = priceRule(config, taxRates);
  const prods = mapAll(
    input.product,
    names.product,
    ['id', 'sku'],
    (s, n) => [productFromVsf(s, { rule, attributes: attributeIndex, imagePrefix: config.images.product_prefix }, n)],
    S.ProductSchema,
    problems,
    urlMap,
  );
  const byIdP = unique(prods.out, (p) => String(p.id), names.product, 'id', problems);
  const bySkuP = unique(byIdP.out, (p) => p.sku, names.product, 'sku', problems);
  const changedSkus = new Set(bySkuP.out.map((p) => p.sku));
  let products = bySkuP.out;
  if (base) {
    const changed = new Map(products.map((p) => [p.id, p]));
    const merged = base.products.filter((p) => !base.removed.has(p.id)).map((p) => changed.get(p.id) ?? p);
    const known = new Set(merged.map((p) => p.id));
    products = [...merged, ...products.filter((p) => !known.has(p.id) && !base.removed.has(p.id))];
  }
  const bySku = new Map(products.map((p) => [p.sku, p]));
  // A link's nested product carries its price: filled when missing, refreshed when the linked product changed.
  const fill = (sku: string | null | undefined, has: boolean) => (sku && (!has || (base && changedSkus.has(sku))) ? bySku.get(sku) : undefined);
  for (const p of products) {
    p.bundle_options.forEach((o, i) =>
      o.product_links.forEach((l, j) => {
        const to = fill(l.sku, !!l.product);
        if (to) l.product = linked(to);
        else if (!l.product && !(l.sku && bySku.has(l.sku)) && !(Number(l.price) > 0))
          problems.push({
            file: names.product,
            id: String(p.id),
            field: `bundle_options.${i}.product_links.${j}.sku`,
            reason: `no product with sku ${String(l.sku)}: this choice has no price`,
            skipped: false,
          });
      }),
    );
    if (p.type_id === 'grouped')
      p.product_links.forEach((l, i) => {
        if (l.link_type !== 'associated') return;
        const to = fill(l.linked_product_sku, !!l.product);
        if (to) l.product = linked(to);
        else if (!l.product && !bySku.has(l.linked_product_sku))
          problems.push({
            file: names.product,
            id: String(p.id),
            field: `product_links.${i}.linked_product_sku`,
            reason: `no product with sku ${l.linked_product_sku}`,
            skipped: false,
          });
      });
  }
  counts.product = { written: bySkuP.out.length, skipped: prods.skipped + byIdP.skipped + bySkuP.skipped };
  const fatal = rootMissing
    ? `no root category: the catalogue has no category ${rootId} (set root_category_id in the import configuration, and the site's constants.categoryRootId); ${describeCandidates(rootCandidates(catsUnique.out, products))}`
    : !products.length
      ? 'no product: not one product record could be mapped'
      : null;

  const pagesM = mapAll(
    input.cms_page,
    names.cms_page,
    ['id', 'page_id', 'identifier'],
    (s) => [cmsPageFromVsf(s, config.store_id)],
    S.CmsPageSchema,
    problems,
    urlMap,
  );
  // Several store views' copies of one identifier: the store's own before the all-stores one.
  pagesM.out.sort((a, b) => Number(b.store_id === config.store_id) - Number(a.store_id === config.store_id));
  const given = config.cms_pages.filter((c) => !pagesM.out.some((p) => p.identifier === c.identifier));
  const pages = unique([...pagesM.out, ...given], (p) => p.identifier, names.cms_page, 'identifier', problems);
  pages.out.sort((a, b) => a.id - b.id);
  counts.cms_page = { written: pages.out.length - given.length, skipped: pagesM.skipped + pages.skipped };
  const blocksM = mapAll(
    input.cms_block,
    names.cms_block,
    ['id', 'block_id', 'identifier'],
    (s) => [cmsBlockFromVsf(s, config.store_id)],
    S.CmsBlockSchema,
    problems,
    urlMap,
  );
  const blocks = unique(blocksM.out, (b) => b.identifier, names.cms_block, 'identifier', problems);
  counts.cms_block = { written: blocks.out.length, skipped: blocksM.skipped + blocks.skipped };

  const productIds = new Set(products.map((p) => p.id));
  const revM = mapAll(input.review, names.review, ['id', 'review_id'], (s) => [reviewFromVsf(s)], S.ReviewSchema, problems, urlMap);
  const reviews = revM.out.filter((r) => {
    if (productIds.has(r.product_id)) return true;
    problems.push({ file: names.review, id: String(r.id), field: 'product_id', reason: `no product with id ${r.product_id}`, skipped: true });
    return false;
  });
  counts.review = { written: reviews.length, skipped: (input.review?.length ?? 0) - reviews.length };

  const built = categoryMenus(categories, rootId, config.menus.category_depth);
  const menus: S.Menus = { '1': built.header, '2': [], '3': [], '4': [], '5': [], '6': built.mobile };
  for (const [k, nodes] of Object.entries(config.menus.nodes)) if (nodes) menus[k as keyof S.Menus] = nodes;

  const urlMapAll = [...config.url_map];
  for (const u of urlMap) if (!urlMapAll.some((x) => x.from === u.from)) urlMapAll.push(u);

  let watermark: string | null = null;
  for (const p of products)
    if (p.updated_at && (!watermark || Date.parse(p.updated_at.replace(' ', 'T')) > Date.parse(watermark.replace(' ', 'T')))) watermark = p.updated_at;

  return {
    files: {
      'categories.json': categories,
      'attributes.json': attributes.out,
      'reviews.json': reviews,
      'cms-pages.json': pages.out,
      'cms-blocks.json': blocks.out,
      'tax-rates.json': taxRates,
      'blog-posts.json': config.blog_posts,
      'blog-categories.json': config.blog_categories,
      'menus.json': menus,
      [`banners/${config.store_code}.json`]: config.banners,
      'shops.json': config.shops,
      'shipping-methods.json': config.shipping_methods ?? DEFAULT_SHIPPING_METHODS,
      'payment-methods.json': config.payment_methods ?? DEFAULT_PAYMENT_METHODS,
      'coupons.json': config.coupons,
      'social.json': config.social,
      'url-map.json': urlMapAll,
    },
    products,
    counts,
    problems,
    fatal,
    watermark,
  };
}
