/**
 * The live pull (`importFromVsfApi`) against a backend that behaves as vue-storefront-api over
 * Elasticsearch (tests/vsfa): index order unrelated to ids, the 10,000-hit window, ES 5/6/7 answers,
 * ids that are not integers, several documents with one id. Every record arrives, the same as a dump
 * of the same index gives, or the pull fails and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import type { Product } from '../../src/lib/schemas';
import { DUMP_FILES } from '../../src/lib/import/dump';
import { importFromDump, importFromVsfApi, type ImportSummary } from '../../src/lib/import/vsf-import';
import { startVsfa, type RunningVsfa } from '../vsfa/server';
import { simpleProduct, vsfCatalogue, type VsfaEntity } from '../vsfa/fixtures';

let work = '';
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'vsfa-pull-h-pull-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Writes the stand-in's indices as elasticdump would, into a dump folder. */
function dumpOf(vsfa: RunningVsfa, dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const [entity, file] of Object.entries(DUMP_FILES)) writeFileSync(join(dir, file), vsfa.es(entity as VsfaEntity).dump());
  return dir;
}

const skippedProducts = (r: ImportSummary) =>
  r.problems.filter((p) => p.skipped && /product/.test(p.file)).map((p) => ({ id: p.id, field: p.field, reason: p.reason }));
const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => a.id - b.id);
/** A record without VSFA's price signature, which only its answers carry (a dump of the index has none). */
const unsigned = (p: Product): Product => {
  const { sgn: _s, sgn_price: _p, ...rest } = p;
  const children = p.configurable_children?.map(({ sgn: _cs, sgn_price: _cp, ...c }) => c);
  return { ...rest, ...(children ? { configurable_children: children } : {}) } as Product;
};
/** Live products: each signed by VSFA, compared with a dump's without the signatures. */
const liveProducts = (dir: string) => {
  const ps = snap.readProducts(dir);
  expect(ps.every((p) => typeof p.sgn === 'string' && p.sgn_price)).toBe(true);
  return byId(ps.map(unsigned));
};

describe('a 765-product catalogue whose index order is not id order', () => {
  for (const version of [5, 6, 7] as const) {
    it(`ES ${version}: every product arrives live, the same as from a dump of the same index`, async () => {
      // 765 products (ids 1000-1764) and 15 children indexed as products of their own under ids such
      // as 1000_GY_28, which the index maps as keywords (sorted as strings: "1000" < "1000_GY_28" < "1001").
      const vsfa = await startVsfa({
        version,
        records: vsfCatalogue({ products: 765, stringIdChildren: 15 }),
        mapping: { product: { id: 'keyword' } },
        seed: 35,
      });
      try {
        // The index really is out of id order.
        const order = vsfa
          .es('product')
          .sources()
          .map((s) => String(s.id));
        expect(order).not.toEqual([...order].sort());
        const live = await importFromVsfApi({ url: vsfa.url, out: join(work, `live-${version}`), pageSize: 100 });
        const dump = await importFromDump(dumpOf(vsfa, join(work, `dump-${version}`)), { out: join(work, `from-dump-${version}`) });
        const ids = snap.readProducts(join(work, `live-${version}`)).map((p) => p.id);
        expect(new Set(ids)).toEqual(new Set(Array.from({ length: 765 }, (_, i) => 1000 + i)));
        expect(ids).toHaveLength(765);
        expect(live.counts.product).toEqual({ written: 765, skipped: 15 });
        expect(liveProducts(join(work, `live-${version}`))).toEqual(byId(snap.readProducts(join(work, `from-dump-${version}`))));
        // One answer for one catalogue: the same records skipped for the same reason.
        expect(skippedProducts(live)).toHaveLength(15);
        expect(skippedProducts(live)).toEqual(expect.arrayContaining(skippedProducts(dump)));
        expect(skippedProducts(dump)).toEqual(expect.arrayContaining(skippedProducts(live)));
        expect(skippedProducts(live)).toContainEqual(expect.objectContaining({ id: '1000_GY_28', field: 'id' }));
      } finally {
        await vsfa.stop();
      }
    });
  }
});

describe('past the 10,000-hit window', () => {
  it('10,050 reviews all arrive (ES 7 counts "gte 10000" until asked to track the total)', async () => {
    const vsfa = await startVsfa({ version: 7, records: vsfCatalogue({ products: 30, reviews: 10_050 }), seed: 7 });
    try {
      const r = await importFromVsfApi({ url: vsfa.url, out: join(work, 'reviews'), pageSize: 2000 });
      expect(r.counts.review).toEqual({ written: 10_050, skipped: 0 });
      expect(new Set(snap.readReviews(join(work, 'reviews')).map((x) => x.id)).size).toBe(10_050);
      // No request asked for more than Elasticsearch's window.
      for (const q of vsfa.requests) {
        const b = q.body as { from?: number; size?: number } | undefined;
        expect((b?.from ?? 0) + (b?.size ?? 10)).toBeLessThanOrEqual(10_000);
      }
    } finally {
      await vsfa.stop();
    }
  });
});

describe('several documents with one id (Elasticsearch does not de-duplicate)', () => {
  it('each arrives once, across page boundaries, and the importer reports the duplicate as a dump import does', async () => {
    const records = vsfCatalogue({ products: 40 });
    const vsfa = await startVsfa({ version: 6, records, seed: 3 });
    try {
      // Five documents, under other _ids, with the source id 1010 (a re-index under a new _id scheme left them).
      for (let k = 0; k < 5; k++) vsfa.es('product').put(`old-${k}`, simpleProduct(1010, { sku: `OLD-${k}` }));
      const live = await importFromVsfApi({ url: vsfa.url, out: join(work, 'dups'), pageSize: 4 });
      const dump = await importFromDump(dumpOf(vsfa, join(work, 'dups-dump')), { out: join(work, 'dups-from-dump') });
      expect(live.counts.product).toEqual(dump.counts.product);
      expect(live.counts.product.written + live.counts.product.skipped).toBe(45);
      expect(liveProducts(join(work, 'dups'))).toEqual(byId(snap.readProducts(join(work, 'dups-from-dump'))));
    } finally {
      await vsfa.stop();
    }
  });
});

describe('counts', () => {
  it('an index that changes during the pull fails it with a clear message, and nothing is written', async () => {
    const vsfa = await startVsfa({ version: 7, records: vsfCatalogue({ products: 300 }), seed: 11 });
    let pages = 0;
    const meddling: typeof fetch = (url, init) => {
      // Magento's indexer adds a product while the importer is between two product pages.
      if (String(url).includes('/product/_search') && ++pages === 2) vsfa.put('product', simpleProduct(5000));
      return fetch(url, init);
    };
    const out = join(work, 'changed');
    try {
      await expect(importFromVsfApi({ url: vsfa.url, out, pageSize: 100, fetchImpl: meddling })).rejects.toThrow(
        /counted 300 product records at the start of the pull and 301 later: it changed during the pull; nothing written/,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      await vsfa.stop();
    }
  });

  it("an Elasticsearch error passed on by vue-storefront-api names ES's reason", async () => {
    const vsfa = await startVsfa({ version: 7, records: vsfCatalogue({ products: 5 }), mapping: { product: { id: 'text' } } });
    try {
      await expect(importFromVsfApi({ url: vsfa.url, out: join(work, 'text-id') })).rejects.toThrow(
        /product\/_search(\?[^:]*)?: HTTP 500: illegal_argument_exception: Text fields are not optimised for operations that require per-document field data/,
      );
    } finally {
      await vsfa.stop();
    }
  });
});
