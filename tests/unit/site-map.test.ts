/**
 * The files made from every product's route (the CDN's edge files and tag manifest, the URL
 * dispatcher's map, src/lib/build/cache-keys.ts wholeCatalogueFileKeys): they read of a product only
 * its route fields (src/lib/routing/routes.ts routeFieldsOf), so an editor's price, text or stock
 * change takes them again from the generation before. Each case builds the files in a fresh module
 * graph on a changed copy of the sample, as a renderer process on that snapshot would.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { keyStore, offerPrevious, recordedEntries, reusedCount } from '../../src/lib/build/key-store';
import { snapshotCopies, type SnapshotJson as Json } from './snapshot-copies';

const { root, before, shard, after, diff } = snapshotCopies('site-map-test-');
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  keyStore().previous = null;
});
const none = { ids: new Set<number>(), skus: new Set<string>(), categories: new Set<number>() };

/** The modules as a fresh build process on snapshot `dir` sees them (the catalogue and its files are memoised per process). */
async function processOn(dir: string) {
  vi.resetModules();
  vi.stubEnv('SNAPSHOT_DIR', dir);
  const redirects = await import('../../src/lib/routing/redirects');
  const urlMaps = await import('../../src/lib/routing/url-map');
  const keys = await import('../../src/lib/build/cache-keys');
  const site = await import('../../src/lib/build/cdn/site-map');
  return {
    rules: redirects.edgeRules,
    mapFiles: urlMaps.urlMapFiles,
    mapKeys: () => keys.wholeCatalogueFileKeys('url-map', urlMaps.urlMapFiles),
    edgeFiles: site.edgeFiles,
    edgeKeys: site.edgeFileKeys,
    digest: keys.digest,
  };
}

