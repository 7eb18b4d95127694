/**
 * The content routes of spec §2: the fixed list of content pages (/clearance ... /check-test), the
 * two `{token}` CMS pages, the CMS route /i/{slug} and the fallback content route /p/{slug}. Each
 * content page is the CMS page whose identifier is its path without the leading slash.
 * Paths here carry no store prefix; the route files add it.
 */
import type { RedirectRule } from './redirect-rules';
import type { BlogCategory, BlogPost, CmsPage, Product, Shop } from '../schemas';
import { iterateProducts, readBlogCategories, readBlogPosts, readCmsPages, readShops, snapshotDir } from '../snapshot/read';
import { config, enabledStoreViews, type StoreView } from '../config';
import { ampProductUrl, blogUrl, productUrl, storePrefix } from '../catalog/urls';
import { absoluteUrl, publisherJsonLd } from '../content/seo';
import { htmlToText } from '../content/sanitize';
import { messages } from '../messages';
import { imageUrl } from '../catalog/images';
import { warnEmptyCms, warnLeftOutContent } from '../build/warnings';

/** The content pages of spec §2, in the spec's order (the two `{token}` entries are TOKEN_PAGE_IDENTIFIERS). */
export const CONTENT_PATHS = [
  '/clearance',
  '/about-us',
  '/contact-us',
  '/corporate-services',
  '/design-service',
  '/engagement-rings',
  '/engagement-rings-new',
  '/repairs',
  '/valuations',
  '/engraving',
  '/jewellery-re-modelling',
  '/repair-or-renew',
  '/scrap-gold',
  '/bespoke-jewellery-design',
  '/watch-battery-replacement',
  '/part-exchange',
  '/launch-campaign',
  '/launch-campaign-dev',
  '/launch-campaign/terms-and-conditions',
  '/black-friday',
  '/mothers-day',
  '/fathers-day',
  '/valentines-day',
  '/christmas',
  '/christmas-2022',
  '/12-days-of-christmas',
  '/january-sale',
  '/evermore',
  '/klarna-info',
  '/klarna-faqs',
  '/covid-19-statement',
  '/careers',
  '/delivery-and-shipping',
  '/store-collection',
  '/returns-info',
  '/finance-options',
  '/price-match',
  '/faq',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/enable-cookies',
  '/insurance',
  '/cleaning',
  '/newsletter-subscription-thank-you',
  '/evermore-subscription-thank-you',
  '/thomas-sabo-outlet',
  '/gift-wrap-service',
  '/raymond-weil-prize-draw',
  '/nomination-promotions',
  '/shop-by-occasion',
  '/shop-by-brand',
  '/check-test',
] as const;

/** CMS identifiers that fill the two `{token}` entries of the §2 content list (served at /{identifier}). */
export const TOKEN_PAGE_IDENTIFIERS = ['gift-guide', 'wedding-collection'] as const;

export type ContentLayout = 'default' | 'empty' | 'minimal';

export interface ContentPageRoute {
  /** Path without store prefix, e.g. '/launch-campaign/terms-and-conditions'. */
  path: string;
  page: CmsPage;
  layout: ContentLayout;
}

export interface CmsAliasRoute {
  /** The route parameter: the CMS identifier. */
  slug: string;
  page: CmsPage;
  layout: ContentLayout;
  /** The page's one canonical path (its content path, or /i/{slug}). */
  canonical: string;
}

const cache = new Map<string, CmsPage[]>();

/** The snapshot's CMS pages, read once per snapshot folder. */
export function snapshotCmsPages(dir: string = snapshotDir()): CmsPage[] {
  let pages = cache.get(dir);
  if (!pages) {
    pages = readCmsPages(dir);
    cache.set(dir, pages);
    warnEmptyCms(pages);
    warnLeftOutContent(leftOutContentRoutes(pages));
  }
  return pages;
}

const shopCache = new Map<string, Shop[]>();

