import { describe, expect, it } from 'vitest';
import { RedirectTable } from '../../src/lib/routing/redirect-rules';
import { gonePageFor, redirectRules } from '../../src/lib/routing/redirects';
import { config } from '../../src/lib/config';
import { catalog } from '../../src/lib/routing/routes';
import { catchAllRoutes, ampRoutes } from '../../src/lib/routing/page-routes';

describe('redirect rules', () => {
  it('matches exact paths whatever their case or trailing slash, placeholders, splats, first rule first', () => {
    const t = new RedirectTable([
      { from: '/EV1/old/child', to: '/child-first', status: 301 },
      { from: '/EV1/:slug/EV1-W', to: '/ring/EV1-W', status: 301 },
      { from: '/EV1/*', to: '/ring', status: 301 },
      { from: '/about', to: '/about-us', status: 301 },
    ]);
    expect(t.match('/About/')).toEqual({ to: '/about-us', status: 301 });
    expect(t.match('/ev1/any-slug/ev1-w')).toEqual({ to: '/ring/EV1-W', status: 301 });
    expect(t.match('/EV1/old-slug')).toEqual({ to: '/ring', status: 301 });
    expect(t.match('/EV1/old/child')).toEqual({ to: '/child-first', status: 301 });
    expect(t.match('/EV1')).toBeNull();
    expect(t.match('/nothing')).toBeNull();
  });
});

describe('the redirects the build writes from the sample snapshot', () => {
  const rules = redirectRules();
  const table = new RedirectTable(rules.filter((r) => r.status === 301));
  const ev = catalog().products.find((p) => p.sku === 'EV1001')!;
  const rings = catalog().categories.find((c) => c.url_path === 'rings')!;
  const engagement = catalog().categories.find((c) => c.id === 11)!;

  it('legacy paths of url-map.json move for good: a category, a cms page, a product', () => {
    // url-map.json: /engagement-rings.html -> category 11, /about -> cms about-us, the ring's old .html -> product 1001.
    expect(table.match('/engagement-rings.html')).toEqual({ to: `/${engagement.url_path}`, status: 301 });
    expect(table.match('/about')).toEqual({ to: '/about-us', status: 301 });
    expect(table.match('/evermore-promise-070ct-lab-grown-diamond-halo-engagement-ring.html')).toEqual({ to: `/${ev.url_path}`, status: 301 });
  });

  it('a category under /c/{slug} moves to its page', () => {
    expect(table.match('/c/rings')).toEqual({ to: `/${rings.url_path}`, status: 301 });
  });

  it('a product under an old slug moves to its page, a child to its child url', () => {
    expect(table.match('/EV1001/old-slug')).toEqual({ to: `/${ev.url_path}`, status: 301 });
    expect(table.match('/EV1001/old-slug/EV1001-WG-Q')).toEqual({ to: `/${ev.url_path}?childSku=EV1001-WG-Q`, status: 301 });
  });

  it('no 301 hides a page the build writes, and the 200 rewrites come before every 301', () => {
    for (const r of [...catchAllRoutes(), ...ampRoutes()]) {
      const rule = rules.find((x) => x.status === 301 && x.from.toLowerCase() === r.path.toLowerCase());
      expect(rule, r.path).toBeUndefined();
    }
    const last200 = rules.map((r) => r.status).lastIndexOf(200);
    const first301 = rules.findIndex((r) => r.status === 301);
    expect(last200).toBeLessThan(first301);
  });
});

describe('the page a gone URL answers with (410)', () => {
  it("under a store view's prefix its own 404 page (multistore), elsewhere the root one", () => {
    const views = [config.storeViews.default, ...config.storeViews.others];
    expect(gonePageFor('/de/about-us', views)).toBe('/de/404.html');
    expect(gonePageFor('/it/i/careers', views)).toBe('/it/404.html');
    expect(gonePageFor('/about-us', views)).toBe('/404.html');
    expect(gonePageFor('/deutsch/about-us', views)).toBe('/404.html');
    // One store view: no prefix is a store's.
    expect(gonePageFor('/de/about-us', [config.storeViews.default])).toBe('/404.html');
  });
});
