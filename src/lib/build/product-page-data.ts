/**
 * What each product page shows (and its AMP twin), computed from the memoised catalogue index
 * (src/lib/routing/routes.ts): options, children, linked products, attributes, images, prices and
 * JSON-LD. Pure data; no HTML. Category, home and AMP category pages: ./page-data.ts.
 */
import { config } from '../config';
import { messages } from '../messages';
import { htmlToText, sanitizeHtml } from '../content/sanitize';
import { breadcrumbJsonLd, productJsonLd, type Crumb, type OfferPrice } from '../content/seo';
import { catalog, hasProductPage, homeUrl, once, pricesFor, primaryCategory, productImagePath, storeViewOf, urlOpts } from '../routing/routes';
import { readShippingMethods } from '../snapshot/read';
import { ampProductUrl, productUrl } from '../catalog/urls';
import { galleryImage } from '../catalog/images';
import { optionRanks } from '../catalog/facets';
import { defaultChild, isOptionValueAvailable, isVariantAvailable, selectionOf, type Selection } from '../catalog/variants';
import type { ProductPrices } from '../catalog/price';
import type { Product, Review } from '../schemas';
import { categoryCrumbs, categoryListing, metaDescription } from './page-data';
import { productRecord } from './shard-records';

export interface OptionValueView {
  id: number;
  label: string;
  swatch?: string;
  available: boolean;
  selected: boolean;
}
export interface OptionView {
  code: string;
  label: string;
  kind: 'color' | 'size' | 'generic';
  values: OptionValueView[];
}
export interface LinkedView {
  product: Pick<Product, 'id' | 'sku' | 'name'>;
  href?: string;
  qty: number;
  prices: ProductPrices;
  inStock: boolean;
  isDefault?: boolean;
}
export interface BundleOptionView {
  id: number;
  title: string;
  required: boolean;
  type: string;
  links: LinkedView[];
}
export interface AttributeRow {
  code: string;
  label: string;
  value: string;
}
export interface ChildView {
  sku: string;
  selection: Selection;
  prices: ProductPrices;
  inStock: boolean;
  available: boolean;
  image?: string;
}

export interface ProductPageData {
  product: Product;
  title: string;
  description?: string;
  descriptionHtml: string;
  shortDescriptionHtml: string;
  canonical: string;
  ampHref: string;
  shareImage?: string;
  images: string[];
  breadcrumbs: Crumb[];
  prices: ProductPrices;
  inStock: boolean;
  sku: string;
  brand?: string;
  options: OptionView[];
  children: ChildView[];
  defaultChildSku?: string;
  grouped: LinkedView[];
  bundle: BundleOptionView[];
  attributes: AttributeRow[];
  related: Product[];
  reviews: Review[];
  jsonLd: unknown[];
  hasSizeOption: boolean;
}

/** The label of an attribute's option value ('49' -> 'Rose Gold'), or undefined. */
export function optionLabel(code: string, value: unknown, storeCode?: string): string | undefined {
  const a = catalog(storeCode).attributes.get(code);
  if (!a || value === undefined || value === null || value === '') return undefined;
  const values = Array.isArray(value) ? value : String(value).split(',');
  const labels = values.map((v) => a.options.find((o) => String(o.value) === String(v).trim())?.label).filter((l): l is string => !!l);
  return labels.length ? labels.join(', ') : undefined;
}

/** The product's brand label (brand, else pj_brand). */
export function brandLabel(p: Product, storeCode?: string): string | undefined {
  return optionLabel('brand', p.brand, storeCode) ?? optionLabel('pj_brand', p.pj_brand, storeCode);
}

/** The product's images: main image, then gallery images, without repeats or videos. */
export function productImages(p: Product): string[] {
  const out: string[] = [];
  const main = productImagePath(p);
  if (main) out.push(main);
  for (const m of p.media_gallery) if (m.typ === 'image' && m.image && !out.includes(m.image)) out.push(m.image);
  return out;
}

const SKIP_ATTRIBUTES = new Set(['price', 'special_price', 'name', 'sku', 'description', 'status', 'visibility']);

