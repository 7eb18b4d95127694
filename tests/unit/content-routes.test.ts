import { RedirectTable } from '../../src/lib/routing/redirect-rules';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_PATHS,
  TOKEN_PAGE_IDENTIFIERS,
  cmsCanonicalPath,
  cmsRoutes,
  contentPages,
  contentPaths,
  goneContentUrls,
  isLinkableContentPath,
  leftOutContentRoutes,
  fallbackContentRoutes,
  buildBlogData,
  contentRewriteRules,
  goneUrlsOf,
  rawOutputExampleXml,
  storeParams,
} from '../../src/lib/routing/content-routes';
import { BlogCategorySchema, BlogPostSchema, CmsPageSchema, ProductSchema, type CmsPage } from '../../src/lib/schemas';

let nextId = 1;
const page = (identifier: string, extra: Partial<CmsPage> = {}): CmsPage =>
  CmsPageSchema.parse({ id: nextId++, identifier, title: identifier, content: `<p>${identifier}</p>`, ...extra });

const allListed = () => contentPaths().map((p) => page(p.slice(1)));

describe('content routes', () => {
  it('lists the spec content paths from clearance to check-test', () => {
    expect(CONTENT_PATHS[0]).toBe('/clearance');
    expect(CONTENT_PATHS[CONTENT_PATHS.length - 1]).toBe('/check-test');
    expect(CONTENT_PATHS).toHaveLength(53);
    expect(CONTENT_PATHS).toContain('/launch-campaign/terms-and-conditions');
    expect(CONTENT_PATHS).toContain('/12-days-of-christmas');
    expect(new Set(CONTENT_PATHS).size).toBe(CONTENT_PATHS.length);
  });

  it('adds the two token pages by identifier', () => {
    expect(TOKEN_PAGE_IDENTIFIERS).toHaveLength(2);
    const paths = contentPaths();
    expect(paths).toHaveLength(55);
    for (const id of TOKEN_PAGE_IDENTIFIERS) expect(paths).toContain(`/${id}`);
  });

  it('maps every listed path to the cms page whose identifier is the path', () => {
    const routes = contentPages([...allListed(), page('some-other-page')]);
    expect(routes).toHaveLength(55);
    for (const r of routes) expect(r.page.identifier).toBe(r.path.slice(1));
    expect(routes.map((r) => r.path)).not.toContain('/some-other-page');
    const terms = routes.find((r) => r.path === '/launch-campaign/terms-and-conditions');
    expect(terms?.page.identifier).toBe('launch-campaign/terms-and-conditions');
  });

  it('uses the layout named by the page metadata', () => {
    const pages = allListed().map((p) => (p.identifier === 'check-test' ? { ...p, layout: 'minimal' as const } : p));
    const routes = contentPages(pages);
    expect(routes.find((r) => r.path === '/check-test')?.layout).toBe('minimal');
    expect(routes.find((r) => r.path === '/clearance')?.layout).toBe('default');
  });

  it('leaves out a listed path whose cms page is missing or inactive, naming each with its reason', () => {
    const pages = allListed()
      .filter((p) => p.identifier !== 'scrap-gold' && p.identifier !== TOKEN_PAGE_IDENTIFIERS[0])
      .map((p) => (p.identifier === 'black-friday' ? { ...p, active: false } : p));
    const paths = contentPages(pages).map((r) => r.path);
    expect(paths).toHaveLength(52);
    for (const gone of ['/scrap-gold', '/black-friday', `/${TOKEN_PAGE_IDENTIFIERS[0]}`]) expect(paths).not.toContain(gone);
    expect(leftOutContentRoutes(pages)).toEqual([
      { path: '/scrap-gold', identifier: 'scrap-gold', reason: 'missing' },
      { path: '/black-friday', identifier: 'black-friday', reason: 'inactive' },
      { path: `/${TOKEN_PAGE_IDENTIFIERS[0]}`, identifier: TOKEN_PAGE_IDENTIFIERS[0], reason: 'missing' },
    ]);
    expect(leftOutContentRoutes(allListed())).toEqual([]);
  });

  it('answers a left-out route, and its /i and /p aliases, as gone, and no link points there', () => {
    const pages = allListed().map((p) =>
      p.identifier === 'black-friday' || p.identifier === 'launch-campaign/terms-and-conditions' ? { ...p, active: false } : p,
    );
    expect(goneContentUrls(pages, ['gb'])).toEqual(['/black-friday', '/i/black-friday', '/launch-campaign/terms-and-conditions', '/p/black-friday']);
    for (const path of ['/black-friday', '/black-friday/', '/p/black-friday', '/black-friday?x=1', '/launch-campaign/terms-and-conditions'])
      expect(isLinkableContentPath(path, pages), path).toBe(false);
    for (const path of ['/launch-campaign', '/christmas', '/rings', '/i/christmas']) expect(isLinkableContentPath(path, pages), path).toBe(true);
  });

  it('does not build an inactive listed page', () => {
    const pages = allListed().map((p) => (p.identifier === 'black-friday' ? { ...p, active: false } : p));
    const paths = contentPages(pages).map((r) => r.path);
    expect(paths).not.toContain('/black-friday');
    expect(paths).toHaveLength(54);
  });
});

