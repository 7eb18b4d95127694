/**
 * VSF records as Magento's indexer (mage2vuestorefront / the VSF bridge) writes them into the
 * catalogue's indices, generated from a seed: a category tree under root 2, attributes, a tax rule,
 * CMS pages and blocks, products (simple ones, configurables with their children inside them, some
 * children also indexed as products of their own with ids that are not integers, e.g. `1000_GY_28`,
 * as some indexer set-ups write them) and reviews. Written for the stand-in; shapes as in
 * vue-storefront-api's var/ samples (fields the importer reads).
 */
import type { Rec } from '../../src/lib/import/es-query';
import type { FieldType } from './es-index';

export type VsfaEntity = 'product' | 'category' | 'attribute' | 'cms_page' | 'cms_block' | 'review' | 'taxrule';
export type VsfaRecords = Record<VsfaEntity, Rec[]>;

/** VSFA's elastic.schema.*.json for the fields the stand-in sorts and checks on. */
export const MAPPINGS: Record<VsfaEntity, Record<string, FieldType>> = {
  product: { id: 'long', sku: 'keyword', price: 'float', status: 'integer', visibility: 'integer', updated_at: 'date', category_ids: 'long', name: 'text' },
  category: { id: 'long', parent_id: 'long', url_key: 'keyword', url_path: 'keyword', name: 'text' },
  attribute: { id: 'long', attribute_id: 'long', attribute_code: 'keyword' },
  cms_page: { id: 'long', identifier: 'keyword' },
  cms_block: { id: 'long', identifier: 'keyword' },
  review: { id: 'long', product_id: 'long' },
  taxrule: { id: 'long' },
};

export interface CatalogueOptions {
  products: number;
  reviews?: number;
  /** Children of configurables indexed as products of their own under ids such as `1000_GY_28` (needs a keyword `id`). */
  stringIdChildren?: number;
  updatedAt?: string;
}

const COLOURS = [
  { value: 49, label: 'Grey', code: 'GY' },
  { value: 50, label: 'Blue', code: 'BL' },
];

export function category(id: number, parent: number, name: string, level: number, path: string, urlKey = name.toLowerCase()): Rec {
  return {
    id,
    parent_id: parent,
    name,
    is_active: true,
    level,
    position: id,
    include_in_menu: true,
    path,
    url_key: urlKey,
    url_path: level > 2 ? `jewellery/${urlKey}` : urlKey,
    product_count: 0,
    children_count: 0,
  };
}

export function simpleProduct(id: number, over: Rec = {}): Rec {
  return {
    id,
    sku: `SKU-${id}`,
    name: `Product ${id}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: 10 + (id % 90),
    tax_class_id: 2,
    category_ids: [3 + (id % 3)],
    url_key: `product-${id}`,
    url_path: `product-${id}.html`,
    stock: { is_in_stock: true, qty: 5 },
    image: `/p/${id}.jpg`,
    media_gallery: [],
    updated_at: '2026-11-01 10:00:00',
    ...over,
  };
}

/** A configurable parent with a child per colour (ids `id*10+1`, skus `SKU-{id}-{code}`). */
export function configurable(id: number, over: Rec = {}): Rec {
  return simpleProduct(id, {
    type_id: 'configurable',
    price: 0,
    configurable_options: [
      { attribute_id: 93, attribute_code: 'color', label: 'Colour', values: COLOURS.map((c) => ({ value_index: c.value, label: c.label })) },
    ],
    configurable_children: COLOURS.map((c, i) => ({
      id: id * 10 + i + 1,
      sku: `SKU-${id}-${c.code}`,
      price: 40 + i,
      color: c.value,
      status: 1,
      stock: { is_in_stock: true, qty: 3 },
    })),
    ...over,
  });
}

/** A whole catalogue: `products` products (every 10th a configurable), root category 2, and `reviews` reviews. */
export function vsfCatalogue(o: CatalogueOptions): VsfaRecords {
  const at = o.updatedAt ?? '2026-11-01 10:00:00';
  const products: Rec[] = [];
  for (let i = 0; i < o.products; i++) {
    const id = 1000 + i;
    products.push(i % 10 === 0 ? configurable(id, { updated_at: at }) : simpleProduct(id, { updated_at: at }));
  }
  for (let i = 0; i < (o.stringIdChildren ?? 0); i++) {
    const parent = products[(i * 10) % products.length]!;
    products.push(simpleProduct(0, { id: `${String(parent.id)}_GY_${28 + i}`, sku: `SKU-${String(parent.id)}-GY-${28 + i}`, visibility: 1, updated_at: at }));
  }
  const reviews: Rec[] = [];
  for (let i = 0; i < (o.reviews ?? 0); i++)
    reviews.push({
      id: i + 1,
      product_id: 1000 + (i % Math.max(1, o.products)),
      title: `Review ${i + 1}`,
      detail: 'Lovely.',
      nickname: 'Ann',
      review_status: 1,
      ratings: [],
      created_at: '2026-10-01 10:00:00',
    });
  return {
    category: [
      category(2, 1, 'Default Category', 1, '1/2', 'default-category'),
      category(3, 2, 'Rings', 2, '1/2/3'),
      category(4, 2, 'Watches', 2, '1/2/4'),
      category(5, 2, 'Necklaces', 2, '1/2/5'),
    ],
    attribute: [
      {
        id: 93,
        attribute_id: 93,
        attribute_code: 'color',
        frontend_input: 'select',
        frontend_label: 'Colour',
        is_user_defined: true,
        options: COLOURS.map((c) => ({ value: String(c.value), label: c.label })),
      },
    ],
    taxrule: [
      {
        id: 1,
        code: 'VAT',
        priority: 0,
        position: 0,
        customer_tax_class_ids: [3],
        product_tax_class_ids: [2],
        tax_rate_ids: [1],
        rates: [{ id: 1, tax_country_id: 'GB', tax_region_id: 0, tax_postcode: '*', rate: 20, code: 'VAT' }],
      },
    ],
    cms_page: [{ id: 1, page_id: 1, identifier: 'about-us', title: 'About us', content: '<p>About.</p>', active: true, store_id: 1 }],
    cms_block: [{ id: 1, block_id: 1, identifier: 'footer', title: 'Footer', content: '<p>Footer.</p>', active: true, store_id: 1 }],
    product: products,
    review: reviews,
  };
}
