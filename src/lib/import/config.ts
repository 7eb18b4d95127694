/**
 * The import configuration (`--config FILE`, JSON): what a VSF catalogue dump does not hold and the
 * shop needs (menus besides the category tree, banners, shops, blog, shipping and payment methods,
 * social feed, coupons, legacy URLs), the store view, the root category and how prices are read.
 * Every field has a default, documented in docs/vsf-migration.md; none comes from the sample data.
 */
import { z } from 'zod';
import {
  BannersSchema,
  BlogCategorySchema,
  BlogPostSchema,
  CmsPageSchema,
  CouponSchema,
  MenuNodeSchema,
  PaymentMethodSchema,
  ShippingMethodSchema,
  ShopSchema,
  SocialSettingsSchema,
} from '../schemas';
import { DEFAULT_ROOT_CATEGORY_ID, UrlMapEntrySchema } from '../snapshot/schemas';

const MenuIds = z.enum(['1', '2', '3', '4', '5', '6']);

export const ImportConfigSchema = z.strictObject({
  /** Store code of the banners file and the manifest. */
  store_code: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('gb'),
  /** Magento store view id whose CMS records are taken (with those of store 0, every store view). */
  store_id: z.number().int().min(0).default(1),
  /** The category whose subtree is the shop's catalogue: written into the snapshot's manifest, where the site reads it. */
  root_category_id: z.number().int().positive().default(DEFAULT_ROOT_CATEGORY_ID),
  vat: z
    .strictObject({
      /** UK VAT in per cent: for a product whose tax class no tax rule names, and the tax rate written when the dump has no tax rule. */
      rate: z.number().min(0).max(100).default(20),
      country: z.string().length(2).default('GB'),
      code: z.string().min(1).default('GB VAT'),
      /** Magento's taxable goods class. */
      product_tax_class_id: z.number().int().default(2),
    })
    .prefault({}),
  prices: z
    .strictObject({
      /** The dump's prices include VAT (Magento: Stores > Configuration > Sales > Tax > Catalog Prices "Including Tax"). */
      include_tax: z.boolean().default(true),
      /**
       * The records' `final_price` (Magento's price after catalogue price rules) includes VAT: VSFA's
       * `tax.finalPriceIncludesTax`. Absent: as `include_tax`.
       */
      final_price_include_tax: z.boolean().optional(),
    })
    .prefault({}),
  images: z
    .strictObject({
      /** Magento writes product pictures relative to media/catalog/product ('/s/o/solitaire.jpg'); the snapshot names them relative to media/. */
      product_prefix: z
        .string()
        .regex(/^(\/[\w.-]+)*$/)
        .default('/catalog/product'),
    })
    .prefault({}),
  menus: z
    .strictObject({
      /** Header (1) and mobile (6) menus are the active categories with include_in_menu, to this depth below the root. */
      category_depth: z.number().int().min(1).max(4).default(2),
      /** Menus given as they are (replacing the built header or mobile menu when given for '1' or '6'). */
      nodes: z.partialRecord(MenuIds, z.array(MenuNodeSchema)).default({}),
    })
    .prefault({}),
  banners: BannersSchema.default({ mainBanners: [], smallBanners: [], productBanners: [] }),
  shops: z.array(ShopSchema).default([]),
  blog_posts: z.array(BlogPostSchema).default([]),
  blog_categories: z.array(BlogCategorySchema).default([]),
  shipping_methods: z.array(ShippingMethodSchema).min(1).optional(),
  payment_methods: z.array(PaymentMethodSchema).min(1).optional(),
  social: SocialSettingsSchema.default({ title: '', handle: '', profileUrl: '', images: [] }),
  coupons: z.array(CouponSchema).default([]),
  url_map: z.array(UrlMapEntrySchema).default([]),
  /** CMS pages added when the catalogue has no page with their identifier (the site's content routes need one each). */
  cms_pages: z.array(CmsPageSchema).default([]),
});
export type ImportConfig = z.output<typeof ImportConfigSchema>;

/** The defaults (an empty configuration file). */
export const defaultImportConfig = (): ImportConfig => ImportConfigSchema.parse({});

/** Standard delivery, free, when the configuration names no shipping method (VAT-inclusive amounts). */
export const DEFAULT_SHIPPING_METHODS = [
  {
    carrier_code: 'freeshipping',
    method_code: 'freeshipping',
    carrier_title: 'Standard delivery',
    method_title: 'Free standard delivery',
    amount: 0,
    base_amount: 0,
    available: true,
    error_message: '',
    price_excl_tax: 0,
    price_incl_tax: 0,
  },
];

/** Card payment when the configuration names no payment method. */
export const DEFAULT_PAYMENT_METHODS = [
  { title: 'Credit or debit card', code: 'card', cost: 0, costInclTax: 0, default: true, offline: false, is_server_method: true },
];
