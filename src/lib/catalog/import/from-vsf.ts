/**
 * From the records vue-storefront indexers write into Elasticsearch (mage2vuestorefront,
 * magento2-vsbridge-indexer; what vue-storefront-api's `_search` answers) to the snapshot's records
 * (docs/snapshot.md). Pure: one function per entity, each returning the mapped record or the field it
 * could not map and why. What every VSF field becomes is in docs/vsf-migration.md; the inverse is
 * `to-vsf.ts`. The mapped records are then validated with the snapshot schemas by `assemble.ts`.
 */
import type { Attribute, Category, CmsBlock, CmsPage, Product, Review, TaxRate, UrlMapEntry } from '../../schemas';
import { PRODUCT_TYPES } from '../../schemas/product';
import { slugify } from '../slug';
import { PAGE_LAYOUTS } from './to-vsf';
import type { ImportConfig } from './config';

type Rec = Record<string, unknown>;

/** Why one record (or one part of it) could not be mapped. */
export interface Problem {
  /** The dump file (or `_search` entity) the record came from. */
  file: string;
  /** The record's id (or sku, identifier, attribute_code) as the dump has it; '' when it has none. */
  id: string;
  /** The field, dotted ('configurable_children.2.price'). */
  field: string;
  reason: string;
  /** True when the whole record was left out; false when only the named part was. */
  skipped: boolean;
}

export class MapError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** What mapping one record may note besides its result: parts left out, legacy URLs. */
export interface MapNotes {
  /** Parts of the record left out (the record itself is written). */
  dropped: Array<{ field: string; reason: string }>;
  urlMap: UrlMapEntry[];
}

export const newNotes = (): MapNotes => ({ dropped: [], urlMap: [] });

/** A product picture path below media/: Magento's '/s/o/a.jpg' becomes '/catalog/product/s/o/a.jpg'; URLs and prefixed paths stay. */
export function productImage(v: unknown, prefix: string): unknown {
  if (typeof v !== 'string' || !v || v === 'no_selection' || /^https?:/i.test(v)) return v;
  const path = v.startsWith('/') ? v : `/${v}`;
  return !prefix || path.startsWith(`${prefix}/`) ? v : `${prefix}${path}`;
}

const isObj = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** An integer from a number or a numeric string ("12", "12.0000"); undefined otherwise. */
export function toInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A number from a number or a numeric string; undefined otherwise. */
export function toNum(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A flag from true/false, 1/0, "1"/"0", "true"/"false"; undefined otherwise. */
export function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

function required<T>(v: T | undefined, field: string, reason: string): T {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) throw new MapError(field, reason);
  return v;
}

/** A url_path or url_key without slashes around it and without Magento's `.html` suffix. */
export const stripUrl = (s: string): string => s.replace(/^\/+|\/+$/g, '').replace(/\.html?$/i, '');

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Undefined and null fields left out (a snapshot field is either there or absent). */
function clean<T extends Rec>(r: T): T {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as T;
}

// Prices

/** How prices become the shop's VAT-inclusive GBP prices (docs/vsf-migration.md, Prices). */
export interface PriceRule {
  /** The dump's prices already include VAT (Magento "Catalog Prices: Including Tax"). */
  includeTax: boolean;
  /** VAT rate in per cent of a product tax class (from the tax rules); `fallbackRate` for a class no rule names. */
  rateOf: (taxClassId: number | undefined) => number;
}

export function priceRule(config: ImportConfig, taxRates: readonly TaxRate[]): PriceRule {
  return {
    includeTax: config.prices.include_tax,
    rateOf: (cls) => {
      if (cls === 0) return 0; // Magento's "None" tax class
      const rule = taxRates.find((t) => t.tax_country_id === config.vat.country && cls !== undefined && t.product_tax_class_ids.includes(cls));
      return rule ? rule.rate : config.vat.rate;
    },
  };
}

/** A VAT-exclusive price with VAT added, or an inclusive one as it is. */
export const inclTax = (n: number, rule: PriceRule, cls: number | undefined): number => (rule.includeTax ? n : round2(n * (1 + rule.rateOf(cls) / 100)));

/**
 * `price` as indexers write it: a number, a numeric string, or one entry per customer group
 * (`[{ customer_group_id, price | final_price | value }]`): the NOT LOGGED IN group's (0), else the first;
 * the other groups become tier prices from quantity 1.
 */
