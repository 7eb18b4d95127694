/**
 * Cache tags of the built pages, for purging a CDN's cache by what changed (Cloudflare `Cache-Tag`,
 * Fastly `Surrogate-Key`, CloudFront's tag manifest): a page is tagged with the records it shows,
 * read from the same page data as its incremental-build cache key (./cache-keys.ts):
 * - every page: `site`, and `store-{code}` (its store view's chrome: menus, promo strip, footer);
 * - a product page (and its AMP pages): `p-{sku}` of the product and of the related products it lists;
 * - a category page (and its AMP page): `c-{id}` and `p-{sku}` of the products it lists;
 * - a content page: `cms-{path}`.
 * A page keeps at most MAX_TAGS tags (CloudFront's limit is 50 a page), its own record's tags first:
 * a category listing more products than that drops the last ones' tags, and a change to a product
 * purges `c-{id}` of its categories as well (docs/deploy.md).
 */
import { catalog, primaryCategory } from '../routing/routes';
import { catchAllRoutes, ampRoutes, type PageRoute, type AmpRoute } from '../routing/page-routes';
import { categoryListing, ampCategoryData } from './page-data';
import { relatedProducts } from './product-page-data';
import { entriesUnchanged, linkedSkus, reuseOrCompute } from './key-reuse';
import { reuseBase } from './cache-keys';
import { byName } from './cdn/deploy-plan';

/** CloudFront's limits, the strictest of the three: 50 tags a page, 256 characters a tag. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 256;

/** A tag as every CDN accepts it: lower case letters, digits, `.`, `_` and `-`, at most 256 characters. */
export function tag(kind: string, id: string | number): string {
  return `${kind}-${String(id)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '_')}`.slice(0, MAX_TAG_LENGTH);
}

/** A page's tags: the site's and its store's first, then its own, without repeats, at most MAX_TAGS. */
export function limitTags(storeCode: string, own: readonly string[]): string[] {
  return [...new Set(['site', tag('store', storeCode), ...own])].slice(0, MAX_TAGS);
}

/** The tags of one page of the catch-all route or of an AMP route. */
export function pageTags(r: Pick<PageRoute, 'kind' | 'key' | 'storeCode'> | Pick<AmpRoute, 'kind' | 'key' | 'storeCode'>): string[] {
  const { byId } = catalog(r.storeCode);
  switch (r.kind) {
    case 'amp-product': {
      const p = byId.get(Number(r.key));
      return limitTags(r.storeCode, p ? [tag('p', p.sku)] : []);
    }
    // The tags that read listings are taken from the generation before when none of the records they read changed (./key-reuse.ts), as the page's key is.
    case 'product': {
      const p = byId.get(Number(r.key));
      if (!p) return limitTags(r.storeCode, []);
      return reuseOrCompute(`tags|product|${p.id}|${r.storeCode}`, r.storeCode, reuseBase(r.storeCode), () => ({
        keys: limitTags(r.storeCode, [tag('p', p.sku), ...relatedProducts(p, undefined, r.storeCode).map((x) => tag('p', x.sku))]),
        deps: { ids: [p.id], skus: linkedSkus(p), subtree: primaryCategory(p, r.storeCode)?.id ?? null },
      }));
    }
    case 'category': {
      const id = Number(r.key);
      return reuseOrCompute(`tags|category|${id}|${r.storeCode}`, r.storeCode, reuseBase(r.storeCode), () => ({
        keys: limitTags(r.storeCode, [tag('c', id), ...categoryListing(id, r.storeCode).products.map((p) => tag('p', p.sku))]),
        deps: { subtree: id },
      }));
    }
    case 'amp-category': {
      const id = Number(r.key);
      return reuseOrCompute(`tags|amp-category|${id}|${r.storeCode}`, r.storeCode, reuseBase(r.storeCode), () => ({
        keys: limitTags(r.storeCode, [tag('c', id), ...ampCategoryData(id, r.storeCode).products.map((p) => tag('p', p.sku))]),
        deps: { subtree: id },
      }));
    }
    case 'content':
      return limitTags(r.storeCode, [tag('cms', String(r.key).replace(/^\/+|\/+$/g, '') || 'home')]);
  }
}

/** Every tagged page of the build: its path and its tags, sorted by path. */
export function pageTagMap(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of [...catchAllRoutes(), ...ampRoutes()]) out.set(r.path, pageTags(r));
  return new Map([...out].sort(([a], [b]) => byName(a, b)));
}

/**
 * Whether every page's tags are the generation before's, the routes being the same (the caller
 * checks): only the tag lists a changed record reaches are worked out again and compared
 * (./key-reuse.ts entriesUnchanged), so a price does not ask for the tags of 186,000 pages.
 */
export function tagsAsBefore(): boolean {
  const listed = [...catchAllRoutes(), ...ampRoutes()].filter((r) => r.kind === 'product' || r.kind === 'category' || r.kind === 'amp-category').length;
  return entriesUnchanged('tags', listed, reuseBase, (name) => {
    const [, kind, key, storeCode] = name.split('|');
    return pageTags({ kind, key: Number(key), storeCode } as Pick<PageRoute, 'kind' | 'key' | 'storeCode'>);
  });
}

/** Keeps the tag lists of the generation before that still stand for the next change, when this one asked for none (no product changed). */
export const keepTagsAsBefore = (): void => void entriesUnchanged('tags', 0, reuseBase);
