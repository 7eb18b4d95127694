/**
 * One product record of the VSF index to the snapshot's product: prices made VAT-inclusive, stock, custom, bundle and configurable options, media, the attributes the shop filters by. Part of the VSF import's mapping
 * (common.ts).
 */
import type { Attribute, Product } from '../../schemas';
import { PRODUCT_TYPES } from '../../schemas/product';
import { slugify } from '../../catalog/slug';
import { type Rec, MapError, type MapNotes, productImage, isObj, toInt, toNum, toBool, str, required, stripUrl, clean, intList } from './common';
import { type PriceRule, VSFA_COMPUTED_FIELDS, inclTax, priceFields, signedPrice } from './prices';

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
  for (const f of VSFA_COMPUTED_FIELDS) delete out[f];
  out.sgn_price = signedPrice(c);
  out.status = toInt(c.status) ?? 1;
  out.stock = stockOf(c.stock, `${at}.stock`);
  attributeValues(c, out, [...new Set([...SELECT_CODES, ...optionCodes])]);
  if (c.image === 'no_selection') delete out.image;
  else if ('image' in out) out.image = productImage(out.image, ctx.imagePrefix);
  return clean(out);
}

/**
 * Why a product record's id cannot be a product of the shop, or null when it can: the shop's products
 * have Magento's numeric entity ids. An id such as '1000_GY_28' is usually a configurable child indexed
 * as a product of its own (its parent's configurable_children carries it). The dump's import and the
 * live pull both skip such a record with this reason.
 */
export function productIdProblem(id: unknown): string | null {
  if (toInt(id) !== undefined) return null;
  if (id === undefined || id === null || id === '') return 'a product needs an id';
  return `id ${JSON.stringify(id)} is not a number: the shop's products have Magento's numeric ids (a configurable child indexed as a product of its own has such an id; its parent's configurable_children carries it)`;
}

/** One product record. Throws MapError when the record cannot be a product of the shop. */
export function productFromVsf(src: Rec, ctx: ProductMapContext, notes: MapNotes): Product {
  const idProblem = productIdProblem(src.id);
  if (idProblem) throw new MapError('id', idProblem);
  const id = toInt(src.id)!;
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
  const { groups, ...prices } =
    isParent && (src.price === undefined || src.price === null)
      ? { groups: [], price: 0, special_price: undefined, final_price: undefined }
      : priceFields(src, ctx.rule, cls);
  Object.assign(out, prices);
  for (const f of VSFA_COMPUTED_FIELDS) delete out[f];
  out.sgn_price = signedPrice(src);
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
