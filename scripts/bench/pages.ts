/**
 * One page of each page type the budgets and the benchmark measure, chosen from the snapshot the
 * site was built from (SNAPSHOT_DIR or the committed sample) with the routing module's own lists,
 * so the URLs are exactly the ones the build wrote.
 */
import { catalog, primaryCategory } from '../../src/lib/routing/routes';
import { ampRoutes, catchAllRoutes } from '../../src/lib/routing/page-routes';
import { blogData } from '../../src/lib/routing/content-routes';
import { config } from '../../src/lib/config';
import { blogUrl, searchUrl } from '../../src/lib/catalog/urls';

/** The search results page is measured for a query with more than one batch of matches in the sample. */
const SEARCH_SAMPLE_QUERY = 'ring';

export const PAGE_TYPES = ['home', 'category', 'product', 'cms', 'blog', 'amp', 'search'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export interface PageSample {
  type: PageType;
  path: string;
  /** What the page is, for the report ("product 1001 EV1001"). */
  label: string;
}

const PREFERRED_CMS = ['about-us', 'delivery-and-shipping', 'faq'];

/**
 * Home; the primary category of the first product (a full listing); the first product with a page
 * (the sample's configurable ring: options, gallery, reviews); a §2 content page (about-us); the
 * first blog post; the AMP page of the first simple product with a page; the search results page.
 */
export function pageSamples(): PageSample[] {
  const store = config.storeViews.default.storeCode;
  const routes = catchAllRoutes().filter((r) => r.storeCode === store);
  const { byId } = catalog();
  const products = routes.filter((r) => r.kind === 'product');
  const firstProduct = products[0];
  if (!firstProduct) throw new Error('no product page in the routes');
  const product = byId.get(Number(firstProduct.key));
  const cat = product ? primaryCategory(product) : undefined;
  const categoryRoute = (cat && routes.find((r) => r.kind === 'category' && Number(r.key) === cat.id)) ?? routes.find((r) => r.kind === 'category');
  if (!categoryRoute) throw new Error('no category page in the routes');
  const content = routes.filter((r) => r.kind === 'content');
  const cmsRoute = PREFERRED_CMS.map((id) => content.find((r) => r.path === `/${id}`)).find(Boolean) ?? content[0];
  if (!cmsRoute) throw new Error('no content page in the routes');
  const post = blogData().posts[0];
  if (!post) throw new Error('no blog post in the snapshot');
  const amp = ampRoutes().filter((r) => r.kind === 'amp-product' && r.storeCode === store);
  const ampSimple = amp.find((r) => byId.get(Number(r.key))?.type_id === 'simple') ?? amp[0];
  if (!ampSimple) throw new Error('no AMP product page in the routes');
  const ampProduct = byId.get(Number(ampSimple.key));
  const category = cat ?? catalog().categoryById.get(Number(categoryRoute.key));
  return [
    { type: 'home', path: '/', label: 'home' },
    { type: 'category', path: categoryRoute.path, label: `category ${categoryRoute.key}${category ? ` ${category.name}` : ''}` },
    { type: 'product', path: firstProduct.path, label: `product ${firstProduct.key} ${product?.sku ?? ''} (${product?.type_id ?? '?'})` },
    { type: 'cms', path: cmsRoute.path, label: `content page ${cmsRoute.path}` },
    { type: 'blog', path: blogUrl({ post: post.slug }), label: `blog post ${post.slug}` },
    { type: 'amp', path: ampSimple.path, label: `AMP product ${ampSimple.key} ${ampProduct?.sku ?? ''}` },
    { type: 'search', path: searchUrl(SEARCH_SAMPLE_QUERY), label: `search results for '${SEARCH_SAMPLE_QUERY}'` },
  ];
}