export function basePrice(v: unknown): { price: number | undefined; groups: Array<{ customer_group_id: number; value: number }> } {
  if (!Array.isArray(v)) return { price: toNum(v), groups: [] };
  const entries = v
    .map((e) =>
      isObj(e)
        ? { group: toInt(e.customer_group_id ?? e.group_id), value: toNum(e.price ?? e.value), final: toNum(e.final_price) }
        : { group: undefined, value: toNum(e), final: undefined },
    )
    .filter((e) => e.value !== undefined);
  const main = entries.find((e) => e.group === 0) ?? entries[0];
  return {
    price: main?.value,
    groups: entries
      .filter((e) => e !== main && e.group !== undefined)
      .map((e) => ({ customer_group_id: e.group!, value: Math.min(e.value!, e.final ?? Infinity) })),
  };
}

/**
 * The price fields of a product, child or linked product, VAT-inclusive: the regular price is
 * `originalPriceInclTax` (else `priceInclTax`) and the special price `specialPriceInclTax` when
 * vue-storefront-api computed them (calculateServerSide); otherwise, and for `final_price`, the dump's
 * `price`, `special_price` and `final_price` with VAT added unless its prices include it.
 */
export function priceFields(src: Rec, rule: PriceRule, cls: number | undefined, field = 'price') {
  const { price: raw, groups } = basePrice(src.price);
  const computed = toNum(src.originalPriceInclTax) ?? toNum(src.priceInclTax);
  const price = computed ?? (raw !== undefined ? inclTax(raw, rule, cls) : undefined);
  if (price === undefined)
    throw new MapError(field, `no price (expected a number, a numeric string or one per customer group; got ${JSON.stringify(src.price)})`);
  const rawSpecial = toNum(src.special_price);
  const special =
    rawSpecial !== undefined && rawSpecial > 0
      ? (toNum(src.specialPriceInclTax) ?? (computed !== undefined ? round2(rawSpecial * (price / (raw || price))) : inclTax(rawSpecial, rule, cls)))
      : rawSpecial === 0
        ? 0
        : undefined;
  const rawFinal = toNum(src.final_price);
  const final = rawFinal !== undefined ? inclTax(rawFinal, rule, cls) : undefined;
  return clean({
    price,
    special_price: special,
    final_price: final,
    special_from_date: str(src.special_from_date) || undefined,
    special_to_date: str(src.special_to_date) || undefined,
    groups: groups.map((g) => ({ customer_group_id: g.customer_group_id, qty: 1, value: inclTax(g.value, rule, cls) })),
  });
}

// Products

export interface ProductMapContext {
  rule: PriceRule;
  /** Folder of product pictures below media/ ('/catalog/product'), prefixed to the relative paths indexers write. */
  imagePrefix: string;
  /** Attributes by attribute_id and by attribute_code (labels and codes of configurable options). */
  attributes: Map<string, Attribute>;
}

/** Stock as indexers write it: an object (or an array of one), flags as 0/1. Absent: not managed, in stock. */
function stockOf(v: unknown, field: string) {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s === null) return { is_in_stock: true, qty: 0, manage_stock: false };
  if (!isObj(s)) throw new MapError(field, 'expected a stock object');
  const inStock = toBool(s.is_in_stock ?? s.stock_status);
  return clean({
    is_in_stock: required(inStock, `${field}.is_in_stock`, 'expected a flag (true/false, 1/0)'),
    qty: toNum(s.qty) ?? 0,
    min_sale_qty: toNum(s.min_sale_qty),
    max_sale_qty: toNum(s.max_sale_qty),
    manage_stock: toBool(s.manage_stock),
  });
}

const CUSTOM_OPTION_TYPES: Record<string, string> = {
  field: 'field',
  area: 'area',
  radio: 'radio',
  checkbox: 'checkbox',
  drop_down: 'drop_down',
  select: 'select',
  multiple: 'checkbox',
};

const priceType = (v: unknown) => (v === 'percent' || v === 1 || v === '1' ? 'percent' : 'fixed');

