/**
 * The browser's calls against vue-storefront-api's contract (tests/contract/vsfa-schemas.ts): every
 * request body the shop builds (orders guest and signed in, review, profile and address update,
 * newsletter, mail, cart calls) is recorded as it leaves through a fetch and checked against VSFA's
 * schemas, and the answers the shop reads are VSFA's (stock items without sku, the review list as
 * Elasticsearch hits, the order answer without a lookup token).
 */
import { describe, expect, it } from 'vitest';
import { filledCheckout } from './checkout-fixtures';
import { createApiClient } from '../../src/lib/api/client';
import { buildOrderPayload } from '../../src/lib/checkout/payload';
import { sendOrder, toOfflineOrder } from '../../src/lib/state/sync/order-send';
import { fetchReviews, submitReview } from '../../src/lib/content/reviews';
import { bookingLetter, contactLetter, sendLetter } from '../../src/lib/forms/mail';
import { fetchStockList } from '../../src/lib/catalog/listing/stock-prefetch';
import type { CartItem } from '../../src/lib/schemas';
import { accountStreet, profileUpdate } from '../../src/lib/account/address';
import { addressLines } from '../../src/lib/account/orders';
import { emptyCheckout, prefillFromCustomer } from '../../src/lib/checkout/state';
import { CustomerSchema } from '../../src/lib/schemas';
import { VsfaCustomer, VsfaOrderBody, VsfaSearchAnswer, VsfaStockItem, vsfaProblems } from '../contract/vsfa-schemas';

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A fetch that records each request and answers from `answer` (VSFA's `{ code, result }` by default). */
function recorder(answer: (s: Sent) => unknown = () => ({ code: 200, result: true })) {
  const sent: Sent[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    const s: Sent = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(s);
    return new Response(JSON.stringify(answer(s)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { sent, fetch };
}

/** Every recorded request fits VSFA (route and body). */
function expectVsfa(sent: readonly Sent[]) {
  expect(sent.length).toBeGreaterThan(0);
  for (const s of sent) expect(vsfaProblems(s.method, s.path, s.body), `${s.method} ${s.path}`).toEqual([]);
}

const ITEMS: CartItem[] = [
  { sku: 'RING-1', qty: 2, name: 'Silver Ring', price: 120, product_type: 'simple' },
  { sku: 'WATCH-2', qty: 1, name: 'Steel Watch', price: 349, product_type: 'simple' },
];

describe('orders (POST /api/order, order.schema.js)', () => {
  const payload = (userId?: number) =>
    buildOrderPayload({ values: filledCheckout(), items: ITEMS, cartToken: 'cart-1', userId, storeCode: 'gb', orderId: 'order-0001' });
  const VSFA_ANSWER = { code: 200, result: { magentoOrderId: 17, orderNumber: '000000017', backendOrderId: 17, transferedAt: '2026-11-26T10:00:00.000Z' } };

  it('a guest order is sent in VSFA shape, without user_id', async () => {
    const r = recorder(() => VSFA_ANSWER);
    const out = await sendOrder(toOfflineOrder(payload()), { fetch: r.fetch, endpoint: '/api/order' });
    expect(out.kind).toBe('sent');
    expectVsfa(r.sent);
    expect(r.sent[0]!.body).not.toHaveProperty('user_id');
    // Unsent orders carry transmited_at null in the queue: VSFA wants a string or nothing.
    expect(r.sent[0]!.body).not.toHaveProperty('transmited_at');
  });

  it("a signed-in customer's order sends user_id as a string, with the customer's token", async () => {
    const r = recorder(() => VSFA_ANSWER);
    const out = await sendOrder(toOfflineOrder(payload(7)), { fetch: r.fetch, endpoint: '/api/order', session: { token: 'tok-7', customerId: 7 } });
    expect(out.kind).toBe('sent');
    expectVsfa(r.sent);
    expect((r.sent[0]!.body as { user_id: unknown }).user_id).toBe('7');
    expect(r.sent[0]!.query.get('token')).toBe('tok-7');
  });

  it('an order stored before this shape (numeric user_id, transmited_at null) still goes out in VSFA shape', async () => {
    const old = { ...toOfflineOrder(payload()), user_id: 7, transmited_at: null } as unknown as ReturnType<typeof toOfflineOrder>;
    const r = recorder(() => VSFA_ANSWER);
    await sendOrder(old, { fetch: r.fetch, endpoint: '/api/order', session: { token: 'tok-7', customerId: 7 } });
    expect(VsfaOrderBody.safeParse(r.sent[0]!.body).success).toBe(true);
  });
});

describe('reviews (review.schema.json)', () => {
  it('review/create carries review_entity and review_status', async () => {
    const r = recorder();
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    const out = await submitReview(
      12,
      { nickname: 'Ada', title: 'Lovely', detail: 'Fits well', rating: '5' },
      {
        create: (review, token, storeCode) => api.review.create(review, token, storeCode),
        notify: () => null,
      },
    );
    expect(out.ok).toBe(true);
    expectVsfa(r.sent);
    expect(r.sent[0]!.body).toMatchObject({ review: { product_id: 12, entity_pk_value: 12, review_entity: 'product', review_status: 2 } });
  });
});

describe('review list (catalog _search on entity review)', () => {
  const hit = (id: number, title: string) => ({
    _index: 'vue_storefront_catalog_review_1',
    _type: '_doc',
    _id: String(id),
    _score: 1,
    _source: {
      id,
      product_id: 12,
      title,
      detail: 'Nice.',
      nickname: 'Ada',
      review_entity: 'product',
      review_status: 1,
      ratings: [],
      created_at: '2026-11-01 10:00:00',
    },
  });
  // Elasticsearch 7 writes hits.total as { value, relation }.
  const ES_ANSWER = { took: 2, timed_out: false, hits: { total: { value: 2, relation: 'eq' }, max_score: 1, hits: [hit(1, 'Lovely'), hit(2, 'Fine')] } };

  it('asks _search with product_id equals, review_status equals 1, from 0, size 50, and reads the hits', async () => {
    expect(VsfaSearchAnswer.safeParse(ES_ANSWER).success).toBe(true);
    const r = recorder(() => ES_ANSWER);
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    const list = await fetchReviews(api, 12);
    expectVsfa(r.sent);
    expect(r.sent[0]!.path).toBe('/api/catalog/vue_storefront_catalog/review/_search');
    expect([r.sent[0]!.query.get('from'), r.sent[0]!.query.get('size')]).toEqual(['0', '50']);
    const must = (r.sent[0]!.body as { query: { bool: { filter: { bool: { must: unknown[] } } } } }).query.bool.filter.bool.must;
    expect(must).toEqual([{ terms: { product_id: [12] } }, { terms: { review_status: [1] } }]);
    expect(list?.items.map((x) => x.title)).toEqual(['Lovely', 'Fine']);
    expect(list?.total).toBe(2);
  });
});

describe('stock (Magento stock items carry no sku)', () => {
  const item = (product_id: number, qty: number) => ({ item_id: product_id, product_id, stock_id: 1, qty, is_in_stock: qty > 0, manage_stock: true });

  it('stock/check is read from an answer without sku', async () => {
    const r = recorder(() => ({ code: 200, result: item(41, 3) }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    expect(VsfaStockItem.safeParse(item(41, 3)).success).toBe(true);
    const res = await api.stock.check('RING-1-S');
    expect(res).toMatchObject({ ok: true, result: { product_id: 41, qty: 3, is_in_stock: true } });
    expectVsfa(r.sent);
  });

  it('stock/list answers are matched by product_id', async () => {
    const r = recorder(() => ({ code: 200, result: [item(41, 0), item(42, 5)] }));
    const list = await fetchStockList(['A', 'B'], r.fetch as typeof fetch);
    expect(list.map((x) => [x.product_id, x.is_in_stock])).toEqual([
      [41, false],
      [42, true],
    ]);
    expectVsfa(r.sent);
  });
});

describe('mail (mail-service send-email)', () => {
  const shops = [{ location: 'preston', name: 'Preston', email: 'preston@pendleandjames.co.uk' }];
  const booking = {
    name: 'Ada Lovelace',
    phone: '01772 203481',
    email: 'ada@example.org',
    date: '2026-12-01',
    time: '10:30',
    store: 'preston',
    requirements: 'Ring resizing',
    item: 'Silver Ring',
  };

  it('the booking mail has every detail inside emailText and asks no confirmation copy', async () => {
    const r = recorder((s) => ({ code: 200, result: s.path.endsWith('get-token') ? 'mail-token' : 'OK' }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    const out = await sendLetter(api.mailer, bookingLetter(booking, 'https://shop.test/silver-ring', shops));
    expect(out.ok).toBe(true);
    expectVsfa(r.sent);
    const body = r.sent[1]!.body as { emailText: string; confirmation?: boolean };
    for (const v of [
      'Ada Lovelace',
      '01772 203481',
      'ada@example.org',
      '2026-12-01',
      '10:30',
      'Preston',
      'Ring resizing',
      'Silver Ring',
      'https://shop.test/silver-ring',
    ])
      expect(body.emailText).toContain(v);
    expect(body.confirmation ?? false).toBe(false);
  });

  it('the contact mail fits too', async () => {
    const r = recorder((s) => ({ code: 200, result: s.path.endsWith('get-token') ? 'mail-token' : 'OK' }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    await sendLetter(api.mailer, contactLetter({ name: 'Ada', email: 'ada@example.org', phone: '', message: 'Hello' }, 'https://shop.test/contact'));
    expectVsfa(r.sent);
  });
});

describe('newsletter and cart calls', () => {
  it('subscribe and unsubscribe send { email }', async () => {
    const r = recorder();
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    await api.newsletter.subscribe('ada@example.org');
    await api.newsletter.unsubscribe('ada@example.org', 'tok');
    expectVsfa(r.sent);
  });

  it('the cart calls have the bodies VSFA reads', async () => {
    const r = recorder((s) => ({
      code: 200,
      result: s.path.endsWith('/update') ? { item_id: 1, sku: 'RING-1', qty: 1, price: 120, quote_id: 'c1' } : s.path.endsWith('/create') ? 'c1' : [],
    }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    await api.cart.create('');
    await api.cart.update('', 'c1', { sku: 'RING-1', qty: 1, quote_id: 'c1' } as CartItem);
    await api.cart.shippingMethods('', 'c1');
    await api.cart
      .shippingInformation('', 'c1', {
        shippingAddress: { country_id: 'GB' },
        shipping_method_code: 'express',
        shipping_carrier_code: 'flatrate',
      })
      .catch(() => undefined);
    await api.cart.collectTotals('', 'c1', { shippingCarrierCode: 'flatrate', shippingMethodCode: 'express' }).catch(() => undefined);
    await api.cart.paymentMethods('', 'c1');
    expectVsfa(r.sent);
  });
});

describe('profile and addresses (userProfileUpdate.schema.json, userProfile.schema.json)', () => {
  // A customer as Magento answers user/me through VSFA: region an object, two street lines.
  const magentoCustomer = {
    id: 5,
    group_id: 1,
    email: 'ada@example.org',
    firstname: 'Ada',
    lastname: 'Lovelace',
    website_id: 1,
    addresses: [
      {
        id: 9,
        customer_id: 5,
        region: { region_code: null, region: 'Lancashire', region_id: 0 },
        region_id: 0,
        country_id: 'GB',
        street: ['Fishergate', '12'],
        telephone: '01772 203481',
        postcode: 'PR1 2AD',
        city: 'Preston',
        firstname: 'Ada',
        lastname: 'Lovelace',
        default_shipping: true,
        default_billing: true,
      },
      {
        id: 10,
        customer_id: 5,
        region: { region_code: null, region: null, region_id: 0 },
        country_id: 'GB',
        street: ['Deansgate', 'Flat 3'],
        telephone: '0161 000000',
        postcode: 'M3 2BW',
        city: 'Manchester',
        firstname: 'Ada',
        lastname: 'Lovelace',
      },
      {
        id: 11,
        customer_id: 5,
        region: { region_code: null, region: null, region_id: 0 },
        country_id: 'GB',
        street: ['Church Street', '1'],
        telephone: '01254 000000',
        postcode: 'BB1 5AA',
        city: 'Blackburn',
        firstname: 'Ada',
        lastname: 'Lovelace',
      },
    ],
  };

  it('the shop reads the customer VSFA answers (region an object) and shows its region', () => {
    expect(VsfaCustomer.safeParse(magentoCustomer).success).toBe(true);
    const c = CustomerSchema.parse(magentoCustomer);
    expect(c.addresses[0]!.region).toMatchObject({ region: 'Lancashire' });
    expect(addressLines(c.addresses[0])).toContain('Preston, Lancashire');
    // The checkout's one street field gets the house number first.
    expect(prefillFromCustomer(emptyCheckout(), c).shipping.street).toBe('12 Fishergate');
  });

  it('saving the name sends e-mail, firstname and lastname', async () => {
    const r = recorder(() => ({ code: 200, result: magentoCustomer }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    await api.user.updateMe('tok', profileUpdate(magentoCustomer, { firstname: 'Augusta', lastname: 'King', email: 'ada@example.org' }));
    expectVsfa(r.sent);
  });

  it('saving an address sends the names and e-mail too, two street lines, region an object, two addresses at most', async () => {
    const r = recorder(() => ({ code: 200, result: magentoCustomer }));
    const api = createApiClient({ fetch: r.fetch, baseUrl: '' });
    const c = CustomerSchema.parse(magentoCustomer);
    const edited = { ...c.addresses[0]!, street: accountStreet('Fishergate ', ' 14'), region: { region: 'Lancashire' } };
    await api.user.updateMe('tok', profileUpdate(c, { addresses: [edited, ...c.addresses.slice(1)] }));
    expectVsfa(r.sent);
    const sent = (r.sent[0]!.body as { customer: { email: string; addresses: { street: string[]; region: unknown }[] } }).customer;
    expect(sent.email).toBe('ada@example.org');
    expect(sent.addresses).toHaveLength(2);
    expect(sent.addresses[0]).toMatchObject({ street: ['Fishergate', '14'], region: { region: 'Lancashire' } });
  });
});
