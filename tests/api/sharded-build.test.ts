/**
 * Sharded builds: the committed sample built whole and as three shards (`astro build --shard K/3`);
 * `npm run build:merge` of the shards gives the single build's folder byte for byte (pages, assets,
 * service worker, sitemap, search index, rewrites, redirects, URL map), and each catalogue page was
 * rendered by the one shard its path hashes to.
 *
 * Four builds of the sample: the dearest test of the suite after the incremental-build one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { astroBin } from '../../server/rebuild';
import { shardOfPath, SHARD_MARKER } from '../../src/lib/build/shard';

const ROOT = join(import.meta.dirname, '../..');
const BUILD_TIME = '2026-11-20T12:00:00.000Z';
const N = 3;

function run(cmd: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cmd, {
      cwd: ROOT,
      env: { ...process.env, BUILD_TIME, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr.on('data', (b: Buffer) => (log += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd.slice(1).join(' ')} exited with ${code}:\n${log.slice(-3000)}`))));
  });
}

/** `astro build` into `out` with a cache folder of its own, so no page is restored from another build. */
const build = (out: string, cacheDir: string, extra: string[] = []) =>
  run([astroBin(ROOT), 'build', '--outDir', out, '--config', 'scripts/bench/astro.bench.config.mjs', ...extra], { BENCH_CACHE_DIR: cacheDir });

function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full).split(sep).join('/'), readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

/** The URL path of a page file: 'rings/x/index.html' -> '/rings/x'. */
const pagePath = (rel: string) => `/${rel.replace(/(^|\/)index\.html$/, '')}`.replace(/\/$/, '') || '/';

describe('a build in three shards', () => {
  // Inside the project: Astro's prerender chunks of an outDir elsewhere go to the shared .astro/ folder.
  const work = mkdtempSync(join(ROOT, 'dist-shard-test-'));
  const whole = join(work, 'whole');
  const shardDirs = Array.from({ length: N }, (_, i) => join(work, `shard-${i + 1}`));
  const merged = join(work, 'merged');
  let single: Map<string, Buffer>;
  let shards: Map<string, Buffer>[];

  beforeAll(async () => {
    await build(whole, join(work, 'cache-whole'));
    for (let i = 0; i < N; i++) await build(shardDirs[i]!, join(work, `cache-${i + 1}`), ['--shard', `${i + 1}/${N}`]);
    await run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-merge.ts', '--out', merged, ...shardDirs], {});
    single = files(whole);
    shards = shardDirs.map(files);
  }, 900_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

  it('merges into the single build’s folder, byte for byte', () => {
    const out = files(merged);
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
    const catalogue = [...single.keys()].filter(
      (rel) => /^(amp\/|listing\/)|^[a-z0-9-]+(\/[a-z0-9-]+)+\/index\.html$/.test(rel) && !rel.startsWith('pjworld/'),
    );
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
