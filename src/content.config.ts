/**
 * The content collections: one per snapshot entity. Validation happens in the loaders (zod 4
 * schemas of src/lib/schemas through src/lib/snapshot.ts), so no Astro (zod 3) schema is given.
 */
import { defineCollection } from 'astro:content';
import * as L from './lib/loaders';

export const collections = {
  products: defineCollection({ loader: L.productsLoader() }),
  categories: defineCollection({ loader: L.categoriesLoader() }),
  attributes: defineCollection({ loader: L.attributesLoader() }),
  reviews: defineCollection({ loader: L.reviewsLoader() }),
  cmsPages: defineCollection({ loader: L.cmsPagesLoader() }),
  cmsBlocks: defineCollection({ loader: L.cmsBlocksLoader() }),
  blogPosts: defineCollection({ loader: L.blogPostsLoader() }),
  blogCategories: defineCollection({ loader: L.blogCategoriesLoader() }),
  menus: defineCollection({ loader: L.menusLoader() }),
  banners: defineCollection({ loader: L.bannersLoader() }),
  shops: defineCollection({ loader: L.shopsLoader() }),
  shippingMethods: defineCollection({ loader: L.shippingMethodsLoader() }),
  paymentMethods: defineCollection({ loader: L.paymentMethodsLoader() }),
  taxRates: defineCollection({ loader: L.taxRatesLoader() }),
  coupons: defineCollection({ loader: L.couponsLoader() }),
  social: defineCollection({ loader: L.socialLoader() }),
  urlMap: defineCollection({ loader: L.urlMapLoader() }),
  manifest: defineCollection({ loader: L.manifestLoader() }),
};