describe("the files made from every product's route (the CDN's edge files, the URL dispatcher's map): taken again unless a route or a page's tags changed", () => {
  /** What decides a product's pages and URLs; every other field is changed below. */
  const ROUTE = new Set(['id', 'sku', 'slug', 'type_id', 'url_path', 'url_key', 'parentSku', 'visibility', 'status', 'discontinued']);
  /** Strings the catalogue's schema allows only a few values of (kinds, types, attribute codes). */
  const ENUMS = new Set(['link_type', 'field', 'type', 'typ', 'attribute_code', 'price_type', 'media_type', 'type_id']);
  let leaves = 0;
  const changedFields = new Set<string>();

  /** A value changed as a backend's save of prices, texts, stock, flags, dates, links and categories would change it. */
  function perturb(v: unknown, key: string, field: string): unknown {
    const changed = (x: unknown) => {
      leaves++;
      changedFields.add(field);
      return x;
    };
    if (typeof v === 'number') return changed(Number.isInteger(v) ? (v === 0 || v === 1 ? 1 - v : v + 1) : Math.round((v + 1.25) * 100) / 100);
    if (typeof v === 'boolean') return changed(!v);
    if (typeof v === 'string') {
      if (v === '0' || v === '1') return changed(v === '0' ? '1' : '0');
      if (/^-?\d+(\.\d+)?$/.test(v)) return changed(String(Number(v) + 1));
      if (/^\d{4}-\d\d-\d\d/.test(v)) return changed(v.replace(/^\d{4}/, (y) => String(Number(y) - 1)));
      // A picture's path stays one: another file of the same kind.
      if (/\.\w{3,4}$/.test(v)) return changed(v.replace(/(\.\w{3,4})$/, '-x$1'));
      return ENUMS.has(key) ? v : changed(`${v} x`);
    }
    if (Array.isArray(v)) return v.map((x) => perturb(x, key, field));
    if (v && typeof v === 'object') {
      // A configurable child's SKU names its URL (an alias and an AMP page): a route field.
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, key === 'configurable_children' && k === 'sku' ? x : perturb(x, k, field)]));
    }
    return v;
  }

  /** Every key computed in process `p`, recorded; offered back with the URL map's and the edge files' keys planted. */
  function plantedFrom(p: Awaited<ReturnType<typeof processOn>>) {
    offerPrevious({}, none);
    keyStore().recorded.clear();
    p.mapKeys();
    p.edgeKeys();
    const rec = recordedEntries();
    keyStore().recorded.clear();
    return {
      ...rec,
      'url-map': { ...rec['url-map']!, keys: ['_url-map', 'planted map'] },
      'cdn-files': { ...rec['cdn-files']!, keys: ['edge/index.json', 'planted edge'] },
    };
  }

  it('every field but the routes changed in every product: the same redirect rules and URL map, taken again', async () => {
    const dir = after('every-field', (ps) => {
      for (let i = 0; i < ps.length; i++) ps[i] = Object.fromEntries(Object.entries(ps[i]!).map(([k, v]) => [k, ROUTE.has(k) ? v : perturb(v, k, k)]));
    });
    // The perturbation reached what editors change: prices, texts, stock, pictures, categories, flags, dates, children.
    for (const f of ['price', 'name', 'description', 'stock', 'image', 'media_gallery', 'category_ids', 'sale', 'configurable_children', 'product_links'])
      expect(changedFields, f).toContain(f);
    expect(leaves).toBeGreaterThan(10_000);
    const was = await processOn(before);
    const rules = was.rules();
    const map = was.mapFiles();
    const planted = plantedFrom(was);
    const now = await processOn(dir);
    expect(now.rules()).toEqual(rules);
    expect(now.mapFiles()).toEqual(map);
    const changed = diff(dir);
    if (typeof changed === 'string') throw new Error(changed);
    // Every record changed, so none of the keys that read records is taken again but these.
    expect(changed.ids.size).toBe((JSON.parse(readFileSync(join(before, shard), 'utf8')) as Json[]).length);
    offerPrevious(planted, changed);
    expect(now.mapKeys()).toEqual([['_url-map', 'planted map']]);
  });

  it("one product's URL changed: the URL map and the edge files are worked out again", async () => {
    const planted = plantedFrom(await processOn(before));
    const dir = after('url-key', (ps) => {
      const p = ps.find((x) => x.visibility >= 2 && x.status < 2 && x.discontinued !== 1)!;
      p.url_key = `${p.url_key}-renamed`;
      p.url_path = `${p.url_path}-renamed`;
    });
    const now = await processOn(dir);
    offerPrevious(planted, diff(dir) as Exclude<ReturnType<typeof diff>, string>);
    expect(now.mapKeys()).toEqual([...now.mapFiles()].map(([f, text]) => [f, now.digest(text)]));
    expect(now.edgeKeys()).toEqual([...now.edgeFiles()].map(([f, text]) => [f, now.digest(text)]));
  });

  it("a text changed: no page's tags change, the edge files are taken again; a product moved to another category changes its pages' tags: worked out again", async () => {
    const planted = plantedFrom(await processOn(before));
    const text = after('text', (ps) => (ps[5]!.description = `${ps[5]!.description ?? ''}<p>More.</p>`));
    const moved = after('category', (ps) => {
      const p = ps.find((x) => x.visibility >= 2 && x.status < 2 && x.discontinued !== 1 && x.category_ids.length > 0)!;
      const other = ps.find((x) => x.category_ids.length > 0 && !x.category_ids.includes(p.category_ids[0]))!;
      p.category_ids = other.category_ids;
    });
    const onText = await processOn(text);
    offerPrevious(planted, diff(text) as Exclude<ReturnType<typeof diff>, string>);
    expect(onText.edgeKeys()).toEqual([['edge/index.json', 'planted edge']]);
    expect(onText.mapKeys()).toEqual([['_url-map', 'planted map']]);
    const onMove = await processOn(moved);
    keyStore().recorded.clear();
    offerPrevious(planted, diff(moved) as Exclude<ReturnType<typeof diff>, string>);
    expect(onMove.edgeKeys()).toEqual([...onMove.edgeFiles()].map(([f, t]) => [f, onMove.digest(t)]));
    // Its URL did not change: the dispatcher's map is taken again.
    expect(onMove.mapKeys()).toEqual([['_url-map', 'planted map']]);
  });
});

