/** Product and its parts (spec §3 Product, Custom option, Bundle option, Related link). */
import { z, NumberLike, Flag, DateString, opt, ImageRef, OptImageRef } from './common';

export const CustomOptionValueSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    option_type_id: z.number().int(),
    title: z.string(),
    price: NumberLike,
    price_type: z.enum(['fixed', 'percent']),
    sku: opt(z.string()),
    sort_order: opt(z.number()),
  }))();
export type CustomOptionValue = z.output<typeof CustomOptionValueSchema>;

export const CustomOptionSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    option_id: z.number().int(),
    type: z.enum(['field', 'area', 'radio', 'checkbox', 'drop_down', 'select']),
    title: z.string(),
    is_require: z.boolean(),
    sort_order: opt(z.number()),
    max_characters: opt(z.number().int()),
    price: opt(NumberLike),
    price_type: opt(z.enum(['fixed', 'percent'])),
    values: z.array(CustomOptionValueSchema).default([]),
  }))();
export type CustomOption = z.output<typeof CustomOptionSchema>;

/** A product as nested inside a bundle link or a grouped link: the fields a price needs. */
export const LinkedProductSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    type_id: opt(z.string()),
    price: NumberLike,
    final_price: opt(NumberLike),
    special_price: opt(NumberLike),
    special_from_date: opt(DateString),
    special_to_date: opt(DateString),
    stock: opt(z.looseObject({ is_in_stock: z.boolean(), qty: opt(z.number()) })),
  }))();

export const BundleProductLinkSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    sku: opt(z.string()),
    qty: z.number(),
    can_change_quantity: opt(z.boolean()),
    is_default: z.boolean(),
    price: opt(NumberLike),
    price_type: opt(z.enum(['fixed', 'percent'])),
    product: opt(LinkedProductSchema),
  }))();
export type BundleProductLink = z.output<typeof BundleProductLinkSchema>;

export const BundleOptionSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    option_id: z.number().int(),
    title: z.string(),
    required: z.boolean(),
    type: z.enum(['select', 'radio', 'checkbox', 'multi']).default('radio'),
    position: opt(z.number()),
    product_links: z.array(BundleProductLinkSchema),
  }))();
export type BundleOption = z.output<typeof BundleOptionSchema>;

/** Related link (§3): link_type is related, upsell, crosssell or associated (grouped). */
export const ProductLinkSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    sku: opt(z.string()),
    link_type: z.string(),
    linked_product_sku: z.string(),
    linked_product_type: opt(z.string()),
    position: opt(z.number()),
    extension_attributes: opt(z.looseObject({ qty: opt(z.number()) })),
    product: opt(LinkedProductSchema),
  }))();
export type ProductLink = z.output<typeof ProductLinkSchema>;

export const TierPriceSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    customer_group_id: z.number().int(),
    qty: z.number(),
    value: NumberLike,
  }))();
export type TierPrice = z.output<typeof TierPriceSchema>;

export const MediaGalleryItemSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    image: ImageRef,
    pos: opt(z.number()),
    typ: z.enum(['image', 'video']).default('image'),
    lab: opt(z.string()),
    vid: opt(z.looseObject({ url: z.string(), title: opt(z.string()), desc: opt(z.string()), video_id: opt(z.string()), type: opt(z.string()) })),
  }))();
export type MediaGalleryItem = z.output<typeof MediaGalleryItemSchema>;

export const StockSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    is_in_stock: z.boolean(),
    qty: z.number(),
    min_sale_qty: opt(z.number()),
    max_sale_qty: opt(z.number()),
    manage_stock: opt(z.boolean()),
  }))();
export type Stock = z.output<typeof StockSchema>;

/**
 * The price vue-storefront-api signed with `sgn` (src/lib/import/from-vsf/prices.ts
 * `signedPrice`): an order line carries it in the same field so that VSFA's signature check passes.
 */
export const SignedPriceSchema = /*#__PURE__*/ (() => z.strictObject({ field: z.enum(['priceInclTax', 'price']), value: z.number().nullable() }))();
export type SignedPrice = z.output<typeof SignedPriceSchema>;

