/**
 * The editors' (incremental) pull against a backend that behaves as vue-storefront-api over
 * Elasticsearch and Magento's indexers (tests/vsfa): what leaves the index leaves the shop, a child's
 * change reaches its parent, a renamed category keeps its old address, a save in the watermark's own
 * second is not missed, and a full pull on a schedule catches what does not move `updated_at`. Each
 * incremental result is checked against a full pull of the same index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { categoryUrl } from '../../src/lib/catalog/urls';
import type { Product } from '../../src/lib/schemas';
import { importFromVsfApi, type ApiPullOptions } from '../../src/lib/import/vsf-import';
import { RebuildManager, parseFullEvery, type PullHint } from '../../server/rebuild';
import { createLogger } from '../../server/logger';
import { startVsfa, type RunningVsfa } from '../vsfa/server';
import { simpleProduct, vsfCatalogue, type VsfaRecords } from '../vsfa/fixtures';
import { startTestShop } from './fixture';

const LAST_SAVE = '2026-11-01 10:00:00';

/**
 * 40 products saved on 1 October, but 1039 saved last (the watermark of a pull); configurable 1000's
 * first child 10001 is also indexed as a product of its own (Magento indexes a simple product that
 * belongs to a configurable with visibility "not visible individually").
 */
function records(): VsfaRecords {
  const r = vsfCatalogue({ products: 40, updatedAt: '2026-10-01 10:00:00' });
  r.product.find((p) => p.id === 1039)!.updated_at = LAST_SAVE;
  r.product.push(simpleProduct(10001, { sku: 'SKU-1000-GY', visibility: 1, price: 40, updated_at: '2026-10-01 10:00:00' }));
  return r;
}

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'vsfa-rebuild-h-pull-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const byId = (xs: Product[]) => [...xs].sort((a, b) => a.id - b.id);

/** A full pull, `change` (Magento and its indexers at work), an incremental pull, and a full pull of the same index to compare with. */
async function afterChange(name: string, change: (v: RunningVsfa) => void, opts: Partial<ApiPullOptions> = {}) {
  const vsfa = await startVsfa({ version: 7, records: records(), seed: 9 });
  try {
    const first = join(work, `${name}-first`);
    await importFromVsfApi({ url: vsfa.url, out: first });
    change(vsfa);
    const next = join(work, `${name}-next`);
    const r = await importFromVsfApi({ url: vsfa.url, out: next, previous: first, ...opts });
    expect(r.mode).toBe('incremental');
    const full = join(work, `${name}-full`);
    await importFromVsfApi({ url: vsfa.url, out: full });
    return { first, next, full };
  } finally {
    await vsfa.stop();
  }
}

/** Magento's indexer rewriting a document without moving its `updated_at` (a child's price or stock copied in, a stock change). */
function rewrite(v: RunningVsfa, id: number, edit: (r: Record<string, unknown>) => void) {
  const doc = structuredClone(
    v
      .es('product')
      .sources()
      .find((s) => s.id === id)!,
  );
  edit(doc);
  v.put('product', doc);
}

