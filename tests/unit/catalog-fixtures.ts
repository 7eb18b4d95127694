/** Product and category builders for the pure-rule tests (validated by the real schemas). */
import { ProductSchema, CategorySchema, type Product, type Category } from '../../src/lib/schemas';

type Input = Record<string, unknown>;

let nextId = 1000;

/** A valid simple product; override any field. */
export function product(over: Input = {}): Product {
  const id = (over.id as number | undefined) ?? nextId++;
  return ProductSchema.parse({
    id,
    sku: `PJ-${id}`,
    name: `Product ${id}`,
    type_id: 'simple',
    price: 100,
    status: 1,
    visibility: 4,
    stock: { is_in_stock: true, qty: 5 },
    url_key: `product-${id}`,
    url_path: `rings/product-${id}`,
    slug: `product-${id}`,
    ...over,
  });
}

/** A configurable ring with sizes L, M, N in gold (49) and silver (50). */
export function ring(children: Input[], over: Input = {}): Product {
  return product({
    id: 1042,
    sku: 'EVR-1042',
    name: 'Evermore Platinum Solitaire Ring',
    type_id: 'configurable',
    price: 0,
    url_key: 'evermore-platinum-solitaire-ring-1042',
    url_path: 'rings/engagement-rings/evermore-platinum-solitaire-ring-1042',
    slug: 'evermore-platinum-solitaire-ring',
    configurable_options: [
      {
        id: 1,
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Colour',
        values: [
          { value_index: 49, label: 'Gold' },
          { value_index: 50, label: 'Silver' },
        ],
      },
      {
        id: 2,
        attribute_id: 144,
        attribute_code: 'size',
        label: 'Size',
        values: [
          { value_index: 167, label: 'L' },
          { value_index: 168, label: 'M' },
          { value_index: 169, label: 'N' },
        ],
      },
    ],
    configurable_children: children.map((c, i) => ({
      id: 2000 + i,
      sku: `EVR-1042-${i}`,
      price: 1000,
      status: 1,
      stock: { is_in_stock: true, qty: 3 },
      ...c,
    })),
    ...over,
  });
}

/** A valid category; override any field. */
export function category(over: Input = {}): Category {
  const id = (over.id as number | undefined) ?? nextId++;
  return CategorySchema.parse({
    id,
    name: `Category ${id}`,
    url_key: `category-${id}`,
    url_path: `category-${id}`,
    slug: `category-${id}`,
    parent_id: 2,
    level: 2,
    is_active: true,
    include_in_menu: true,
    path: `1/2/${id}`,
    ...over,
  });
}
