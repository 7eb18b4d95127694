/**
 * Changes made by the persistent renderer as overlay generations (src/lib/build/render/): every file
 * of the site an overlay serves has the bytes a full build of the same snapshot writes, and nothing
 * more, for a CMS paragraph and then a price change on top of it (an overlay on an overlay); the
 * server serves the overlay; changes it cannot make exactly (a page added, too many pages) are
 * left to a full build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { listFiles, writeDeployPlan } from '../../src/lib/build/cdn/build-files';
import { releaseHeld } from '../../src/lib/build/held-json';
import { DEPLOY_PLAN, FILES_MANIFEST } from '../../src/lib/build/cdn/deploy-plan';
import {
  buildOverlay,
  FullBuildNeeded,
  rendererReady,
  startOverlay,
  stopWarmRenderer,
  warmRenderer,
  warmRendererFor,
  type OverlayResult,
} from '../../src/lib/build/render/overlay-build';
import { OVERLAY_MANIFEST, openTree } from '../../src/lib/build/render/overlay';
import { CONTEXT_FILE, keepDirOf, readKeys } from '../../src/lib/build/render/kept';
import { Site } from '../../server/static';
import { buildWithOwnCache } from './fixture';

const ROOT = join(import.meta.dirname, '../..');
/** Fixed, so a special price cannot start or end between the builds and the renders of the test. */
const BUILD_TIME = '2026-11-20T12:00:00.000Z';
/** The next day, when the special price the base snapshot gives one product starts. */
const NEXT_DAY = '2026-11-21T12:00:00.000Z';
const AMP_ROUTES = ['src/pages/amp/[...path].astro', 'src/pages/[store]/amp/[...path].astro'];
const CATCH_ALL = 'src/pages/[...path].astro';
const PARAGRAPH = '<p>Apprenticeships open in Preston each September.</p>';
const STRIP = ' Engraving free until Friday.';
/** The page components of the home pages' fixed paths (/, /home-dev, /pwa.html). */
const HOME_PAGES = ['src/pages/index.astro', 'src/pages/home-dev.astro', 'src/pages/pwa.html.astro'];

/** A full `astro build` of `snapshot` into `out`, with a cache folder of its own (every page rendered). */
const fullBuild = (snapshot: string, out: string, env: Record<string, string> = {}): Promise<void> =>
  buildWithOwnCache(out, `${out}-cache`, [], { SNAPSHOT_DIR: snapshot, BUILD_TIME, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env }, ROOT);

/** The files of `overlay` that differ from the full build `full` (missing, extra, or other bytes). */
function differences(overlay: string, full: string): string[] {
  const tree = openTree(overlay);
  const want = listFiles(full);
  const out: string[] = [];
  for (const f of want) {
    const p = tree.file(f);
    if (!p) out.push(`missing ${f}`);
    else if (!readFileSync(p).equals(readFileSync(join(full, f)))) out.push(`differs ${f}`);
  }
  const wanted = new Set(want);
  for (const f of Object.keys(tree.overlay?.files ?? {})) if (!wanted.has(f)) out.push(`extra ${f}`);
  for (const f of listFiles(tree.base)) if (!wanted.has(f) && tree.file(f)) out.push(`extra ${f}`);
  return out;
}

type Json = Record<string, any>;
const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file: string, v: unknown) => writeFileSync(file, JSON.stringify(v, null, 2));