describe('the incremental pull stays true to the index', () => {
  it("nothing new in the index keeps the snapshot's time (its content's, which the search index repeats); a save dates it anew", async () => {
    const same = await afterChange('nothing', () => undefined);
    expect(snap.readManifest(same.next).generated_at).toBe(snap.readManifest(same.first).generated_at);
    // The rest of the manifest as before but for the importer's bookkeeping (the renderer then takes every key: src/lib/build/render/changes.ts).
    const [a, b] = [snap.readManifest(same.first), snap.readManifest(same.next)] as Record<string, unknown>[];
    expect(Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a![k]) !== JSON.stringify(b![k]))).toEqual(['import']);
    // A full pull of the same index, made later, is dated then (no snapshot before to compare with).
    expect(snap.readManifest(same.full).generated_at).not.toBe(snap.readManifest(same.first).generated_at);
    const saved = await afterChange('saved', (v) => rewrite(v, 1005, (p) => Object.assign(p, { price: 77, updated_at: '2026-11-02 08:00:00' })));
    expect(snap.readProducts(saved.next).find((p) => p.id === 1005)!.price).toBe(77);
    expect(snap.readManifest(saved.next).generated_at).not.toBe(snap.readManifest(saved.first).generated_at);
  });

  it('a product disabled in Magento (deleted from the index by its indexer) leaves the shop', async () => {
    const { first, next, full } = await afterChange('deleted', (v) => expect(v.remove('product', 1005)).toBe(true));
    expect(snap.readProducts(first).map((p) => p.id)).toContain(1005);
    expect(snap.readProducts(next).map((p) => p.id)).not.toContain(1005);
    expect(byId(snap.readProducts(next))).toEqual(byId(snap.readProducts(full)));
  });

  it("a child's change (indexed as a product of its own) refreshes its configurable parent", async () => {
    const { first, next, full } = await afterChange('child', (v) => {
      v.put('product', simpleProduct(10001, { sku: 'SKU-1000-GY', visibility: 1, price: 55, updated_at: '2026-11-02 08:00:00' }));
      rewrite(v, 1000, (p) => ((p.configurable_children as Record<string, unknown>[])[0]!.price = 55));
    });
    const parent = (dir: string) => snap.readProducts(dir).find((p) => p.id === 1000)!;
    expect(parent(next)).toEqual(parent(full));
    expect(parent(next)).not.toEqual(parent(first));
    expect(byId(snap.readProducts(next))).toEqual(byId(snap.readProducts(full)));
  });

  it('a child that lives only inside its parent, named by the hook, refreshes the parent', async () => {
    const { first, next, full } = await afterChange(
      'named-child',
      (v) => rewrite(v, 1010, (p) => ((p.configurable_children as Record<string, unknown>[])[1]!.price = 66)),
      {
        changedIds: [10102],
      },
    );
    const parent = (dir: string) => snap.readProducts(dir).find((p) => p.id === 1010)!;
    expect(parent(next)).toEqual(parent(full));
    expect(parent(next)).not.toEqual(parent(first));
  });

  it('a category renamed in Magento (url_key, url_path) redirects from its old address', async () => {
    const { first, next } = await afterChange('renamed', (v) => {
      const c = structuredClone(
        v
          .es('category')
          .sources()
          .find((s) => s.id === 4)!,
      );
      v.put('category', { ...c, url_key: 'timepieces', url_path: 'timepieces' });
    });
    const before = snap.readCategories(first).find((c) => c.id === 4)!;
    const now = snap.readCategories(next).find((c) => c.id === 4)!;
    expect(categoryUrl(now)).not.toBe(categoryUrl(before));
    expect(snap.readUrlMap(next)).toContainEqual({ from: categoryUrl(before), to_type: 'category', to_id: 4 });
    // Kept by the pulls after it.
    const vsfa = await startVsfa({ version: 7, records: records(), seed: 9 });
    try {
      vsfa.put('category', {
        ...vsfa
          .es('category')
          .sources()
          .find((s) => s.id === 4)!,
        url_key: 'timepieces',
        url_path: 'timepieces',
      });
      await importFromVsfApi({ url: vsfa.url, out: join(work, 'renamed-later'), previous: next });
      expect(snap.readUrlMap(join(work, 'renamed-later'))).toContainEqual({ from: categoryUrl(before), to_type: 'category', to_id: 4 });
    } finally {
      await vsfa.stop();
    }
  });

  it('a product saved in the same second as the last one the previous pull saw is not missed', async () => {
    const { next, full } = await afterChange('same-second', (v) => v.put('product', simpleProduct(5000, { updated_at: LAST_SAVE })));
    expect(snap.readProducts(next).map((p) => p.id)).toContain(5000);
    expect(byId(snap.readProducts(next))).toEqual(byId(snap.readProducts(full)));
  });
});

