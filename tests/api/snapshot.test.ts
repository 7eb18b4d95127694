import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { pullSnapshot } from '../../scripts/snapshot';
import { startTestShop, type TestShop } from './fixture';
import { MEDIA, fixtureFiles } from './fixture-data';

let shop: TestShop;
let work = '';
beforeAll(async () => {
  shop = await startTestShop({ options: { rebuildToken: 'secret-rebuild' } });
  work = mkdtempSync(join(tmpdir(), 'api-pull-'));
});
afterAll(async () => {
  await shop?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('snapshot puller', () => {
  it('pulls a complete snapshot with paging that the snapshot readers accept', async () => {
    const out = join(work, 'pulled');
    const r = await pullSnapshot({ from: shop.url, out, token: 'secret-rebuild', pageSize: 2 });
    expect(r.warnings).toEqual([]);
    const files = fixtureFiles();
    expect(snap.readProducts(out).map((p) => p.sku)).toEqual((files['products/0000.json'] as { sku: string }[]).map((p) => p.sku));
    expect(snap.readCategories(out)).toHaveLength(2);
    expect(snap.readAttributes(out)[0]!.attribute_code).toBe('color');
    // Only approved reviews leave the shop.
    expect(snap.readReviews(out).map((x) => x.id)).toEqual([1]);
    expect(snap.readCmsPages(out).map((p) => p.identifier)).toEqual(['about-us', 'repairs']);
    expect(snap.readCmsBlocks(out)).toHaveLength(1);
    expect(snap.readBlogPosts(out)).toHaveLength(1);
    expect(snap.readBlogCategories(out)).toHaveLength(1);
    expect(Object.keys(snap.readMenus(out)).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(snap.readBanners('gb', out).mainBanners[0]!.title).toBe('Main');
    expect(snap.readShops(out)).toHaveLength(4);
    expect(snap.readShippingMethods(out)).toHaveLength(7);
    expect(snap.readPaymentMethods(out).map((p) => p.code)).toEqual(['card', 'cashondelivery']);
    expect(snap.readTaxRates(out)[0]!.rate).toBe(20);
    expect(snap.readCoupons(out).map((c) => c.code)).toEqual(['WELCOME10', 'OLD20']);
    expect(snap.readSocial(out).handle).toBe('@pj');
    expect(snap.readUrlMap(out)).toHaveLength(1);
    for (const m of MEDIA) expect(readFileSync(join(out, 'media', m), 'utf8')).toContain('<svg');
    const manifest = snap.readManifest(out);
    expect(manifest).toMatchObject({ version: 1, source: shop.url, store_code: 'gb', product_shards: ['products/0000.json'] });
    expect(manifest.counts.products).toBe(7);
  });

  it('the pulled stock is the live stock', async () => {
    await shop.call('POST', '/api/__stock', { body: { sku: 'RING-101', qty: 4 } });
    const out = join(work, 'live');
    await pullSnapshot({ from: shop.url, out, token: 'secret-rebuild' });
    expect(snap.readProducts(out).find((p) => p.sku === 'RING-101')!.stock.qty).toBe(4);
  });

  it('without the token, coupons are written empty with a warning', async () => {
    const out = join(work, 'no-token');
    const r = await pullSnapshot({ from: shop.url, out });
    expect(r.warnings).toEqual([expect.stringContaining('coupons.json')]);
    expect(snap.readCoupons(out)).toEqual([]);
  });

  it('a failed pull leaves the previous snapshot untouched', async () => {
    const out = join(work, 'keep');
    await pullSnapshot({ from: shop.url, out, token: 'secret-rebuild' });
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    // The backend starts failing half-way (CMS pages answer 500).
    await shop.call('POST', '/api/__faults', { body: { path: '/api/catalog/cms-pages', mode: 'error' } });
    try {
      await expect(pullSnapshot({ from: shop.url, out, token: 'secret-rebuild' })).rejects.toThrow(/cms-pages/);
    } finally {
      await shop.call('DELETE', '/api/__faults');
    }
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
    expect(snap.readProducts(out)).toHaveLength(7);
    const leftovers = readdirSync(work).filter((n) => n.includes('.tmp-'));
    expect(leftovers).toEqual([]);
  });

  it('an invalid record fails the pull naming the file, record and field', async () => {
    const out = join(work, 'invalid');
    const bad = await startTestShop();
    try {
      const setRate =
        bad.db.dialect === 'postgres'
          ? "UPDATE entities SET data = jsonb_set(data::jsonb, '{rate}', '\"twenty\"')::text WHERE kind = 'taxRate'"
          : "UPDATE entities SET data = json_set(data, '$.rate', 'twenty') WHERE kind = 'taxRate'";
      await bad.db.prepare(setRate).run();
      await bad.ctx.load();
      await expect(pullSnapshot({ from: bad.url, out })).rejects.toThrow(/tax-rates\.json record GB VAT 20%: field 'rate'/);
      expect(existsSync(out)).toBe(false);
    } finally {
      await bad.stop();
    }
  });

  it('an unreachable backend fails the pull', async () => {
    await expect(pullSnapshot({ from: 'http://127.0.0.1:1', out: join(work, 'none') })).rejects.toThrow(/GET http:\/\/127\.0\.0\.1:1/);
  });
});
