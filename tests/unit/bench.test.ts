import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { gzipBytes, kb, median, percentile, rng } from '../../scripts/bench/lib/stats';
import { descendants, runMeasured } from '../../scripts/bench/lib/proc';
import { table } from '../../scripts/bench/lib/table';
import { buildPhases, countOutput, diffTrees, generationLog, hashTree, sourceFingerprint } from '../../scripts/bench/build';
import { niceTicks, scalingChart } from '../../scripts/bench/chart';
import { inlineAssets } from '../../scripts/bench/page-weight';
import { parseApiBench } from '../../scripts/bench/api';
import { benchQueries, typo } from '../../scripts/bench/search';
import { copyWithCmsEdit, copyWithPriceEdit } from '../../scripts/bench/lib/catalog';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { spawnSync } from 'node:child_process';

const tmp = mkdtempSync(join(tmpdir(), 'bench-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('statistics', () => {
  test('median of an odd and an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('p95 of 1 to 1000 is the 950th value (nearest rank)', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(percentile(xs, 95)).toBe(950);
    expect(percentile(xs, 50)).toBe(500);
    expect(percentile([7], 99)).toBe(7);
  });

  test('gzip size is the length of a level-9 gzip of the body', () => {
    const body = 'const a = 1;\n'.repeat(500);
    expect(gzipBytes(body)).toBe(gzipSync(Buffer.from(body), { level: 9 }).length);
    expect(gzipBytes(body)).toBeLessThan(body.length / 10);
    expect(kb(1536)).toBe(1.5);
  });

  test('the seeded random numbers repeat for a seed and differ between seeds', () => {
    const a = rng(3);
    const b = rng(3);
    const c = rng(4);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect(c()).not.toBe(xs[0]);
  });

  test('the benchmarks draw the same numbers as before they shared the sample generator (scripts/lib/prng.ts)', () => {
    // Drawn by the benchmarks' own mulberry32 before it was replaced by createRng: a run after the change asks the same queries.
    const a = rng(42);
    expect([a(), a(), a()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    const b = rng(-7);
    expect([b(), b()]).toEqual([0.43306733411736786, 0.32539576734416187]);
  });
});

describe('process tree memory', () => {
  test('descendants walk the whole tree from the root', () => {
    const table = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 1],
    ]);
    expect(descendants(10, table).sort()).toEqual([10, 11, 12]);
  });

  test('a measured command reports its wall time, memory and timed output lines', async () => {
    const r = await runMeasured(process.execPath, [
      '-e',
      "const a = Buffer.alloc(64 * 1024 * 1024, 1); console.log('one'); setTimeout(() => console.log('two', a.length), 400)",
    ]);
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => l.text)).toEqual(['one', `two ${64 * 1024 * 1024}`]);
    expect(r.wallMs).toBeGreaterThanOrEqual(400);
    expect(r.peakRss).toBeGreaterThan(64 * 1024 * 1024);
    expect(r.cpuMs).toBeGreaterThan(0);
    expect(r.lines[1]!.ms - r.lines[0]!.ms).toBeGreaterThanOrEqual(300);
  });

  test('a failing command resolves with its exit code', async () => {
    const r = await runMeasured(process.execPath, ['-e', 'process.exit(3)']);
    expect(r.code).toBe(3);
  });
});