/** The attribute list: every attribute visible on the front that the product has a labelled value for. */
export function attributeRows(p: Product, storeCode?: string): AttributeRow[] {
  const rows: AttributeRow[] = [];
  const configurableCodes = new Set((p.configurable_options ?? []).map((o) => o.attribute_code));
  const attrs = [...catalog(storeCode).attributes.values()].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const a of attrs) {
    if (!a.is_visible_on_front || SKIP_ATTRIBUTES.has(a.attribute_code) || configurableCodes.has(a.attribute_code)) continue;
    const raw = (p as Record<string, unknown>)[a.attribute_code];
    const label = a.options.length ? optionLabel(a.attribute_code, raw, storeCode) : raw !== undefined && raw !== null && raw !== '' ? String(raw) : undefined;
    if (label && !rows.some((r) => r.label === a.frontend_label)) rows.push({ code: a.attribute_code, label: a.frontend_label, value: label });
  }
  return rows;
}

function linkedView(
  lp: Product | undefined,
  fallback: { id: number; sku: string; name: string; price: number } | undefined,
  qty: number,
  storeCode?: string,
  isDefault?: boolean,
): LinkedView | null {
  const src = lp ?? (fallback as unknown as Product | undefined);
  if (!src) return null;
  const inStock = lp ? lp.stock.is_in_stock : ((src as { stock?: { is_in_stock: boolean } }).stock?.is_in_stock ?? true);
  return {
    product: { id: src.id, sku: src.sku, name: src.name },
    href: lp && hasProductPage(lp) ? productUrl(lp, urlOpts(storeCode)) : undefined,
    qty,
    prices: pricesFor(src, storeCode),
    inStock,
    ...(isDefault !== undefined ? { isDefault } : {}),
  };
}

/**
 * Related products by catalogue index, record and count: a product page, its cache key and its cache
 * tags each ask for them (an index is one snapshot's, so a new snapshot asks again). Callers must not
 * change the list they get.
 */
const relatedMemo = new WeakMap<object, WeakMap<Product, Map<number, readonly Product[]>>>();

/** Up to `max` related products: related links first, then products of the same category. */
export function relatedProducts(p: Product, max = 8, storeCode?: string): readonly Product[] {
  const index = catalog(storeCode);
  let byRecord = relatedMemo.get(index);
  if (!byRecord) relatedMemo.set(index, (byRecord = new WeakMap()));
  let byMax = byRecord.get(p);
  if (!byMax) byRecord.set(p, (byMax = new Map()));
  let found = byMax.get(max);
  if (!found) byMax.set(max, (found = findRelated(p, max, storeCode)));
  return found;
}

function findRelated(p: Product, max: number, storeCode?: string): Product[] {
  const { bySku } = catalog(storeCode);
  const out: Product[] = [];
  const seen = new Set([p.id]);
  const push = (x: Product | undefined) => {
    if (x && !seen.has(x.id) && hasProductPage(x) && out.length < max) {
      seen.add(x.id);
      out.push(x);
    }
  };
  for (const l of p.product_links) if (l.link_type === 'related' || l.link_type === 'upsell') push(bySku.get(l.linked_product_sku));
  const cat = primaryCategory(p, storeCode);
  if (cat && out.length < max) {
    for (const x of categoryListing(cat.id, storeCode).products) push(x);
  }
  return out;
}

/** True when a product can be bought: in stock, and for a configurable at least one available child in stock. */
export function productInStock(p: Product): boolean {
  if (p.type_id === 'configurable') {
    return (p.configurable_children ?? []).some((c) => c.status < 2 && c.stock.is_in_stock);
  }
  return p.stock.is_in_stock;
}

/**
 * What a product page shows apart from the texts made from its own record's HTML (the sanitised
 * descriptions, the meta description and the JSON-LD): each of those is a function of the record and
 * of fields kept here, so the build's cache keys (src/lib/build/cache-keys.ts) digest this and the
 * record instead of sanitising every description of the catalogue on every build.
 */
export type ProductPageCore = Omit<ProductPageData, 'description' | 'descriptionHtml' | 'shortDescriptionHtml' | 'jsonLd'>;

/** A product page's texts made from the record's HTML: the same for its page and its AMP pages. */
export interface ProductTexts {
  description: string | undefined;
  descriptionHtml: string;
  shortDescriptionHtml: string;
  /** The JSON-LD offer's description. */
  jsonLdDescription: string | undefined;
}

/** Sanitises a record's HTML into its pages' texts (four passes of the sanitiser). */
function productTexts(p: Product): ProductTexts {
  return {
    description: metaDescription(p.meta_description, p.short_description || p.description),
    descriptionHtml: sanitizeHtml(p.description ?? ''),
    shortDescriptionHtml: sanitizeHtml(p.short_description ?? ''),
    jsonLdDescription: htmlToText(p.short_description || p.description || '', 500) || undefined,
  };
}

