import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogApi, createApiClient, ApiFormatError, errorMessage, type ApiClient } from '../../src/lib/api';
import { messages } from '../../src/lib/messages';
import { orderPayload, startTestShop, type TestShop } from './fixture';
import { ADDRESS } from '../../scripts/lib/sample-order';

let shop: TestShop;
let api: ApiClient;
const urls: string[] = [];
beforeAll(async () => {
  shop = await startTestShop();
  api = createApiClient({
    baseUrl: shop.url,
    fetch: (input, init) => {
      urls.push(input);
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await shop?.stop();
});

describe('api client', () => {
  it('runs a cart and order journey with typed, validated answers', async () => {
    const created = await api.user.create({ email: 'cli@example.org', firstname: 'Cli', lastname: 'Ent' }, 'password123');
    expect(created.ok).toBe(true);
    const login = await api.user.login('cli@example.org', 'password123');
    if (!login.ok) throw new Error('login failed');
    const token = login.result;
    expect(login.meta?.refreshToken).toBeTruthy();
    const cart = await api.cart.create(token);
    if (!cart.ok) throw new Error('no cart');
    const line = await api.cart.update(token, cart.result, { sku: 'WATCH-102', qty: 2 });
    expect(line.ok && line.result.price).toBe(150);
    const totals = await api.cart.totals(token, cart.result);
    expect(totals.ok && totals.result.grand_total).toBe(300);
    const methods = await api.cart.shippingMethods(token, cart.result);
    expect(methods.ok && methods.result).toHaveLength(7);
    const info = await api.cart.shippingInformation(token, cart.result, {
      shippingAddress: { country_id: 'GB' },
      shipping_method_code: 'express',
      shipping_carrier_code: 'flatrate',
    });
    expect(info.ok && info.result.totals.grand_total).toBe(306);
    const coupon = await api.cart.applyCoupon(token, cart.result, 'WRONG');
    expect(coupon).toMatchObject({ ok: false, code: 400 });
    const placed = await api.order.place(orderPayload({ cart_id: cart.result, products: [{ sku: 'WATCH-102', qty: 2 }] }), token);
    if (!placed.ok) throw new Error(`order failed: ${JSON.stringify(placed.result)}`);
    // The reference API's own order lookup (beyond vue-storefront-api), for shops that configure it.
    const lookup = await api.order.info(placed.result.token!, '/api/ext/order-info/');
    expect(lookup.ok && lookup.result.order_total).toBe(300);
    const history = await api.user.orderHistory(token);
    expect(history.ok && history.result.items[0]!.increment_id).toBe(placed.result.backendOrderId);
  });

  it('puts the token and cart id in the query string', async () => {
    urls.length = 0;
    await api.cart.pull('tok', 'cart-1');
    expect(urls[0]).toBe(`${shop.url}/api/cart/pull?token=tok&cartId=cart-1`);
    await api.cart.applyCoupon(null, 'c 2', 'WELCOME10');
    expect(urls[1]).toBe(`${shop.url}/api/cart/apply-coupon?token=&cartId=c%202&coupon=WELCOME10`);
    // Configured endpoints may be '/api/...' paths or absolute URLs (another backend).
    await api.call('GET', '/api/stock/check', { query: { sku: 'RING-101' } });
    expect(urls[2]).toBe(`${shop.url}/api/stock/check?sku=RING-101`);
    const abs = await api.call('GET', `${shop.url}/api/stock/check?sku=RING-101`, { query: { token: 't' } });
    expect(urls[3]).toBe(`${shop.url}/api/stock/check?sku=RING-101&token=t`);
    expect(abs.ok).toBe(true);
  });

  it('answers a non-200 code as a result with the server message', async () => {
    const r = await api.cart.pull(null, 'no-such-cart');
    expect(r.ok).toBe(false);
    expect(r.code).toBe(404);
    expect(errorMessage(r)).toContain(messages.noSuchEntityCartId);
  });

  it('a non-json answer throws the bad content-type error', async () => {
    await shop.call('POST', '/api/__faults', { body: { path: '/api/stock/check', mode: 'nonjson', times: 1 } });
    await expect(api.stock.check('RING-101')).rejects.toThrow(new ApiFormatError(messages.badContentType, 200));
  });

  it('an answer of the wrong shape throws the wrong-format error', async () => {
    await shop.call('POST', '/api/__faults', { body: { path: '/api/stock/check', mode: 'error', code: 200, result: { sku: 5 }, times: 1 } });
    await expect(api.stock.check('RING-101')).rejects.toThrow(messages.wrongResponseFormat);
  });

  it('the mailer helper asks for a token then sends', async () => {
    const r = await api.mailer.sendMail({ sourceAddress: 'x@example.org', targetAddress: 'hello@pendleandjames.co.uk', subject: 'Hi', emailText: 'Hello' });
    expect(r).toMatchObject({ ok: true, result: messages.emailSent });
  });

  it('reads reviews, cms, menus and stock', async () => {
    const reviews = await api.review.list(101);
    expect(reviews.ok && reviews.result.items.map((x) => x.title)).toEqual(['Lovely']);
    expect((await api.review.create({ product_id: 101, title: 'T', detail: 'D', nickname: 'N', rating: 5 })).ok).toBe(true);
    const page = await api.cms.pageByIdentifier('about-us');
    expect(page.ok && page.result.title).toBe('About us');
    const menu = await api.menus(1);
    expect(menu.ok && menu.result[0]!.title).toBe('Menu 1');
    const stock = await api.stock.list(['RING-101', 'LAST-104']);
    // Magento's stock items name their product by id, not sku.
    expect(stock.ok && stock.result.map((s) => s.product_id)).toEqual([101, 104]);
    const products = await catalogApi(api).products({ url_path: 'rings/silver-ring-101' });
    expect(products.ok && products.result.items[0]!.sku).toBe('RING-101');
    const sub = await api.newsletter.subscribe(ADDRESS.email);
    expect(sub.ok).toBe(true);
  });

  it('review/create carries the store code only with multistore on (§7 store-code adjusted on multistore)', async () => {
    const seen: string[] = [];
    const spy = (input: string, init?: RequestInit) => {
      seen.push(input);
      return fetch(input, init);
    };
    const review = { product_id: 101, nickname: 'Jo', title: 'Nice', detail: 'Lovely ring', rating: 5 };
    const multi = createApiClient({ baseUrl: shop.url, fetch: spy, multistore: true });
    expect((await multi.review.create(review, null, 'de')).ok).toBe(true);
    expect(new URL(seen[0]!).searchParams.get('storeCode')).toBe('de');
    const single = createApiClient({ baseUrl: shop.url, fetch: spy, multistore: false });
    expect((await single.review.create(review, null, 'de')).ok).toBe(true);
    expect(new URL(seen[1]!).searchParams.has('storeCode')).toBe(false);
  });
});