function customOptions(list: unknown, notes: MapNotes, rule: PriceRule, cls: number | undefined) {
  if (!Array.isArray(list)) return [];
  const out: Rec[] = [];
  list.forEach((o, i) => {
    const at = `custom_options.${i}`;
    const type = isObj(o) ? CUSTOM_OPTION_TYPES[String(o.type)] : undefined;
    const id = isObj(o) ? toInt(o.option_id) : undefined;
    if (!isObj(o) || id === undefined || !type || typeof o.title !== 'string') {
      notes.dropped.push({
        field: at,
        reason: isObj(o) && o.type && !type ? `option type '${String(o.type)}' is not offered by the shop` : 'expected { option_id, type, title }',
      });
      return;
    }
    const money = (p: unknown, pt: unknown) => {
      const n = toNum(p);
      return n === undefined ? undefined : priceType(pt) === 'percent' ? n : inclTax(n, rule, cls);
    };
    out.push(
      clean({
        ...o,
        option_id: id,
        type,
        is_require: toBool(o.is_require) ?? false,
        sort_order: toNum(o.sort_order),
        max_characters: toInt(o.max_characters) || undefined,
        price: money(o.price, o.price_type),
        price_type: o.price !== undefined && o.price !== null ? priceType(o.price_type) : undefined,
        values: (Array.isArray(o.values) ? o.values : []).flatMap((v: unknown, j: number) => {
          const vid = isObj(v) ? toInt(v.option_type_id) : undefined;
          if (!isObj(v) || vid === undefined || typeof v.title !== 'string') {
            notes.dropped.push({ field: `${at}.values.${j}`, reason: 'expected { option_type_id, title, price }' });
            return [];
          }
          return [
            clean({
              ...v,
              option_type_id: vid,
              price: money(v.price, v.price_type) ?? 0,
              price_type: priceType(v.price_type),
              sort_order: toNum(v.sort_order),
            }),
          ];
        }),
      }),
    );
  });
  return out;
}

function bundleOptions(list: unknown, notes: MapNotes, rule: PriceRule, cls: number | undefined) {
  if (!Array.isArray(list)) return [];
  return list.flatMap((o, i) => {
    const at = `bundle_options.${i}`;
    const id = isObj(o) ? toInt(o.option_id) : undefined;
    if (!isObj(o) || id === undefined) {
      notes.dropped.push({ field: at, reason: 'expected { option_id, title, product_links }' });
      return [];
    }
    const type = ['select', 'radio', 'checkbox', 'multi'].includes(String(o.type)) ? String(o.type) : 'radio';
    return [
      clean({
        ...o,
        option_id: id,
        title: str(o.title) ?? str(o.default_title) ?? `Option ${id}`,
        required: toBool(o.required) ?? true,
        type,
        position: toNum(o.position),
        product_links: (Array.isArray(o.product_links) ? o.product_links : []).flatMap((l: unknown, j: number) => {
          const lid = isObj(l) ? toInt(l.id) : undefined;
          if (!isObj(l) || lid === undefined) {
            notes.dropped.push({ field: `${at}.product_links.${j}`, reason: 'expected { id, sku, qty }' });
            return [];
          }
          const p = toNum(l.price);
          return [
            clean({
              ...l,
              id: lid,
              qty: toNum(l.qty) ?? 1,
              is_default: toBool(l.is_default) ?? false,
              can_change_quantity: toBool(l.can_change_quantity),
              price: p !== undefined && p > 0 ? (priceType(l.price_type) === 'percent' ? p : inclTax(p, rule, cls)) : undefined,
              price_type: p !== undefined && p > 0 ? priceType(l.price_type) : undefined,
              position: toNum(l.position),
            }),
          ];
        }),
      }),
    ];
  });
}

function mediaGallery(list: unknown, notes: MapNotes, prefix: string) {
  if (!Array.isArray(list)) return [];
  return list.flatMap((m, i) => {
    const image = isObj(m) ? str(m.image) : undefined;
    if (!isObj(m) || !image || image === 'no_selection') {
      notes.dropped.push({ field: `media_gallery.${i}.image`, reason: 'no picture' });
      return [];
    }
    const vid = isObj(m.vid) && typeof m.vid.url === 'string' ? m.vid : undefined;
    return [
      clean({
        ...m,
        image: productImage(image, prefix),
        pos: toNum(m.pos),
        typ: m.typ === 'video' && vid ? 'video' : 'image',
        lab: str(m.lab) || undefined,
        vid: vid ? clean({ ...vid, video_id: str(vid.video_id) }) : undefined,
      }),
    ];
  });
}