/**
 * Which page asks for a product's data: its AMP pages keep the texts they made for its page, which
 * takes them (`shareProductTexts`); any other caller makes them.
 */
export type ProductPageUse = 'amp' | 'page' | undefined;

/**
 * The texts a product's AMP pages made, until its page takes them. A build renders route after
 * route: every AMP page (their route comes first) a whole route before the product pages, so the
 * texts of the whole catalogue are kept between the two (about 0.8 KB a product, 40 MB at 50,000,
 * let go of page by page as the product pages take them). Bounded: past SHARED_TEXTS_MAX_CHARS
 * nothing more is kept, and those products' pages sanitise again. An entry is used only for the very
 * record it was made from (the persistent renderer renders record after record in one process).
 */
const shared = new Map<string, { record: Product; texts: ProductTexts; chars: number }>();
let sharedChars = 0;
/** The bound of the kept texts, in characters (about as many bytes: the texts are mostly Latin-1). */
export const SHARED_TEXTS_MAX_CHARS = 48 * 1024 * 1024;

const textChars = (t: ProductTexts) =>
  (t.description?.length ?? 0) + t.descriptionHtml.length + t.shortDescriptionHtml.length + (t.jsonLdDescription?.length ?? 0);

/** Lets go of the texts kept under `key`, if any. */
function forgetTexts(key: string): void {
  const kept = shared.get(key);
  if (!kept) return;
  shared.delete(key);
  sharedChars -= kept.chars;
}

/** The texts of record `p` for a page (`use`): kept by an AMP page, taken by the product's page, made otherwise. */
export function shareProductTexts(p: Product, storeCode: string | undefined, use: ProductPageUse): ProductTexts {
  if (!use) return productTexts(p);
  const key = `${storeCode ?? ''}:${p.id}`;
  const kept = shared.get(key);
  if (use === 'page') forgetTexts(key);
  if (kept?.record === p) return kept.texts;
  const texts = productTexts(p);
  if (use === 'amp') {
    forgetTexts(key);
    const chars = textChars(texts);
    if (sharedChars + chars <= SHARED_TEXTS_MAX_CHARS) {
      shared.set(key, { record: p, texts, chars });
      sharedChars += chars;
    }
  }
  return texts;
}

/** The texts kept for product pages not yet rendered: entries and characters. */
export const sharedTextsSize = (): { entries: number; chars: number } => ({ entries: shared.size, chars: sharedChars });

/**
 * Everything a product page (and its AMP twin) shows. `use` says which page asks: a product's AMP
 * pages and its page share the texts made from the record's HTML (`shareProductTexts`).
 */
export function productPageData(productId: number, storeCode?: string, use?: ProductPageUse): ProductPageData {
  const d = productPageCore(productId, storeCode);
  const { product: p, canonical, images, grouped, prices, inStock, brand, reviews, breadcrumbs } = d;
  const { description, descriptionHtml, shortDescriptionHtml, jsonLdDescription } = shareProductTexts(p, storeCode, use);
  const jsonLd = [
    productJsonLd({
      name: p.name,
      sku: p.sku,
      url: canonical,
      description: jsonLdDescription,
      images: images.map(galleryImage),
      offer: offerPrice(p, prices, grouped),
      currency: storeViewOf(storeCode).i18n.currencyCode,
      inStock,
      brand,
      reviews,
      shippingMethods: shippingMethods(),
      ...(prices.special !== null && p.special_to_date ? { priceValidUntil: p.special_to_date.slice(0, 10) } : {}),
    }),
    breadcrumbJsonLd(breadcrumbs, canonical),
  ];
  return {
    ...d,
    description,
    descriptionHtml,
    shortDescriptionHtml,
    jsonLd,
  };
}

/** The shop's shipping methods (the offers' shipping details), read once per build. */
export const shippingMethods = once(() => readShippingMethods());

/** The price an offer states: the page's price, or for a grouped product its members' lowest and highest. */
export function offerPrice(p: Product, prices: { final: number }, grouped: readonly { prices: { final: number } }[]): OfferPrice {
  if (p.type_id !== 'grouped' || grouped.length === 0) return { price: prices.final };
  const finals = grouped.map((g) => g.prices.final);
  return { lowPrice: Math.min(...finals), highPrice: Math.max(...finals), offerCount: finals.length };
}

