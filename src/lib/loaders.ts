/**
 * Astro content-layer loaders, one per snapshot entity. Each reads the snapshot folder through
 * src/lib/snapshot.ts (zod 4 validation; a bad record fails the build naming file, record id and
 * field) and stores every record under a string id. src/content.config.ts only wires them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import * as snap from './snapshot';
import { SnapshotError, snapshotDir } from './snapshot';

/** Options of every loader: the snapshot folder (default: `SNAPSHOT_DIR` or the committed sample). */
export interface SnapshotLoaderOptions {
  dir?: string;
}

type Rec = Record<string, unknown>;

/** Builds a loader that stores the records of one snapshot file, keyed by `idOf`. */
function snapshotLoader<T>(
  name: string,
  file: string,
  read: (dir: string) => Iterable<T>,
  idOf: (record: T) => string,
  opts: SnapshotLoaderOptions = {},
): Loader {
  return {
    name: `snapshot-${name}`,
    load: async ({ store, logger, generateDigest, watcher }: LoaderContext) => {
      const dir = opts.dir ?? snapshotDir();
      const load = () => {
        const seen = new Set<string>();
        store.clear();
        for (const record of read(dir)) {
          const id = idOf(record);
          if (seen.has(id)) throw new SnapshotError(file, id, 'id', 'is a duplicate: another record has the same id');
          seen.add(id);
          const data = record as unknown as Rec;
          store.set({ id, data, digest: generateDigest(data) });
        }
        logger.info(`${seen.size} ${name} from ${dir}`);
      };
      load();
      if (watcher) {
        // dev server: reload the collection when its snapshot file changes
        const watched = join(dir, file);
        watcher.add(watched);
        watcher.on('change', (changed) => {
          if (changed.startsWith(watched)) {
            try {
              load();
            } catch (e) {
              logger.error((e as Error).message);
            }
          }
        });
      }
    },
  };
}

const str = (v: unknown) => String(v);

/** Products of every shard, keyed by sku (the route's parentSku). */
export const productsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('products', 'products/', snap.iterateProducts, (p) => p.sku, o);
/** Categories (root id 2 and its descendants), keyed by id. */
export const categoriesLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('categories', 'categories.json', snap.readCategories, (c) => str(c.id), o);
/** Attribute metadata with options, keyed by attribute_code. */
export const attributesLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('attributes', 'attributes.json', snap.readAttributes, (a) => a.attribute_code, o);
/** Reviews (approved and pending), keyed by id. */
export const reviewsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('reviews', 'reviews.json', snap.readReviews, (r) => str(r.id), o);
/** CMS pages, keyed by identifier ('about-us', 'launch-campaign/terms-and-conditions'). */
export const cmsPagesLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('cms pages', 'cms-pages.json', snap.readCmsPages, (p) => p.identifier, o);
/** CMS blocks, keyed by identifier. */
export const cmsBlocksLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('cms blocks', 'cms-blocks.json', snap.readCmsBlocks, (b) => b.identifier, o);
/** Blog posts of /pjworld, keyed by slug. */
export const blogPostsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('blog posts', 'blog-posts.json', snap.readBlogPosts, (p) => p.slug, o);
/** Blog categories, keyed by slug. */
export const blogCategoriesLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('blog categories', 'blog-categories.json', snap.readBlogCategories, (c) => c.slug, o);
/** The six menus, keyed by menu id '1'..'6'; data is `{ id, nodes }`. */
export const menusLoader = (o?: SnapshotLoaderOptions) =>
  snapshotLoader('menus', 'menus.json', (dir) => Object.entries(snap.readMenus(dir)).map(([id, nodes]) => ({ id, nodes })), (m) => m.id, o);
/** Banners per store code (banners/{code}.json), keyed by store code; data is `{ storeCode, ...banners }`. */
export const bannersLoader = (o?: SnapshotLoaderOptions) =>
  snapshotLoader('banners', 'banners/', (dir) => bannerCodes(dir).map((code) => ({ storeCode: code, ...snap.readBanners(code, dir) })), (b) => b.storeCode, o);
/** The shops, keyed by id ('preston'). */
export const shopsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('shops', 'shops.json', snap.readShops, (s) => s.id, o);
/** Shipping methods, keyed by `${carrier_code}_${method_code}`. */
export const shippingMethodsLoader = (o?: SnapshotLoaderOptions) =>
  snapshotLoader('shipping methods', 'shipping-methods.json', snap.readShippingMethods, (m) => `${m.carrier_code}_${m.method_code}`, o);
/** Payment methods, keyed by code. */
export const paymentMethodsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('payment methods', 'payment-methods.json', snap.readPaymentMethods, (m) => m.code, o);
/** Tax rates, keyed by code. */
export const taxRatesLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('tax rates', 'tax-rates.json', snap.readTaxRates, (t) => t.code, o);
/** Coupon codes, keyed by code. */
export const couponsLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('coupons', 'coupons.json', snap.readCoupons, (c) => c.code, o);
/** Social feed fallback: one entry, id 'default'. */
export const socialLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('social', 'social.json', (dir) => [{ id: 'default', ...snap.readSocial(dir) }], (s) => s.id, o);
/** Legacy URL map of the dispatcher, keyed by the old path. */
export const urlMapLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('url map', 'url-map.json', snap.readUrlMap, (u) => u.from, o);
/** The manifest: one entry, id 'manifest'. */
export const manifestLoader = (o?: SnapshotLoaderOptions) => snapshotLoader('manifest', 'manifest.json', (dir) => [{ id: 'manifest', ...snap.readManifest(dir) }], (m) => m.id, o);

/** Store codes that have a banners/{code}.json file, sorted. */
export function bannerCodes(dir: string = snapshotDir()): string[] {
  const folder = join(dir, 'banners');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}
