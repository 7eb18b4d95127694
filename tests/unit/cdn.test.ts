import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { formatHeaders, HeaderTable, HeadersFileError, parseHeaders, siteHeaderRules } from '../../src/lib/build/cdn/headers';
import { buildEdgeMap, bucketsFor, EdgeLookup, requestKeys, ruleKey, type EdgeBucket } from '../../src/lib/build/cdn/edge-map';
import { inlineScriptHashes, scanPage, writeCdnFiles } from '../../src/lib/build/cdn/build-files';
import { deployPlan, urlPathOf, type FilesManifest } from '../../src/lib/build/cdn/deploy-plan';
import { pagesTagged, parseTagManifest, tagManifest, type TagManifest } from '../../src/lib/build/cdn/tag-manifest';
import { RedirectTable, type RedirectRule } from '../../src/lib/routing/redirect-rules';
import { edgeRules } from '../../src/lib/routing/redirects';
import { goneUrlsOf } from '../../src/lib/routing/content-routes';
import { catalog } from '../../src/lib/routing/routes';
import { pageTagMap } from '../../src/lib/build/cache-tags';

describe('_headers', () => {
  const rules = siteHeaderRules({ pageHashes: ["'sha256-b'", "'sha256-a'"], ampHashes: ["'sha256-amp'"], ampPrefixes: ['/amp', '/de/amp'] });
  const table = new HeaderTable(parseHeaders(formatHeaders(rules, ['comment'])));
  const get = (path: string, name: string) => table.headersFor(path).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

  it('reads back what it writes', () => {
    expect(parseHeaders(formatHeaders(rules, ['a comment']))).toEqual(rules);
  });

  it('pages: security headers, one policy with the inline scripts hashes, frame-ancestors, revalidated with s-maxage', () => {
    const csp = get('/rings/engagement-rings', 'Content-Security-Policy')!;
    expect(csp).toContain("script-src 'self' 'sha256-a' 'sha256-b' ");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('cdn.ampproject.org');
    expect(get('/', 'X-Frame-Options')).toBe('DENY');
    expect(get('/', 'X-Content-Type-Options')).toBe('nosniff');
    expect(get('/', 'Cache-Control')).toBe('public, max-age=0, must-revalidate, s-maxage=86400');
  });

  it('a header set by two rules is replaced, never joined: assets, AMP pages, the service worker', () => {
    expect(get('/_astro/app.abc.js', 'Cache-Control')).toBe('public, max-age=31536000, immutable');
    const amp = get('/de/amp/p/EV1/ring', 'Content-Security-Policy')!;
    expect(amp).toContain("'sha256-amp' https://www.googletagmanager.com https://cdn.ampproject.org");
    expect(amp).not.toContain("'sha256-a'");
    expect(amp.split('default-src').length).toBe(2);
    expect(get('/sw.js', 'Cache-Control')).toBe('no-cache');
    expect(get('/sw.js', 'Content-Security-Policy')).toMatch(/^default-src 'self'; connect-src/);
  });

  it('files that are never pages carry a short policy of their own, not the page policy with its script hashes', () => {
    for (const path of ['/_astro/page.abc.css', '/_astro/inter-text-basic.abc.woff2', '/_astro/app.abc.js']) {
      const csp = get(path, 'Content-Security-Policy')!;
      expect(csp, path).toMatch(/^default-src 'self'; connect-src 'self'.*; script-src 'self'; /);
      expect(csp, path).not.toContain('sha256');
    }
    for (const path of ['/favicon.svg', '/icons/icon-192.png', '/manifest.webmanifest']) {
      expect(get(path, 'Content-Security-Policy'), path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(get(path, 'X-Content-Type-Options'), path).toBe('nosniff');
    }
    expect(get('/about-us', 'Content-Security-Policy')).toContain("'sha256-a'");
  });

  it('follows the CDN semantics: every matching rule in order, ! removes, a repeated header joins', () => {
    const t = new HeaderTable(parseHeaders('/*\n  A: 1\n  B: 1\n/x/:id\n  A: 2\n  ! B\n/x/*\n  B: 3\n'));
    expect(t.headersFor('/x/7')).toEqual([
      ['A', '1, 2'],
      ['B', '3'],
    ]);
    expect(t.headersFor('/y')).toEqual([
      ['A', '1'],
      ['B', '1'],
    ]);
    expect(t.headersFor('/x/7/8')).toEqual([
      ['A', '1'],
      ['B', '1, 3'],
    ]);
  });

  it('a file that is not rules is refused with its line', () => {
    expect(() => parseHeaders('  A: 1\n')).toThrow(new HeadersFileError('_headers line 1: a header before any path'));
    expect(() => parseHeaders('/*\n  no colon\n')).toThrow(/line 2: expected 'Name: value'/);
    expect(() => parseHeaders('*\n')).toThrow(/line 1: a rule's path must start with '\/'/);
  });

  it('hashes inline scripts as a CSP names them, not src scripts or data blocks', () => {
    const html =
      '<script>alert(1)</script><script type="module">alert(1)</script><script src="/a.js"></script><script type="application/ld+json">{"a":1}</script>';
    // sha256 of "alert(1)", computed outside the code (openssl dgst -sha256 -binary | base64)
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });

  it("reads a page's links and inline scripts in one scan: UTF-8 scripts hashed by their bytes, links inside scripts counted", () => {
    const page = Buffer.from(
      '<link rel="stylesheet" href="/_astro/page.a1.css"><script>var s="<script "; load("/_astro/lazy.f6.js"); // £</script>' +
        '<script type="module" src="/_astro/Header.c3.js"></script><div style="background:url(/_astro/bg.b7.svg)"></div>',
      'utf8',
    );
    // sha256 of the first script's text (UTF-8), computed outside the code (openssl dgst -sha256 -binary | base64)
    expect(scanPage(page)).toEqual({
      assets: ['_astro/page.a1.css', '_astro/lazy.f6.js', '_astro/Header.c3.js', '_astro/bg.b7.svg'],
      inlineHashes: ["'sha256-2K/E6hALhyw8rkpx4qfcv4uGQknq0gwJJoMUtLxjYT0='"],
    });
  });
});

/** A concrete path a rule's `from` matches (placeholders and splats filled). */
const example = (from: string) => from.replace(/:[a-z]+/gi, 'some-slug').replace(/\*$/, 'old-slug/more');

describe('the redirect map', () => {
  it('files a literal path under itself and a pattern under its literal prefix; a request looks under all three', () => {
    expect(ruleKey('/Engagement-Rings.html')).toBe('/engagement-rings.html');
    expect(ruleKey('/p/EV1/*')).toBe('/p/ev1');
    expect(ruleKey('/EV1/:slug/EV1-W')).toBe('/ev1');
    expect(requestKeys('/EV1/old/EV1-W/')).toEqual(['/ev1/old/ev1-w', '/ev1/old', '/ev1']);
    expect(requestKeys('/')).toEqual(['/']);
  });

  it('answers every rule of the sample exactly as one table of all rules does (order kept across buckets)', () => {
    const rules = edgeRules();
    const whole = new RedirectTable(rules);
    // Small buckets: many of them, so that a path's rules are spread over several.
    const { index, buckets } = buildEdgeMap(rules, new Map(), 40);
    expect(index.buckets).toBeGreaterThan(20);
    const lookup = new EdgeLookup(index, (i) => buckets[i]);
    let checked = 0;
    for (const r of rules) {
      const path = example(r.from);
      expect(lookup.match(path), path).toEqual(whole.match(path));
      expect(bucketsFor(path, index.buckets).length).toBeLessThanOrEqual(3);
      checked++;
    }
    expect(checked).toBe(rules.length);
    expect(lookup.match('/no/such/page')).toBeNull();
  });

  it('holds a 410 for every URL of a discontinued product, before any other rule', () => {
    const rules = edgeRules();
    const gone = goneUrlsOf(catalog().products);
    expect(gone.length).toBeGreaterThan(0);
    const { index, buckets } = buildEdgeMap(rules, new Map());
    const lookup = new EdgeLookup(index, (i) => buckets[i]);
    for (const url of gone) expect(lookup.match(url), url).toEqual({ to: '/404.html', status: 410 });
  });

  it('is the same bytes whatever order the tags come in', () => {
    const rules: RedirectRule[] = [
      { from: '/a', to: '/b', status: 301 },
      { from: '/c/*', to: '/d', status: 301 },
    ];
    const one = buildEdgeMap(
      rules,
      new Map([
        ['/x', ['site', 'p-1']],
        ['/y', ['site']],
      ]),
      1,
    );
    const two = buildEdgeMap(
      rules,
      new Map([
        ['/y', ['site']],
        ['/x', ['site', 'p-1']],
      ]),
      1,
    );
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });

  it("gives a page its tags, the site's tag first, and an unknown page the site's tag", () => {
    const tags = new Map([['/p/EV1/ring', ['site', 'store-gb', 'p-ev1']]]);
    const { index, buckets } = buildEdgeMap([], tags, 1);
    const lookup = new EdgeLookup(index, (i): EdgeBucket | undefined => buckets[i]);
    expect(lookup.tags('/p/EV1/ring/')).toEqual(['site', 'store-gb', 'p-ev1']);
    expect(lookup.tags('/other')).toEqual(['site']);
  });
});

describe('cache tags of the sample', () => {
  const tags = pageTagMap();
  const { products, categories } = catalog();

  it('a product page carries its sku, a category page its own tag and its products', () => {
    const ev = products.find((p) => p.sku === 'EV1001')!;
    const page = [...tags].find(([path]) => path === `/${ev.url_path}`);
    expect(page?.[1].slice(0, 3)).toEqual(['site', 'store-gb', 'p-ev1001']);
    const rings = categories.find((c) => c.id === 11)!;
    const cat = tags.get(`/${rings.url_path}`)!;
    expect(cat.slice(0, 3)).toEqual(['site', 'store-gb', 'c-11']);
    expect(cat.filter((t) => t.startsWith('p-')).length).toBeGreaterThan(5);
  });

  it('within CloudFront limits: at most 50 tags a page, 256 characters a tag; the manifest reads back', () => {
    for (const [path, t] of tags) {
      expect(t.length, path).toBeLessThanOrEqual(50);
      for (const x of t) expect(x).toMatch(/^[a-z0-9._-]{1,256}$/);
    }
    const m = parseTagManifest(tagManifest(tags));
    expect(Object.keys(m.pages)).toEqual([...tags.keys()].sort());
  });

  it('a manifest that is not one is refused naming what is wrong', () => {
    expect(() => parseTagManifest('{"version":1,"pages":{"nopath":[]}}')).toThrow(/pages\.nopath/);
  });
});

describe('the deploy plan', () => {
  const files = (f: Record<string, string>): FilesManifest => ({ version: 1, files: f });
  const tags = (pages: Record<string, string[]>): TagManifest => ({ version: 1, pages });
  const beforeTags = tags({
    '/p/a': ['site', 'store-gb', 'p-a'],
    '/p/b': ['site', 'store-gb', 'p-b', 'p-a'],
    '/c/x': ['site', 'store-gb', 'c-x', 'p-a', 'p-b'],
  });
  const before = files({
    'p/a/index.html': '1',
    'p/b/index.html': '1',
    'c/x/index.html': '1',
    'about/index.html': '1',
    'old.css': '1',
    '_astro/x.1.js': '1',
    _headers: 'h',
  });

  it('uploads what changed, deletes what is gone, purges the tags whose pages all changed and the other paths', () => {
    const after = files({ 'p/a/index.html': '2', 'p/b/index.html': '2', 'c/x/index.html': '2', 'about/index.html': '1', '_astro/x.2.js': '1', _headers: 'h' });
    const plan = deployPlan(before, after, beforeTags, beforeTags);
    expect(plan.upload).toEqual(['_astro/x.2.js', 'c/x/index.html', 'p/a/index.html', 'p/b/index.html']);
    expect(plan.delete).toEqual(['_astro/x.1.js', 'old.css']);
    expect(plan.unchanged).toBe(2);
    // Every page tagged p-a, p-b or c-x changed; site and store-gb are on unchanged pages too (/about).
    expect(plan.purge.tags).toEqual(['c-x', 'p-a', 'p-b']);
    expect(plan.purge.paths).toEqual(['/old.css']);
    expect(plan.invalidate).toEqual(['/c/x', '/old.css', '/p/a', '/p/b']);
  });

  it('a price change on one product purges its tag only when another page showing it is unchanged', () => {
    const after = files({ ...before.files, 'p/a/index.html': '2', 'c/x/index.html': '2' });
    const plan = deployPlan(before, after, beforeTags, beforeTags);
    expect(plan.purge.tags).toEqual(['c-x']);
    expect(plan.purge.paths).toEqual(['/p/a']);
  });

  it('a changed _headers changes every answer: the site tag', () => {
    const plan = deployPlan(before, files({ ...before.files, _headers: 'h2' }), beforeTags, beforeTags);
    expect(plan.purge).toEqual({ tags: ['site'], paths: [] });
    expect(plan.invalidate).toEqual(['/*']);
  });

  it('a first deploy uploads everything and purges nothing', () => {
    const plan = deployPlan(null, before, null, beforeTags);
    expect(plan.upload.length).toBe(Object.keys(before.files).length);
    expect(plan.delete).toEqual([]);
  });

  it('agrees with the plan read straight from its definition, on many random builds, the tag manifests used again, told which files may differ or not', () => {
    // Pages of a few products and categories under paths that differ in case and trailing slash
    // (one page key), tag manifests that differ between the builds, and the same manifest objects
    // planned with again (their index is worked out once).
    let a = 11;
    const next = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const pages = ['/p/a', '/p/b', '/P/A', '/p/c/', '/c/x', '/c/y', '/about', '/'];
    const fileOf = (page: string) => (page === '/' ? 'index.html' : `${page.replace(/^\/|\/$/g, '')}/index.html`);
    const tagSets = ['p-a', 'p-b', 'p-c', 'c-x', 'c-y', 'site', 'store-gb'];
    const randomTags = (): TagManifest =>
      tags(
        Object.fromEntries(
          pages.filter(() => next() < 0.8).map((p) => [p, [...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(tagSets)))]]),
        ),
      );
    const randomFiles = (): FilesManifest =>
      files(Object.fromEntries([...pages.map(fileOf), 'x.css', '_astro/y.js'].filter(() => next() < 0.85).map((f) => [f, pick(['1', '2'])])));
    const reference = (b: FilesManifest, f: FilesManifest, tb: TagManifest, ta: TagManifest) => {
      const upload = Object.keys(f.files)
        .filter((x) => b.files[x] !== f.files[x])
        .sort();
      const del = Object.keys(b.files)
        .filter((x) => !(x in f.files))
        .sort();
      const invalidate = [...new Set([...upload, ...del].map(urlPathOf).filter((x): x is string => !!x))].sort();
      const key = (p: string) => (p.length > 1 ? p.toLowerCase().replace(/\/+$/, '') : p);
      const changed = new Set(invalidate.map(key));
      const pagesOf = (t: string) =>
        new Set(
          [tb, ta].flatMap((m) =>
            Object.entries(m.pages)
              .filter(([, ts]) => ts.includes(t))
              .map(([p]) => key(p)),
          ),
        );
      const all = [...new Set([tb, ta].flatMap((m) => Object.values(m.pages).flat()))].filter((t) => t !== 'site' && !t.startsWith('store-'));
      const purged = all.filter((t) => [...pagesOf(t)].every((p) => changed.has(p))).sort();
      const covered = new Set(purged.flatMap((t) => [...pagesOf(t)]));
      return { upload, delete: del, purge: { tags: purged, paths: invalidate.filter((p) => !covered.has(key(p))) }, invalidate };
    };
    for (let round = 0; round < 150; round++) {
      const [b, f, tb] = [randomFiles(), randomFiles(), randomTags()];
      const ta = next() < 0.5 ? tb : randomTags();
      for (let again = 0; again < 2; again++) {
        const plan = deployPlan(b, f, tb, ta);
        expect({ upload: plan.upload, delete: plan.delete, purge: plan.purge, invalidate: plan.invalidate }).toEqual(reference(b, f, tb, ta));
        expect(plan.unchanged).toBe(Object.keys(f.files).filter((x) => b.files[x] === f.files[x]).length);
        // Told which files may differ (every one that does, and some that do not), the same plan.
        const differ = [...new Set([...Object.keys(b.files), ...Object.keys(f.files)])].filter((x) => b.files[x] !== f.files[x]);
        expect(deployPlan(b, f, tb, ta, [...differ, ...Object.keys(f.files).filter(() => next() < 0.3)])).toEqual(plan);
      }
    }
  });

  it('maps files to the URL paths they answer at', () => {
    expect(urlPathOf('index.html')).toBe('/');
    expect(urlPathOf('rings/index.html')).toBe('/rings');
    expect(urlPathOf('append-prepend.html')).toBe('/append-prepend.html');
    expect(urlPathOf('_headers')).toBeNull();
    expect(pagesTagged(beforeTags, ['p-b'])).toEqual(['/c/x', '/p/b']);
  });
});

