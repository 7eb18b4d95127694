/**
 * Sharded builds: the committed sample built whole and as two shards (`astro build --shard K/2`);
 * `npm run build:merge` of the shards gives the single build's folder byte for byte (pages, assets,
 * service worker, sitemap, search index, rewrites, redirects, URL map), and each catalogue page was
 * rendered by the one shard its path hashes to.
 *
 * The same for a prepared build: the site part (`--shard 0/2`) and two page shards reading its
 * inputs (`--inputs`), merged; the page shards render the catalogue pages and the site part none.
 *
 * Six builds of the sample (and two refused at their start): the dearest test of the suite after the
 * incremental-build one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { shardOfPath, SHARD_MARKER } from '../../src/lib/build/shard';
import { buildWithOwnCache, filesOf, runNode } from './fixture';

const ROOT = join(import.meta.dirname, '../..');
const BUILD_TIME = '2026-11-20T12:00:00.000Z';
/** Two shards: as many as tell "one shard per page" from "every shard" (each build of the sample costs 20-60 s). */
const N = 2;

const run = (cmd: string[], env: Record<string, string>): Promise<void> =>
  runNode(cmd, { BUILD_TIME, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env }, ROOT);

/** `astro build` into `out` with a cache folder of its own, so no page is restored from another build. */
const build = (out: string, cacheDir: string, extra: string[] = [], env: Record<string, string> = {}) =>
  buildWithOwnCache(out, cacheDir, extra, { BUILD_TIME, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env }, ROOT);

/** The URL path of a page file: 'rings/x/index.html' -> '/rings/x'. */
const pagePath = (rel: string) => `/${rel.replace(/(^|\/)index\.html$/, '')}`.replace(/\/$/, '') || '/';

// Inside the project: Astro's prerender chunks of an outDir elsewhere go to the shared .astro/ folder.
const work = mkdtempSync(join(ROOT, 'dist-shard-test-'));
const whole = join(work, 'whole');
/** The single build both kinds of sharded build are compared with (built once). */
let wholeBuild: Promise<Map<string, Buffer>> | undefined;
const wholeFiles = () => (wholeBuild ??= build(whole, join(work, 'cache-whole')).then(() => filesOf(whole)));
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

/** The files of a page of a sharded route (catch-all, AMP, listing file) among a build's files. */
const catalogueFiles = (all: Map<string, Buffer>) =>
  [...all.keys()].filter((rel) => /^(amp\/|listing\/)|^[a-z0-9-]+(\/[a-z0-9-]+)+\/index\.html$/.test(rel) && !rel.startsWith('pjworld/'));

describe('a build in two shards', () => {
  const shardDirs = Array.from({ length: N }, (_, i) => join(work, `shard-${i + 1}`));
  const merged = join(work, 'merged');
  let single: Map<string, Buffer>;
  let shards: Map<string, Buffer>[];

  beforeAll(async () => {
    single = await wholeFiles();
    for (let i = 0; i < N; i++) await build(shardDirs[i]!, join(work, `cache-${i + 1}`), ['--shard', `${i + 1}/${N}`]);
    await run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-merge.ts', '--out', merged, ...shardDirs], {});
    shards = shardDirs.map(filesOf);
  }, 900_000);

  it('merges into the single build’s folder, byte for byte', () => {
    const out = filesOf(merged);
    expect([...out.keys()].sort()).toEqual([...single.keys()].sort());
    const differ = [...single].filter(([rel, body]) => !out.get(rel)!.equals(body)).map(([rel]) => rel);
    expect(differ).toEqual([]);
    // The global files the shards share or merge are there, not empty.
    for (const f of [
      'sitemap-index.xml',
      'sitemap-0.xml',
      'search-index.json',
      '_url-map.json',
      'sw.js',
      '_headers',
      '_worker.js',
      '_routes.json',
      '_cdn/edge/index.json',
      '_cdn/cache-tags.json',
      '_cdn/files.json',
    ]) {
      expect(single.get(f)?.length, f).toBeGreaterThan(0);
    }
  });

  it('renders each catalogue page in the one shard its path hashes to', () => {
    const catalogue = catalogueFiles(single);
    expect(catalogue.length).toBeGreaterThan(500);
    const counts = Array.from({ length: N }, () => 0);
    for (const rel of catalogue) {
      const holders = shards.map((s, i) => (s.has(rel) ? i + 1 : 0)).filter(Boolean);
      if (holders.length === N) continue; // a page every shard renders (a brand or store page)
      const path = rel.startsWith('listing/') ? `/${rel}` : pagePath(rel);
      expect(holders, rel).toEqual([shardOfPath(path, N)]);
      counts[holders[0]! - 1]!++;
    }
    // Each shard renders about a third of the catalogue pages.
    const total = counts.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(500);
    for (const c of counts) expect(c / total).toBeGreaterThan(0.25);
  });

  it('leaves its marker in each shard and none in the merged folder', () => {
    shardDirs.forEach((d, i) => expect(JSON.parse(readFileSync(join(d, SHARD_MARKER), 'utf8'))).toEqual({ index: i + 1, count: N, buildTime: BUILD_TIME }));
    expect(existsSync(join(merged, SHARD_MARKER))).toBe(false);
  });
});

