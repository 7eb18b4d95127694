import { describe, expect, it } from 'vitest';
import {
  CONTENT_PATHS,
  TOKEN_PAGE_IDENTIFIERS,
  cmsCanonicalPath,
  cmsRoutes,
  contentPages,
  contentPaths,
  fallbackContentRoutes,
} from '../../src/lib/content-routes';
import { CmsPageSchema, type CmsPage } from '../../src/lib/schemas';

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

  it('fails naming the path and identifier when a listed cms page is missing', () => {
    const pages = allListed().filter((p) => p.identifier !== 'scrap-gold' && p.identifier !== TOKEN_PAGE_IDENTIFIERS[0]);
    expect(() => contentPages(pages)).toThrowError(/\/scrap-gold \(identifier 'scrap-gold'\)/);
    expect(() => contentPages(pages)).toThrowError(new RegExp(`/${TOKEN_PAGE_IDENTIFIERS[0]}`));
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
