/**
 * Build-time props of the product page islands (options and add to cart, recently viewed): the
 * product trimmed to what the form reads, the option labels, the grouped set, the URLs of the
 * configurable children and the summary kept by the wishlist, compare and recently viewed lists
 * (with the comparable attributes in words). Server side only (reads the catalogue index).
 */
import { config } from '../config';
import { catalog, currencyRate, productImagePath, storeViewOf, urlOpts } from '../routing/routes';
import { optionLabel, type OptionView, type ProductPageCore } from './product-page-data';
import { CHILD_SKU_TOKEN, productUrl, cmsUrl } from '../catalog/urls';
import { defaultChild } from '../catalog/variants';
import { formProduct, type FormProduct, type GroupedItem } from '../catalog/product/form';
import type { Product } from '../schemas';
import type { CompareRow, ListProduct } from '../catalog/product/summary-view';

/** Props of the product options island. */
export interface ProductIslandProps {
  product: FormProduct;
  options: OptionView[];
  grouped: GroupedItem[];
  /** The product's URL, and its children's as a template (`childUrl`): one string, not one URL a child, in the page's bytes. */
  urls: { product: string; child: string };
  /** Push the chosen child's URL into the address bar (config.switches.pushChildSkuToUrl). */
  pushChildUrl: boolean;
  summary: ListProduct;
  sizeGuideHref: string | null;
  /** The page's store view and the rate from the catalogue's prices to its currency; none: the default store view at 1 (kept out of the page's bytes). */
  money?: { storeCode: string; rate: number };
}

/** The comparable attributes (is_comparable) of a product in words; configurable options list their values. */
export function compareRows(p: Product, storeCode?: string): CompareRow[] {
  const rows: CompareRow[] = [];
  const configurable = new Map((p.configurable_options ?? []).map((o) => [o.attribute_code, o]));
  const attrs = [...catalog(storeCode).attributes.values()].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const a of attrs) {
    if (!a.is_comparable || a.attribute_code === 'price') continue;
    const opt = configurable.get(a.attribute_code);
    const raw = (p as Record<string, unknown>)[a.attribute_code];
    const value = opt
      ? opt.values.map((v) => v.label).join(', ')
      : a.options.length
        ? optionLabel(a.attribute_code, raw, storeCode)
        : raw !== undefined && raw !== null && raw !== ''
          ? String(raw)
          : undefined;
    if (value) rows.push({ code: a.attribute_code, label: a.frontend_label, value });
  }
  return rows;
}

/** What the wishlist, compare and recently viewed lists keep of a product. */
export function listProduct(p: Product, storeCode?: string): ListProduct {
  const priced = p.type_id === 'configurable' && !(Number(p.price) > 0) ? (defaultChild(p) ?? p.configurable_children?.[0] ?? p) : p;
  return {
    sku: p.sku,
    name: p.name,
    type_id: p.type_id,
    price: Number(priced.price ?? 0) || 0,
    special_price: priced.special_price ?? null,
    special_from_date: priced.special_from_date ?? null,
    special_to_date: priced.special_to_date ?? null,
    final_price: priced.final_price ?? null,
    image: productImagePath(p),
    url: productUrl(p, urlOpts(storeCode)),
    compare: compareRows(p, storeCode),
  };
}

/** The island's `money` prop: only for a store view other than the default one, or at another rate. */
function moneyOf(storeCode?: string): Pick<ProductIslandProps, 'money'> {
  const store = storeViewOf(storeCode);
  const rate = currencyRate(store);
  return store.storeCode === config.storeViews.default.storeCode && rate === 1 ? {} : { money: { storeCode: store.storeCode, rate } };
}

/** The props of the options island for a product page. */
export function productIslandProps(d: ProductPageCore, storeCode?: string): ProductIslandProps {
  const p = d.product;
  const opts = urlOpts(storeCode);
  const { bySku } = catalog(storeCode);
  return {
    product: formProduct(p),
    options: d.options,
    grouped: d.grouped.map((g) => {
      const lp = bySku.get(g.product.sku);
      return {
        product: g.product,
        qty: g.qty,
        prices: g.prices,
        inStock: g.inStock,
        image: lp ? productImagePath(lp) : null,
        ...(g.href ? { href: g.href } : {}),
      };
    }),
    urls: { product: productUrl(p, opts), child: p.type_id === 'configurable' ? productUrl(p, { ...opts, childSku: CHILD_SKU_TOKEN }) : '' },
    pushChildUrl: config.switches.pushChildSkuToUrl,
    summary: listProduct(p, storeCode),
    sizeGuideHref: d.hasSizeOption || p.pj_bracelet_size != null ? cmsUrl('ring-size-guide', { storeCode }) : null,
    ...moneyOf(storeCode),
  };
}
