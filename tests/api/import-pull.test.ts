/**
 * The rebuild hook's pull (`importFromVsfApi` with the live snapshot): only the products changed since
 * the last pull (the `updated_at` range) or named by the hook (ids) are asked for and merged into the
 * previous snapshot; a full pull when the previous one has no watermark or `incremental` is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { importFromVsfApi } from '../../src/lib/import/vsf-import';
import { RebuildManager, type PullHint } from '../../server/rebuild';
import { createLogger } from '../../server/logger';
import { startTestShop, writeFixtureSnapshot, type TestShop } from './fixture';
import { fixtureFiles } from './fixture-data';

type P = { id: number; sku: string; price: number; updated_at?: string };

/** The fixture snapshot with `updated_at` on every product (PENDANT-105 saved last), then `edit` applied. */
function files(edit: (f: Record<string, unknown>) => void = () => {}) {
  const f = fixtureFiles();
  for (const p of f['products/0000.json'] as P[]) p.updated_at = p.sku === 'PENDANT-105' ? '2026-11-01 10:00:00' : '2026-11-01 09:00:00';
  edit(f);
  return f;
}

/** The product query's clauses for "changed since the first pull": PENDANT-105 was saved last (the watermark). */
const AFTER_WATERMARK = [
  { range: { updated_at: { gt: '2026-11-01 10:00:00' } } },
  { bool: { filter: [{ range: { updated_at: { gte: '2026-11-01 10:00:00', lte: '2026-11-01 10:00:00' } } }], must_not: [{ terms: { id: [105] } }] } },
];