describe('the CDN files of a finished site folder, and the deploy plan between two builds', () => {
  const site = (pages: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-files-'));
    for (const [f, body] of Object.entries(pages)) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), body);
    }
    return dir;
  };
  const tags = (pages: Record<string, string[]>) => `${JSON.stringify({ version: 1, pages })}\n`;

  it(
    'writes _headers with the pages inline-script hashes, the worker, the routes and a manifest; the plan names what changed',
    { timeout: 60_000 },
    async () => {
      const manifest = tags({ '/p/a': ['site', 'store-gb', 'p-a'], '/p/b': ['site', 'store-gb', 'p-b'] });
      const one = site({
        'index.html': '<html><script>alert(1)</script></html>',
        'p/a/index.html': '<html>a 1</html>',
        'p/b/index.html': '<html>b 1</html>',
        'amp/p/a/index.html': '<html amp><script>amp()</script></html>',
        '_cdn/cache-tags.json': manifest,
      });
      const two = site({
        'index.html': '<html><script>alert(1)</script></html>',
        'p/a/index.html': '<html>a 2</html>',
        'p/b/index.html': '<html>b 1</html>',
        'amp/p/a/index.html': '<html amp><script>amp()</script></html>',
        '_cdn/cache-tags.json': manifest,
      });
      const shopName = process.env.PUBLIC_SHOP_NAME;
      process.env.PUBLIC_SHOP_NAME = 'Pendle & James Outlet';
      try {
        const first = await writeCdnFiles(one);
        expect(first.plan).toBeNull();
        // The settings the site was built with, for the shop server to compare with its own.
        const built = JSON.parse(readFileSync(join(one, '_cdn/build-config.json'), 'utf8')) as { version: number; overrides: Record<string, string> };
        expect(built.version).toBe(1);
        expect(built.overrides.PUBLIC_SHOP_NAME).toBe('Pendle & James Outlet');
        const headers = readFileSync(join(one, '_headers'), 'utf8');
        expect(headers).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
        expect(new HeaderTable(parseHeaders(headers)).headersFor('/amp/p/a').find(([k]) => k === 'Content-Security-Policy')?.[1]).not.toContain('bhHHL3z2');
        expect(readFileSync(join(one, '_worker.js'), 'utf8')).toMatch(/export\s*\{/);
        const files = JSON.parse(readFileSync(join(one, '_cdn/files.json'), 'utf8')) as FilesManifest;
        expect(Object.keys(files.files)).toEqual([
          '_cdn/build-config.json',
          '_cdn/cache-tags.json',
          '_headers',
          '_routes.json',
          '_worker.js',
          'amp/p/a/index.html',
          'index.html',
          'p/a/index.html',
          'p/b/index.html',
        ]);
        // Same folder, same bytes.
        await writeCdnFiles(one);
        expect(JSON.parse(readFileSync(join(one, '_cdn/files.json'), 'utf8'))).toEqual(files);

        const second = await writeCdnFiles(two, one);
        expect(second.plan).toEqual({
          version: 1,
          upload: ['p/a/index.html'],
          delete: [],
          unchanged: 7,
          purge: { tags: ['p-a'], paths: [] },
          invalidate: ['/p/a'],
        });
        // npm run deploy:plan writes and prints the same plan.
        const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/deploy-plan.ts', '--before', one, '--after', two], { encoding: 'utf8' });
        expect(JSON.parse(printed)).toEqual(second.plan);
        expect(JSON.parse(readFileSync(join(two, '_cdn/deploy-plan.json'), 'utf8'))).toEqual(second.plan);
      } finally {
        if (shopName === undefined) delete process.env.PUBLIC_SHOP_NAME;
        else process.env.PUBLIC_SHOP_NAME = shopName;
        rmSync(one, { recursive: true, force: true });
        rmSync(two, { recursive: true, force: true });
      }
    },
  );
});
