import { describe, expect, it } from 'vitest';
import { catalog, hasProductPage, isBrandCategory, primaryCategory } from '../../src/lib/routing/routes';
import { assembleRoutes, catchAllEntries, catchAllRoutes, ampRoutes, goneProductUrls, type RouteEntry } from '../../src/lib/routing/page-routes';
import { redirectRules } from '../../src/lib/routing/redirects';
import { RedirectTable } from '../../src/lib/routing/redirect-rules';
import { contentPages } from '../../src/lib/routing/content-routes';
import { productUrl } from '../../src/lib/catalog/urls';

const entry = (path: string, label: string): RouteEntry => ({ path, kind: 'category', key: 1, storeCode: 'gb', label });

describe('catch-all routes from the sample snapshot', () => {
  const routes = catchAllRoutes();
  const paths = new Set(routes.map((r) => r.path));

  it('every visible, enabled, current product gets one page at its url_path', () => {
    const { products } = catalog();
    const withPages = products.filter(hasProductPage);
    expect(withPages.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.kind === 'product')).toHaveLength(withPages.length);
    for (const p of withPages) expect(paths.has(`/${p.url_path}`), p.sku).toBe(true);
  });

  it('discontinued, disabled and not-visible products get no page', () => {
    const { products } = catalog();
    const without = products.filter((p) => p.discontinued === 1 || p.status >= 2 || p.visibility === 1);
    expect(without.length).toBeGreaterThan(0);
    for (const p of without) expect(paths.has(`/${p.url_path}`), p.sku).toBe(false);
  });

  it('categories sit at their url_path and brand categories are left to the brand listing', () => {
    const cats = routes.filter((r) => r.kind === 'category').map((r) => r.path);
    expect(cats).toContain('/rings');
    expect(cats).toContain('/rings/engagement-rings');
    expect(cats).not.toContain('/default-category');
    const brandCats = catalog().categories.filter(isBrandCategory);
    expect(brandCats.length).toBeGreaterThan(0);
    for (const c of brandCats) expect(cats).not.toContain(`/${c.url_path}`);
  });

  it('every content page of the §2 list is a page of the catch-all', () => {
    for (const c of contentPages()) expect(paths.has(c.path), c.path).toBe(true);
    expect(paths.has('/launch-campaign/terms-and-conditions')).toBe(true);
  });

  it('no path is produced twice', () => {
    expect(paths.size).toBe(routes.length);
  });
});

describe('route conflicts', () => {
  it('a duplicate path fails the build naming both routes', () => {
    expect(() => assembleRoutes([entry('/rings', "category 10 'Rings'"), entry('/rings', 'content page /rings')])).toThrow(
      "Route conflict: content page /rings and category 10 'Rings' both produce the path /rings",
    );
  });

  it('a path reserved for another route file fails the build', () => {
    expect(() => assembleRoutes([entry('/checkout', 'category 1')])).toThrow('reserved for the route /checkout');
    expect(() => assembleRoutes([entry('/brands/evermore', 'category 2')])).toThrow('reserved for the route /brands/');
    expect(() => assembleRoutes([entry('/p/our-story', 'category 3')])).toThrow('reserved for the route /p/{slug}');
    expect(() => assembleRoutes([entry('/pjworld/news', 'category 4')])).toThrow('reserved for the route /pjworld');
  });

  it('short urls on without the dispatcher clash where a category slug equals a content path', () => {
    expect(() => assembleRoutes(catchAllEntries({ short: true, dispatcher: false }))).toThrow(/Route conflict: .* \/engagement-rings/);
  });

  it('short urls off put products under /p and categories under /c', () => {
    const routes = assembleRoutes(catchAllEntries({ short: false, dispatcher: false }));
    const product = routes.find((r) => r.kind === 'product')!;
    const p = catalog().byId.get(Number(product.key))!;
    expect(product.path.startsWith(`/p/${p.sku}/${p.slug}`)).toBe(true);
    expect(routes.filter((r) => r.kind === 'category').every((r) => r.path.startsWith('/c/'))).toBe(true);
    const configurable = routes.find((r) => r.kind === 'product' && catalog().byId.get(Number(r.key))!.type_id === 'configurable')!;
    const cp = catalog().byId.get(Number(configurable.key))!;
    expect(configurable.path).toBe(`/p/${cp.sku}/${cp.slug}/${cp.sku}`);
  });
});

describe('rewrites for configurable children', () => {
  const rules = new RedirectTable(redirectRules().filter((r) => r.status === 200));
  const configurable = catalog().products.find((p) => p.type_id === 'configurable' && hasProductPage(p) && (p.configurable_children?.length ?? 0) > 1)!;

  it('a child url answers with its parent page', () => {
    const child = configurable.configurable_children![1]!;
    const url = productUrl(configurable, { dispatcher: false, childSku: child.sku });
    expect(rules.match(url), url).toEqual({ to: `/${configurable.url_path}/`, status: 200 });
    expect(rules.match(`${url}/`)).toEqual({ to: `/${configurable.url_path}/`, status: 200 });
  });

  it('an unknown child sku is not rewritten', () => {
    const url = productUrl(configurable, { dispatcher: false, childSku: 'NO-SUCH-SKU' });
    expect(rules.match(url)).toBeNull();
  });

  it('no rewrite shadows a page that exists', () => {
    for (const r of catchAllRoutes()) expect(rules.match(r.path), r.path).toBeNull();
  });
});

describe('gone and amp urls', () => {
  it('discontinued products are listed as gone at their url_path', () => {
    const gone = new Set(goneProductUrls());
    const discontinued = catalog().products.filter((p) => p.discontinued === 1);
    expect(discontinued.length).toBeGreaterThan(0);
    for (const p of discontinued) expect(gone.has(`/${p.url_path}`), p.sku).toBe(true);
  });

  it('amp pages exist for every product and category page', () => {
    const amp = ampRoutes();
    expect(amp.filter((r) => r.kind === 'amp-product' && !r.childSku)).toHaveLength(catchAllRoutes().filter((r) => r.kind === 'product').length);
    expect(amp.every((r) => r.path.startsWith('/amp/'))).toBe(true);
  });

  it('every child of a configurable has its own amp page, named by its sku (§2 AMP product routes)', () => {
    const withPages = new Set(
      catchAllRoutes()
        .filter((r) => r.kind === 'product')
        .map((r) => Number(r.key)),
    );
    const children = catalog()
      .products.filter((p) => withPages.has(p.id) && p.type_id === 'configurable')
      .flatMap((p) => (p.configurable_children ?? []).map((c) => `/amp/${p.sku}/${p.slug}/${c.sku}`));
    const amp = new Set(
      ampRoutes()
        .filter((r) => r.childSku)
        .map((r) => r.path),
    );
    expect(children.length).toBeGreaterThan(0);
    for (const path of children) expect(amp.has(path), path).toBe(true);
  });

  it('a product belongs to the category its url_path starts with', () => {
    const p = catalog().products.find((x) => x.url_path.startsWith('rings/engagement-rings/'))!;
    expect(primaryCategory(p)?.url_path).toBe('rings/engagement-rings');
  });
});