describe('a prepared build: the site part and two page shards', () => {
  const site = join(work, 'site');
  const pageDirs = Array.from({ length: N }, (_, i) => join(work, `pages-${i + 1}`));
  const merged = join(work, 'merged-prepared');
  let single: Map<string, Buffer>;
  let siteFiles: Map<string, Buffer>;
  let pages: Map<string, Buffer>[];

  beforeAll(async () => {
    single = await wholeFiles();
    await build(site, join(work, 'cache-site'), ['--shard', `0/${N}`]);
    for (let i = 0; i < N; i++)
      await build(pageDirs[i]!, join(work, `cache-pages-${i + 1}`), ['--shard', `${i + 1}/${N}`, '--inputs', join(site, '_shard-inputs')]);
    await run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-merge.ts', '--out', merged, site, ...pageDirs], {});
    siteFiles = filesOf(site);
    pages = pageDirs.map(filesOf);
  }, 900_000);

  it('merges into the single build’s folder, byte for byte, without the inputs', () => {
    const out = filesOf(merged);
    expect([...out.keys()].sort()).toEqual([...single.keys()].sort());
    const differ = [...single].filter(([rel, body]) => !out.get(rel)!.equals(body)).map(([rel]) => rel);
    expect(differ).toEqual([]);
    expect([...siteFiles.keys()].filter((rel) => rel.startsWith('_shard-inputs/')).sort()).toEqual([
      '_shard-inputs/1.json',
      '_shard-inputs/2.json',
      '_shard-inputs/shared.json',
    ]);
  });

  it('renders each catalogue page in the one page shard its path hashes to, and the whole-site files in the site part only', () => {
    const catalogue = catalogueFiles(single).filter((rel) => !rel.startsWith('listing/'));
    expect(catalogue.length).toBeGreaterThan(500);
    for (const rel of catalogue) {
      const holders = pages.map((s, i) => (s.has(rel) ? i + 1 : 0)).filter(Boolean);
      if (holders.length === N && siteFiles.has(rel)) continue; // a page every part renders (a brand or store page)
      expect(siteFiles.has(rel), rel).toBe(false);
      expect(holders, rel).toEqual([shardOfPath(pagePath(rel), N)]);
    }
    // What reads the whole catalogue is the site part's: no page shard writes it.
    for (const rel of ['search-index.json', 'search-listing.json', '_url-map.json', '_cdn/edge/index.json', '_cdn/cache-tags.json', 'search/index.html']) {
      expect(siteFiles.has(rel), rel).toBe(true);
      for (const p of pages) expect(p.has(rel), rel).toBe(false);
    }
    const listingFiles = [...single.keys()].filter((rel) => rel.startsWith('listing/'));
    expect(listingFiles.length).toBeGreaterThan(10);
    for (const rel of listingFiles) {
      expect(siteFiles.has(rel), rel).toBe(true);
      for (const p of pages) expect(p.has(rel), rel).toBe(false);
    }
  });

  it('marks every part as one of a prepared build', () => {
    expect(JSON.parse(readFileSync(join(site, SHARD_MARKER), 'utf8'))).toEqual({ index: 0, count: N, buildTime: BUILD_TIME, prepared: true });
    pageDirs.forEach((d, i) =>
      expect(JSON.parse(readFileSync(join(d, SHARD_MARKER), 'utf8'))).toEqual({ index: i + 1, count: N, buildTime: BUILD_TIME, prepared: true }),
    );
  });

  it('refuses a page shard whose inputs are of another build, naming what differs', async () => {
    await expect(
      build(join(work, 'pages-late'), join(work, 'cache-late'), ['--shard', `1/${N}`, '--inputs', join(site, '_shard-inputs')], {
        BUILD_TIME: '2026-11-21T12:00:00.000Z',
      }),
    ).rejects.toThrow(/shard inputs: 1\.json was made with BUILD_TIME 2026-11-20T12:00:00\.000Z, this shard runs with 2026-11-21T12:00:00\.000Z/);
    await expect(build(join(work, 'pages-none'), join(work, 'cache-none'), ['--shard', `1/${N}`, '--inputs', join(work, 'nowhere')])).rejects.toThrow(
      /shard inputs: cannot read .*(shared|1)\.json .*give --inputs the _shard-inputs folder/,
    );
  }, 300_000);
});
