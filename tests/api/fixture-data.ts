/**
 * The test shop's seed data: a small snapshot (docs/snapshot.md layout) with known products, prices
 * and stock, its shipping methods, shops, CMS content and media. The helpers that write it and start
 * the reference server on it are in fixture.ts.
 */

const stock = (qty: number, inStock = qty > 0) => ({ is_in_stock: inStock, qty, min_sale_qty: 1, max_sale_qty: 10, manage_stock: true });

const product = (over: Record<string, unknown>) => ({
  type_id: 'simple',
  tax_class_id: 2,
  status: 1,
  visibility: 4,
  discontinued: 0,
  image: '/catalog/product/ring.svg',
  media_gallery: [],
  category_ids: [3],
  ...over,
  url_key: `${over.slug}-${over.id}`,
  url_path: `rings/${over.slug}-${over.id}`,
});

export const PRODUCTS = [
  product({
    id: 101,
    sku: 'RING-101',
    name: 'Silver Ring',
    slug: 'silver-ring',
    price: 120,
    stock: stock(10),
    // group price tiers (§6, used only when switched on): guests from 3, customers from 1
    tier_prices: [
      { customer_group_id: 0, qty: 3, value: 110 },
      { customer_group_id: 1, qty: 1, value: 114 },
    ],
  }),
  product({
    id: 102,
    sku: 'WATCH-102',
    name: 'Sale Watch',
    slug: 'sale-watch',
    price: 200,
    special_price: 150,
    special_from_date: '2000-01-01 00:00:00',
    special_to_date: '2099-12-31 23:59:59',
    stock: stock(5),
  }),
  product({
    id: 103,
    sku: 'BANGLE-103',
    name: 'Bangle',
    slug: 'bangle',
    type_id: 'configurable',
    price: 80,
    stock: stock(3),
    configurable_options: [
      {
        id: 1,
        attribute_id: 93,
        attribute_code: 'color',
        label: 'Colour',
        values: [
          { value_index: 4000, label: 'Gold' },
          { value_index: 4004, label: 'Silver' },
        ],
      },
    ],
    configurable_children: [
      {
        id: 1031,
        sku: 'BANGLE-103-GOLD',
        name: 'Bangle Gold',
        price: 80,
        color: 4000,
        status: 1,
        stock: stock(3),
        custom_attributes: [{ attribute_code: 'color', value: '4000' }],
      },
      {
        id: 1032,
        sku: 'BANGLE-103-SILVER',
        name: 'Bangle Silver',
        price: 60,
        color: 4004,
        status: 1,
        stock: stock(0, false),
        custom_attributes: [{ attribute_code: 'color', value: '4004' }],
      },
    ],
  }),
  product({ id: 104, sku: 'LAST-104', name: 'Last Brooch', slug: 'last-brooch', price: 50, stock: stock(1) }),
  product({
    id: 105,
    sku: 'PENDANT-105',
    name: 'Engraved Pendant',
    slug: 'engraved-pendant',
    price: 100,
    stock: stock(20),
    custom_options: [
      { option_id: 1, type: 'field', title: 'Engraving text', is_require: false, price: 10, price_type: 'fixed', values: [] },
      {
        option_id: 2,
        type: 'radio',
        title: 'Font',
        is_require: false,
        values: [
          { option_type_id: 21, title: 'Script', price: 0, price_type: 'fixed' },
          { option_type_id: 22, title: 'Roman', price: 10, price_type: 'percent' },
        ],
      },
      {
        option_id: 3,
        type: 'checkbox',
        title: 'Gift wrap',
        is_require: false,
        values: [{ option_type_id: 31, title: 'Gift wrap', price: 3.95, price_type: 'fixed' }],
      },
    ],
  }),
  product({ id: 106, sku: 'GONE-106', name: 'Gone Chain', slug: 'gone-chain', price: 30, discontinued: 1, stock: stock(0, false) }),
  product({
    id: 107,
    sku: 'SET-107',
    name: 'Gift Set',
    slug: 'gift-set',
    type_id: 'bundle',
    price: 0,
    stock: stock(10),
    bundle_options: [
      {
        option_id: 1,
        title: 'Ring',
        required: true,
        product_links: [{ id: 1071, sku: 'RING-101', qty: 1, is_default: true, product: { id: 101, sku: 'RING-101', name: 'Silver Ring', price: 120 } }],
      },
      {
        option_id: 2,
        title: 'Watch',
        required: true,
        product_links: [
          {
            id: 1072,
            sku: 'WATCH-102',
            qty: 1,
            is_default: true,
            product: {
              id: 102,
              sku: 'WATCH-102',
              name: 'Sale Watch',
              price: 200,
              special_price: 150,
              special_from_date: '2000-01-01 00:00:00',
              special_to_date: '2099-12-31 23:59:59',
            },
          },
        ],
      },
    ],
  }),
];

const SHIPPING = [
  ['freeshipping', 'freeshipping', 'Royal Mail', 'Free 2nd Class Delivery', 0],
  ['flatrate', 'express', 'DPD Courier', 'Express Delivery', 6],
  ['freeexpress', 'freeexpress', 'DPD Courier', 'Free Express Delivery', 0],
  ['storecollection', 'preston', 'Store Collection', 'Preston', 0],
  ['storecollection', 'blackburn', 'Store Collection', 'Blackburn', 0],
  ['storecollection', 'bury', 'Store Collection', 'Bury', 0],
  ['storecollection', 'carlisle', 'Store Collection', 'Carlisle', 0],
].map(([carrier_code, method_code, carrier_title, method_title, amount]) => ({
  carrier_code,
  method_code,
  carrier_title,
  method_title,
  amount,
  base_amount: amount,
  available: true,
  error_message: '',
  price_excl_tax: Math.round(((amount as number) / 1.2) * 100) / 100,
  price_incl_tax: amount,
}));

