/**
 * Incremental builds (experimental.incrementalBuild with the cache keys of src/lib/build/cache-keys.ts):
 * each kind of snapshot change an editor makes re-renders exactly the keyed pages whose HTML changes
 * (the pages that show it) and restores every other one; and after all the changes, the incremental
 * output equals a full build of the same snapshot file for file (no stale page anywhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { astroBin } from '../../server/rebuild';
import { generationLog } from '../../scripts/bench/build';

const ROOT = join(import.meta.dirname, '../..');
/** The routes whose keys the precise checks below hold to "rendered exactly when changed". */
const KEYED_ROUTES = ['src/pages/[...path].astro', 'src/pages/amp/[...path].astro'];
/** The other keyed routes: coarser keys (a page re-renders for any change of what its kind shows), held by the CMS, price and full-build checks. */
const OTHER_KEYED_ROUTES = [
  'src/pages/[...store]/listing/[id].json.ts',
  'src/pages/[...store]/brands/[brand].astro',
  'src/pages/[...store]/brands/[brand]/all-products.astro',
  'src/pages/[...store]/[blog]/index.astro',
  'src/pages/[...store]/[blog]/[category].astro',
  'src/pages/[...store]/[blog]/post/[slug].astro',
  'src/pages/[...store]/stores/jewellers-[location].astro',
  'src/pages/[...store]/i/[slug].astro',
  'src/pages/[...store]/p/[slug].astro',
  // The CDN's files (edge map, tag manifest) and the URL dispatcher's map, keyed by their own text.
  'src/pages/[cdn]/[...file].ts',
  'src/pages/[urlmap].json.ts',
  // The search files and the results page, keyed by what they list (every searchable product).
  'src/pages/[...store]/search.astro',
  'src/pages/[...store]/search-index.json.ts',
  'src/pages/[...store]/search-listing.json.ts',
];
/** Fixed, so a special price cannot start or end between two builds of the test. */
const BUILD_TIME = '2026-11-20T12:00:00.000Z';

interface Build {
  out: string;
  /** Output files (relative) that the build rendered, and those it restored from the previous build. */
  rendered: Set<string>;
  restored: Set<string>;
}

/** `astro build` of the test's snapshot into `out`, with its own cache folder (not the checkout's). */
function build(snapshot: string, cacheDir: string, out: string): Promise<Build> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin(ROOT), 'build', '--outDir', out, '--config', 'scripts/bench/astro.bench.config.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SNAPSHOT_DIR: snapshot, BENCH_CACHE_DIR: cacheDir, BUILD_TIME, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr.on('data', (b: Buffer) => (log += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`astro build exited with ${code}:\n${log.slice(-3000)}`));
      // Output files named without their leading slash, as the cache manifest names them.
      const named = generationLog(log);
      const strip = (set: Set<string>) => new Set([...set].map((f) => f.slice(1)));
      resolve({ out, rendered: strip(named.rendered), restored: strip(named.restored) });
    });
  });
}

/** Output files of the keyed routes (the pages that carry a cacheKey), from the cache manifest. */
function keyedFiles(cacheDir: string, routes = KEYED_ROUTES): Set<string> {
  const manifest = JSON.parse(readFileSync(join(cacheDir, 'incremental-build.json'), 'utf8')) as {
    routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
  };
  const files = new Set<string>();
  for (const route of routes) for (const p of Object.values(manifest.routes[route]?.paths ?? {})) files.add(p.outputFile);
  return files;
}

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

/** Pages (HTML) and data files (JSON) whose bytes differ between two builds. */
function changedPages(before: string, after: string): Set<string> {
  const a = files(before);
  const b = files(after);
  const changed = new Set<string>();
  for (const [f, body] of b) if (/\.(html|json)$/.test(f) && a.get(f) !== body) changed.add(f);
  return changed;
}

const pagesContaining = (dir: string, text: string) =>
  [...files(dir)]
    .filter(([f, body]) => f.endsWith('.html') && body.includes(text))
    .map(([f]) => f)
    .sort();

const sorted = (s: Iterable<string>) => [...s].sort();
const only = (s: Set<string>, keep: Set<string>) => sorted([...s].filter((f) => keep.has(f)));

type Json = Record<string, any>;
const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file: string, v: unknown) => writeFileSync(file, JSON.stringify(v, null, 2));