/** A product page's data without the texts made from the record's HTML (see ProductPageCore). */
export function productPageCore(productId: number, storeCode?: string): ProductPageCore {
  const { bySku, reviewsOf } = catalog(storeCode);
  // Its own full record: a shard build's index holds slim ones (./shard-records.ts).
  const p = productRecord(productId, storeCode);
  if (!p) throw new Error(`Product ${productId} is not in the snapshot`);
  const opts = urlOpts(storeCode);
  const canonical = productUrl(p, { ...opts, childSku: p.type_id === 'configurable' ? p.sku : undefined }).replace(/\?.*$/, '');
  const cat = primaryCategory(p, storeCode);
  const breadcrumbs: Crumb[] = [...(cat ? categoryCrumbs(cat, storeCode, true) : [{ name: messages.homeLink, href: homeUrl(storeCode) }]), { name: p.name }];
  const images = productImages(p);
  const brand = brandLabel(p, storeCode);

  // Configurable: options, children and the default child
  const options: OptionView[] = [];
  const children: ChildView[] = [];
  let defaultChildSku: string | undefined;
  let prices = pricesFor(p, storeCode);
  let sku = p.sku;
  if (p.type_id === 'configurable') {
    const def = defaultChild(p) ?? p.configurable_children?.[0];
    const selection: Selection = def ? selectionOf(p, def) : {};
    defaultChildSku = def?.sku;
    if (def) {
      prices = pricesFor(def, storeCode);
      sku = def.sku;
    }
    for (const o of p.configurable_options ?? []) {
      const code = o.attribute_code;
      const kind = code === 'color' || code === 'colour' ? 'color' : code === 'size' || code.endsWith('_size') ? 'size' : 'generic';
      // In the attribute's option order, as Magento lists them (ring sizes K, M, O, not O, K, M); values the attribute does not list last.
      const attribute = catalog(storeCode).attributes.get(code);
      const ranks = attribute ? optionRanks(attribute) : new Map<string, { rank: number }>();
      const rank = (v: { value_index: number | string }) => ranks.get(String(v.value_index))?.rank ?? Number.MAX_SAFE_INTEGER;
      options.push({
        code,
        label: o.label,
        kind,
        values: [...o.values]
          .sort((a, b) => rank(a) - rank(b))
          .map((v) => ({
            id: v.value_index,
            label: v.label,
            ...(kind === 'color' && config.colorMappings[v.label] ? { swatch: config.colorMappings[v.label] } : {}),
            available: isOptionValueAvailable(p, selection, code, v.value_index),
            selected: selection[code] === v.value_index,
          })),
      });
    }
    for (const c of p.configurable_children ?? []) {
      children.push({
        sku: c.sku,
        selection: selectionOf(p, c),
        prices: pricesFor(c, storeCode),
        inStock: c.stock.is_in_stock,
        available: isVariantAvailable(c),
        ...(c.image ? { image: galleryImage(c.image) } : {}),
      });
    }
  }

  // Grouped and bundle products
  const grouped: LinkedView[] = [];
  if (p.type_id === 'grouped') {
    for (const l of p.product_links.filter((x) => x.link_type === 'associated')) {
      const lp = bySku.get(l.linked_product_sku);
      const v = linkedView(lp, l.product ?? undefined, l.extension_attributes?.qty ?? 1, storeCode);
      if (v) grouped.push(v);
    }
  }
  const bundle: BundleOptionView[] = p.bundle_options.map((o) => ({
    id: o.option_id,
    title: o.title,
    required: o.required,
    type: o.type,
    links: o.product_links
      .map((l) =>
        linkedView(l.sku ? bySku.get(l.sku) : l.product ? bySku.get(l.product.sku) : undefined, l.product ?? undefined, l.qty, storeCode, l.is_default),
      )
      .filter((x): x is LinkedView => x !== null),
  }));

  const reviews = (reviewsOf.get(p.id) ?? []).filter((r) => r.review_status === 1);
  const inStock = productInStock(p);
  const shareImage = images[0] ? galleryImage(images[0]) : undefined;
  return {
    product: p,
    title: p.meta_title || p.name,
    canonical,
    ampHref: ampProductUrl(p, opts),
    shareImage,
    images,
    breadcrumbs,
    prices,
    inStock,
    sku,
    brand,
    options,
    children,
    defaultChildSku,
    grouped,
    bundle,
    attributes: attributeRows(p, storeCode),
    related: [...relatedProducts(p, undefined, storeCode)],
    reviews,
    hasSizeOption: options.some((o) => o.kind === 'size'),
  };
}