const hours = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, open: '09:00', close: '17:30' }));

/** The one picture every media file of the fixture is. */
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c0c0c0"/></svg>\n';

/** Files of the fixture snapshot, by path. */
export function fixtureFiles(): Record<string, unknown> {
  return {
    'manifest.json': {
      version: 1,
      generated_at: '2026-11-01T00:00:00.000Z',
      source: 'api-test-fixture',
      store_code: 'gb',
      counts: { products: PRODUCTS.length },
      product_shards: ['products/0000.json'],
    },
    'products/0000.json': PRODUCTS,
    'categories.json': [
      {
        id: 2,
        parent_id: 1,
        name: 'Default Category',
        url_key: 'default-category',
        url_path: 'default-category',
        slug: 'default-category',
        level: 1,
        is_active: true,
        include_in_menu: true,
        path: '1/2',
      },
      {
        id: 3,
        parent_id: 2,
        name: 'Rings',
        url_key: 'rings',
        url_path: 'rings',
        slug: 'rings',
        level: 2,
        is_active: true,
        include_in_menu: true,
        path: '1/2/3',
        product_count: 5,
      },
    ],
    'attributes.json': [
      {
        attribute_code: 'color',
        attribute_id: 93,
        options: [
          { value: '4000', label: 'Gold' },
          { value: '4004', label: 'Silver' },
        ],
        frontend_label: 'Colour',
        frontend_input: 'select',
        is_visible_on_front: true,
        is_comparable: true,
      },
    ],
    'reviews.json': [
      {
        id: 1,
        product_id: 101,
        title: 'Lovely',
        detail: 'Really lovely ring.',
        nickname: 'Jo',
        review_status: 1,
        ratings: [{ percent: 100, value: 5 }],
        created_at: '2026-01-01 10:00:00',
      },
      { id: 2, product_id: 101, title: 'Pending one', detail: 'Waiting for moderation.', nickname: 'Al', review_status: 2, created_at: '2026-01-02 10:00:00' },
    ],
    'cms-pages.json': [
      { id: 1, identifier: 'about-us', title: 'About us', content: '<p>About the shop.</p>', store_id: 1 },
      { id: 2, identifier: 'repairs', title: 'Repairs', content: '<p>Repairs.</p>', booking_form: true },
    ],
    'cms-blocks.json': [{ id: 1, identifier: 'footer-about', title: 'Footer', content: '<p>Footer.</p>' }],
    'blog-posts.json': [
      {
        id: 1,
        title: 'How to Stack Rings',
        date: '2026-10-28 10:00:00',
        uri: '/pjworld/post/how-to-stack-rings',
        link: '/pjworld/post/how-to-stack-rings',
        content: '<p>Stack.</p>',
        author: { name: 'Hannah' },
        slug: 'how-to-stack-rings',
      },
    ],
    'blog-categories.json': [{ id: 1, name: 'Style Edit', slug: 'style-edit', posts: [1] }],
    'menus.json': Object.fromEntries(
      ['1', '2', '3', '4', '5', '6'].map((id) => [id, [{ node_id: Number(id) * 10, content: '/rings', classes: '', parent_id: null, title: `Menu ${id}` }]]),
    ),
    'banners/gb.json': { mainBanners: [{ image: '/banners/main.svg', title: 'Main', subtitle: 'Sub', link: '/rings' }], smallBanners: [], productBanners: [] },
    'shops.json': ['preston', 'blackburn', 'bury', 'carlisle'].map((loc, i) => ({
      id: loc,
      location: loc,
      name: `Pendle & James ${loc}`,
      street: [`${i + 1} High Street`],
      city: loc,
      postcode: 'PR1 2AD',
      country_id: 'GB',
      telephone: '01772 000000',
      email: `${loc}@pendleandjames.co.uk`,
      latitude: 53.7,
      longitude: -2.7,
      opening_hours: hours,
    })),
    'shipping-methods.json': SHIPPING,
    'payment-methods.json': [
      { title: 'Credit or debit card', code: 'card', default: true, is_server_method: true },
      { title: 'Cash on delivery', code: 'cashondelivery', cost: 0, costInclTax: 0, offline: true, is_server_method: false },
    ],
    'tax-rates.json': [{ rate: 20, code: 'GB VAT 20%', tax_country_id: 'GB', product_tax_class_ids: [2] }],
    'coupons.json': [
      { code: 'WELCOME10', type: 'percent', amount: 10, description: 'Newsletter 10% off' },
      { code: 'OLD20', type: 'percent', amount: 20, active: false },
    ],
    'social.json': {
      title: 'Follow us',
      handle: '@pj',
      profileUrl: 'https://example.org/pj',
      images: [{ image: '/social/post-1.svg', link: 'https://example.org/p/1', caption: 'One' }],
    },
    'url-map.json': [{ from: '/old-rings.html', to_type: 'category', to_id: 3 }],
  };
}

export const MEDIA = ['/catalog/product/ring.svg', '/banners/main.svg', '/social/post-1.svg'];