describe('a full pull on a schedule (REBUILD_FULL_EVERY)', () => {
  it('reads runs or hours, and refuses anything else at start', async () => {
    expect(parseFullEvery(undefined)).toEqual({});
    expect(parseFullEvery('24')).toEqual({ runs: 24 });
    expect(parseFullEvery('6h')).toEqual({ hours: 6 });
    for (const bad of ['0', 'often', '1.5', '-2h']) expect(() => parseFullEvery(bad)).toThrow(/^REBUILD_FULL_EVERY: expected a whole number of runs/);
    await expect(startTestShop({ options: { rebuildToken: 'hook' }, env: { REBUILD_FULL_EVERY: 'often' } })).rejects.toThrow(/^REBUILD_FULL_EVERY: /);
  });

  it('catches a stock change that did not move updated_at, which the runs between miss', async () => {
    const vsfa = await startVsfa({ version: 7, records: records(), seed: 9 });
    const dir = mkdtempSync(join(work, 'schedule-'));
    let live = join(dir, 'live');
    try {
      await importFromVsfApi({ url: vsfa.url, out: live });
      const hints: PullHint[] = [];
      const m = new RebuildManager(
        {
          pull: async (into, hint) => {
            hints.push(hint);
            await importFromVsfApi({ url: vsfa.url, out: into, previous: live, incremental: !hint.full });
          },
          build: async (_snap, out) => void mkdirSync(out, { recursive: true }),
          activate: (_out, snapshot) => void (live = snapshot),
        },
        dir,
        join(dir, 'snapshots'),
        createLogger({ sink: () => {} }),
        undefined,
        1000,
        { runs: 2 },
      );
      const inStock = () => snap.readProducts(live).find((p) => p.id === 1003)!.stock.is_in_stock;
      // An order in Magento sells the last one: the stock indexer rewrites the document, updated_at unchanged.
      rewrite(vsfa, 1003, (p) => (p.stock = { is_in_stock: false, qty: 0 }));
      m.trigger();
      await m.idle();
      expect(m.status().last).toMatchObject({ ok: true, full: false });
      expect(inStock()).toBe(true);
      m.trigger();
      await m.idle();
      expect(m.status().last).toMatchObject({ ok: true, full: true });
      expect(inStock()).toBe(false);
      expect(hints.map((h) => h.full)).toEqual([false, true]);
    } finally {
      await vsfa.stop();
    }
  });

  it('by hours: the first run after a start, then when the last full pull is that old', async () => {
    let now = 0;
    const fulls: boolean[] = [];
    const dir = mkdtempSync(join(work, 'hours-'));
    const m = new RebuildManager(
      {
        pull: async (into, hint) => void (fulls.push(hint.full), mkdirSync(into, { recursive: true })),
        build: async (_s, out) => void mkdirSync(out, { recursive: true }),
        activate: () => {},
      },
      dir,
      join(dir, 'snapshots'),
      createLogger({ sink: () => {} }),
      undefined,
      1000,
      { hours: 6 },
      () => now,
    );
    for (const at of [0, 1, 5.9, 6, 7]) {
      now = at * 3_600_000;
      m.trigger();
      await m.idle();
    }
    expect(fulls).toEqual([true, false, false, true, false]);
  });
});

describe('the rebuild hook pulls from vue-storefront-api (REBUILD_SOURCE)', () => {
  it('POST /api/rebuild pulls the index behind it', async () => {
    const vsfa = await startVsfa({ version: 6, records: records(), seed: 9 });
    const pulled: string[] = [];
    const shop = await startTestShop({
      options: { rebuildToken: 'hook' },
      env: { REBUILD_WORKDIR: work, REBUILD_SOURCE: vsfa.url },
      rebuildSteps: { build: async (s, out) => void (pulled.push(s), mkdirSync(out, { recursive: true })), activate: () => {} },
    });
    try {
      expect((await shop.call('POST', '/api/rebuild', { headers: { Authorization: 'Bearer hook' }, body: { full: true } })).status).toBe(202);
      await shop.rebuild!.idle();
      expect(shop.rebuild!.status().last).toMatchObject({ ok: true, full: true });
      expect(
        snap
          .readProducts(pulled[0])
          .map((p) => p.id)
          .sort((a, b) => a - b),
      ).toEqual([...Array.from({ length: 40 }, (_, i) => 1000 + i), 10001]);
    } finally {
      await shop.stop();
      await vsfa.stop();
    }
  });
});