describe('cms routes', () => {
  it('serves every active one-segment cms page under /i', () => {
    const pages = [page('clearance'), page('gift-cards'), page('launch-campaign/terms-and-conditions'), page('old', { active: false })];
    expect(cmsRoutes(pages).map((r) => r.slug)).toEqual(['clearance', 'gift-cards']);
  });

  it('points the canonical link at the content path when the page has one', () => {
    expect(cmsCanonicalPath('clearance')).toBe('/clearance');
    expect(cmsCanonicalPath(TOKEN_PAGE_IDENTIFIERS[1])).toBe(`/${TOKEN_PAGE_IDENTIFIERS[1]}`);
    expect(cmsCanonicalPath('gift-cards')).toBe('/i/gift-cards');
    const routes = cmsRoutes([page('clearance'), page('gift-cards')]);
    expect(routes.map((r) => r.canonical)).toEqual(['/clearance', '/i/gift-cards']);
  });

  it('serves fallback content one segment deep with the same canonical links', () => {
    const routes = fallbackContentRoutes([page('about-us'), page('care-guide')]);
    expect(routes.map((r) => [r.slug, r.canonical])).toEqual([
      ['about-us', '/about-us'],
      ['care-guide', '/i/care-guide'],
    ]);
    for (const r of routes) expect(r.slug).not.toContain('/');
  });
});

const post = (id: number, date: string, category_ids: number[] = []) =>
  BlogPostSchema.parse({ id, title: `Post ${id}`, date, uri: '', link: '', content: '<p>x</p>', author: { name: 'Hannah' }, slug: `post-${id}`, category_ids });
const blogCategory = (id: number, posts: number[] = [], children: number[] = []) =>
  BlogCategorySchema.parse({ id, name: `Cat ${id}`, slug: `cat-${id}`, posts, children });

describe('blog data', () => {
  it('lists posts newest first', () => {
    const data = buildBlogData([post(1, '2026-01-05 10:00:00'), post(2, '2026-03-01 09:00:00'), post(3, '2025-12-24 18:00:00')], []);
    expect(data.posts.map((p) => p.id)).toEqual([2, 1, 3]);
  });

  it('puts a post in a category named by either side', () => {
    const data = buildBlogData([post(1, '2026-01-01', [10]), post(2, '2026-01-02'), post(3, '2026-01-03')], [blogCategory(10, [2]), blogCategory(11)]);
    const [c10, c11] = data.categories;
    expect(data.postsOf(c10!).map((p) => p.id)).toEqual([2, 1]);
    expect(data.postsOf(c11!)).toEqual([]);
    expect(data.categoriesOf(data.posts.find((p) => p.id === 1)!).map((c) => c.id)).toEqual([10]);
  });

  it('includes the posts of child categories', () => {
    const data = buildBlogData([post(1, '2026-01-01', [21]), post(2, '2026-01-02', [20])], [blogCategory(20, [], [21]), blogCategory(21)]);
    expect(data.postsOf(data.categories[0]!).map((p) => p.id)).toEqual([2, 1]);
  });
});

const product = (extra: Record<string, unknown>) =>
  ProductSchema.parse({
    id: 1,
    sku: 'TS1001',
    name: 'Charm',
    type_id: 'simple',
    price: 49,
    status: 1,
    visibility: 4,
    stock: { is_in_stock: true, qty: 3 },
    url_key: 'charm-1001',
    url_path: 'charms/charm-1001',
    slug: 'charm',
    ...extra,
  });

describe('gone urls', () => {
  it('lists every url of a discontinued product', () => {
    const urls = goneUrlsOf([product({ discontinued: 1 })], ['gb']);
    expect(urls).toEqual(expect.arrayContaining(['/charms/charm-1001', '/TS1001/charm', '/p/TS1001/charm', '/amp/TS1001/charm', '/amp/p/TS1001/charm']));
  });

  it('leaves out products still sold', () => {
    expect(goneUrlsOf([product({ discontinued: 0 })], ['gb'])).toEqual([]);
  });

  it('lists the child urls of a discontinued configurable product without query strings', () => {
    const child = { id: 2, sku: 'TS1001-M', price: 49, status: 1, stock: { is_in_stock: true, qty: 1 } };
    const urls = goneUrlsOf([product({ discontinued: 1, type_id: 'configurable', configurable_children: [child] })], ['gb']);
    expect(urls).toContain('/TS1001/charm/TS1001-M');
    expect(urls).toContain('/p/TS1001/charm/TS1001-M');
    expect(urls).toContain('/amp/TS1001/charm/TS1001-M');
    expect(urls.every((u) => !u.includes('?'))).toBe(true);
  });
});

describe('store params and rewrites', () => {
  it('builds the default store without a prefix', () => {
    expect(storeParams()).toEqual([{ store: undefined, storeCode: 'gb' }]);
  });

  it('answers every order id with the one order shell', () => {
    const table = new RedirectTable(contentRewriteRules());
    const shell = { to: '/my-account/orders/order/', status: 200 };
    expect(table.match('/my-account/orders/000123')).toEqual(shell);
    expect(table.match('/my-account/orders/000123/')).toEqual(shell);
    expect(table.match('/my-account/orders')).toBeNull();
    expect(table.match('/my-account/orders/order/')).toEqual(shell);
    expect(table.match('/my-account/orders/1/2')).toBeNull();
  });
});

describe('raw output example', () => {
  it('is an xml document with escaped text', () => {
    const xml = rawOutputExampleXml();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
    expect(xml).toContain('<title>Raw output example</title>');
  });
});