/** The snapshot's shops (Preston, Blackburn, Bury, Carlisle), read once per snapshot folder. */
export function snapshotShops(dir: string = snapshotDir()): Shop[] {
  let shops = shopCache.get(dir);
  if (!shops) {
    shops = readShops(dir);
    shopCache.set(dir, shops);
  }
  return shops;
}

const identifierOf = (path: string) => path.replace(/^\/+/, '');

/** Every content route path of §2 (fixed list plus the `{token}` pages), without store prefix. */
export function contentPaths(): string[] {
  return [...CONTENT_PATHS, ...TOKEN_PAGE_IDENTIFIERS.map((id) => `/${id}`)];
}

/** A content route of §2 the build leaves out: its CMS page is missing from the snapshot, or inactive. */
export interface LeftOutContentRoute {
  /** Path without store prefix, e.g. '/black-friday'. */
  path: string;
  /** The CMS identifier looked for. */
  identifier: string;
  reason: 'missing' | 'inactive';
}

/** The content routes of §2 whose CMS page is missing or inactive, in the §2 order. */
export function leftOutContentRoutes(pages: CmsPage[] = snapshotCmsPages()): LeftOutContentRoute[] {
  const byIdentifier = new Map(pages.map((p) => [p.identifier, p]));
  return contentPaths().flatMap((path): LeftOutContentRoute[] => {
    const identifier = identifierOf(path);
    const page = byIdentifier.get(identifier);
    if (page?.active) return [];
    return [{ path, identifier, reason: page ? 'inactive' : 'missing' }];
  });
}

/**
 * Every content page of the §2 list with its CMS page and layout. A listed path whose CMS page is
 * missing or inactive is left out (leftOutContentRoutes): its URL answers as gone (goneContentUrls)
 * and the build's warnings name it, so one page switched off in the backend never stops the site.
 */
export function contentPages(pages: CmsPage[] = snapshotCmsPages()): ContentPageRoute[] {
  const byIdentifier = new Map(pages.map((p) => [p.identifier, p]));
  return contentPaths()
    .map((path) => byIdentifier.get(identifierOf(path)))
    .filter((page): page is CmsPage => !!page?.active)
    .map((page) => ({ path: `/${page.identifier}`, page, layout: page.layout }));
}

/** The paths (without store prefix) of a content route left out: its own and, for a one-segment identifier, its CMS aliases /i/{slug} and /p/{slug}. */
function leftOutPaths(r: LeftOutContentRoute): string[] {
  return /^[a-z0-9][a-z0-9-]*$/i.test(r.identifier) ? [r.path, `/i/${r.identifier}`, `/p/${r.identifier}`] : [r.path];
}

const leftOutSets = new WeakMap<CmsPage[], Set<string>>();

