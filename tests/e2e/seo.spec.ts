/**
 * SEO of the built site: robots.txt, a sitemap of every indexable page by its
 * canonical URL and no noindex page, and one canonical link per page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixture';
import { type APIRequestContext } from '@playwright/test';
import { ACCOUNT_SHELLS, cmsRoutes, contentPages, blogData, snapshotShops } from '../../src/lib/routing/content-routes';
import { brandCategories } from '../../src/lib/build/brand-page-data';
import { catalog, hasCategoryPage } from '../../src/lib/routing/routes';
import { config } from '../../src/lib/config';
import { SITE } from './content-helpers';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const toPath = (url: string) => new URL(url).pathname;

async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const urls: string[] = [];
  for (const sitemap of locs(await index.text())) {
    const res = await request.get(toPath(sitemap));
    expect(res.status(), sitemap).toBe(200);
    urls.push(...locs(await res.text()));
  }
  return urls;
}

function headOf(html: string) {
  return {
    canonicals: [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]!),
    noindex: /<meta name="robots" content="[^"]*noindex/.test(html),
  };
}

/** Every HTML page of the build folder the tests run against (DIST_DIR or dist/); not the list panels' fragments (no document of their own). */
function builtPages(): { dist: string; files: string[] } {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== '_astro' && name !== 'panels') walk(full);
      } else if (name.endsWith('.html')) files.push(full);
    }
  };
  walk(dist);
  return { dist, files };
}

test.describe('robots and sitemap', () => {
  test('robots.txt allows the shop and names the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/text\/plain/);
    const body = await res.text();
    expect(body).toContain('User-agent: *');
    expect(body).toContain('Disallow: /my-account');
    expect(body).toContain('Disallow: /checkout');
    expect(body).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
  });

  test('every sitemap entry is an indexable page named by its own canonical url', async ({ request }) => {
    test.setTimeout(180_000);
    const urls = await sitemapUrls(request);
    expect(urls.length).toBeGreaterThan(50);
    expect(new Set(urls).size).toBe(urls.length);
    const problems: string[] = [];
    for (const url of urls) {
      expect(url.startsWith(`${SITE}/`), url).toBe(true);
      const res = await request.get(toPath(url));
      if (res.status() !== 200) {
        problems.push(`${url}: status ${res.status()}`);
        continue;
      }
      const head = headOf(await res.text());
      if (head.noindex) problems.push(`${url}: noindex`);
      if (head.canonicals.length !== 1 || head.canonicals[0] !== url) problems.push(`${url}: canonical ${head.canonicals.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  test('the sitemap lists the indexable content pages blog shops and brands', async ({ request }) => {
    const urls = new Set(await sitemapUrls(request));
    const expected = [
      ...contentPages()
        .filter((c) => !c.page.noindex)
        .map((c) => c.path),
      ...cmsRoutes()
        .filter((r) => r.canonical.startsWith('/i/') && !r.page.noindex)
        .map((r) => r.canonical),
      `/${config.shop.blogPath}`,
      ...blogData().posts.map((p) => `/${config.shop.blogPath}/post/${p.slug}`),
      ...blogData().categories.map((c) => `/${config.shop.blogPath}/${c.slug}`),
      ...snapshotShops().map((s) => `/stores/jewellers-${s.location}`),
      // Their full listings while they list products: below, 'a listing with no product ...'.
      ...brandCategories().map((b) => `/brands/${b.url_key}`),
    ];
    const missing = expected.filter((p) => !urls.has(`${SITE}${p}`));
    expect(missing).toEqual([]);
  });

  test('no noindex page is in the sitemap', async ({ request }) => {
    const urls = new Set((await sitemapUrls(request)).map(toPath));
    const noindex = [
      ...ACCOUNT_SHELLS.map((s) => s.path),
      '/checkout',
      '/order-success',
      '/page-not-found',
      '/error',
      ...contentPages()
        .filter((c) => c.page.noindex)
        .map((c) => c.path),
    ];
    for (const path of noindex) {
      expect(urls.has(path), `${path} in the sitemap`).toBe(false);
      const res = await request.get(path);
      // The page-not-found page answers 404 by its own name too (tests/e2e/cdn-cases.ts); the others are pages.
      expect(res.status(), path).toBe(path === '/page-not-found' ? 404 : 200);
      expect(headOf(await res.text()).noindex, `${path} says noindex`).toBe(true);
    }
    for (const path of urls) {
      expect(path.startsWith('/amp/'), `${path} is an AMP copy`).toBe(false);
      expect(/^\/p\/[^/]+$/.test(path), `${path} is fallback content`).toBe(false);
    }
  });

  test('a listing with no product (a category or a brand with nothing in it yet) says noindex and is not in the sitemap; every other listing is', async ({
    request,
  }) => {
    const urls = new Set((await sitemapUrls(request)).map(toPath));
    const listings = [
      ...catalog()
        .categories.filter((c) => hasCategoryPage(c))
        .map((c) => `/${c.url_path}`),
      ...brandCategories().map((b) => `/brands/${b.url_key}/all-products`),
    ];
    const empty: string[] = [];
    for (const path of listings) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      // What the shopper sees: product tiles, or none.
      const lists = /<article class="tile"/.test(html);
      if (!lists) empty.push(path);
      expect(headOf(html).noindex, `${path} says noindex`).toBe(!lists);
      expect(urls.has(path), `${path} in the sitemap`).toBe(lists);
    }
    // The sample has an empty category and a brand with no product yet.
    expect(empty).toEqual(expect.arrayContaining(['/watches/pre-owned-watches', '/brands/olivia-burton/all-products']));
  });

  test('alias routes point their one canonical link at the page they copy', async ({ request }) => {
    const aliased = cmsRoutes().find((r) => !r.canonical.startsWith('/i/'))!;
    for (const path of [`/i/${aliased.slug}`, `/p/${aliased.slug}`]) {
      const head = headOf(await (await request.get(path)).text());
      expect(head.canonicals, path).toEqual([`${SITE}${aliased.canonical}`]);
    }
  });

  test('every built page has exactly one canonical link on the shop origin', () => {
    const { dist, files } = builtPages();
    expect(files.length).toBeGreaterThan(50);
    const bad = files.filter((f) => {
      const c = headOf(readFileSync(f, 'utf8')).canonicals;
      return c.length !== 1 || !c[0]!.startsWith(`${SITE}/`);
    });
    expect(bad.map((f) => f.slice(dist.length))).toEqual([]);
  });

  test('every built page names the theme (§1 theme name) on its html element', () => {
    const { dist, files } = builtPages();
    const bad = files.filter((f) => {
      const html = /<html[^>]*>/.exec(readFileSync(f, 'utf8'))?.[0] ?? '';
      return !html.includes('⚡') && !html.includes(`data-theme="${config.shop.themeName}"`);
    });
    expect(bad.map((f) => f.slice(dist.length))).toEqual([]);
  });

  test('every built page that is indexable and its own canonical is in the sitemap', async ({ request }) => {
    const urls = new Set(await sitemapUrls(request));
    const { dist, files } = builtPages();
    const missing: string[] = [];
    for (const file of files) {
      const rel = file.slice(dist.length).replace(/\\/g, '/');
      if (rel === '/404.html') continue;
      const path = rel.endsWith('/index.html') ? rel.slice(0, -'/index.html'.length) || '/' : rel;
      const head = headOf(readFileSync(file, 'utf8'));
      const own = `${SITE}${path}`;
      if (!head.noindex && head.canonicals[0] === own && !urls.has(own)) missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