describe('build measurements', () => {
  const line = (ms: number, text: string) => ({ ms, text });

  test('phases are read from the build output in order', () => {
    const lines = [
      line(1000, '12:00:00 [content] Syncing content'),
      line(4000, '12:00:03 [content] Synced content'),
      line(4100, '12:00:03 [build] Collecting build info...'),
      line(4200, '12:00:03 [build] ✓ Completed in 3.2s.'),
      line(4300, '12:00:03 [build] Building static entrypoints...'),
      line(9300, '12:00:08 [vite] ✓ built in 5.00s'),
      line(9400, '12:00:08 [build] ✓ Completed in 5.10s.'),
      line(9500, '12:00:08 [vite] transforming...'),
      line(11500, '12:00:10 [vite] ✓ built in 2.00s'),
      line(11600, ' generating static routes '),
      line(31600, '12:00:30 ✓ Completed in 20.00s.'),
      line(32000, '12:00:31 [build] Complete!'),
    ];
    expect(buildPhases(lines, 33000)).toEqual({ startupMs: 1000, contentMs: 3000, serverBundleMs: 5100, clientBundleMs: 2000, renderMs: 20000, postMs: 1400 });
  });

  test('phases missing from the output are null', () => {
    expect(buildPhases([line(10, 'error: something broke')], 50)).toEqual({
      startupMs: null,
      contentMs: null,
      serverBundleMs: null,
      clientBundleMs: null,
      renderMs: null,
      postMs: null,
    });
  });

  test('output counting sees html pages in nested folders', () => {
    const dir = join(tmp, 'out');
    mkdirSync(join(dir, 'a/b'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<p>1</p>');
    writeFileSync(join(dir, 'a/b/index.html'), '<p>2</p>');
    writeFileSync(join(dir, 'a/app.js'), 'x');
    expect(countOutput(dir)).toEqual({ pages: 2, files: 3, bytes: 17 });
  });

  test('a diff of two builds names changed, added and removed files', () => {
    const a = join(tmp, 'a');
    const b = join(tmp, 'b');
    for (const d of [a, b]) mkdirSync(d, { recursive: true });
    writeFileSync(join(a, 'same.html'), 'x');
    writeFileSync(join(b, 'same.html'), 'x');
    writeFileSync(join(a, 'price.html'), '£10');
    writeFileSync(join(b, 'price.html'), '£20');
    writeFileSync(join(a, 'old.html'), 'o');
    writeFileSync(join(b, 'new.html'), 'n');
    expect(diffTrees(hashTree(a), hashTree(b))).toEqual({ changed: ['price.html'], added: ['new.html'], removed: ['old.html'] });
  });

  test('the sources fingerprint changes when a source file changes and not otherwise', () => {
    const root = join(tmp, 'proj');
    mkdirSync(join(root, 'src/pages'), { recursive: true });
    writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Hi</h1>');
    writeFileSync(join(root, 'astro.config.mjs'), 'export default {}');
    const a = sourceFingerprint(root);
    expect(sourceFingerprint(root)).toBe(a);
    mkdirSync(join(root, 'bench/tmp'), { recursive: true });
    writeFileSync(join(root, 'bench/tmp/x.html'), 'not a source');
    expect(sourceFingerprint(root)).toBe(a);
    writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Hello</h1>');
    expect(sourceFingerprint(root)).not.toBe(a);
  });

  test('the cms edit changes one page and the price edit one product by £10', () => {
    const cms = copyWithCmsEdit(SAMPLE_DIR, join(tmp, 'snap-cms'));
    expect(cms.target).toBe('about-us');
    const before = JSON.parse(readFileSync(join(SAMPLE_DIR, 'cms-pages.json'), 'utf8')) as { identifier: string; content: string }[];
    const after = JSON.parse(readFileSync(join(tmp, 'snap-cms', 'cms-pages.json'), 'utf8')) as { identifier: string; content: string }[];
    const changed = after.filter((p, i) => p.content !== before[i]!.content).map((p) => p.identifier);
    expect(changed).toEqual(['about-us']);

    const price = copyWithPriceEdit(SAMPLE_DIR, join(tmp, 'snap-price'));
    const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'products/0000.json'), 'utf8')) as { sku: string; price: number }[];
    const original = read(SAMPLE_DIR);
    const edited = read(join(tmp, 'snap-price'));
    const was = original.find((p) => p.sku === price.target)!;
    const now = edited.find((p) => p.sku === price.target)!;
    expect(now.price - was.price).toBe(10);
    expect(edited.filter((p, i) => p.price !== original[i]!.price)).toHaveLength(1);
  });
});