/** Attribute fields the shop filters by (single select: an option id; pj_features: several). */
const SELECT_CODES = [
  'color',
  'size',
  'brand',
  'pj_brand',
  'pj_gender',
  'pj_material',
  'pj_stone',
  'pj_strap_material',
  'pj_watch_movement',
  'pj_style',
  'pj_bracelet_size',
];
const FLAG_CODES = ['discontinued', 'sale', 'new', 'can_be_financed', 'klarna_cta_available'];

/** A multiselect value as indexers write it: [12, "13"] or "12,13". */
const intList = (v: unknown): number[] | undefined =>
  v === undefined || v === null ? undefined : (Array.isArray(v) ? v : String(v).split(',')).map(toInt).filter((n): n is number => n !== undefined);

function configurableOptions(list: unknown, ctx: ProductMapContext, notes: MapNotes) {
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((o, i) => {
    const at = `configurable_options.${i}`;
    if (!isObj(o)) {
      notes.dropped.push({ field: at, reason: 'expected an object' });
      return [];
    }
    const attr = ctx.attributes.get(String(o.attribute_code ?? '')) ?? ctx.attributes.get(`#${String(o.attribute_id)}`);
    const code = str(o.attribute_code) ?? attr?.attribute_code;
    if (!code) {
      notes.dropped.push({ field: `${at}.attribute_code`, reason: `no attribute_code and no attribute with id ${String(o.attribute_id)}` });
      return [];
    }
    const values = (Array.isArray(o.values) ? o.values : []).flatMap((v: unknown) => {
      const idx = isObj(v) ? toInt(v.value_index) : undefined;
      if (idx === undefined) return [];
      const label =
        str((v as Rec).label) || str((v as Rec).default_label) || str((v as Rec).store_label) || attr?.options.find((x) => x.value === String(idx))?.label;
      return [{ ...(v as Rec), value_index: idx, label: label ?? String(idx) }];
    });
    return [
      clean({
        ...o,
        id: toInt(o.id) ?? toInt(o.attribute_id) ?? i,
        attribute_id: toInt(o.attribute_id) ?? attr?.attribute_id ?? String(o.attribute_id ?? code),
        attribute_code: code,
        label: str(o.label) || attr?.frontend_label || code,
        position: toNum(o.position),
        values,
      }),
    ];
  });
}

function attributeValues(src: Rec, out: Rec, codes: string[]): void {
  for (const code of codes) {
    if (!(code in src)) continue;
    const n = toInt(src[code]);
    if (n === undefined) delete out[code];
    else out[code] = n;
  }
}

/** A configurable child: ids and option values as integers, VAT-inclusive prices, its stock. */
function childOf(c: unknown, i: number, ctx: ProductMapContext, cls: number | undefined, optionCodes: string[]): Rec {
  const at = `configurable_children.${i}`;
  if (!isObj(c)) throw new MapError(at, 'expected an object');
  const out: Rec = { ...c };
  out.id = required(toInt(c.id), `${at}.id`, 'expected a numeric id');
  out.sku = required(str(c.sku), `${at}.sku`, 'a variant needs a sku');
  const { groups, ...prices } = priceFields(c, ctx.rule, cls, `${at}.price`);
  void groups;
  Object.assign(out, prices);
  out.status = toInt(c.status) ?? 1;
  out.stock = stockOf(c.stock, `${at}.stock`);
  attributeValues(c, out, [...new Set([...SELECT_CODES, ...optionCodes])]);
  if (c.image === 'no_selection') delete out.image;
  else if ('image' in out) out.image = productImage(out.image, ctx.imagePrefix);
  return clean(out);
}

