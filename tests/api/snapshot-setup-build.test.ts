/**
 * What a retailer's snapshot decides without a source edit, in a real build: the catalogue root its
 * manifest names (here 3, not Magento's default 2), and content routes whose CMS page is missing or
 * switched off (left out of the site, answering 410 gone on the shop's server and in the CDN files,
 * unlinked, out of the sitemap, named by the build's warnings).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../../server/rebuild';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { handle } from '../../src/lib/build/cdn/worker';
import { removeBuild, startTestShop, type TestShop } from './fixture';

const ROOT = 3;
/** A content route whose CMS page the snapshot lacks, and one whose page is inactive (both in the footer's menus). */
const MISSING = 'careers';
const INACTIVE = 'faq';

let work = '';
let dist = '';
let output = '';
let shop: TestShop;

const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const writeJson = (dir: string, file: string, value: unknown) => writeFileSync(join(dir, file), JSON.stringify(value));
const html = (path: string) => readFileSync(join(dist, path.replace(/^\//, ''), 'index.html'), 'utf8');

/** The sample re-rooted at category 3 (the root's id, its children's parent, every path and product assignment). */
function reRoot(dir: string): void {
  const from = 2;
  const id = (n: number) => (n === from ? ROOT : n);
  const categories = readJson(dir, 'categories.json') as { id: number; parent_id: number; path: string }[];
  expect(categories.some((c) => c.id === ROOT)).toBe(false);
  writeJson(
    dir,
    'categories.json',
    categories.map((c) => ({ ...c, id: id(c.id), parent_id: id(c.parent_id), path: c.path.split('/').map(Number).map(id).join('/') })),
  );
  const manifest = readJson(dir, 'manifest.json') as { product_shards: string[] };
  for (const shard of manifest.product_shards) {
    const products = readJson(dir, shard) as { category_ids: number[]; category?: { category_id: number }[] }[];
    writeJson(
      dir,
      shard,
      products.map((p) => ({
        ...p,
        category_ids: p.category_ids.map(id),
        ...(p.category ? { category: p.category.map((c) => ({ ...c, category_id: id(c.category_id) })) } : {}),
      })),
    );
  }
  writeJson(dir, 'manifest.json', { ...manifest, root_category_id: ROOT });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'snapshot-setup-build-'));
  const snapshot = join(work, 'snapshot');
  cpSync(SAMPLE_DIR, snapshot, { recursive: true });
  reRoot(snapshot);
  const pages = readJson(snapshot, 'cms-pages.json') as { identifier: string; active?: boolean }[];
  expect(pages.some((p) => p.identifier === MISSING)).toBe(true);
  writeJson(
    snapshot,
    'cms-pages.json',
    pages.filter((p) => p.identifier !== MISSING).map((p) => (p.identifier === INACTIVE ? { ...p, active: false } : p)),
  );
  // Inside the project: an outDir outside it makes Astro share .astro/ with any other build.
  dist = mkdtempSync(join(process.cwd(), 'dist-test-setup-'));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output += chunk.toString();
    return true;
  });
  try {
    await astroBuild({ projectRoot: process.cwd(), snapshotDir: snapshot, outDir: dist, echo: true });
  } finally {
    write.mockRestore();
  }
  shop = await startTestShop({ distDir: dist });
}, 600_000);
afterAll(async () => {
  await shop?.stop();
  rmSync(work, { recursive: true, force: true });
  if (dist) removeBuild(dist);
});

describe('a snapshot whose manifest names root category 3', () => {
  it('builds the category pages and their listings below 3', () => {
    const categories = readJson(join(work, 'snapshot'), 'categories.json') as { id: number; url_path: string }[];
    const rings = categories.find((c) => c.url_path === 'rings')!;
    expect(html('/rings')).toMatch(/<h1[^>]*>\s*Rings/);
    expect(html('/rings/engagement-rings')).toMatch(/<nav[^>]*breadcrumb[\s\S]*?Rings[\s\S]*?<\/nav>/i);
    expect((readJson(dist, `listing/${rings.id}.json`) as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expect((readJson(dist, 'search-listing.json') as { id: number }).id).toBe(ROOT);
  });

  it("the home page's category menu holds the root's children", () => {
    const home = readFileSync(join(dist, 'index.html'), 'utf8');
    const grid = /<ul class="cats__grid"[^>]*>([\s\S]*?)<\/ul>/.exec(home)?.[1] ?? '';
    const links = [...grid.matchAll(/<a class="cat" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(expect.arrayContaining(['/rings', '/watches', '/gifts']));
  });
});

describe('content routes without an active CMS page', () => {
  it('are left out of the build, which succeeds and names them', () => {
    for (const id of [MISSING, INACTIVE]) expect(existsSync(join(dist, id, 'index.html')), id).toBe(false);
    expect(existsSync(join(dist, 'about-us', 'index.html'))).toBe(true);
    expect(output).toContain(`content route /${MISSING} left out of the build (answers 410 gone): no CMS page with identifier '${MISSING}'`);
    expect(output).toContain(`content route /${INACTIVE} left out of the build (answers 410 gone): its CMS page is inactive with identifier '${INACTIVE}'`);
  });

  it('answer 410 with the page-not-found page and tag on the shop, and the other pages 200', async () => {
    for (const path of [`/${MISSING}`, `/${INACTIVE}`, `/${INACTIVE}/`, `/i/${INACTIVE}`, `/p/${MISSING}`]) {
      const r = await fetch(shop.url + path);
      expect(r.status, path).toBe(410);
      expect(r.headers.get('x-cache-tags'), path).toBe('page-not-found');
      expect(await r.text()).toContain('<title');
    }
    expect((await fetch(`${shop.url}/about-us`)).status).toBe(200);
  });

  it('answer 410 in the CDN files, through the edge worker', async () => {
    // The CDN's static assets: the built files as they are.
    const asset = async (input: URL | Request) => {
      const path = decodeURIComponent(new URL(input instanceof Request ? input.url : input).pathname);
      const file = [join(dist, path), join(dist, path, 'index.html')].find((f) => existsSync(f) && statSync(f).isFile());
      return file ? new Response(readFileSync(file), { status: 200 }) : new Response('Not Found', { status: 404 });
    };
    for (const path of [`/${MISSING}`, `/${INACTIVE}`]) {
      const r = await handle(new Request(`https://shop.example${path}`), asset);
      expect(r.status, path).toBe(410);
      expect(r.headers.get('x-cache-tags'), path).toBe('page-not-found');
    }
    expect((await handle(new Request('https://shop.example/about-us'), asset)).status).toBe(200);
  });

  it('are in no menu, footer link or sitemap', () => {
    for (const page of ['/about-us', '/rings']) {
      const text = html(page);
      for (const id of [MISSING, INACTIVE]) expect(text, `${page} links /${id}`).not.toMatch(new RegExp(`href="/${id}[/"?#]`));
      expect(text).toContain('href="/about-us"');
    }
    const sitemaps = readdirSync(dist).filter((f) => /^sitemap-\d+\.xml$/.test(f));
    expect(sitemaps.length).toBeGreaterThan(0);
    const urls = sitemaps.map((f) => readFileSync(join(dist, f), 'utf8')).join('');
    expect(urls).toContain('/about-us</loc>');
    for (const id of [MISSING, INACTIVE]) expect(urls).not.toContain(`/${id}</loc>`);
  });
});
