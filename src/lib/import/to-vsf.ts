/**
 * Snapshot records in the shapes vue-storefront indexers write into Elasticsearch (what
 * vue-storefront-api's `_search` answers): the inverse of the importer's mapping (`from-vsf/`), so
 * that importing what the reference API serves gives back the snapshot it serves. Only the fields whose
 * VSF shape differs are changed; every other field is served as the snapshot holds it.
 */
import type { Attribute, Category, CmsBlock, CmsPage, Product, Review, TaxRate } from '../schemas';

export type VsfRecord = Record<string, unknown>;

/** The catalogue entities of the `_search` route, as VSF names them (`/api/catalog/{index}/{entity}/_search`). */
export const VSF_ENTITIES = ['product', 'category', 'attribute', 'cms_page', 'cms_block', 'review', 'taxrule'] as const;
export type VsfEntity = (typeof VSF_ENTITIES)[number];

/** The customer tax class of a retail shopper in Magento (tax rules name it in `customer_tax_class_ids`). */
export const RETAIL_CUSTOMER_TAX_CLASS = 3;

/** The snapshot's CMS layouts and Magento's `page_layout` values (the first one each is what the reference API writes). */
export const PAGE_LAYOUTS: Record<CmsPage['layout'], string[]> = {
  default: ['1column', '2columns-left', '2columns-right', '3columns'],
  empty: ['empty'],
  minimal: ['cms-full-width', 'minimal'],
};

const flag = (v: boolean | undefined | null) => (v ? '1' : '0');

/** Product: `tax_class_id` and `category_ids` as strings, as Magento's indexers write them. */
export function productToVsf(p: Product): VsfRecord {
  return {
    ...p,
    ...(p.tax_class_id !== undefined && p.tax_class_id !== null ? { tax_class_id: String(p.tax_class_id) } : {}),
    category_ids: p.category_ids.map(String),
  };
}

/** Category: `children_count` as a string, `include_in_menu` as 0/1. */
export function categoryToVsf(c: Category): VsfRecord {
  return { ...c, children_count: String(c.children_count), include_in_menu: c.include_in_menu ? 1 : 0 };
}

/** Attribute: the label as `default_frontend_label`, the flags as "0"/"1". */
export function attributeToVsf(a: Attribute): VsfRecord {
  const { frontend_label, ...rest } = a;
  return {
    ...rest,
    default_frontend_label: frontend_label,
    is_visible_on_front: flag(a.is_visible_on_front),
    is_comparable: flag(a.is_comparable),
    ...(a.is_filterable !== undefined && a.is_filterable !== null ? { is_filterable: flag(a.is_filterable) } : {}),
  };
}

/** CMS page: `store_id` as an array, the layout as Magento's `page_layout`. */
export function cmsPageToVsf(p: CmsPage): VsfRecord {
  const { layout, store_id, ...rest } = p;
  return { ...rest, page_layout: PAGE_LAYOUTS[layout][0], ...(store_id !== undefined && store_id !== null ? { store_id: [store_id] } : {}) };
}

export const cmsBlockToVsf = (b: CmsBlock): VsfRecord => ({ ...b });

export const reviewToVsf = (r: Review): VsfRecord => ({ ...r });

/** Tax rate: one Magento tax rule per rate, the rate nested in `rates[]`. */
export function taxRateToVsf(t: TaxRate, index: number): VsfRecord {
  const { product_tax_class_ids, ...rate } = t;
  return {
    id: index + 1,
    code: t.code,
    priority: 0,
    position: 0,
    customer_tax_class_ids: [RETAIL_CUSTOMER_TAX_CLASS],
    product_tax_class_ids,
    tax_rate_ids: [index + 1],
    rates: [{ id: index + 1, tax_postcode: '*', ...rate }],
  };
}