/** One product record. Throws MapError when the record cannot be a product of the shop. */
export function productFromVsf(src: Rec, ctx: ProductMapContext, notes: MapNotes): Product {
  const id = required(toInt(src.id), 'id', 'expected a numeric id');
  const sku = required(str(src.sku), 'sku', 'a product needs a sku');
  const name = required(str(src.name), 'name', 'a product needs a name');
  const type = String(src.type_id);
  if (!(PRODUCT_TYPES as readonly string[]).includes(type))
    throw new MapError('type_id', `type '${type}' is not one the shop sells (${PRODUCT_TYPES.join(', ')})`);
  const cls = toInt(src.tax_class_id);
  const out: Rec = { ...src, id, sku, name, type_id: type };
  if (cls !== undefined) out.tax_class_id = cls;
  else delete out.tax_class_id;

  // Prices: configurable, bundle and grouped parents often carry 0 (their price is their children's).
  const isParent = type === 'configurable' || type === 'bundle' || type === 'grouped';
  const { groups, ...prices } = isParent && (src.price === undefined || src.price === null) ? { groups: [], price: 0 } : priceFields(src, ctx.rule, cls);
  Object.assign(out, prices);
  const tiers = (Array.isArray(src.tier_prices) ? src.tier_prices : []).flatMap((t: unknown) => {
    const g = isObj(t) ? toInt(t.customer_group_id) : undefined;
    const v = isObj(t) ? toNum(t.value) : undefined;
    return g === undefined || v === undefined ? [] : [{ customer_group_id: g, qty: toNum((t as Rec).qty) ?? 1, value: inclTax(v, ctx.rule, cls) }];
  });
  out.tier_prices = [...tiers, ...groups];

  out.status = toInt(src.status) ?? 1;
  out.visibility = toInt(src.visibility) ?? 4;
  out.stock = stockOf(src.stock, 'stock');

  // URLs: Magento's url_path and url_key end in .html; the shop's do not (the old path redirects).
  const rawPath = str(src.url_path);
  const key = stripUrl(str(src.url_key) || str(src.slug) || slugify(`${name}-${id}`));
  const path = rawPath ? stripUrl(rawPath) : key;
  out.url_key = key;
  out.url_path = path || key;
  out.slug = str(src.slug) ? stripUrl(String(src.slug)) : key;
  if (rawPath && stripUrl(rawPath) !== rawPath.replace(/^\/+|\/+$/g, ''))
    notes.urlMap.push({ from: `/${rawPath.replace(/^\/+/, '')}`, to_type: 'product', to_id: id });

  const category = Array.isArray(src.category)
    ? src.category.flatMap((c: unknown) => {
        const cid = isObj(c) ? toInt(c.category_id ?? c.id) : undefined;
        return cid === undefined || typeof (c as Rec).name !== 'string' ? [] : [{ ...(c as Rec), category_id: cid, name: (c as Rec).name }];
      })
    : undefined;
  out.category = category;
  out.category_ids = intList(src.category_ids) ?? category?.map((c) => c.category_id) ?? [];

  out.media_gallery = mediaGallery(src.media_gallery, notes, ctx.imagePrefix);
  out.custom_options = customOptions(src.custom_options, notes, ctx.rule, cls);
  out.bundle_options = bundleOptions(src.bundle_options, notes, ctx.rule, cls);
  out.product_links = (Array.isArray(src.product_links) ? src.product_links : []).flatMap((l: unknown, i: number) => {
    if (!isObj(l) || typeof l.linked_product_sku !== 'string' || typeof l.link_type !== 'string') {
      notes.dropped.push({ field: `product_links.${i}`, reason: 'expected { link_type, linked_product_sku }' });
      return [];
    }
    const qty = isObj(l.extension_attributes) ? toNum(l.extension_attributes.qty) : undefined;
    return [
      clean({ ...l, position: toNum(l.position), extension_attributes: isObj(l.extension_attributes) ? clean({ ...l.extension_attributes, qty }) : undefined }),
    ];
  });

  const options = configurableOptions(src.configurable_options, ctx, notes);
  if (options) out.configurable_options = options;
  if (Array.isArray(src.configurable_children)) {
    const codes = (options ?? []).map((o) => String(o.attribute_code));
    out.configurable_children = src.configurable_children.map((c, i) => childOf(c, i, ctx, cls, codes));
  }

  attributeValues(src, out, SELECT_CODES);
  if ('pj_features' in src) out.pj_features = intList(src.pj_features);
  for (const f of FLAG_CODES) {
    const b = toBool(src[f]);
    if (b === undefined) delete out[f];
    else out[f] = b ? 1 : 0;
  }
  for (const f of ['image', 'small_image', 'thumbnail', 'hover_image']) {
    if (out[f] === 'no_selection') delete out[f];
    else if (f in out) out[f] = productImage(out[f], ctx.imagePrefix);
  }
  return clean(out) as unknown as Product;
}

// Categories