export const ConfigurableChildSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    sku: z.string(),
    name: opt(z.string()),
    price: NumberLike,
    final_price: opt(NumberLike),
    special_price: opt(NumberLike),
    special_from_date: opt(DateString),
    special_to_date: opt(DateString),
    image: OptImageRef,
    color: opt(z.number().int()),
    size: opt(z.number().int()),
    status: z.number().int(),
    stock: StockSchema,
    custom_attributes: opt(z.array(z.looseObject({ attribute_code: z.string(), value: z.unknown() }))),
    sgn: opt(z.string()),
    sgn_price: opt(SignedPriceSchema),
  }))();
export type ConfigurableChild = z.output<typeof ConfigurableChildSchema>;

export const ConfigurableOptionSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    attribute_id: z.union([z.number().int(), z.string()]),
    attribute_code: z.string(),
    label: z.string(),
    position: opt(z.number()),
    values: z.array(z.looseObject({ value_index: z.number().int(), label: z.string() })),
  }))();
export type ConfigurableOption = z.output<typeof ConfigurableOptionSchema>;

export const PRODUCT_TYPES = ['virtual', 'bundle', 'simple', 'downloadable', 'grouped', 'configurable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const ProductSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.number().int(),
    sku: z.string().min(1),
    name: z.string().min(1),
    type_id: z.enum(PRODUCT_TYPES),
    price: NumberLike,
    final_price: opt(NumberLike),
    special_price: opt(NumberLike),
    special_from_date: opt(DateString),
    special_to_date: opt(DateString),
    priceInclTax: opt(NumberLike),
    originalPrice: opt(NumberLike),
    originalPriceInclTax: opt(NumberLike),
    priceTax: opt(NumberLike),
    specialPriceTax: opt(NumberLike),
    tax_class_id: opt(z.number().int()),
    /** 1 enabled, 2 disabled (a variant with status >= 2 is unavailable, §5). */
    status: z.number().int(),
    /** 1 not visible, 2 catalogue, 3 search, 4 both. */
    visibility: z.number().int().min(1).max(4),
    /** 1 means gone (HTTP 410). */
    discontinued: Flag.default(0),
    stock: StockSchema,
    image: OptImageRef,
    hover_image: OptImageRef,
    thumbnail: OptImageRef,
    small_image: OptImageRef,
    media_gallery: z.array(MediaGalleryItemSchema).default([]),
    url_key: z.string().min(1),
    url_path: z.string().min(1),
    slug: z.string().min(1),
    description: opt(z.string()),
    short_description: opt(z.string()),
    meta_title: opt(z.string()),
    meta_description: opt(z.string()),
    product_links: z.array(ProductLinkSchema).default([]),
    tier_prices: z.array(TierPriceSchema).default([]),
    category_ids: z.array(z.number().int()).default([]),
    /** Category name/id pairs for search boosts (category name boost 1). */
    category: opt(z.array(z.looseObject({ category_id: z.number().int(), name: z.string() }))),
    configurable_options: opt(z.array(ConfigurableOptionSchema)),
    configurable_children: opt(z.array(ConfigurableChildSchema)),
    color: opt(z.number().int()),
    size: opt(z.number().int()),
    brand: opt(z.number().int()),
    pj_brand: opt(z.number().int()),
    pj_gender: opt(z.number().int()),
    pj_material: opt(z.number().int()),
    pj_stone: opt(z.number().int()),
    pj_strap_material: opt(z.number().int()),
    pj_features: opt(z.array(z.number().int())),
    pj_watch_movement: opt(z.number().int()),
    pj_style: opt(z.number().int()),
    pj_bracelet_size: opt(z.number().int()),
    pj_product_flag: opt(z.string()),
    /** Sale flag: 1 shows the 'Sale' badge. */
    sale: Flag.default(0),
    /** New flag: 1 shows the 'New' badge. */
    new: Flag.default(0),
    can_be_financed: Flag.default(0),
    klarna_cta_available: Flag.default(0),
    lowest_possible_finance: opt(NumberLike),
    category_promo_block: opt(z.string()),
    c2c_supplier_code: opt(z.string()),
    sgn: opt(z.string()),
    sgn_price: opt(SignedPriceSchema),
    is_configured: opt(z.boolean()),
    product_option: opt(z.looseObject({})),
    custom_options: z.array(CustomOptionSchema).default([]),
    bundle_options: z.array(BundleOptionSchema).default([]),
    errors: z.record(z.string(), z.string().nullable()).default({}),
    position: opt(z.number()),
    created_at: opt(DateString),
    updated_at: opt(DateString),
    weight: opt(NumberLike),
  }))();
export type Product = z.output<typeof ProductSchema>;