describe('overlay generations of the persistent renderer', { timeout: 35 * 60_000 }, () => {
  let work = '';
  let renamed = '';
  /** The product whose special price starts on NEXT_DAY. */
  let special: Json = {};
  /** The product whose price the price change changes. */
  let priced = 0;
  const snap = (n: string) => join(work, `snap-${n}`);
  const dir = (n: string) => join(work, n);
  const overlay = (parent: string, snapshot: string, out: string, maxPages = 2000, env: Record<string, string> = {}) =>
    buildOverlay({ parent: dir(parent), snapshotDir: snapshot, outDir: dir(out), maxPages, env: { BUILD_TIME, ...env } });
  /**
   * The search index split however small the catalogue (as above SPLIT_ABOVE products), in parts of 4
   * files (several, as a large catalogue's, and as there none of postings and records files together).
   */
  const SPLIT = { SEARCH_SPLIT_ABOVE: '0', SEARCH_PART_FILES: '4' };

  beforeAll(async () => {
    // Inside the project: a build whose output lies outside the working folder shares Astro's `.astro/` fallback with other builds.
    work = mkdtempSync(join(ROOT, 'dist-render-test-'));
    cpSync(SAMPLE_DIR, snap('base'), { recursive: true });
    // A special price from the day after the builds' time: the same snapshot shows it a day later.
    const catalogue = readJson(join(snap('base'), 'products/0000.json')) as Json[];
    special = catalogue.findLast((x) => x.type_id === 'simple' && x.visibility === 4 && x.status === 1 && !x.special_price && x.price > 50)!;
    Object.assign(special, { special_price: 42.5, special_from_date: '2026-11-21 00:00:00', special_to_date: '2027-01-31 23:00:00' });
    writeJson(join(snap('base'), 'products/0000.json'), catalogue);
    // The CMS change: a paragraph on one CMS page.
    cpSync(snap('base'), snap('cms'), { recursive: true });
    const pages = readJson(join(snap('cms'), 'cms-pages.json')) as Json[];
    pages.find((p) => p.identifier === 'careers')!.content += PARAGRAPH;
    writeJson(join(snap('cms'), 'cms-pages.json'), pages);
    // Another paragraph, published the next day.
    cpSync(snap('cms'), snap('cms-day'), { recursive: true });
    pages.find((p) => p.identifier === 'careers')!.content += PARAGRAPH;
    writeJson(join(snap('cms-day'), 'cms-pages.json'), pages);
    // The price change, on top of the CMS change: a simple product shown in a category listing.
    cpSync(snap('cms'), snap('price'), { recursive: true });
    const products = readJson(join(snap('price'), 'products/0000.json')) as Json[];
    const p = products.find((x) => x.type_id === 'simple' && x.visibility === 4 && x.status === 1 && !x.special_price && x.price > 100)!;
    priced = p.id as number;
    const old = p.price as number;
    for (const k of Object.keys(p)) if (typeof p[k] === 'number' && p[k] === old && /price/i.test(k)) p[k] = 1234.56;
    writeJson(join(snap('price'), 'products/0000.json'), products);
    // On top of the price change: the name of a product that other products' pages show among their
    // related products (linked, or from their category's listing), as the listings of its categories do.
    cpSync(snap('price'), snap('name'), { recursive: true });
    const all = readJson(join(snap('name'), 'products/0000.json')) as Json[];
    const shown = (x: Json) => x.visibility === 4 && x.status === 1 && !/[&<>"']/.test(x.name);
    const q = all.find((x) => shown(x) && x.category_ids.some((c: number) => all.filter((y) => shown(y) && y.category_ids.includes(c)).length > 3))!;
    q.name = `${q.name} Heritage`;
    renamed = q.name;
    writeJson(join(snap('name'), 'products/0000.json'), all);
    // The same content pulled again: a new manifest (when it was made, where from, the importer's bookkeeping).
    cpSync(snap('base'), snap('pulled'), { recursive: true });
    const manifest = readJson(join(snap('pulled'), 'manifest.json')) as Json;
    Object.assign(manifest, {
      generated_at: '2026-11-20T11:59:00.000Z',
      source: 'http://vsfa.internal:8080',
      import: { mode: 'incremental', watermark: '2026-11-20 11:58:00' },
    });
    writeJson(join(snap('pulled'), 'manifest.json'), manifest);
    // Then the promo strip, a CMS block every page of the default layout shows.
    cpSync(snap('name'), snap('strip'), { recursive: true });
    const blocks = readJson(join(snap('strip'), 'cms-blocks.json')) as Json[];
    blocks.find((b) => b.identifier === 'promo-strip')!.content += STRIP;
    writeJson(join(snap('strip'), 'cms-blocks.json'), blocks);
    await Promise.all([fullBuild(snap('base'), dir('base')), fullBuild(snap('cms'), dir('full-cms')), fullBuild(snap('price'), dir('full-price'))]);
    await Promise.all([
      fullBuild(snap('name'), dir('full-name')),
      fullBuild(snap('strip'), dir('full-strip')),
      fullBuild(snap('cms-day'), dir('full-cms-day'), { BUILD_TIME: NEXT_DAY }),
      fullBuild(snap('pulled'), dir('full-pulled')),
    ]);
    await Promise.all([
      fullBuild(snap('base'), dir('split-base'), SPLIT),
      fullBuild(snap('cms'), dir('split-full-cms'), SPLIT),
      fullBuild(snap('price'), dir('split-full-price'), SPLIT),
    ]);
  }, 30 * 60_000);
  afterAll(() => {
    stopWarmRenderer();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 5 * 60_000);

  it('a full build keeps its renderer beside its output', () => {
    expect(existsSync(join(keepDirOf(dir('base')), 'context.json'))).toBe(true);
    expect(existsSync(join(keepDirOf(dir('base')), 'cdn-hashes.json'))).toBe(true);
    expect(existsSync(join(keepDirOf(dir('base')), 'keys.json'))).toBe(true);
  });

  it('a renderer kept beside an output folder outside the project loads its bundle there and waits, ready', async () => {
    // A server's output folder may be anywhere: the bundle's imports of the project's packages still resolve.
    const away = mkdtempSync(join(tmpdir(), 'kept-renderer-'));
    try {
      const kept = join(away, 'site.render');
      cpSync(keepDirOf(dir('base')), kept, { recursive: true, verbatimSymlinks: true });
      // The copy's own bundle, not the one in the project.
      const context = readJson(join(kept, 'context.json')) as Json;
      writeJson(join(kept, 'context.json'), { ...context, bundle: join(kept, 'bundle') });
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/lib/build/render/renderer.ts'), kept], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      const ended = new Promise<number | null>((r) => child.on('exit', r));
      await Promise.race([ended, new Promise<void>((r) => child.stdout.on('data', () => out.includes('\n') && r()))]);
      child.kill();
      await ended;
      expect({ out: out.split('\n')[0], err: err.slice(0, 300) }).toEqual({ out: 'ready', err: '' });
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it('a process with nothing else to do that waits for a warm renderer lives until it is ready or gone', async () => {
    // The renderer is unreferenced (it never keeps a server up on its own): the wait must. Here the
    // renderer fails at once (its bundle gone): the wait settles, the process does not end mid-wait.
    const broken = join(work, 'broken.render');
    cpSync(keepDirOf(dir('base')), broken, { recursive: true, verbatimSymlinks: true });
    writeJson(join(broken, 'context.json'), { ...(readJson(join(broken, 'context.json')) as Json), bundle: join(broken, 'gone') });
    const script = join(work, 'wait-for-renderer.mts');
    writeFileSync(
      script,
      [
        `import { rendererReady, warmRenderer } from ${JSON.stringify(join(ROOT, 'src/lib/build/render/overlay-build.ts'))};`,
        `warmRenderer(${JSON.stringify(broken)});`,
        'await rendererReady();',
        "console.log('settled');",
      ].join('\n'),
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect({ status: r.status, out: r.stdout.trim() }).toEqual({ status: 0, out: 'settled' });
  });

  it('the live snapshot pulled again the same day (a day start on which no price moved): no file of the site differs', async () => {
    cpSync(snap('base'), snap('again'), { recursive: true });
    const served = await startOverlay({ parent: dir('base'), snapshotDir: snap('again'), outDir: dir('over-again'), maxPages: 2000, env: { BUILD_TIME } });
    // What the server's run reads to keep no build for it (server/rebuild.ts).
    expect(served.changed).toEqual([]);
    await served.done;
    // Served, it is the site under it, file for file.
    expect(differences(dir('over-again'), dir('base'))).toEqual([]);
    // The next change's renderer waits, started for this build's folder.
    expect(warmRendererFor()).toBe(resolve(keepDirOf(dir('over-again'))));
    // The server keeps no such build: it removes it and starts the next change's renderer for the live
    // build again (server/server.ts). The same bundle, but another folder to read ahead: not the one waiting.
    rmSync(dir('over-again'), { recursive: true, force: true });
    rmSync(keepDirOf(dir('over-again')), { recursive: true, force: true });
    warmRenderer(keepDirOf(dir('base')), { BUILD_TIME });
    expect(warmRendererFor()).toBe(resolve(keepDirOf(dir('base'))));
    await rendererReady();
  });

  it("the same content pulled again with a new manifest: the keys are taken, the search index says when, every file the full build's", async () => {
    const r = await overlay('base', snap('pulled'), 'over-pulled');
    // Without: every key computed (the manifest was a file that changed).
    expect(r.counts['keys reused']).toBeGreaterThan(100);
    // On the renderer started for the live build above: the snapshot's files it read ahead are taken.
    expect(r.counts['read ahead']).toBeGreaterThan(0);
    expect(r.changed).toContain('search-index.json');
    expect(readJson(join(dir('over-pulled'), 'search-index.json')).at).toBe('2026-11-20T11:59:00.000Z');
    expect(differences(dir('over-pulled'), dir('full-pulled'))).toEqual([]);
  });

  /** The next change on the CMS overlay, started while that one was still being completed (the test after awaits it). */
  let cmsDay: Promise<OverlayResult> | undefined;

  it('a CMS paragraph: the overlay holds the page and its aliases, and every file is the full build’s', async () => {
    const served = await startOverlay({ parent: dir('base'), snapshotDir: snap('cms'), outDir: dir('over-cms'), maxPages: 2000, env: { BUILD_TIME } });
    // Servable: the changed pages and the overlay's manifest are written; its CDN files and what the next change reads are not yet.
    expect(served.changed).toEqual(['careers/index.html', 'i/careers/index.html', 'p/careers/index.html']);
    expect(readFileSync(openTree(dir('over-cms')).file('careers/index.html')!, 'utf8')).toContain(PARAGRAPH);
    expect(existsSync(join(dir('over-cms'), FILES_MANIFEST))).toBe(false);
    expect(existsSync(join(keepDirOf(dir('over-cms')), CONTEXT_FILE))).toBe(false);
    // A change made on it now waits until it is complete (without, it would find no renderer kept and need a full build).
    cmsDay = overlay('over-cms', snap('cms-day'), 'over-cms-day', 2000, { BUILD_TIME: NEXT_DAY });
    cmsDay.catch(() => {});
    const r = await served.done;
    expect(existsSync(join(keepDirOf(dir('over-cms')), CONTEXT_FILE))).toBe(true);
    // A CMS page's text reaches no product, category or listing key: those are the full build's.
    expect(r.counts['keys reused']).toBeGreaterThan(100);
    // Counts apart from the times, which are all ms (an operator's log reads them as such).
    expect(Object.keys(r.counts).sort()).toEqual(['keys reused', 'read ahead']);
    expect(Object.keys(r.timings).filter((k) => k in r.counts)).toEqual([]);
    expect(r.changed).toEqual(['_cdn/files.json', 'careers/index.html', 'i/careers/index.html', 'p/careers/index.html']);
    expect(readFileSync(join(dir('over-cms'), 'careers/index.html'), 'utf8')).toContain(PARAGRAPH);
    expect(differences(dir('over-cms'), dir('full-cms'))).toEqual([]);
    // Nothing the AMP routes or the catch-all read changed but the content pages' texts: their paths and
    // keys are the full build's, taken, not listed again; the content pages' keys are worked out afresh.
    expect([...r.routes.taken].sort()).toEqual([...AMP_ROUTES, CATCH_ALL].sort());
    expect(r.routes.listed.filter((c) => [...AMP_ROUTES, CATCH_ALL].includes(c))).toEqual([]);
    // The home pages' fixed paths carry the keys their modules export, kept by the full build: unchanged, not rendered.
    expect(Object.keys(r.timings).filter((k) => HOME_PAGES.includes(k))).toEqual([]);
  });

  it('a CMS paragraph published the day a special price starts: the pages that product reaches are rendered again, every file the full build’s', async () => {
    // On the overlay above, whose AMP paths and keys were taken: they are the ones this change starts from.
    const r = await cmsDay!;
    // No snapshot file but the CMS pages changed, yet that product's prices did: it counts as a changed
    // record (src/lib/build/key-reuse.ts), the keys of the pages it reaches are worked out again, and
    // the others are taken as they were, as are the routes' paths.
    expect([...r.routes.taken].sort()).toEqual([...AMP_ROUTES, CATCH_ALL].sort());
    expect(r.counts['keys reused']).toBeGreaterThan(100);
    const amp = r.changed.filter((f) => f.startsWith('amp/') && readFileSync(join(dir('over-cms-day'), f), 'utf8').includes(String(special.sku)));
    expect(amp.length).toBeGreaterThan(0);
    expect(differences(dir('over-cms-day'), dir('full-cms-day'))).toEqual([]);
  });

  it('a CMS paragraph with the search index split (a large catalogue): its split files are kept, not rendered again', async () => {
    const searchFiles = listFiles(dir('split-base')).filter((f) => /^search-(index|listing)\//.test(f));
    expect(searchFiles.length).toBeGreaterThan(10);
    const r = await overlay('split-base', snap('cms'), 'over-cms-split', 2000, SPLIT);
    // Only the key-less pages besides the CMS page and its aliases are rendered (the search files were, every one, without keys).
    expect(r.rendered).toBeLessThan(40);
    // No product changed: the search files' names and keys are the generation before's, so neither
    // they, their heads nor the results page are rendered (a component's time is there when it was).
    expect(Object.keys(r.timings).filter((k) => /search/.test(k) && !k.startsWith('paths '))).toEqual([]);
    expect(r.changed).toEqual(['_cdn/files.json', 'careers/index.html', 'i/careers/index.html', 'p/careers/index.html']);
    expect(differences(dir('over-cms-split'), dir('split-full-cms'))).toEqual([]);
  });

  it('a price change on that split overlay: only the parts of the split holding the product are renamed, every file the full build’s', async () => {
    const r = await buildOverlay({
      parent: dir('over-cms-split'),
      snapshotDir: snap('price'),
      outDir: dir('over-price-split'),
      maxPages: 2000,
      env: { BUILD_TIME, ...SPLIT },
      deployBefore: dir('over-cms-split'),
    });
    const split = (fs: string[]) => fs.filter((f) => /^search-(index|listing)\//.test(f));
    const all = split(listFiles(dir('split-full-price')));
    expect(r.changed).toContain('search-index.json');
    expect(r.changed).toContain('search-listing.json');
    // The words of the products as before: the split index made from the one the CMS change kept (its postings' parts stand).
    expect(r.counts['search splits patched']).toBe(1);
    expect(split(r.changed).length).toBeGreaterThan(0);
    expect(split(r.changed).length).toBeLessThan(all.length / 2);
    // The parts it renamed are gone from the site: every file is the full build's, no more (but the
    // deploy plan, which a build made without a build before it has none of).
    expect(differences(dir('over-price-split'), dir('split-full-price'))).toEqual([`extra ${DEPLOY_PLAN}`]);
    const m = readJson(join(dir('over-price-split'), OVERLAY_MANIFEST)) as Json;
    expect(split(m.removed).length).toBeGreaterThan(0);
    // And the CDN is told to delete them (the deploy plan of the files manifest's difference).
    const files = readJson(join(dir('over-price-split'), '_cdn/files.json')) as Json;
    expect(split(Object.keys(files.files)).sort()).toEqual(all.sort());
    const plan = readJson(join(dir('over-price-split'), DEPLOY_PLAN)) as Json;
    expect(split(plan.delete).sort()).toEqual(split(m.removed).sort());
    expect(plan.upload).toEqual(expect.arrayContaining(split(r.changed)));
    // The plan made from the manifests in hand (and from the files it could differ in, ./cdn-files.ts)
    // is the one made from the folders, read afresh and compared file by file.
    releaseHeld();
    expect(writeDeployPlan(dir('over-cms-split'), dir('over-price-split'))).toEqual(plan);
  });

  it('a price change on that overlay: its pages, listings, search files and the service worker, every file the full build’s', async () => {
    const r = await overlay('over-cms', snap('price'), 'over-price');
    // The keys of the pages showing no changed record are the generation before's, not computed again.
    expect(r.counts['keys reused']).toBeGreaterThan(100);
    expect(r.changed).toContain('sw.js');
    expect(r.changed).toContain('search-index.json');
    expect(r.changed.some((f) => f.startsWith('amp/'))).toBe(true);
    expect(r.changed.some((f) => f.startsWith('listing/'))).toBe(true);
    // A product file changed, its route fields as they were: the AMP routes and the catch-all taken
    // (on the paths and keys the CMS change before took), the pages whose keys the product reaches
    // worked out afresh, and no other.
    expect([...r.routes.taken].sort()).toEqual([...AMP_ROUTES, CATCH_ALL].sort());
    expect(differences(dir('over-price'), dir('full-price'))).toEqual([]);
    // The records' digests kept for the next change: the changed record's worked out again, the others' as they were.
    const before = readKeys(keepDirOf(dir('over-cms')))!.records!;
    const after = readKeys(keepDirOf(dir('over-price')))!.records!;
    expect(before[priced]).toBeDefined();
    expect(after[priced]).toBeDefined();
    expect(after[priced]).not.toBe(before[priced]);
    const unchanged = Object.keys(before).filter((id) => id !== String(priced));
    expect(unchanged.length).toBeGreaterThan(100);
    expect(unchanged.filter((id) => after[id] !== before[id])).toEqual([]);
    // An overlay on an overlay still names the full build under them, and holds only its own changes.
    const m = readJson(join(dir('over-price'), OVERLAY_MANIFEST)) as Json;
    expect([m.parent, m.base]).toEqual(['over-cms', 'base']);
    expect(existsSync(join(dir('over-price'), 'careers/index.html'))).toBe(false);
  });

  it("a product's name reaches the pages that show it as a related product or in a listing: every file the full build's", async () => {
    const r = await overlay('over-price', snap('name'), 'over-name');
    expect(r.counts['keys reused']).toBeGreaterThan(100);
    // Its own page, and pages of other products (related products) and categories.
    const showing = r.changed.filter((f) => f.endsWith('.html') && readFileSync(join(dir('over-name'), f), 'utf8').includes(renamed));
    expect(showing.length).toBeGreaterThan(3);
    expect(differences(dir('over-name'), dir('full-name'))).toEqual([]);
  });

  it("a CMS block on every page (the promo strip): every key computed again, every file the full build's", async () => {
    const r = await overlay('over-name', snap('strip'), 'over-strip', 100_000);
    expect(r.counts['keys reused']).toBe(0);
    expect(readFileSync(join(dir('over-strip'), 'about-us/index.html'), 'utf8')).toContain(STRIP.trim());
    expect(differences(dir('over-strip'), dir('full-strip'))).toEqual([]);
  });

  it("the social feed's title reaches the home pages, whose keys name it (a fixed path's key, exported by its page)", async () => {
    cpSync(snap('strip'), snap('social'), { recursive: true });
    const social = readJson(join(snap('social'), 'social.json')) as Json;
    social.title = 'Follow the Preston workshop';
    writeJson(join(snap('social'), 'social.json'), social);
    const r = await overlay('over-strip', snap('social'), 'over-social', 100_000);
    expect(
      Object.keys(r.timings)
        .filter((k) => HOME_PAGES.includes(k))
        .sort(),
    ).toEqual([...HOME_PAGES].sort());
    const tree = openTree(dir('over-social'));
    for (const f of ['index.html', 'home-dev/index.html', 'pwa.html']) expect(readFileSync(tree.file(f)!, 'utf8')).toContain(social.title);
    expect(r.changed).not.toContain('about-us/index.html');
  });

  it('the server serves an overlay generation: the changed page from the overlay, the others from the build under it', async () => {
    const app = new Hono();
    for (const handler of new Site(dir('over-price')).routes()) app.get('*', handler);
    const careers = await app.request('/careers');
    expect(careers.status).toBe(200);
    expect(await careers.text()).toContain(PARAGRAPH);
    const about = await app.request('/about-us');
    expect(about.status).toBe(200);
    expect(await about.text()).toBe(readFileSync(join(dir('full-price'), 'about-us/index.html'), 'utf8'));
    expect(careers.headers.get('content-security-policy')).toBeTruthy();
    expect((await app.request('/no-such-page')).status).toBe(404);
  });

  it('a change touching more pages than allowed, or adding a page, is left to a full build', async () => {
    await expect(overlay('base', snap('price'), 'over-toomany', 3)).rejects.toThrow(new FullBuildNeeded('more than 3 pages to render'));
    expect(existsSync(dir('over-toomany'))).toBe(false);
    // Allowed by the site's share of pages (the server's default, RENDER_MAX_PAGES unset: server/render.ts).
    const shared = await buildOverlay({
      parent: dir('base'),
      snapshotDir: snap('price'),
      outDir: dir('over-share'),
      maxPages: 3,
      maxShare: 0.5,
      env: { BUILD_TIME },
    });
    expect(shared.rendered).toBeGreaterThan(3);
    expect(differences(dir('over-share'), dir('full-price'))).toEqual([]);
    cpSync(snap('base'), snap('added'), { recursive: true });
    const pages = readJson(join(snap('added'), 'cms-pages.json')) as Json[];
    pages.push({ ...pages.find((p) => p.identifier === 'careers')!, identifier: 'apprenticeships', title: 'Apprenticeships', id: 99_999 });
    writeJson(join(snap('added'), 'cms-pages.json'), pages);
    await expect(overlay('base', snap('added'), 'over-added')).rejects.toThrow(/pages added or removed/);
  });
});