/** One category; `children_data` that hold whole categories are returned in `children` to be mapped too. */
export function categoryFromVsf(src: Rec, notes: MapNotes): { category: Category; children: Rec[] } {
  const id = required(toInt(src.id), 'id', 'expected a numeric id');
  const name = required(str(src.name), 'name', 'a category needs a name');
  const parent = toInt(src.parent_id) ?? 0;
  const rawPath = str(src.url_path);
  const key = stripUrl(str(src.url_key) || str(src.slug) || slugify(name));
  const url = rawPath ? stripUrl(rawPath) : key;
  if (rawPath && url !== rawPath.replace(/^\/+|\/+$/g, '')) notes.urlMap.push({ from: `/${rawPath.replace(/^\/+/, '')}`, to_type: 'category', to_id: id });
  const kids = Array.isArray(src.children_data) ? src.children_data.filter((c): c is Rec => isObj(c)) : [];
  const full = kids.filter((c) => typeof c.name === 'string');
  const display = ['single', 'grid', 'double'].includes(String(src.display_mode)) ? src.display_mode : undefined;
  const out: Rec = {
    ...src,
    id,
    name,
    parent_id: parent,
    url_key: key,
    url_path: url || key,
    slug: str(src.slug) ? stripUrl(String(src.slug)) : key,
    level: toInt(src.level) ?? 0,
    position: toNum(src.position),
    children_count: toInt(src.children_count) ?? kids.length,
    is_active: toBool(src.is_active) ?? true,
    include_in_menu: toBool(src.include_in_menu) ?? true,
    product_count: toInt(src.product_count) ?? 0,
    path: str(src.path),
    display_mode: display,
    image: src.image === null || src.image === '' ? undefined : src.image,
    children_data: undefined,
  };
  return { category: clean(out) as unknown as Category, children: full };
}

// Attributes

