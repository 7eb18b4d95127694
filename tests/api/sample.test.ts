import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as snap from '../../src/lib/snapshot/read';
import { pullSnapshot } from '../../scripts/snapshot';
import { orderPayload, startTestShop, type TestShop } from './fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';

/** The server on the committed sample snapshot (src/content/sample), as `npm start` runs it. */
let shop: TestShop;
let work = '';
beforeAll(async () => {
  shop = await startTestShop({ snapshotDir: snap.SAMPLE_DIR, options: { rebuildToken: 'sample-token' } });
  work = mkdtempSync(join(tmpdir(), 'api-sample-'));
});
afterAll(async () => {
  await shop?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the committed sample snapshot', () => {
  it('seeds every product and answers the seven shipping methods and the newsletter coupon', async () => {
    const products = snap.readProducts(snap.SAMPLE_DIR);
    const page = await shop.call('GET', '/api/catalog/products', { query: { size: '1' } });
    expect(page.body.result.total).toBe(products.length);
    const cart = (await shop.call('POST', '/api/cart/create')).body.result;
    const methods = await shop.call('POST', '/api/cart/shipping-methods', { query: { cartId: cart }, body: { address: { country_id: 'GB' } } });
    expect(methods.body.result.map((m: { amount: number }) => m.amount).sort()).toEqual([0, 0, 0, 0, 0, 0, 6]);
    expect((await shop.call('POST', '/api/cart/apply-coupon', { query: { cartId: cart, coupon: 'WELCOME10' } })).body.result).toBe(true);
  });

  it('orders a configurable child of the sample and decrements its stock', async () => {
    const parent = snap
      .readProducts(snap.SAMPLE_DIR)
      .find((p) => p.type_id === 'configurable' && p.configurable_children?.some((c) => c.stock.is_in_stock && c.stock.qty > 1))!;
    const child = parent.configurable_children!.find((c) => c.stock.is_in_stock && c.stock.qty > 1)!;
    const r = await shop.call('POST', '/api/order', {
      body: orderPayload({
        products: [{ sku: child.sku, qty: 1 }],
        addressInformation: {
          shippingAddress: ADDRESS,
          billingAddress: ADDRESS,
          shipping_method_code: 'express',
          shipping_carrier_code: 'flatrate',
          payment_method_code: 'cashondelivery',
        },
      }),
    });
    expect(r.status).toBe(200);
    expect((await shop.call('GET', '/api/stock/check', { query: { sku: child.sku } })).body.result.qty).toBe(child.stock.qty - 1);
  });

  it('the puller copies the sample through the api into a snapshot the readers accept', async () => {
    const out = join(work, 'pulled');
    const r = await pullSnapshot({ from: shop.url, out, token: 'sample-token' });
    expect(r.warnings).toEqual([]);
    const src = snap.SAMPLE_DIR;
    expect(snap.readProducts(out).map((p) => p.sku)).toEqual(snap.readProducts(src).map((p) => p.sku));
    expect(snap.readCategories(out)).toHaveLength(snap.readCategories(src).length);
    expect(snap.readCmsPages(out)).toHaveLength(snap.readCmsPages(src).length);
    expect(snap.readBlogPosts(out)).toHaveLength(snap.readBlogPosts(src).length);
    expect(snap.readReviews(out)).toHaveLength(snap.readReviews(src).filter((x) => x.review_status === 1).length);
    expect(snap.readCoupons(out)).toEqual(snap.readCoupons(src));
    expect(snap.readMenus(out)).toEqual(snap.readMenus(src));
    for (const code of ['gb', 'de', 'it']) expect(snap.readBanners(code, out)).toEqual(snap.readBanners(code, src));
    expect(r.counts.media).toBe(readdirSync(join(src, 'media'), { recursive: true }).filter((n) => statSync(join(src, 'media', String(n))).isFile()).length);
  });
});
