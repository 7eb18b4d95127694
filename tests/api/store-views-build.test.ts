/**
 * Store views with their own catalogue (multistore): dumps for gb and de with different names, url
 * keys and prices import into one snapshot (the de catalogue in stores/de/), and the /de pages show
 * de's names, addresses and euro prices from its own records, with no exchange rate; it, without dumps
 * of its own, keeps the GB catalogue at the configured rate. A prepared sharded build of the same
 * snapshot (the site part and two page shards, merged) writes the same bytes as the whole build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importDumpWithStoreViews, storeDumpFile, storeIndex, type StoreViewsSummary } from '../../src/lib/import/store-views';
import { buildWithOwnCache, filesOf, removeBuild, runNode } from './fixture';
import { config } from '../../src/lib/config';
import { readCategories, readManifest, readProducts, storeSnapshotDir } from '../../src/lib/snapshot/read';

const DUMP = join(__dirname, '..', 'fixtures', 'vsf-dump');
const MEDIA = join(__dirname, '..', 'fixtures', 'vsf-media');
const multistore = { ...config, storeViews: { ...config.storeViews, multistore: true } };
/** One build time for the whole build and the sharded one, so their bytes can be compared. */
const BUILD_TIME = '2026-11-20T12:00:00.000Z';
const buildEnv = { PUBLIC_MULTISTORE: 'true', BUILD_TIME };

/** The de store view's own texts and prices for two records of the GB dump. */
const DE = {
  ring: { id: '11', name: 'Solitär-Diamantring', url_key: 'solitaer-diamantring', url_path: 'ringe/solitaer-diamantring.html', price: 1150, special: '920' },
  category: { id: 3, name: 'Ringe', url_key: 'ringe', url_path: 'ringe.html' },
};

let work = '';
let out = '';
let dist = '';
let summary: StoreViewsSummary;

type Line = { _source: Record<string, unknown> } & Record<string, unknown>;
/** A dump's lines: its records, and as they are any line that is not one (the fixture has a broken line on purpose). */
const readDump = (file: string): (Line | string)[] =>
  readFileSync(join(DUMP, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        return l;
      }
    });
const writeDump = (dir: string, file: string, lines: (Line | string)[]) =>
  writeFileSync(join(dir, file), lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
const isRecord = (l: Line | string, id: string | number): l is Line => typeof l !== 'string' && String(l._source?.id) === String(id);

/** The GB dump, and de's files: the same records with de's ring and category texts and the ring's euro prices. */
function writeDumps(dir: string): void {
  for (const f of readdirSync(DUMP)) writeFileSync(join(dir, f), readFileSync(join(DUMP, f)));
  const products = readDump('catalog_product.json').map((l) => {
    if (!isRecord(l, DE.ring.id)) return l;
    const { id: _id, price, special, ...texts } = DE.ring;
    return { ...l, _source: { ...l._source, ...texts, price: [{ customer_group_id: 0, price, final_price: price }], special_price: special } };
  });
  writeDump(dir, storeDumpFile('de', 'catalog_product.json'), products);
  // The category dump is a tree of pretty-printed records: de's texts replace the Rings category's.
  const categories = readFileSync(join(DUMP, 'catalog_category.json'), 'utf8');
  const de = categories
    .replace('"name": "Rings"', `"name": "${DE.category.name}"`)
    .replace('"url_key": "rings"', `"url_key": "${DE.category.url_key}"`)
    .replace('"url_path": "rings.html"', `"url_path": "${DE.category.url_path}"`);
  expect(de).not.toBe(categories);
  writeFileSync(join(dir, storeDumpFile('de', 'catalog_category.json')), de);
  writeDump(dir, storeDumpFile('de', 'catalog_attribute.json'), readDump('catalog_attribute.json'));
}

const page = (path: string) => readFileSync(join(dist, path.replace(/^\//, ''), 'index.html'), 'utf8');

/** The Product JSON-LD's offer of a page: price and currency. */
function offerOf(html: string): { price: string; priceCurrency: string } {
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    for (const d of Array.isArray(data) ? data : [data]) if (d['@type'] === 'Product') return d.offers as { price: string; priceCurrency: string };
  }
  throw new Error('no Product JSON-LD');
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'store-views-build-'));
  const dumps = join(work, 'dump');
  mkdirSync(dumps);
  writeDumps(dumps);
  out = join(work, 'snapshot');
  summary = await importDumpWithStoreViews(dumps, { out, mediaDir: MEDIA }, multistore);
  dist = mkdtempSync(join(process.cwd(), 'dist-test-stores-'));
  // With a cache folder of its own, as each part of the sharded build below: a build on the project's
  // shared cache folder also copies the merged stylesheets other builds left in it.
  await astroBuildAt(dist, join(sharded, 'cache-whole'));
}, 600_000);
/** The prepared sharded build's folders (inside the project, as Astro's prerender chunks need). */
const sharded = mkdtempSync(join(process.cwd(), 'dist-test-stores-sharded-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (dist) removeBuild(dist);
  rmSync(sharded, { recursive: true, force: true });
});