let work = '';
let before: TestShop;
let after: TestShop;
let first = '';
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'api-import-pull-'));
  before = await startTestShop({ snapshotDir: writeFixtureSnapshot(join(work, 'before'), files()) });
  // The editor's change: one price (its updated_at moves), one CMS page.
  after = await startTestShop({
    snapshotDir: writeFixtureSnapshot(
      join(work, 'after'),
      files((f) => {
        const ring = (f['products/0000.json'] as P[]).find((p) => p.sku === 'RING-101')!;
        ring.price = 125;
        ring.updated_at = '2026-11-02 09:00:00';
        (f['cms-pages.json'] as { identifier: string; content: string }[])[0]!.content = '<p>About the shop, edited.</p>';
      }),
    ),
  });
  first = join(work, 'first');
  await importFromVsfApi({ url: before.url, out: first });
});
afterAll(async () => {
  await before?.stop();
  await after?.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * A fetch that records the product queries it sends: the query of each request that pages products
 * in id order (the importer's own filter for records with an id taken off), and whether it asked
 * only for ids (`_source: ['id']`).
 */
function recording() {
  const productQueries: unknown[] = [];
  const idQueries: unknown[] = [];
  const fetchImpl: typeof fetch = (url, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { query: { bool: { filter: unknown[] } }; sort?: unknown; _source?: unknown };
    if (String(url).includes('/product/_search') && body.sort) {
      const f = body.query.bool.filter;
      expect(f[1]).toEqual({ exists: { field: 'id' } });
      (body._source ? idQueries : productQueries).push(f[0]);
    }
    return fetch(url, init);
  };
  return { productQueries, idQueries, fetchImpl };
}

describe('incremental pull', () => {
  it('the first pull is full and records the watermark: the latest updated_at', () => {
    expect((snap.readManifest(first) as { import?: unknown }).import).toEqual({
      mode: 'full',
      index: 'vue_storefront_catalog',
      watermark: '2026-11-01 10:00:00',
      // The digest of each product shard as written (and validated), which the next pull checks.
      shards: {
        'products/0000.json': createHash('sha256')
          .update(readFileSync(join(first, 'products/0000.json')))
          .digest('hex'),
      },
    });
  });

  it('asks only for products updated since the watermark, merges them, and pulls the small entities whole', async () => {
    const out = join(work, 'second');
    const rec = recording();
    const r = await importFromVsfApi({ url: after.url, out, previous: first, fetchImpl: rec.fetchImpl });
    expect(r.mode).toBe('incremental');
    // After the watermark, and in its own second all but PENDANT-105, which the first pull saw with that updated_at.
    expect(rec.productQueries).toEqual([{ bool: { should: [...AFTER_WATERMARK], minimum_should_match: 1 } }]);
    expect(rec.idQueries).toEqual([{ match_all: {} }]);
    expect(r.counts.product).toEqual({ written: 1, skipped: 0 });
    // The merged snapshot is the one the backend now serves; a bundle holding the changed ring prices it anew.
    const served = snap.readProducts(join(work, 'after'));
    const merged = snap.readProducts(out);
    expect(merged.filter((p) => p.sku !== 'SET-107')).toEqual(served.filter((p) => p.sku !== 'SET-107'));
    expect(merged.find((p) => p.sku === 'SET-107')!.bundle_options[0]!.product_links[0]!.product).toMatchObject({ sku: 'RING-101', price: 125 });
    expect(snap.readProducts(out).find((p) => p.sku === 'RING-101')!.price).toBe(125);
    expect(snap.readCmsPages(out)[0]!.content).toBe('<p>About the shop, edited.</p>');
    expect((snap.readManifest(out) as { import?: { watermark?: string } }).import?.watermark).toBe('2026-11-02 09:00:00');
    // What the catalogue lacks is carried over from the previous snapshot.
    expect(snap.readMenus(out)).toEqual(snap.readMenus(first));
  });

  it('ids from the hook are pulled too; an id the index no longer has is removed', async () => {
    const out = join(work, 'ids');
    const rec = recording();
    const r = await importFromVsfApi({ url: before.url, out, previous: first, changedIds: [104, 99999], fetchImpl: rec.fetchImpl });
    expect(r.mode).toBe('incremental');
    expect(rec.productQueries[0]).toEqual({
      bool: { should: [...AFTER_WATERMARK, { terms: { id: [104, 99999] } }], minimum_should_match: 1 },
    });
    expect(snap.readProducts(out).map((p) => p.id)).toEqual(snap.readProducts(first).map((p) => p.id));
    const gone = join(work, 'gone');
    // 106 named by the hook, and missing from the index it is pulled from: removed (as it is unnamed: below).
    const without = await startTestShop({
      snapshotDir: writeFixtureSnapshot(
        join(work, 'without'),
        files((f) => {
          f['products/0000.json'] = (f['products/0000.json'] as P[]).filter((p) => p.id !== 106);
        }),
      ),
    });
    try {
      await importFromVsfApi({ url: without.url, out: gone, previous: first, changedIds: [106] });
    } finally {
      await without.stop();
    }
    expect(snap.readProducts(gone).map((p) => p.id)).not.toContain(106);
    expect(snap.readProducts(gone)).toHaveLength(snap.readProducts(first).length - 1);
  });

  it('full when asked, or when the previous snapshot has no watermark', async () => {
    const rec = recording();
    const r = await importFromVsfApi({ url: after.url, out: join(work, 'full'), previous: first, incremental: false, fetchImpl: rec.fetchImpl });
    expect(r.mode).toBe('full');
    expect(rec.productQueries).toEqual([{ match_all: {} }]);
    expect(rec.idQueries).toEqual([]);
    const noMark = await importFromVsfApi({ url: after.url, out: join(work, 'nomark'), previous: join(work, 'before') });
    expect(noMark.mode).toBe('full');
  });
});

describe('what an incremental pull rewrites', () => {
  const inode = (dir: string) => statSync(join(dir, 'products/0000.json')).ino;

  it('links a product shard whose bytes are unchanged, and rewrites one that changed', async () => {
    const same = join(work, 'unchanged');
    await importFromVsfApi({ url: before.url, out: same, previous: first });
    expect(inode(same)).toBe(inode(first));
    const changed = join(work, 'changed');
    await importFromVsfApi({ url: after.url, out: changed, previous: first });
    expect(inode(changed)).not.toBe(inode(first));
    expect(snap.readProducts(changed).find((p) => p.sku === 'RING-101')!.price).toBe(125);
  });

  it("a pull that brought nothing new keeps its content's time (generated_at, the search index's `at`); one that brought a change dates it anew", async () => {
    const same = join(work, 'same-time');
    await importFromVsfApi({ url: before.url, out: same, previous: first });
    expect(snap.readManifest(same).generated_at).toBe(snap.readManifest(first).generated_at);
    expect((snap.readManifest(same) as { import?: { mode?: string } }).import?.mode).toBe('incremental');
    const changed = join(work, 'changed-time');
    const t0 = Date.now();
    await importFromVsfApi({ url: after.url, out: changed, previous: first });
    expect(Date.parse(snap.readManifest(changed).generated_at)).toBeGreaterThanOrEqual(t0);
  });

  it('validates a previous shard whose bytes no longer match its digest, and never links it', async () => {
    const tampered = join(work, 'tampered');
    cpSync(first, tampered, { recursive: true });
    const shard = join(tampered, 'products/0000.json');
    const products = JSON.parse(readFileSync(shard, 'utf8')) as P[];
    products.find((p) => p.sku === 'LAST-104')!.price = 'free' as unknown as number;
    writeFileSync(shard, JSON.stringify(products) + '\n');
    await expect(importFromVsfApi({ url: before.url, out: join(work, 'from-tampered'), previous: tampered })).rejects.toThrow(/products\/0000\.json/);
    // A valid edit made by hand is read (validated), and the shard is written anew rather than linked.
    products.find((p) => p.sku === 'LAST-104')!.price = 99;
    writeFileSync(shard, JSON.stringify(products) + '\n');
    const out = join(work, 'from-edited');
    await importFromVsfApi({ url: before.url, out, previous: tampered });
    expect(inode(out)).not.toBe(inode(tampered));
    expect(snap.readProducts(out).find((p) => p.sku === 'LAST-104')!.price).toBe(99);
  });

  it('asks the image proxy only for the pictures of the records it pulled', async () => {
    const lost = (f: Record<string, unknown>) => {
      for (const p of f['products/0000.json'] as (P & { image: string })[])
        if (p.sku === 'RING-101' || p.sku === 'LAST-104') p.image = `/catalog/product/lost-${p.sku}.svg`;
    };
    const b = await startTestShop({ snapshotDir: writeFixtureSnapshot(join(work, 'lost-before'), files(lost)) });
    const a = await startTestShop({
      snapshotDir: writeFixtureSnapshot(
        join(work, 'lost-after'),
        files((f) => {
          lost(f);
          const ring = (f['products/0000.json'] as P[]).find((p) => p.sku === 'RING-101')!;
          ring.price = 130;
          ring.updated_at = '2026-11-03 09:00:00';
        }),
      ),
    });
    try {
      const asked =
        (into: string[]): typeof fetch =>
        (url, init) => (String(url).includes('/img/') && into.push(String(url).replace(/^.*\/resize/, '')), fetch(url, init));
      const full: string[] = [];
      const prev = join(work, 'lost-first');
      await importFromVsfApi({ url: b.url, out: prev, fetchImpl: asked(full) });
      expect(full).toEqual(expect.arrayContaining(['/lost-RING-101.svg', '/lost-LAST-104.svg']));
      const incremental: string[] = [];
      const r = await importFromVsfApi({ url: a.url, out: join(work, 'lost-second'), previous: prev, fetchImpl: asked(incremental) });
      expect(r.mode).toBe('incremental');
      expect(incremental).toEqual(['/lost-RING-101.svg']);
      // Both are still reported missing.
      expect(r.problems.filter((p) => p.file === 'media').map((p) => p.id)).toEqual([
        '/catalog/product/lost-LAST-104.svg',
        '/catalog/product/lost-RING-101.svg',
      ]);
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});

describe('paging the reference API', () => {
  it('pages by id with search_after: two products a page bring every product', async () => {
    const bodies: { search_after?: unknown }[] = [];
    const fetchImpl: typeof fetch = (url, init) => {
      if (String(url).includes('/product/_search')) bodies.push(JSON.parse(String(init?.body)));
      return fetch(url, init);
    };
    const out = join(work, 'paged');
    await importFromVsfApi({ url: before.url, out, pageSize: 2, fetchImpl });
    expect(bodies.some((b) => b.search_after !== undefined)).toBe(true);
    expect(snap.readProducts(out)).toEqual(snap.readProducts(first));
  });
});

describe('a failed connection', () => {
  it('is tried once more (a kept-alive socket the server closed meanwhile); failing twice names the URL', async () => {
    let failed = 0;
    const flaky: typeof fetch = (url, init) =>
      String(url).includes('/category/_search') && failed++ === 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init);
    const r = await importFromVsfApi({ url: before.url, out: join(work, 'flaky'), fetchImpl: flaky });
    // The failed request, its repeat, then the query for categories without an id.
    expect(failed).toBe(3);
    expect(r.counts.category.written).toBe(2);
    const down: typeof fetch = (url, init) => (String(url).includes('/category/_search') ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init));
    await expect(importFromVsfApi({ url: before.url, out: join(work, 'down'), fetchImpl: down })).rejects.toThrow(
      /POST http:\/\/127\.0\.0\.1:\d+\/api\/catalog\/vue_storefront_catalog\/category\/_search: fetch failed/,
    );
  });
});

describe('the rebuild hook', () => {
  it('hands the pull the ids of every trigger since the last run, merged', async () => {
    const hints: PullHint[] = [];
    let release: () => void = () => {};
    const dir = mkdtempSync(join(work, 'rb-'));
    const m = new RebuildManager(
      {
        pull: async (into, hint) => {
          hints.push(hint);
          writeFixtureSnapshot(into);
          if (hints.length === 1) await new Promise<void>((r) => (release = r));
        },
        build: async () => {},
        activate: () => {},
      },
      dir,
      join(dir, 'snapshots'),
      createLogger({ sink: () => {} }),
    );
    m.trigger({ productIds: [1] });
    await new Promise((r) => setTimeout(r, 20));
    m.trigger({ productIds: [2] });
    m.trigger({ productIds: [3, 2], full: true });
    release();
    await m.idle();
    expect(hints).toEqual([
      { productIds: [1], full: false },
      { productIds: [2, 3], full: true },
    ]);
  });

  it('POST /api/rebuild reads { product_ids, full }; a bad body is a 400 naming the field', async () => {
    const seen: PullHint[] = [];
    const shop = await startTestShop({
      options: { rebuildToken: 'hook' },
      env: { REBUILD_WORKDIR: work },
      rebuildSteps: { pull: async (into, hint) => (seen.push(hint), void writeFixtureSnapshot(into)), build: async () => {}, activate: () => {} },
    });
    try {
      const auth = { Authorization: 'Bearer hook' };
      expect((await shop.call('POST', '/api/rebuild', { headers: auth, body: { product_ids: [101, '102'] } })).status).toBe(202);
      await shop.rebuild!.idle();
      expect(seen).toEqual([{ productIds: [101, '102'], full: false }]);
      const bad = await shop.call('POST', '/api/rebuild', { headers: auth, body: { product_ids: ['x'] } });
      expect(bad.status).toBe(400);
      expect(bad.body.result).toMatch(/^product_ids\.0: /);
      expect((await shop.call('POST', '/api/rebuild', { headers: auth })).status).toBe(202);
    } finally {
      await shop.stop();
    }
  });
});
