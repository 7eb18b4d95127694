/**
 * The inputs of a prepared sharded build on the committed sample: what the site part (`0/3`) writes
 * for its page shards, and what a page shard (`2/3` with the inputs) then holds of the catalogue (its
 * own products and the ones they link, not the rest) and computes from it, against a whole build's
 * index of the same snapshot. The whole build's identity with the merged folder is
 * tests/api/sharded-build.test.ts.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readProducts } from '../../src/lib/snapshot/read';
import { shardOfPath } from '../../src/lib/build/shard';

const BUILD_TIME = '2026-11-20T12:00:00.000Z';
const snapshot = new Map(readProducts().map((p) => [p.id, p]));
const bySku = new Map([...snapshot.values()].map((p) => [p.sku, p]));
const dir = mkdtempSync(join(tmpdir(), 'pj-shard-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules as a fresh build process sees them with these settings (everything is memoised per process). */
async function buildProcess(env: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv('BUILD_SHARD', '');
  vi.stubEnv('BUILD_SHARD_INPUTS', '');
  vi.stubEnv('BUILD_TIME', BUILD_TIME);
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return {
    ...(await import('../../src/lib/routing/routes')),
    ...(await import('../../src/lib/routing/page-routes')),
    ...(await import('../../src/lib/build/page-data')),
    ...(await import('../../src/lib/build/shard-records')),
    ...(await import('../../src/lib/build/product-page-data')),
    ...(await import('../../src/lib/build/shard-inputs-write')),
    ...(await import('../../src/lib/build/shard-inputs')),
    ...(await import('../../src/lib/config')),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Writes the site part's inputs into `dir` (as src/pages/[shardinputs]/[file].json.ts does). */
async function writeInputs(): Promise<string[]> {
  const site = await buildProcess({ BUILD_SHARD: '0/3' });
  const names = site.shardInputFiles();
  for (const n of names) writeFileSync(join(dir, `${n}.json`), site.shardInputText(n));
  return names;
}

describe('the inputs of a prepared build', () => {
  it('are written by the site part only: a shared file and one per page shard', async () => {
    expect(await writeInputs()).toEqual(['shared', '1', '2', '3']);
    expect((await buildProcess({})).shardInputFiles()).toEqual([]);
    expect((await buildProcess({ BUILD_SHARD: '2/3' })).shardInputFiles()).toEqual([]);
  });

  it('give each page shard the routes its paths hash to: every route once', async () => {
    await writeInputs();
    const whole = await buildProcess({});
    const all = [...whole.catchAllRoutes(), ...whole.ampRoutes()];
    const seen: string[] = [];
    for (const k of [1, 2, 3]) {
      const input = JSON.parse(readFileSync(join(dir, `${k}.json`), 'utf8')) as { catchAll: { path: string }[]; amp: { path: string }[] };
      for (const r of [...input.catchAll, ...input.amp]) {
        expect(shardOfPath(r.path, 3), r.path).toBe(k);
        seen.push(r.path);
      }
    }
    expect(seen.sort()).toEqual(all.map((r) => r.path).sort());
  });

  it('leave a page shard holding its own products and the ones they link, not the catalogue', async () => {
    await writeInputs();
    const whole = await buildProcess({});
    const wholeListing = (id: number, store: string) => whole.categoryListing(id, store);
    const stores = whole.enabledStoreViews().map((s) => s.storeCode);
    const categories = whole.catalog().categories.filter((c) => whole.hasCategoryPage(c));
    const expected = new Map(categories.flatMap((c) => stores.map((s) => [`${c.id}|${s}`, wholeListing(c.id, s)] as const)));
    const wholeAmp = new Map(categories.map((c) => [c.id, whole.ampCategoryData(c.id)]));

    const shard = await buildProcess({ BUILD_SHARD: '2/3', BUILD_SHARD_INPUTS: dir });
    const { products, partial } = shard.catalog();
    expect(partial).toBe(true);
    const own = new Set<number>();
    for (const r of shard.catchAllRoutes()) if (r.kind === 'product') own.add(Number(r.key));
    for (const r of shard.ampRoutes()) if (r.kind === 'amp-product') own.add(r.key);
    expect(own.size).toBeGreaterThan(50);
    // Linked: what the own product pages show of others, as the whole build picks them.
    const linked = new Set<number>();
    for (const id of own) {
      const p = snapshot.get(id)!;
      for (const r of whole.relatedProducts(whole.catalog().byId.get(id)!)) linked.add(r.id);
      const skus = [
        ...(p.type_id === 'grouped' ? p.product_links.filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku) : []),
        ...p.bundle_options.flatMap((o) => o.product_links.map((l) => l.sku ?? l.product?.sku)),
      ];
      for (const s of skus) if (s && bySku.has(s)) linked.add(bySku.get(s)!.id);
    }
    expect(new Set(products.map((p) => p.id))).toEqual(new Set([...own, ...linked]));
    expect(products.length).toBeLessThan(snapshot.size);
    // Its own pages get their full records; its listings are the whole build's.
    for (const id of own) expect(shard.productRecord(id)).toEqual(snapshot.get(id));
    const ids = (l: { products: { id: number }[] }) => l.products.map((p) => p.id);
    for (const [key, l] of expected) {
      const [id, store] = key.split('|') as [string, string];
      const got = shard.categoryListing(Number(id), store);
      expect(ids(got), key).toEqual(ids(l));
      expect(got.total, key).toBe(l.total);
      expect(got.facets, key).toEqual(l.facets);
    }
    expect(shard.newestProducts().map((p) => p.id)).toEqual(whole.newestProducts().map((p) => p.id));
    // Its AMP category pages have their listings; another shard's AMP category page is an error, not a guess.
    const ampOwn = shard.ampRoutes().filter((r) => r.kind === 'amp-category');
    expect(ampOwn.length).toBeGreaterThan(0);
    for (const r of ampOwn) {
      const got = shard.ampCategoryData(r.key, r.storeCode);
      expect(ids(got)).toEqual(ids(wholeAmp.get(r.key)!));
      expect(got.total).toBe(wholeAmp.get(r.key)!.total);
    }
    const other = categories.find((c) => !ampOwn.some((r) => r.key === c.id))!;
    expect(() => shard.ampCategoryData(other.id)).toThrow(/shard inputs: no AMP listing of category/);
  });

  it('refuse inputs that are broken or of another build, naming the file and the field', async () => {
    await writeInputs();
    const bad = mkdtempSync(join(tmpdir(), 'pj-shard-inputs-bad-'));
    try {
      cpSync(dir, bad, { recursive: true });
      const shared = JSON.parse(readFileSync(join(bad, 'shared.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(bad, 'shared.json'), JSON.stringify({ ...shared, newest: 'none' }));
      let shard = await buildProcess({ BUILD_SHARD: '2/3', BUILD_SHARD_INPUTS: bad });
      expect(() => shard.newestProducts()).toThrow(/shard inputs: .*shared\.json: field 'newest'/);
      // Made for three shards, read by a shard of four.
      shard = await buildProcess({ BUILD_SHARD: '2/4', BUILD_SHARD_INPUTS: dir });
      expect(() => shard.catalog()).toThrow(/shard inputs: 2\.json was made for 3 shards, this is shard 2\/4/);
      writeFileSync(join(bad, '2.json'), '{not json');
      shard = await buildProcess({ BUILD_SHARD: '2/3', BUILD_SHARD_INPUTS: bad });
      expect(() => shard.catalog()).toThrow(/shard inputs: cannot read .*2\.json/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
