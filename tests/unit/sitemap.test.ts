import { describe, expect, it } from 'vitest';
import {
  barePath,
  emptyListingPaths,
  isIndexablePath,
  robotsTxt,
  shareEmptyListingPaths,
  sitemapFilter,
  takeSharedEmptyListingPaths,
} from '../../src/lib/build/sitemap';
import { categoryListing } from '../../src/lib/build/page-data';
import { catalog } from '../../src/lib/routing/routes';
import { CmsPageSchema, type CmsPage } from '../../src/lib/schemas';

let nextId = 1;
const page = (identifier: string, extra: Partial<CmsPage> = {}): CmsPage =>
  CmsPageSchema.parse({ id: nextId++, identifier, title: identifier, content: '<p>x</p>', ...extra });

const pages = [page('clearance'), page('check-test', { noindex: true }), page('ring-size-guide'), page('old-offer', { noindex: true })];

describe('sitemap rules', () => {
  it('keeps catalogue, content, blog, brand and shop pages', () => {
    for (const path of [
      '/',
      '/rings/engagement-rings',
      '/clearance/',
      '/pjworld',
      '/pjworld/post/how-to-stack-rings',
      '/brands/evermore',
      '/brands/evermore/all-products',
      '/stores/jewellers-preston',
      '/p/TS1001/thomas-sabo-charm',
    ]) {
      expect(isIndexablePath(path, pages), path).toBe(true);
    }
  });

  it('leaves out account checkout order and error pages', () => {
    for (const path of ['/my-account', '/my-account/orders/order/', '/checkout', '/order-success', '/page-not-found', '/error', '/404']) {
      expect(isIndexablePath(path, pages), path).toBe(false);
    }
  });

  it('leaves out amp copies, duplicates of home and the examples', () => {
    for (const path of ['/amp/rings', '/amp/TS1001/charm', '/pwa.html', '/home-dev', '/no-js.html', '/append-prepend.html', '/raw-output-example.xml']) {
      expect(isIndexablePath(path, pages), path).toBe(false);
    }
  });

  it('leaves out the listings with no product: a category or a brand with nothing in it yet, at the path it is served', () => {
    const empty = new Set(['/watches/pre-owned-watches', '/brands/olivia-burton/all-products']);
    for (const path of ['/watches/pre-owned-watches', '/watches/pre-owned-watches/', '/brands/olivia-burton/all-products'])
      expect(isIndexablePath(path, pages, empty), path).toBe(false);
    // The brand's own page keeps its story; the other listings are indexed.
    for (const path of ['/brands/olivia-burton', '/watches', '/watches/ladies-watches']) expect(isIndexablePath(path, pages, empty), path).toBe(true);
  });

  it("reads the listings with no product from the catalogue, as the pages' noindex does", () => {
    const empty = emptyListingPaths();
    const listed = (path: string) => {
      const c = catalog().categories.find((x) => x.url_path === path.slice(1))!;
      return categoryListing(c.id).total;
    };
    expect(empty.size).toBeGreaterThan(0);
    for (const path of empty) expect(listed(path.replace(/^\/brands\/([^/]+)\/all-products$/, '/brands/$1')), path).toBe(0);
    for (const path of ['/rings', '/watches', '/brands/clogau/all-products']) expect(empty.has(path), path).toBe(false);
  });

  it('leaves out noindex cms pages at every path they are served', () => {
    expect(isIndexablePath('/check-test', pages)).toBe(false);
    expect(isIndexablePath('/i/check-test', pages)).toBe(false);
    expect(isIndexablePath('/i/old-offer', pages)).toBe(false);
  });

  it('lists a cms page by its canonical path only', () => {
    expect(isIndexablePath('/clearance', pages)).toBe(true);
    expect(isIndexablePath('/i/clearance', pages)).toBe(false);
    expect(isIndexablePath('/p/clearance', pages)).toBe(false);
    expect(isIndexablePath('/i/ring-size-guide', pages)).toBe(true);
    expect(isIndexablePath('/p/ring-size-guide', pages)).toBe(false);
  });

  it('filters absolute urls from the sitemap integration', () => {
    expect(sitemapFilter('https://www.pendleandjames.co.uk/my-account/')).toBe(false);
    expect(sitemapFilter('https://www.pendleandjames.co.uk/pjworld/')).toBe(true);
  });

  it('strips the trailing slash', () => {
    expect(barePath('/faq/')).toBe('/faq');
    expect(barePath('/')).toBe('/');
  });

  it('writes robots rules and the sitemap address', () => {
    const txt = robotsTxt('https://shop.example.co.uk/');
    expect(txt).toContain('User-agent: *');
    expect(txt).toContain('Disallow: /my-account');
    expect(txt).toContain('Disallow: /checkout');
    expect(txt).toContain('Sitemap: https://shop.example.co.uk/sitemap-index.xml');
    expect(txt).not.toContain('Disallow: /\n');
  });
});

describe("the pages' build shares its empty listings with the sitemap writer", () => {
  it('takes them once, for the same snapshot only', () => {
    expect(takeSharedEmptyListingPaths()).toBeUndefined();
    shareEmptyListingPaths();
    expect(takeSharedEmptyListingPaths()).toEqual(emptyListingPaths());
    expect(takeSharedEmptyListingPaths()).toBeUndefined();
    shareEmptyListingPaths();
    const before = process.env.SNAPSHOT_DIR;
    process.env.SNAPSHOT_DIR = '/another/snapshot';
    try {
      expect(takeSharedEmptyListingPaths()).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.SNAPSHOT_DIR;
      else process.env.SNAPSHOT_DIR = before;
    }
  });

  it('lead the filter to leave out the listings they name, as it would work them out', () => {
    const empty = [...emptyListingPaths()];
    expect(empty.length).toBeGreaterThan(0);
    for (const path of empty) expect(sitemapFilter(`https://www.pendleandjames.co.uk${path}/`, new Set(empty)), path).toBe(false);
    expect(sitemapFilter(`https://www.pendleandjames.co.uk${empty[0]}/`, new Set())).toBe(true);
  });
});

describe('sitemap entries', () => {
  it('name each page by its canonical url without a trailing slash', async () => {
    const { sitemapSerialize } = await import('../../src/lib/build/sitemap');
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/pjworld/post/x/' }).url).toBe('https://www.pendleandjames.co.uk/pjworld/post/x');
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/' }).url).toBe('https://www.pendleandjames.co.uk/');
  });

  it("name a store view's home with its slash, the URL that answers 200 (`/de` moves to `/de/`)", async () => {
    const { sitemapSerialize } = await import('../../src/lib/build/sitemap');
    const roots = ['/', '/de/', '/it/'];
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/de/' }, roots).url).toBe('https://www.pendleandjames.co.uk/de/');
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/de' }, roots).url).toBe('https://www.pendleandjames.co.uk/de/');
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/de/ringe/' }, roots).url).toBe('https://www.pendleandjames.co.uk/de/ringe');
    expect(sitemapSerialize({ url: 'https://www.pendleandjames.co.uk/' }, roots).url).toBe('https://www.pendleandjames.co.uk/');
  });
});