/** True unless the path (without store prefix) is one of a content route the build leaves out: a link there would answer as gone. */
export function isLinkableContentPath(path: string, pages: CmsPage[] = snapshotCmsPages()): boolean {
  let gone = leftOutSets.get(pages);
  if (!gone) leftOutSets.set(pages, (gone = new Set(leftOutContentRoutes(pages).flatMap(leftOutPaths))));
  return !gone.has(path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1'));
}

/**
 * Every URL of the content routes left out (leftOutPaths), in every enabled store view: 410 rules
 * of the redirect map, as for a discontinued product. Sorted, without duplicates.
 */
export function goneContentUrls(pages: CmsPage[] = snapshotCmsPages(), storeCodes: string[] = storeParams().map((s) => s.storeCode)): string[] {
  const out = new Set<string>();
  for (const r of leftOutContentRoutes(pages)) {
    for (const storeCode of storeCodes) for (const path of leftOutPaths(r)) out.add(`${storePrefix(storeCode)}${path}`);
  }
  return [...out].sort();
}

/** The one canonical path of a CMS page: its §2 content path when it has one, else /i/{identifier}. */
export function cmsCanonicalPath(identifier: string): string {
  return contentPaths().includes(`/${identifier}`) ? `/${identifier}` : `/i/${identifier}`;
}

/**
 * The address to link for a path: a CMS page's alias (/p/{slug}, /i/{slug}) becomes the page's
 * canonical address, so menus and content never link a duplicate; any other path is kept.
 */
export function canonicalContentLink(path: string, pages: CmsPage[] = snapshotCmsPages()): string {
  const m = /^\/[pi]\/([a-z0-9][a-z0-9-]*)\/?$/i.exec(path);
  if (!m || !pages.some((p) => p.active && p.identifier === m[1])) return path;
  return cmsCanonicalPath(m[1]!);
}

/**
 * The CMS route /i/{slug} (the same for both positions of the short-URL switch): every active CMS
 * page whose identifier is one URL segment. Pages that also have a content path point their
 * canonical link there.
 */
export function cmsRoutes(pages: CmsPage[] = snapshotCmsPages()): CmsAliasRoute[] {
  return pages
    .filter((p) => p.active && /^[a-z0-9][a-z0-9-]*$/i.test(p.identifier))
    .map((page) => ({ slug: page.identifier, page, layout: page.layout, canonical: cmsCanonicalPath(page.identifier) }));
}

/**
 * The fallback content route /p/{slug}: the same CMS pages as /i/{slug}, one segment deep (the
 * product route /p/{parentSku}/{slug} of the long URLs is two segments deep, so they never meet).
 * Its canonical link is the page's canonical path.
 */
export function fallbackContentRoutes(pages: CmsPage[] = snapshotCmsPages()): CmsAliasRoute[] {
  return cmsRoutes(pages);
}

/** The `[...store]` parameter of every enabled store view: undefined for the default one, 'de', 'it' on multistore. */
export function storeParams(): { store: string | undefined; storeCode: string }[] {
  return enabledStoreViews().map((s) => {
    const prefix = storePrefix(s.storeCode).replace(/^\/+/, '');
    return { store: prefix || undefined, storeCode: s.storeCode };
  });
}

/** The paths of a `src/pages/[store]/` page: one per enabled store view but the default one (multistore on only). */
export function otherStorePaths(): { params: { store: string }; props: { storeCode: string } }[] {
  return storeParams().flatMap(({ store, storeCode }) => (store ? [{ params: { store }, props: { storeCode } }] : []));
}

/** The enabled store view with this code (the default one when absent). */
export function storeViewFor(storeCode?: string): StoreView {
  return enabledStoreViews().find((s) => s.storeCode === storeCode) ?? config.storeViews.default;
}

/** A route's getStaticPaths entries for every enabled store view, each with `storeCode` in props. */
export function perStore<P extends Record<string, string | undefined>, T extends object = Record<never, never>>(
  items: (storeCode: string) => { params: P; props?: T; cacheKey?: string }[],
): { params: P & { store: string | undefined }; props: T & { storeCode: string }; cacheKey?: string }[] {
  return storeParams().flatMap(({ store, storeCode }) =>
    items(storeCode).map((i) => ({
      params: { ...i.params, store },
      props: { ...(i.props ?? ({} as T)), storeCode },
      ...(i.cacheKey === undefined ? {} : { cacheKey: i.cacheKey }),
    })),
  );
}

/** What a CMS alias route (/i/{slug}, /p/{slug}) renders: one of its routes, in a store view. */
export interface CmsAliasPageProps {
  route: CmsAliasRoute;
  storeCode: string;
}

/** getStaticPaths of a CMS alias route: each of `routes` (cmsRoutes or fallbackContentRoutes) in every store view. */
export function cmsAliasPaths(routes: () => CmsAliasRoute[]): { params: { slug: string; store: string | undefined }; props: CmsAliasPageProps }[] {
  return perStore(() => routes().map((route) => ({ params: { slug: route.slug }, props: { route } })));
}

/** The props of a route with one page per store view (`onePagePerStore`). */
export interface StorePageProps {
  storeCode: string;
}

/** getStaticPaths of a route with one page per store view and no other parameter (`export const getStaticPaths = onePagePerStore`). */
export function onePagePerStore(): { params: { store: string | undefined }; props: StorePageProps }[] {
  return perStore(() => [{ params: {} }]);
}

/** Shell routes of later issues (account, checkout): one static page per store view. */
export const ACCOUNT_SHELLS = [
  { path: '/my-account', title: 'accountTitle', section: 'dashboard' },
  { path: '/my-account/shipping-details', title: 'accountShippingDetails', section: 'shipping-details' },
  { path: '/my-account/newsletter', title: 'accountNewsletter', section: 'newsletter' },
  { path: '/my-account/orders', title: 'accountOrders', section: 'orders' },
  { path: '/my-account/orders/order', title: 'accountOrderDetails', section: 'order' },
  { path: '/my-account/recently-viewed', title: 'accountRecentlyViewed', section: 'recently-viewed' },
] as const;

/**
 * Rewrites of the content routes, 200 rules of the redirect map CDNs and the shop's server read
 * (src/lib/build/cdn/edge-map.ts): /my-account/orders/{orderId} answers with the one static order shell,
 * which reads the id from the URL.
 */
export function contentRewriteRules(): RedirectRule[] {
  return storeParams().map(({ store }) => {
    const prefix = store ? `/${store}` : '';
    return { from: `${prefix}/my-account/orders/:id`, to: `${prefix}/my-account/orders/order/`, status: 200 };
  });
}

// ---------------------------------------------------------------------------------------------
// Blog (/pjworld)

export interface BlogData {
  /** Every post, newest first. */
  posts: BlogPost[];
  categories: BlogCategory[];
  /** Posts of a category (its own and its children's), newest first. */
  postsOf(category: BlogCategory): BlogPost[];
  /** The categories a post belongs to. */
  categoriesOf(post: BlogPost): BlogCategory[];
}

const blogCache = new Map<string, BlogData>();

const time = (d: string) => Date.parse(d.includes('T') ? d : d.replace(' ', 'T'));

/** The blog's posts and categories, read once per snapshot folder. */
export function blogData(dir: string = snapshotDir()): BlogData {
  const cached = blogCache.get(dir);
  if (cached) return cached;
  const data = buildBlogData(readBlogPosts(dir), readBlogCategories(dir));
  blogCache.set(dir, data);
  return data;
}

/** Indexes posts and categories: a post is in a category listed in its category_ids or listing its id. */
export function buildBlogData(rawPosts: BlogPost[], categories: BlogCategory[]): BlogData {
  const posts = [...rawPosts].sort((a, b) => time(b.date) - time(a.date) || String(a.slug).localeCompare(String(b.slug)));
  const key = (id: string | number) => String(id);
  const byId = new Map(categories.map((c) => [key(c.id), c]));
  const inCategory = new Map<string, Set<string>>();
  const addTo = (catId: string, postId: string) => {
    let set = inCategory.get(catId);
    if (!set) inCategory.set(catId, (set = new Set()));
    set.add(postId);
  };
  for (const c of categories) for (const pid of c.posts) addTo(key(c.id), key(pid));
  for (const p of posts) for (const cid of p.category_ids) addTo(key(cid), key(p.id));
  const withChildren = (c: BlogCategory, seen = new Set<string>()): string[] => {
    if (seen.has(key(c.id))) return [];
    seen.add(key(c.id));
    return [key(c.id), ...c.children.flatMap((id) => (byId.has(key(id)) ? withChildren(byId.get(key(id))!, seen) : []))];
  };
  return {
    posts,
    categories,
    postsOf(category) {
      const ids = new Set(withChildren(category).flatMap((cid) => [...(inCategory.get(cid) ?? [])]));
      return posts.filter((p) => ids.has(key(p.id)));
    },
    categoriesOf(post) {
      return categories.filter((c) => inCategory.get(key(c.id))?.has(key(post.id)));
    },
  };
}

/** An image of the snapshot's media (a path, or an absolute URL on the shop's media address) at one size, by the one builder. */
export function mediaImage(pathOrUrl: string, width: number, height: number): string {
  return imageUrl(pathOrUrl, width, height);
}

/** Blog featured images: 800x500 on a post, 400x250 on a card. */
export const BLOG_IMAGE = { post: { width: 800, height: 500 }, card: { width: 400, height: 250 }, avatar: { width: 64, height: 64 } } as const;

/** BlogPosting structured data of a post page. */
export function blogPostingJsonLd(post: BlogPost, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: new Date(time(post.date)).toISOString(),
    // The post's last change (its `modified`, as WordPress gives it), else its publication.
    dateModified: new Date(time(post.modified ?? post.date)).toISOString(),
    author: { '@type': 'Person', name: post.author.name },
    ...(post.featuredImage ? { image: absoluteUrl(mediaImage(post.featuredImage.sourceUrl, BLOG_IMAGE.post.width, BLOG_IMAGE.post.height)) } : {}),
    description: htmlToText(post.excerpt || post.content, 200),
    mainEntityOfPage: absoluteUrl(path),
    publisher: publisherJsonLd(),
  };
}