const INPUTS = ['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'date', 'swatch_visual', 'swatch_text'];

export function attributeFromVsf(src: Rec, storeId: number): Attribute {
  const code = required(str(src.attribute_code), 'attribute_code', 'an attribute needs a code');
  const attributeId = required(toInt(src.attribute_id ?? src.id), 'attribute_id', 'expected a numeric id');
  const input = String(src.frontend_input ?? 'text');
  if (!INPUTS.includes(input)) throw new MapError('frontend_input', `input '${input}' is not shown by the shop`);
  const labels = Array.isArray(src.frontend_labels) ? src.frontend_labels.filter((l): l is Rec => isObj(l)) : [];
  const storeLabel = labels.find((l) => toInt(l.store_id) === storeId) ?? labels[0];
  const label = str(src.frontend_label) || str(src.default_frontend_label) || str(storeLabel?.label) || code;
  const { default_frontend_label: _d, frontend_labels: _f, ...rest } = src;
  void _d;
  void _f;
  return clean({
    ...rest,
    attribute_code: code,
    attribute_id: attributeId,
    id: toInt(src.id),
    frontend_label: label,
    frontend_input: input,
    is_visible_on_front: toBool(src.is_visible_on_front) ?? false,
    is_comparable: toBool(src.is_comparable) ?? false,
    // Magento: 0 no, 1 filterable with results, 2 filterable without.
    is_filterable:
      src.is_filterable === undefined || src.is_filterable === null ? undefined : (toInt(src.is_filterable) ?? (toBool(src.is_filterable) ? 1 : 0)) > 0,
    position: toNum(src.position),
    // Magento's first option of a select is the empty choice { value: '', label: ' ' }: not a value.
    options: (Array.isArray(src.options) ? src.options : []).flatMap((o: unknown) =>
      isObj(o) && str(o.value)?.trim() && str(o.label)?.trim()
        ? [clean({ ...o, value: String(o.value), label: String(o.label), sort_order: toNum(o.sort_order) })]
        : [],
    ),
  }) as unknown as Attribute;
}

// CMS

/** `store_id` as Magento writes it (a number or an array; 0 = every store view): this store's, or null when the record is another store's. */
function storeOf(v: unknown, storeId: number): number | undefined | null {
  if (v === undefined || v === null) return undefined;
  const ids = (Array.isArray(v) ? v : [v]).map(toInt);
  if (!ids.length) return undefined;
  if (ids.includes(storeId)) return storeId;
  if (ids.includes(0)) return 0;
  return null;
}

const layoutOf = (v: unknown): CmsPage['layout'] | undefined =>
  (Object.entries(PAGE_LAYOUTS) as [CmsPage['layout'], string[]][]).find(([k, names]) => k === v || names.includes(String(v)))?.[0];

export function cmsPageFromVsf(src: Rec, storeId: number): CmsPage {
  const id = required(toInt(src.id ?? src.page_id), 'id', 'expected a numeric id');
  const identifier = required(str(src.identifier), 'identifier', 'a CMS page needs an identifier');
  const store = storeOf(src.store_id, storeId);
  if (store === null) throw new MapError('store_id', `the page belongs to store views ${JSON.stringify(src.store_id)}, not ${storeId} (nor 0, all)`);
  const { page_layout, is_active, ...rest } = src;
  return clean({
    ...rest,
    id,
    identifier: stripUrl(identifier),
    title: str(src.title) || identifier,
    content: str(src.content) ?? '',
    layout: layoutOf(src.layout ?? page_layout) ?? 'default',
    active: toBool(src.active ?? is_active) ?? true,
    store_id: store,
  }) as unknown as CmsPage;
}

export function cmsBlockFromVsf(src: Rec, storeId: number): CmsBlock {
  const id = required(toInt(src.id ?? src.block_id), 'id', 'expected a numeric id');
  const identifier = required(str(src.identifier), 'identifier', 'a CMS block needs an identifier');
  const store = storeOf(src.store_id, storeId);
  if (store === null) throw new MapError('store_id', `the block belongs to store views ${JSON.stringify(src.store_id)}, not ${storeId} (nor 0, all)`);
  const { is_active, ...rest } = src;
  const out: Rec = {
    ...rest,
    id,
    identifier,
    title: str(src.title) ?? identifier,
    content: str(src.content) ?? '',
    active: toBool(src.active ?? is_active) ?? true,
  };
  if (store === undefined) delete out.store_id;
  else out.store_id = store;
  return clean(out) as unknown as CmsBlock;
}

// Reviews

export function reviewFromVsf(src: Rec): Review {
  const id = required(toInt(src.id ?? src.review_id), 'id', 'expected a numeric id');
  const entity = src.review_entity ?? 'product';
  if (entity !== 'product' && entity !== 1 && entity !== '1')
    throw new MapError('review_entity', `only product reviews are shown (got ${JSON.stringify(entity)})`);
  return clean({
    ...src,
    id,
    product_id: required(toInt(src.product_id ?? src.entity_pk_value), 'product_id', 'expected a numeric product id'),
    title: required(str(src.title), 'title', 'a review needs a title'),
    detail: required(str(src.detail), 'detail', 'a review needs a text'),
    nickname: required(str(src.nickname), 'nickname', 'a review needs a nickname'),
    review_status: required(toInt(src.review_status ?? src.status_id), 'review_status', 'expected 1 (approved), 2 (pending) or 3 (not approved)'),
    review_entity: 'product',
    review_type: toInt(src.review_type),
    ratings: Array.isArray(src.ratings)
      ? src.ratings.flatMap((r: unknown) => {
          const value = isObj(r) ? toInt(r.value) : undefined;
          return value === undefined ? [] : [clean({ ...(r as Rec), value, percent: toNum((r as Rec).percent) ?? value * 20 })];
        })
      : undefined,
    created_at: required(str(src.created_at), 'created_at', 'a review needs its date'),
  }) as unknown as Review;
}

// Tax rules

/** A Magento tax rule: one tax rate of the snapshot per rate nested in `rates[]` (or the rule itself when it is flat). */
export function taxRatesFromVsf(src: Rec): TaxRate[] {
  const classes = intList(src.product_tax_class_ids);
  if (!classes?.length) throw new MapError('product_tax_class_ids', 'a tax rule needs the product tax classes it applies to');
  const rates = Array.isArray(src.rates) ? src.rates : [src];
  if (!rates.length) throw new MapError('rates', 'a tax rule needs at least one rate');
  return rates.map((r, i) => {
    const at = Array.isArray(src.rates) ? `rates.${i}` : '';
    if (!isObj(r)) throw new MapError(at, 'expected a rate object');
    const rate = toNum(r.rate);
    const country = str(r.tax_country_id);
    if (rate === undefined) throw new MapError(`${at ? `${at}.` : ''}rate`, 'expected a number (per cent)');
    if (!country || country.length !== 2) throw new MapError(`${at ? `${at}.` : ''}tax_country_id`, 'expected a two-letter country code');
    return {
      rate,
      code: str(r.code) ?? str(src.code) ?? `${country} ${rate}%`,
      tax_country_id: country,
      region_name: str(r.region_name) ?? '*',
      tax_region_id: toInt(r.tax_region_id) ?? 0,
      product_tax_class_ids: classes,
    };
  });
}