describe('chart', () => {
  test('ticks are round numbers covering the maximum', () => {
    expect(niceTicks(87)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(2300)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
  });

  test('the svg plots each catalogue size, the targets and a failed build as a cross', () => {
    const svg = scalingChart(
      [
        { products: 1000, wallS: 20.5, peakMb: 700, ok: true },
        { products: 10000, wallS: 95, peakMb: 1900, ok: true },
        { products: 50000, wallS: 300, peakMb: 5900, ok: false },
      ],
      {
        targets: [
          { products: 10000, seconds: 50, mb: 1024 },
          { products: 50000, seconds: 200, mb: 2048 },
        ],
        subtitle: 'two cores',
      },
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(4);
    // Each target at the size it is set for, not one line across every size.
    expect(svg).toContain('target 50 s at 10k');
    expect(svg).toContain('target 200 s at 50k');
    expect(svg).toContain('target 1024 MB at 10k');
    expect(svg).toContain('target 2048 MB at 50k');
    expect(svg).toContain('300 (failed)');
    expect(svg).toContain('>50k<');
    expect(svg).not.toMatch(/NaN|undefined|https?:\/\/(?!www\.w3\.org)/);
  });
});

describe('page weight helpers', () => {
  test('inline javascript and css are found; json data and external scripts are not', () => {
    const html = `<html><head><style>a{color:red}</style><script type="application/ld+json">{"a":1}</script>
      <script type="module" src="/_astro/x.js"></script><script>console.log(1)</script>
      <script type="module">import('/a.js')</script></head><body><style amp-custom>b{}</style></body></html>`;
    const { scripts, styles } = inlineAssets(html);
    expect(scripts).toEqual(['console.log(1)', "import('/a.js')"]);
    expect(styles).toEqual(['a{color:red}', 'b{}']);
  });

  test('gzip of a response body round-trips', () => {
    const body = Buffer.from('x'.repeat(1000));
    expect(gunzipSync(gzipSync(body)).equals(body)).toBe(true);
  });
});

describe('api and search inputs', () => {
  test('the bench:api result lines are parsed', () => {
    const out = `bench:api: 10 connections, 5 s per route
POST /api/cart/update                           748 req/s   p50    8 ms   p99   48 ms   non-2xx 0   errors 0
POST /api/order (new order each request)        283 req/s   p50   28 ms   p99  116 ms   non-2xx 2   errors 1
orders written: 1416`;
    expect(parseApiBench(out)).toEqual([
      { route: 'POST /api/cart/update', requestsPerSecond: 748, p50Ms: 8, p99Ms: 48, non2xx: 0, errors: 0 },
      { route: 'POST /api/order (new order each request)', requestsPerSecond: 283, p50Ms: 28, p99Ms: 116, non2xx: 2, errors: 1 },
    ]);
  });

  test('a typo changes a long word by one edit and leaves short words alone', () => {
    const r = rng(1);
    for (let i = 0; i < 50; i++) {
      const t = typo('bracelet', r);
      expect(t).not.toBe('bracelet');
      expect(Math.abs(t.length - 8)).toBeLessThanOrEqual(1);
    }
    expect(typo('gold'.slice(0, 3), r)).toBe('gol');
  });

  test('the query mix is 1,000 queries, the same for the same index, with typos', () => {
    const file = {
      v: 1 as const,
      at: '',
      c: {},
      sg: { categories: [], popular: [] },
      d: [
        { s: 'PJ-1', n: 'Evermore Platinum Diamond Solitaire Ring', u: '/a', p: 1 },
        { s: 'RW-2', n: 'Raymond Weil Freelancer Automatic Watch', u: '/b', p: 2 },
      ],
    };
    const a = benchQueries(file, 1000);
    expect(a).toHaveLength(1000);
    expect(benchQueries(file, 1000)).toEqual(a);
    const words = new Set(file.d.flatMap((d) => d.n.toLowerCase().split(' ')));
    const withTypo = a.filter((q) => q.split(' ').some((w) => w.length >= 4 && !words.has(w) && !/\d/.test(w) && ![...words].some((x) => x.startsWith(w))));
    expect(withTypo.length).toBeGreaterThan(300);
  });
});

describe('table', () => {
  test('columns are padded and numbers align right', () => {
    expect(
      table(
        ['name', 'ms'],
        [
          ['a', 5],
          ['long', 120],
        ],
      ),
    ).toBe('name   ms\n----  ---\na       5\nlong  120');
  });
});

describe('build log', () => {
  test('rendered and restored files are told apart when concurrent pages interleave their lines', () => {
    // What `astro build` printed with build.concurrency 4: a rendered page's name, then other pages'
    // lines, then its time; restored pages print whole lines.
    const log = [
      '03:23:16   ├─ /404.html03:23:16   ├─ /amp/rings/index.html03:23:16   ├─ /about-us/index.html (restored)',
      '03:23:16   ├─ /amp/wedding-rings/index.html (+20ms) ',
      ' (+23ms) ',
      '03:23:17   └─ /listing/60.json (+2ms) ',
      '03:23:17   ├─ /rings/index.html (cached)',
    ].join('\n');
    const { rendered, restored } = generationLog(log);
    expect([...rendered].sort()).toEqual(['/404.html', '/amp/rings/index.html', '/amp/wedding-rings/index.html', '/listing/60.json']);
    expect([...restored].sort()).toEqual(['/about-us/index.html', '/rings/index.html']);
  });
});

describe('a run that stops with nothing left to wait for', () => {
  const guarded = (body: string) => {
    const file = join(tmp, `unsettled-${Math.random().toString(36).slice(2)}.mts`);
    const lib = join(process.cwd(), 'scripts/bench/lib/unsettled.ts');
    writeFileSync(file, `import { guardUnsettled } from ${JSON.stringify(lib)};\nconst guard = guardUnsettled(() => 'render');\n${body}\n`);
    return spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 30_000 });
  };

  test('fails, naming the section, when its work never settles', () => {
    const r = guarded('await new Promise(() => {});\nguard.done();');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("stopped in section 'render'");
  });

  test('ends as it would without the guard once the run is done', () => {
    const r = guarded('await new Promise((ok) => setTimeout(ok, 10));\nguard.done();');
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain('stopped in section');
  });
});
