/**
 * The content collections: one per snapshot entity. Validation happens in the loaders (zod 4
 * schemas of src/lib/schemas through src/lib/snapshot.ts), so no Astro (zod 3) schema is given.
 *
 * Products and reviews are deliberately not collections: Astro's data store holds every entry in
 * memory and serialises it, which cost 13 s on 10,000 products and ran out of memory on 50,000.
 * Pages read them shard by shard through the memoised catalogue index (src/lib/routing.ts), which
 * validates them with the same schemas, so a bad product still fails the build naming file, id and
 * field. `productsLoader()` and `reviewsLoader()` stay for small snapshots and tools.
 */
import { defineCollection } from 'astro:content';
import * as L from './lib/loaders';

export const collections = {
  categories: defineCollection({ loader: L.categoriesLoader() }),
  attributes: defineCollection({ loader: L.attributesLoader() }),
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