describe("the routes' and the tags' digests: read from every product only when a product changed", () => {
  it('a CMS paragraph takes both again; a price with other routes before works both out', async () => {
    const build = async () => (await processOn(before)).edgeKeys;
    offerPrevious({}, none);
    keyStore().recorded.clear();
    (await build())();
    const rec = recordedEntries();
    const real = [rec['cdn-tags']!.keys, rec['catalogue-routes']!.keys];
    const planted = {
      ...rec,
      'cdn-tags': { ...rec['cdn-tags']!, keys: ['planted tags'] },
      'catalogue-routes': { ...rec['catalogue-routes']!, keys: ['planted routes'] },
    };
    const digestsAfter = async (changed: ReturnType<typeof diff>) => {
      if (typeof changed === 'string') throw new Error(changed);
      const edgeKeys = await build();
      keyStore().recorded.clear();
      offerPrevious(planted, changed);
      edgeKeys();
      return [recordedEntries()['cdn-tags']!.keys, recordedEntries()['catalogue-routes']!.keys];
    };
    const cms = after('cms-text', (ps) => (ps[0]!.content += '<p>More.</p>'), 'cms-pages.json');
    expect(await digestsAfter(diff(cms))).toEqual([['planted tags'], ['planted routes']]);
    // Offered as they were: the edge files are taken again and no tag list is asked for; those before
    // are kept for the next change, which then compares only the ones it reaches.
    const edgeKeys = await build();
    keyStore().recorded.clear();
    offerPrevious(rec, diff(cms) as Exclude<ReturnType<typeof diff>, string>);
    edgeKeys();
    const kept = Object.entries(recordedEntries()).filter(([n]) => n.startsWith('tags|'));
    expect(kept).toEqual(Object.entries(rec).filter(([n]) => n.startsWith('tags|')));
    expect(kept.length).toBeGreaterThan(100);
    const price = after('one-price', (ps) => (ps[0]!.price += 10));
    expect(await digestsAfter(diff(price))).toEqual(real);
  });

  it("a product changed without changing a route or a page's tags: the tags' digest is the one before, with only the tag lists it reaches worked out", async () => {
    const build = async (dir: string) => (await processOn(dir)).edgeKeys;
    offerPrevious({}, none);
    keyStore().recorded.clear();
    (await build(before))();
    const rec = recordedEntries();
    const tagNames = Object.keys(rec).filter((n) => n.startsWith('tags|'));
    const planted = { ...rec, 'cdn-tags': { ...rec['cdn-tags']!, keys: ['planted tags'] } };
    const tagsDigestOn = async (dir: string) => {
      const changed = diff(dir);
      if (typeof changed === 'string') throw new Error(changed);
      const edgeKeys = await build(dir);
      keyStore().recorded.clear();
      keyStore().counts.clear();
      offerPrevious(planted, changed);
      edgeKeys();
      return recordedEntries()['cdn-tags']!.keys[0];
    };
    // A text of a listed product: its page's and its categories' tag lists are worked out again, and come out the same.
    const listed = (JSON.parse(readFileSync(join(before, shard), 'utf8')) as Json[]).findIndex(
      (p) => p.visibility >= 2 && p.status < 2 && p.category_ids.length > 0,
    );
    const text = after('listed-text', (ps) => (ps[listed]!.description = `${ps[listed]!.description ?? ''}<p>More.</p>`));
    expect(await tagsDigestOn(text)).toBe('planted tags');
    // Every tag list is kept for the next change, those it did not reach as they were.
    expect(
      Object.keys(recordedEntries())
        .filter((n) => n.startsWith('tags|'))
        .sort(),
    ).toEqual(tagNames.sort());
    expect(reusedCount()).toBeGreaterThan(tagNames.length / 2);
    // Moved to another category: the tag lists of both categories' pages change, the digest is worked out.
    const moved = after('listed-moved', (ps) => {
      const other = ps.find((x) => x.category_ids.length > 0 && !x.category_ids.includes(ps[listed]!.category_ids[0]))!;
      ps[listed]!.category_ids = other.category_ids;
    });
    expect(await tagsDigestOn(moved)).not.toBe('planted tags');
  });
});