/** The blog's paths for a store view: the list, each category and each post. */
export function blogPaths(storeCode?: string, data: BlogData = blogData()): string[] {
  return [
    blogUrl({}, { storeCode }),
    ...data.categories.map((c) => blogUrl({ category: c.slug }, { storeCode })),
    ...data.posts.map((p) => blogUrl({ post: p.slug }, { storeCode })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Gone products and the AMP examples

/**
 * Every URL path a discontinued product (discontinued = 1) could be asked for, in every enabled
 * store view: its url_path, its named route in both positions of the short-URL switch (with each
 * configurable child), and its AMP pages. Sorted, without duplicates, without query strings.
 */
export function goneUrlsOf(products: Iterable<Product>, storeCodes: string[] = storeParams().map((s) => s.storeCode)): string[] {
  const out = new Set<string>();
  const bare = (u: string) => u.replace(/[?#].*$/, '');
  for (const p of products) {
    if (p.discontinued !== 1) continue;
    const children = p.type_id === 'configurable' ? [undefined, ...(p.configurable_children ?? []).map((c) => c.sku)] : [undefined];
    for (const storeCode of storeCodes) {
      out.add(bare(productUrl(p, { storeCode, dispatcher: true })));
      for (const short of [true, false]) {
        for (const childSku of children) {
          out.add(bare(productUrl(p, { storeCode, short, dispatcher: false, childSku })));
          out.add(bare(ampProductUrl(p, { storeCode, short, childSku })));
        }
      }
    }
  }
  return [...out].sort();
}

/** The gone URLs of the snapshot's products (410 rules of the redirect map), read shard by shard. */
export function goneUrls(dir: string = snapshotDir()): string[] {
  return goneUrlsOf(iterateProducts(dir));
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The body of /raw-output-example.xml: a small XML document written as is, without any layout. */
export function rawOutputExampleXml(): string {
  const shops = snapshotShops();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<shop name="${xmlEscape(config.shop.name)}" currency="${xmlEscape(config.storeViews.default.i18n.currencyCode)}">`,
    `  <title>${xmlEscape(messages.exampleRawOutputTitle)}</title>`,
    `  <link>${xmlEscape(absoluteUrl('/raw-output-example.xml'))}</link>`,
    '  <stores>',
    ...shops.map((s) => `    <store location="${xmlEscape(s.location)}">${xmlEscape(s.name)}</store>`),
    '  </stores>',
    '</shop>',
    '',
  ].join('\n');
}