describe('importing store views from their own dumps', () => {
  it('writes the de catalogue into stores/de, validated, beside the default one; it has none of its own', () => {
    const de = storeSnapshotDir('de', out)!;
    expect(de).toBe(join(out, 'stores', 'de'));
    expect(Object.keys(summary.stores)).toEqual(['de']);
    expect(readManifest(de).store_code).toBe('de');
    expect(readProducts(de).find((p) => p.id === Number(DE.ring.id))?.name).toBe(DE.ring.name);
    expect(readCategories(de).find((c) => c.id === DE.category.id)?.name).toBe(DE.category.name);
    expect(readProducts(out).find((p) => p.id === Number(DE.ring.id))?.name).toBe('Solitaire Diamond Ring');
    expect(storeSnapshotDir('it', out)).toBeNull();
  });

  it('names a store view index from a template, and refuses one without the code', () => {
    expect(storeIndex('vue_storefront_catalog_{code}', 'de')).toBe('vue_storefront_catalog_de');
    expect(() => storeIndex('vue_storefront_catalog', 'de')).toThrow(/\{code\}/);
  });
});

describe('the /de pages of a store view with its own catalogue', () => {
  it("show de's name at de's address, priced from de's own euro prices", () => {
    const html = page('/de/ringe/solitaer-diamantring');
    expect(html).toContain(DE.ring.name);
    expect(html).not.toContain('Solitaire Diamond Ring');
    expect(offerOf(html)).toMatchObject({ price: '920.00', priceCurrency: 'EUR' });
    expect(existsSync(join(dist, 'de', 'rings', 'solitaire-diamond-ring'))).toBe(false);
  });

  it("list de's products under de's category", () => {
    const html = page('/de/ringe');
    expect(html).toContain(DE.category.name);
    expect(html).toContain(DE.ring.name);
  });

  it("show de's own products as related ones, each at an address de has a page for", () => {
    // Every de page with related products: they come from de's own listing of the product's category.
    const pages = (readdirSync(join(dist, 'de'), { recursive: true }) as string[]).filter((f) => f.endsWith('index.html') && !f.startsWith('amp'));
    let links = 0;
    for (const file of pages) {
      const related = /<section class="related"[\s\S]*?<\/section>/.exec(readFileSync(join(dist, 'de', file), 'utf8'))?.[0] ?? '';
      for (const [, href] of related.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        links++;
        expect(existsSync(join(dist, href!.replace(/^\//, ''), 'index.html')), `/de/${file} links ${href}`).toBe(true);
      }
      expect(related, file).not.toContain('Solitaire Diamond Ring');
    }
    expect(links).toBeGreaterThan(0);
  });

  it('leave the GB pages as they were', () => {
    const html = page('/rings/solitaire-diamond-ring');
    expect(html).toContain('Solitaire Diamond Ring');
    expect(offerOf(html)).toMatchObject({ price: '800.00', priceCurrency: 'GBP' });
  });

  it('show the GB catalogue at the exchange rate in a store view without its own (it)', () => {
    const html = page('/it/rings/solitaire-diamond-ring');
    expect(html).toContain('Solitaire Diamond Ring');
    expect(offerOf(html)).toMatchObject({
      price: (800 * config.storeViews.others.find((s) => s.storeCode === 'it')!.i18n.exchangeRate).toFixed(2),
      priceCurrency: 'EUR',
    });
  });
});

/** `args` run by the project's Node with the multistore build's environment. */
const run = (args: string[], env: Record<string, string>): Promise<void> =>
  runNode(args, { ...buildEnv, SNAPSHOT_DIR: out, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env });

/** `astro build` of the multistore snapshot into `outDir` with the cache folder `cacheDir`. */
const astroBuildAt = (outDir: string, cacheDir: string, extra: string[] = []): Promise<void> =>
  buildWithOwnCache(outDir, cacheDir, extra, { ...buildEnv, SNAPSHOT_DIR: out, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' });

describe('a prepared sharded build of the same snapshot', () => {
  it('writes the whole build’s bytes: the de AMP category pages list de’s own records', async () => {
    // Each part with a cache folder of its own, so no page is restored from another build's output.
    const build = (name: string, shard: string, extra: string[] = []) =>
      astroBuildAt(join(sharded, name), join(sharded, `cache-${name}`), ['--shard', shard, ...extra]);
    await build('site', '0/2');
    for (const k of [1, 2]) await build(`pages-${k}`, `${k}/2`, ['--inputs', join(sharded, 'site', '_shard-inputs')]);
    const merged = join(sharded, 'merged');
    await run(
      [
        join(process.cwd(), 'node_modules/tsx/dist/cli.mjs'),
        'scripts/build-merge.ts',
        '--out',
        merged,
        ...['site', 'pages-1', 'pages-2'].map((d) => join(sharded, d)),
      ],
      {},
    );
    const whole = filesOf(dist);
    const got = filesOf(merged);
    expect([...got.keys()].sort()).toEqual([...whole.keys()].sort());
    expect([...whole].filter(([rel, body]) => !got.get(rel)!.equals(body)).map(([rel]) => rel)).toEqual([]);
    // The page the prepared build got wrong before: de's AMP category (where de's category page points), with de's own names.
    const amp = /<link rel="amphtml" href="https?:\/\/[^/]+\/([^"]+)"/.exec(page('/de/ringe'))?.[1];
    expect(amp).toMatch(/^de\/amp\//);
    const ampHtml = readFileSync(join(merged, amp!, 'index.html'), 'utf8');
    expect(ampHtml).toContain(DE.ring.name);
    expect(ampHtml).not.toContain('Solitaire Diamond Ring');
  }, 600_000);
});