describe('incremental builds for editors', { timeout: 15 * 60_000 }, () => {
  let work = '';
  let snap = '';
  let cache = '';
  let prev: Build;
  let keyed = new Set<string>();
  /** Every keyed output file: KEYED_ROUTES' and OTHER_KEYED_ROUTES'. */
  let allKeyed = new Set<string>();
  let n = 0;
  const products = () => join(snap, 'products/0000.json');

  /** Applies one editor's change, builds incrementally, and returns the build and the keyed pages that changed. */
  async function change(edit: () => void): Promise<{ next: Build; rendered: string[]; changed: string[]; renderedAny: string[]; changedAny: string[] }> {
    edit();
    const next = await build(snap, cache, join(work, `out-${++n}`));
    const changedAll = changedPages(prev.out, next.out);
    const result = {
      next,
      rendered: only(next.rendered, keyed),
      changed: only(changedAll, keyed),
      renderedAny: only(next.rendered, allKeyed),
      changedAny: only(changedAll, allKeyed),
    };
    prev = next;
    return result;
  }

  beforeAll(async () => {
    // Inside the project: a build whose output lies outside the working folder shares Astro's `.astro/` fallback with other builds.
    work = mkdtempSync(join(ROOT, 'dist-incremental-test-'));
    snap = join(work, 'snapshot');
    cache = join(work, 'cache');
    cpSync(SAMPLE_DIR, snap, { recursive: true });
    prev = await build(snap, cache, join(work, 'out-0'));
    keyed = keyedFiles(cache);
    allKeyed = new Set([...keyed, ...keyedFiles(cache, OTHER_KEYED_ROUTES)]);
  }, 5 * 60_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, 5 * 60_000);

  it('the first build renders every page and records a key for each catalogue, content and amp page', () => {
    expect(prev.restored.size).toBe(0);
    expect(keyed.size).toBeGreaterThan(500);
    for (const f of keyed) expect(prev.rendered.has(f), f).toBe(true);
    // Listing files, brand, blog, shop pages and the CMS aliases carry keys too
    for (const route of OTHER_KEYED_ROUTES) expect(keyedFiles(cache, [route]).size, route).toBeGreaterThan(0);
    for (const f of allKeyed) expect(prev.rendered.has(f), f).toBe(true);
  });

  it('a paragraph on one cms page re-renders that page only', async () => {
    const file = join(snap, 'cms-pages.json');
    const pages = readJson(file) as Json[];
    const page = pages.find((p) => p.identifier === 'careers')!;
    page.content += '<p>Apprenticeships open in Preston each September.</p>';
    const { rendered, changed, next, renderedAny, changedAny } = await change(() => writeJson(file, pages));
    expect(changed).toEqual(['careers/index.html']);
    expect(rendered).toEqual(changed);
    // The page and its two aliases; every listing file, brand, blog and shop page is restored
    expect(changedAny).toEqual(['careers/index.html', 'i/careers/index.html', 'p/careers/index.html']);
    expect(renderedAny).toEqual(changedAny);
    expect(next.restored.size).toBe(allKeyed.size - 3);
  });

  it('a price change re-renders the pages that show the price: its product page, its amp page, its category listings', async () => {
    const all = readJson(products()) as Json[];
    // A product with its own page, shown in the first batch of a category listing
    const p = all.find((x) => x.type_id === 'simple' && x.visibility === 4 && x.status === 1 && !x.special_price && x.price > 100)!;
    const old = p.price as number;
    const { rendered, changed, next, renderedAny, changedAny } = await change(() => {
      for (const k of Object.keys(p)) if (typeof p[k] === 'number' && p[k] === old && /price/i.test(k)) p[k] = 1234.56;
      writeJson(products(), all);
    });
    // The listing files that list it: rendered again, and only those
    const listingFiles = (fs: string[]) => fs.filter((f) => f.startsWith('listing/'));
    expect(listingFiles(changedAny).length).toBeGreaterThan(0);
    expect(listingFiles(renderedAny)).toEqual(listingFiles(changedAny));
    for (const f of listingFiles(changedAny)) expect(readFileSync(join(next.out, f), 'utf8')).toContain('1234.56');
    const showing = pagesContaining(next.out, '£1,234.56').filter((f) => keyed.has(f));
    expect(showing.length).toBeGreaterThanOrEqual(3);
    expect(showing.some((f) => f.startsWith('amp/'))).toBe(true);
    for (const f of showing) expect(changed).toContain(f);
    expect(rendered).toEqual(changed);
  });

  it("a product's name re-renders its pages, the category pages and the related products that show it", async () => {
    const all = readJson(products()) as Json[];
    const before = files(prev.out);
    // A product whose name (plain text) shows on other product pages too (related products)
    const p = all.find((x) => {
      if (x.visibility !== 4 || x.status !== 1 || /[&<>"']/.test(x.name)) return false;
      const pages = [...before].filter(([f, body]) => f.endsWith('.html') && keyed.has(f) && !f.startsWith('amp/') && body.includes(`>${x.name}<`));
      return pages.length >= 3;
    })!;
    expect(p).toBeDefined();
    const oldName = p.name as string;
    const { rendered, changed, next } = await change(() => {
      p.name = 'Aurelia Marquise Solitaire Ring';
      writeJson(products(), all);
    });
    expect(pagesContaining(next.out, `>${oldName}<`)).toEqual([]);
    const showing = pagesContaining(next.out, 'Aurelia Marquise Solitaire Ring').filter((f) => keyed.has(f));
    expect(showing.length).toBeGreaterThanOrEqual(3);
    for (const f of showing) expect(changed).toContain(f);
    expect(rendered).toEqual(changed);
  });

  it("a product's description re-renders its page and its amp page (keys digest the record, not its sanitised html)", async () => {
    const all = readJson(products()) as Json[];
    const p = all.find((x) => x.type_id === 'simple' && x.visibility === 4 && x.status === 1 && typeof x.description === 'string' && x.description.length > 0)!;
    expect(p).toBeDefined();
    const { rendered, changed, next } = await change(() => {
      p.description = `${p.description as string}<p>Hallmarked in Birmingham.</p>`;
      writeJson(products(), all);
    });
    const showing = pagesContaining(next.out, 'Hallmarked in Birmingham.').filter((f) => keyed.has(f));
    expect(showing.some((f) => f.startsWith('amp/'))).toBe(true);
    expect(showing.some((f) => !f.startsWith('amp/'))).toBe(true);
    for (const f of showing) expect(changed).toContain(f);
    for (const f of changed) expect(rendered).toContain(f);
  });

  it("a picture's placeholder colour re-renders the pages that show the picture (no page keeps the old colour)", async () => {
    const file = join(snap, 'placeholders.json');
    const colours = readJson(file) as Record<string, string>;
    const all = readJson(products()) as Json[];
    const p = all.find((x) => x.type_id === 'simple' && x.visibility === 4 && x.status === 1 && typeof x.image === 'string' && colours[x.image])!;
    expect(p).toBeDefined();
    const page = `${p.url_path as string}/index.html`;
    expect(keyed.has(page)).toBe(true);
    const { rendered, changed, next } = await change(() => {
      colours[p.image as string] = '#0a1b2c';
      writeJson(file, colours);
    });
    const showing = pagesContaining(next.out, 'background-color:#0a1b2c').filter((f) => keyed.has(f));
    expect(showing).toContain(page);
    for (const f of showing) expect(changed).toContain(f);
    for (const f of changed) expect(rendered).toContain(f);
  });

  /** The leaf category the menu test takes out of the menus, renamed by the category test. */
  let leaf: Json | undefined;

  it('a menu entry re-renders every page with the header menu, and no amp page', async () => {
    const file = join(snap, 'menus.json');
    const menus = readJson(file) as Record<string, Json[]>;
    const categories = readJson(join(snap, 'categories.json')) as Json[];
    const inMenus = (c: Json) => Object.values(menus).some((items) => items.some((i) => i.content === `/${c.url_path}`));
    leaf = categories.find(
      (c) => c.children_count === 0 && c.product_count > 0 && keyed.has(`${c.url_path}/index.html`) && !/[&<>"']/.test(c.name) && inMenus(c),
    );
    expect(leaf).toBeDefined();
    const { rendered, changed } = await change(() => {
      for (const id of Object.keys(menus)) menus[id] = menus[id]!.filter((i) => i.content !== `/${leaf!.url_path}`);
      writeJson(file, menus);
    });
    expect(changed.length).toBeGreaterThan(200);
    expect(changed.some((f) => f.startsWith('amp/'))).toBe(false);
    expect(rendered).toEqual(changed);
  });

  it('a banner re-renders the pages that show it', async () => {
    const file = join(snap, 'banners/gb.json');
    const banners = readJson(file) as Json;
    const { rendered, changed, next } = await change(() => {
      banners.productBanners[0].title = 'Stacking Season';
      writeJson(file, banners);
    });
    const showing = pagesContaining(next.out, 'Stacking Season').filter((f) => keyed.has(f));
    expect(showing.length).toBeGreaterThan(0);
    expect(changed).toEqual(showing);
    expect(rendered).toEqual(changed);
  });

  it("a category's name re-renders the pages whose breadcrumbs or listings show it", async () => {
    const file = join(snap, 'categories.json');
    const categories = readJson(file) as Json[];
    // The leaf category no menu names any more (the menu test), so only its own pages and breadcrumbs show it
    const c = categories.find((x) => x.id === leaf!.id)!;
    const oldName = c.name as string;
    const { rendered, changed, next } = await change(() => {
      c.name = 'Heirloom Pieces';
      writeJson(file, categories);
    });
    // Pages that still say the old name are pages that name it themselves (a CMS page of that title), none re-rendered for it
    const stillOld = pagesContaining(next.out, `>${oldName}<`).filter((f) => keyed.has(f));
    for (const f of stillOld) expect(changed).not.toContain(f);
    const showing = pagesContaining(next.out, '>Heirloom Pieces<').filter((f) => keyed.has(f));
    expect(showing).toContain(`${c.url_path}/index.html`);
    expect(showing.filter((f) => !f.startsWith('amp/')).length).toBeGreaterThan(1);
    for (const f of showing) expect(changed).toContain(f);
    expect(rendered).toEqual(changed);
    expect(rendered.length).toBeLessThan(keyed.size / 2);
  });

  it('every store closed: their pages go, and so does the stylesheet only they linked (not left in the site or its precache)', async () => {
    const before = prev.out;
    const storePage = 'stores/jewellers-preston/index.html';
    const sheetOf = (dir: string, f: string) => /<link rel="stylesheet" href="\/(_astro\/page\.[^"]+\.css)"/.exec(readFileSync(join(dir, f), 'utf8'))?.[1];
    const sheet = sheetOf(before, storePage);
    // The case under test: a merged stylesheet that only the store pages link.
    expect(sheet).toBeDefined();
    const linkingBefore = [...files(before)].filter(([f, body]) => f.endsWith('.html') && body.includes(`/${sheet}"`)).map(([f]) => f);
    expect(linkingBefore.length).toBeGreaterThan(0);
    expect(linkingBefore.every((f) => f.startsWith('stores/'))).toBe(true);
    const { next } = await change(() => writeJson(join(snap, 'shops.json'), []));
    expect(existsSync(join(next.out, storePage))).toBe(false);
    expect(next.restored.size).toBeGreaterThan(0);
    expect(existsSync(join(next.out, sheet!))).toBe(false);
    expect(readFileSync(join(next.out, 'sw.js'), 'utf8')).not.toContain(sheet!.slice('_astro/'.length));
    // No merged stylesheet in the site that no page links; every page's stylesheet is there.
    const site = files(next.out);
    const pages = [...site].filter(([f]) => f.endsWith('.html'));
    const merged = [...site.keys()].filter((f) => /^_astro\/page\.[^/]+\.css$/.test(f));
    expect(merged.filter((m) => !pages.some(([, body]) => body.includes(`/${m}"`)))).toEqual([]);
    for (const [f] of pages) {
      const own = sheetOf(next.out, f);
      if (own) expect(site.has(own), `${f} links ${own}`).toBe(true);
    }
  });

  it('after all the changes, the incremental output equals a full build of the same snapshot', async () => {
    const full = await build(snap, join(work, 'cache-full'), join(work, 'out-full'));
    expect(full.restored.size).toBe(0);
    const a = files(prev.out);
    const b = files(full.out);
    expect(sorted(a.keys())).toEqual(sorted(b.keys()));
    const differ = [...b].filter(([f, body]) => a.get(f) !== body).map(([f]) => f);
    expect(differ).toEqual([]);
    expect(existsSync(join(prev.out, 'careers/index.html'))).toBe(true);
  });
});
