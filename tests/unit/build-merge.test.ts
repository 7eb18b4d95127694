/**
 * Sharded builds: the `K/N` setting, the shard of a path, and the merge of shard folders (which files
 * are copied, which must agree, the sitemap rule, the per-path JSON rule) on small hand-made folders.
 * The whole build's identity is checked by tests/api/sharded-build.test.ts.
 */
import { CDN_DERIVED_FILES } from '../../src/lib/build/cdn/build-files';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  buildRole,
  inputsFromArgs,
  inShard,
  ofThisShard,
  parseShard,
  shardedFiles,
  shardFromArgs,
  shardInputsDir,
  shardOfPath,
  SHARD_MARKER,
  wholeSiteOnly,
} from '../../src/lib/build/shard';
import { derivedRule, jsonByPathRule, mergeShards, serializeByPath, sitemapRule, SITEMAP_ENTRY_LIMIT } from '../../src/lib/build/merge';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pj-merge-'));
  dirs.push(root);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), body);
  }
  return root;
}

const marker = (index: number, count: number, buildTime: string | null = '2026-11-26T12:00:00Z') => JSON.stringify({ index, count, buildTime });
/** The marker of a part of a prepared build (the site part 0, or a page shard built with --inputs). */
const preparedMarker = (index: number, count: number) => JSON.stringify({ index, count, buildTime: '2026-11-26T12:00:00Z', prepared: true });

/** A built service worker with this precache list (Workbox writes the list as JSON into the call). */
const worker = (urls: string[], code = 'self.skipWaiting()') =>
  `(()=>{${code};precacheAndRoute(${JSON.stringify(urls.map((url) => ({ revision: url.startsWith('_astro/') ? null : `r-${url}`, url })))},{})})();`;

function readAll(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
      else out[`${prefix}${e.name}`] = readFileSync(join(d, e.name), 'utf8');
    }
  };
  walk(root, '');
  return out;
}

const SITE = 'https://shop.example';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const entry = (path: string) => `<url><loc>${SITE}${path}</loc></url>`;
const sitemap = (...paths: string[]) => `${HEAD}${paths.map(entry).join('')}</urlset>`;
const index = (n: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
    { length: n },
    (_, i) => `<sitemap><loc>${SITE}/sitemap-${i}.xml</loc></sitemap>`,
  ).join('')}</sitemapindex>`;

describe('the shard setting', () => {
  it('reads --shard K/N, --shard=K/N and BUILD_SHARD', async () => {
    expect(shardFromArgs(['node', 'astro', 'build', '--shard', '2/4'], {})).toEqual({ index: 2, count: 4 });
    expect(shardFromArgs(['build', '--shard=3/3'], {})).toEqual({ index: 3, count: 3 });
    expect(shardFromArgs(['build'], { BUILD_SHARD: '1/2' })).toEqual({ index: 1, count: 2 });
    expect(shardFromArgs(['build'], {})).toBeNull();
  });

  it('refuses a bad value, naming it', async () => {
    expect(() => parseShard('4/3')).toThrow(/K must be between 0 \(the site part\) and N, got '4\/3'/);
    expect(() => parseShard('-1/3')).toThrow(/expected K\/N/);
    expect(() => parseShard('two')).toThrow(/--shard: expected K\/N/);
    expect(() => shardFromArgs(['build', '--shard', '--outDir', 'x'], {})).toThrow(/got nothing/);
    expect(() => shardFromArgs(['build'], { BUILD_SHARD: '1/0' })).toThrow(/^BUILD_SHARD: /);
  });

  it('tells the kinds of build apart, and keeps the whole-site routes out of a page shard', () => {
    const env = (shard?: string, inputs?: string) => ({ ...(shard ? { BUILD_SHARD: shard } : {}), ...(inputs ? { BUILD_SHARD_INPUTS: inputs } : {}) });
    expect(buildRole(env())).toBe('whole');
    expect(buildRole(env('1/1'))).toBe('whole');
    expect(buildRole(env('2/4'))).toBe('shard');
    expect(buildRole(env('0/4'))).toBe('site');
    expect(buildRole(env('2/4', '/in'))).toBe('pages');
    expect(shardInputsDir(env('2/4', '/in'))).toBe('/in');
    expect(shardInputsDir(env('2/4'))).toBeNull();
    // A page shard does not even compute a whole-site route's items.
    let computed = 0;
    const items = () => (computed++, ['a', 'b']);
    expect(wholeSiteOnly(items, env('2/4', '/in'))).toEqual([]);
    expect(computed).toBe(0);
    expect(wholeSiteOnly(items, env('0/4'))).toEqual(['a', 'b']);
    expect(wholeSiteOnly(items, env('2/4'))).toEqual(['a', 'b']);
    // Listing files: the site part writes them all, a page shard none, a self-contained shard its share.
    const paths = Array.from({ length: 40 }, (_, i) => `/listing/${i}.json`);
    expect(shardedFiles(paths, (p) => p, env('0/4'))).toEqual(paths);
    expect(shardedFiles(paths, (p) => p, env('2/4', '/in'))).toEqual([]);
    expect(shardedFiles(paths, (p) => p, env('2/4'))).toEqual(paths.filter((p) => shardOfPath(p, 4) === 2));
    // The site part renders no page of a sharded route.
    expect(ofThisShard(paths, (p) => p, { index: 0, count: 4 })).toEqual([]);
  });

  it('reads --inputs DIR and BUILD_SHARD_INPUTS', () => {
    expect(inputsFromArgs(['build', '--shard', '2/4', '--inputs', 'site/_shard-inputs'], {})).toBe('site/_shard-inputs');
    expect(inputsFromArgs(['build', '--inputs=x'], {})).toBe('x');
    expect(inputsFromArgs(['build'], { BUILD_SHARD_INPUTS: 'y' })).toBe('y');
    expect(inputsFromArgs(['build'], {})).toBeNull();
    expect(() => inputsFromArgs(['build', '--inputs', '--outDir', 'x'], {})).toThrow(/--inputs: expected the folder/);
  });

  it('puts every path in exactly one shard, by its path and not its position', async () => {
    const paths = Array.from({ length: 3000 }, (_, i) => `/rings/ring-${i}`);
    const counts = [0, 0, 0, 0];
    for (const p of paths) {
      const owners = [1, 2, 3, 4].filter((k) => inShard(p, { index: k, count: 4 }));
      expect(owners).toHaveLength(1);
      counts[owners[0]! - 1]!++;
    }
    // Even enough: each shard holds a quarter within 10 %.
    for (const c of counts) expect(Math.abs(c - 750)).toBeLessThan(75);
    // Adding and removing other pages leaves a page in its shard.
    const shard = { index: 2, count: 4 };
    const before = ofThisShard(paths, (p) => p, shard);
    const after = ofThisShard(['/new-a', ...paths.slice(100), '/new-b'], (p) => p, shard);
    expect(before.filter((p) => !paths.slice(0, 100).includes(p)).every((p) => after.includes(p))).toBe(true);
    // A trailing slash does not move a page.
    expect(shardOfPath('/rings/ring-7/', 4)).toBe(shardOfPath('/rings/ring-7', 4));
    expect(inShard('/anything', null)).toBe(true);
  });
});

describe('mergeShards', () => {
  const shared = { '_astro/app.js': 'console.log(1)', 'sw.js': worker(['_astro/app.js', 'offline', 'manifest.webmanifest']) };

  it('copies pages from their shard and shared files once', async () => {
    const a = folder({ ...shared, [SHARD_MARKER]: marker(1, 2), 'rings/a/index.html': 'A' });
    const b = folder({ ...shared, [SHARD_MARKER]: marker(2, 2), 'rings/b/index.html': 'B' });
    const out = join(folder({}), 'out');
    const r = await mergeShards([b, a], out);
    expect(r).toEqual({ shards: 2, pages: 2, shared: 1, merged: 1 });
    // The CDN files (_headers, _worker.js, ...) are written again from the merged folder, as a single build's last step does.
    const all = readAll(out);
    expect(
      Object.keys(all)
        .filter((f) => CDN_DERIVED_FILES.has(f))
        .sort(),
    ).toEqual(['_cdn/build-config.json', '_cdn/files.json', '_headers', '_routes.json', '_worker.js']);
    expect(Object.fromEntries(Object.entries(all).filter(([f]) => !CDN_DERIVED_FILES.has(f)))).toEqual({
      ...shared,
      'rings/a/index.html': 'A',
      'rings/b/index.html': 'B',
    });
  });

  it('fails naming a shared file that differs between shards', async () => {
    const a = folder({ ...shared, 'search-index.json': '[1]', [SHARD_MARKER]: marker(1, 2) });
    const b = folder({ ...shared, 'search-index.json': '[2]', [SHARD_MARKER]: marker(2, 2) });
    await expect(mergeShards([a, b], join(folder({}), 'out'))).rejects.toThrow(/search-index\.json differs between shard 1 and shard 2/);
  });

  it('unites the shards’ precache lists in one service worker, sorted as a single build sorts them', async () => {
    // Shard 1 rendered a product page (its merged stylesheet), shard 2 a category page (another one).
    const a = folder({
      [SHARD_MARKER]: marker(1, 2),
      '_astro/p.css': 'p',
      'sw.js': worker(['_astro/app.js', '_astro/p.css', 'offline', 'manifest.webmanifest']),
    });
    const b = folder({
      [SHARD_MARKER]: marker(2, 2),
      '_astro/c.css': 'c',
      'sw.js': worker(['_astro/app.js', '_astro/c.css', 'offline', 'manifest.webmanifest']),
    });
    const out = join(folder({}), 'out');
    await mergeShards([a, b], out);
    // The stylesheets each shard wrote are kept (named by their content, from whichever shard wrote them).
    expect(readFileSync(join(out, '_astro/p.css'), 'utf8')).toBe('p');
    expect(readFileSync(join(out, '_astro/c.css'), 'utf8')).toBe('c');
    // Sorted by URL; the web app manifest @vite-pwa/astro appends stays last.
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).toBe(worker(['_astro/app.js', '_astro/c.css', '_astro/p.css', 'offline', 'manifest.webmanifest']));
  });

  it('fails on service workers of other code, or one file with two revisions', async () => {
    const a = folder({ [SHARD_MARKER]: marker(1, 2), 'sw.js': worker(['offline']) });
    const b = folder({ [SHARD_MARKER]: marker(2, 2), 'sw.js': worker(['offline'], 'self.clients.claim()') });
    await expect(mergeShards([a, b], join(folder({}), 'out'))).rejects.toThrow(/sw\.js of shards 1, 2: the worker's code differs between shards/);
    const c = folder({ [SHARD_MARKER]: marker(2, 2), 'sw.js': worker(['offline']).replace('r-offline', 'r-changed') });
    await expect(mergeShards([a, c], join(folder({}), 'out'))).rejects.toThrow(/offline has two revisions/);
    // Brackets and quotes inside a URL do not end the list early.
    const odd = ['_astro/a.js', 'panels/x]y.html', 'q\\"}].html'];
    const e1 = folder({ [SHARD_MARKER]: marker(1, 2), 'sw.js': worker([odd[0]!, odd[1]!]) });
    const e2 = folder({ [SHARD_MARKER]: marker(2, 2), 'sw.js': worker([odd[2]!]) });
    const out = join(folder({}), 'out');
    await mergeShards([e1, e2], out);
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).toBe(worker([...odd].sort()));
    const d = folder({ [SHARD_MARKER]: marker(2, 2), 'sw.js': 'no list' });
    await expect(mergeShards([a, d], join(folder({}), 'out'))).rejects.toThrow(/expected one precache list/);
  });

  it('fails on a file some shards write but not all', async () => {
    const m = (i: number) => ({ [SHARD_MARKER]: marker(i, 3) });
    const a = folder({ ...m(1), 'x.json': '1' });
    const b = folder({ ...m(2), 'x.json': '1' });
    const c = folder({ ...m(3) });
    await expect(mergeShards([a, b, c], join(folder({}), 'out'))).rejects.toThrow(/x\.json is written by shard\(s\) 1, 2 only/);
  });

  it('merges a prepared build: the site part, the page shards, and not the inputs', async () => {
    const site = folder({
      ...shared,
      [SHARD_MARKER]: preparedMarker(0, 2),
      'index.html': 'home',
      'search-index.json': '[]',
      '_shard-inputs/shared.json': '{}',
      '_shard-inputs/1.json': '{}',
    });
    const p1 = folder({ ...shared, [SHARD_MARKER]: preparedMarker(1, 2), 'index.html': 'home', 'rings/a/index.html': 'A', '_astro/p.css': 'p' });
    const p2 = folder({ ...shared, [SHARD_MARKER]: preparedMarker(2, 2), 'index.html': 'home', 'rings/b/index.html': 'B', '_astro/p.css': 'p' });
    const out = join(folder({}), 'out');
    await mergeShards([p2, site, p1], out);
    const all = readAll(out);
    expect(Object.keys(all).filter((f) => f.startsWith('_shard-inputs'))).toEqual([]);
    expect(all['search-index.json']).toBe('[]');
    expect(all['rings/a/index.html']).toBe('A');
    expect(all['_astro/p.css']).toBe('p');
    expect(all['index.html']).toBe('home');
    // The site part is required; so is every page shard; a self-contained shard does not mix in.
    await expect(mergeShards([p1, p2], join(folder({}), 'out'))).rejects.toThrow(/shard\(s\) 0\/2 missing/);
    await expect(mergeShards([site, p1], join(folder({}), 'out'))).rejects.toThrow(/shard\(s\) 2\/2 missing/);
    const plain = folder({ ...shared, [SHARD_MARKER]: marker(2, 2) });
    await expect(mergeShards([site, p1, plain], join(folder({}), 'out'))).rejects.toThrow(/is a self-contained shard/);
    // A file other than a build asset that the site part and one page shard write, but not the other: an error.
    const p2b = folder({ ...shared, [SHARD_MARKER]: preparedMarker(2, 2), 'rings/b/index.html': 'B' });
    await expect(mergeShards([site, p1, p2b], join(folder({}), 'out'))).rejects.toThrow(/index\.html is written by shard\(s\) 0, 1 only/);
  });

  it('fails on a missing, repeated or foreign shard', async () => {
    const s1 = folder({ [SHARD_MARKER]: marker(1, 3) });
    const s2 = folder({ [SHARD_MARKER]: marker(2, 3) });
    const s2b = folder({ [SHARD_MARKER]: marker(2, 3) });
    const late = folder({ [SHARD_MARKER]: marker(3, 3, '2026-11-27T12:00:00Z') });
    const other = folder({ [SHARD_MARKER]: marker(3, 4) });
    const out = () => join(folder({}), 'out');
    await expect(mergeShards([s1, s2], out())).rejects.toThrow(/shard\(s\) 3\/3 missing/);
    await expect(mergeShards([s1, s2, s2b], out())).rejects.toThrow(/are both shard 2\/3/);
    await expect(mergeShards([s1, s2, late], out())).rejects.toThrow(/BUILD_TIME 2026-11-27/);
    await expect(mergeShards([s1, s2, other], out())).rejects.toThrow(/of 3 shards/);
    await expect(mergeShards([folder({ 'a.html': '' })], out())).rejects.toThrow(/_shard\.json is missing/);
    await expect(mergeShards([folder({ [SHARD_MARKER]: '{"index":1}' })], out())).rejects.toThrow(/field 'count'/);
  });

  it('refuses to write into a folder that is not empty', async () => {
    const s = folder({ [SHARD_MARKER]: marker(1, 1) });
    await expect(mergeShards([s], folder({ 'old.html': '' }))).rejects.toThrow(/is not empty/);
  });
});

describe('the sitemap rule', () => {
  const files = (m: Record<string, string>) => new Map(Object.entries(m).map(([k, v]) => [k, Buffer.from(v)]));

  it('unites the entries in the order one build writes them', async () => {
    const merged = sitemapRule.merge([
      { shard: 1, files: files({ 'sitemap-0.xml': sitemap('/', '/rings/ring-10', '/watches'), 'sitemap-index.xml': index(1) }) },
      { shard: 2, files: files({ 'sitemap-0.xml': sitemap('/', '/rings', '/rings/ring-9', '/rings-sale'), 'sitemap-index.xml': index(1) }) },
    ]);
    // As @astrojs/sitemap sorts them: 'rings-sale/' before 'rings/' (a single build of the sample writes
    // /engagement-rings-new before /engagement-rings, /christmas-2022 before /christmas), 'ring-9' before 'ring-10'.
    expect(merged.get('sitemap-0.xml')!.toString()).toBe(sitemap('/', '/rings-sale', '/rings', '/rings/ring-9', '/rings/ring-10', '/watches'));
    expect(merged.get('sitemap-index.xml')!.toString()).toBe(index(1));
  });

  it('re-chunks past the entry limit and lists every chunk in the index', async () => {
    const paths = Array.from({ length: SITEMAP_ENTRY_LIMIT + 2 }, (_, i) => `/p-${String(i).padStart(6, '0')}`);
    const half = Math.ceil(paths.length / 2);
    const merged = sitemapRule.merge([
      { shard: 1, files: files({ 'sitemap-0.xml': sitemap(...paths.slice(0, half)), 'sitemap-index.xml': index(1) }) },
      { shard: 2, files: files({ 'sitemap-0.xml': sitemap(...paths.slice(half)), 'sitemap-index.xml': index(1) }) },
    ]);
    expect(merged.get('sitemap-0.xml')!.toString()).toBe(sitemap(...paths.slice(0, SITEMAP_ENTRY_LIMIT)));
    expect(merged.get('sitemap-1.xml')!.toString()).toBe(sitemap(...paths.slice(SITEMAP_ENTRY_LIMIT)));
    expect(merged.get('sitemap-index.xml')!.toString()).toBe(index(2));
  });

  it('fails when one URL has two different entries', async () => {
    const other = sitemap('/a').replace('</url>', '<lastmod>2026-01-01</lastmod></url>');
    expect(() =>
      sitemapRule.merge([
        { shard: 1, files: files({ 'sitemap-0.xml': sitemap('/a'), 'sitemap-index.xml': index(1) }) },
        { shard: 2, files: files({ 'sitemap-0.xml': other, 'sitemap-index.xml': index(1) }) },
      ]),
    ).toThrow(/entry of https:\/\/shop\.example\/a differs/);
  });
});

describe('a rule for outputs derived from the finished folder', () => {
  it('drops the shards’ copies and writes the file again from the merged folder', async () => {
    const a = folder({ [SHARD_MARKER]: marker(1, 2), 'a.html': 'A', '_files.txt': 'a.html' });
    const b = folder({ [SHARD_MARKER]: marker(2, 2), 'b.html': 'B', '_files.txt': 'b.html' });
    const out = join(folder({}), 'out');
    const rule = derivedRule(
      'files list',
      (rel) => rel === '_files.txt',
      (dir) => writeFileSync(join(dir, '_files.txt'), readdirSync(dir).sort().join(',')),
    );
    await mergeShards([a, b], out, [rule]);
    expect(readAll(out)).toEqual({ 'a.html': 'A', 'b.html': 'B', '_files.txt': 'a.html,b.html' });
  });
});

describe('a rule for JSON keyed by page path', () => {
  const rule = jsonByPathRule('_tags.json');
  const part = (shard: number, obj: Record<string, unknown>) => ({ shard, files: new Map([['_tags.json', Buffer.from(serializeByPath(obj))]]) });

  it('unites the shards’ objects with sorted keys', async () => {
    const out = rule.merge([part(1, { '/b': ['p2'], '/': ['home'] }), part(2, { '/a': ['p1'], '/': ['home'] })]);
    expect(out.get('_tags.json')!.toString()).toBe('{"/":["home"],"/a":["p1"],"/b":["p2"]}\n');
  });

  it('fails on one path with two values', async () => {
    expect(() => rule.merge([part(1, { '/a': 1 }), part(2, { '/a': 2 })])).toThrow(/entry \/a differs/);
  });

  it('takes over its file in a merge', async () => {
    const a = folder({ [SHARD_MARKER]: marker(1, 2), '_tags.json': serializeByPath({ '/a': 1 }) });
    const b = folder({ [SHARD_MARKER]: marker(2, 2), '_tags.json': serializeByPath({ '/b': 2 }) });
    const out = join(folder({}), 'out');
    expect((await mergeShards([a, b], out, [rule])).merged).toBe(1);
    expect(readAll(out)).toEqual({ '_tags.json': '{"/a":1,"/b":2}\n' });
  });
});
