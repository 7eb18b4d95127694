import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concurrentSends, type OrderSend } from '../../server/faults';
import { orderPayload, startTestShop, useTestShop } from './fixture';

const shop = useTestShop();
afterEach(async () => {
  await shop().call('DELETE', '/api/__faults');
});

const fault = (rule: Record<string, unknown>) => shop().call('POST', '/api/__faults', { body: rule });
const orders = async () => (await shop().call('GET', '/api/__orders')).body.result as { order_id: string }[];

describe('fault switch', () => {
  it('a forced error answers the given code and result for the given number of requests', async () => {
    await fault({ path: '/api/order', mode: 'error', code: 503, result: 'Service Unavailable', times: 1 });
    const a = await shop().call('POST', '/api/order', { body: orderPayload() });
    expect(a.status).toBe(503);
    expect(a.body).toEqual({ code: 503, result: 'Service Unavailable' });
    const b = await shop().call('POST', '/api/order', { body: orderPayload() });
    expect(b.status).toBe(200);
    const list = (await shop().call('GET', '/api/__faults')).body.result;
    expect(list.rules[0]).toMatchObject({ hits: 1, times: 1 });
    expect(list.counts['POST /api/order']).toBe(2);
  });

  it('a non-json answer is html with status 200', async () => {
    await fault({ path: '/api/order', mode: 'nonjson' });
    const payload = orderPayload();
    const r = await shop().call('POST', '/api/order', { body: payload });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(typeof r.body).toBe('string');
    expect((await orders()).some((o) => o.order_id === payload.order_id)).toBe(false);
  });

  it('a dropped connection fails the fetch', async () => {
    await fault({ path: '/api/cart/*', mode: 'drop' });
    await expect(shop().call('POST', '/api/cart/create')).rejects.toThrow();
  });

  it('a drop after the handler keeps the order, and the replay answers it once', async () => {
    await fault({ path: '/api/order', method: 'POST', mode: 'drop', phase: 'after', times: 1 });
    const payload = orderPayload();
    await expect(shop().call('POST', '/api/order', { body: payload })).rejects.toThrow();
    expect((await orders()).filter((o) => o.order_id === payload.order_id)).toHaveLength(1);
    const replay = await shop().call('POST', '/api/order', { body: payload });
    expect(replay.status).toBe(200);
    expect(replay.body.result.order_id).toBe(payload.order_id);
    expect((await orders()).filter((o) => o.order_id === payload.order_id)).toHaveLength(1);
  });

  it('a delay holds the answer', async () => {
    await fault({ path: '/api/stock/check', mode: 'delay', delayMs: 300 });
    const t = Date.now();
    const r = await shop().call('GET', '/api/stock/check', { query: { sku: 'RING-101' } });
    expect(r.status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
  });

  it("rules apply to the site's pages too, not only to the api", async () => {
    const before = await fetch(shop().url + '/rings');
    await fault({ path: '/rings', method: 'GET', mode: 'delay', delayMs: 300, times: 1 });
    const t = Date.now();
    const slow = await fetch(shop().url + '/rings');
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    expect(slow.status).toBe(before.status);
    await fault({ path: '/rings', mode: 'error', code: 503, times: 1 });
    expect((await fetch(shop().url + '/rings')).status).toBe(503);
    expect((await fetch(shop().url + '/rings')).status).toBe(before.status);
    expect((await shop().call('GET', '/api/__faults')).body.result.counts['GET /rings']).toBe(4);
  });

  it('a bad rule answers 400 naming the field', async () => {
    const r = await fault({ path: 'api/order', mode: 'error' });
    expect(r.body.result).toMatch(/^path: /);
    const m = await fault({ path: '/api/order', mode: 'explode' });
    expect(m.body.result).toMatch(/^mode: /);
  });

  it('stock can be set for tests', async () => {
    await shop().call('POST', '/api/__stock', { body: { sku: 'WATCH-102', qty: 0 } });
    const r = await shop().call('POST', '/api/order', { body: orderPayload({ products: [{ sku: 'WATCH-102', qty: 1 }] }) });
    expect(r.body).toEqual({ code: 500, result: 'Error: Error while adding products' });
  });
});

describe('order-send log', () => {
  const sends = async () =>
    (await shop().call('GET', '/api/__order-sends')).body.result as { sends: OrderSend[]; concurrent: { order_id: string; a: number; b: number }[] };
  beforeEach(async () => {
    await shop().call('DELETE', '/api/__order-sends');
  });

  it('logs each order POST with its order id, sender and outcome, and is not cleared with the rules', async () => {
    const p = orderPayload();
    await shop().call('POST', '/api/order', { body: p, headers: { referer: 'http://shop.test/checkout' } });
    await shop().call('POST', '/api/order', { body: p, query: { token: 'x' } });
    await shop().call('DELETE', '/api/__faults');
    const { sends: list, concurrent } = await sends();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ seq: 1, order_id: p.order_id, from: 'http://shop.test/checkout', token: false, outcome: 'answered', status: 200 });
    expect(list[1]).toMatchObject({ seq: 2, order_id: p.order_id, token: true, outcome: 'answered', status: 401 });
    expect(list[0]!.end).toBeGreaterThanOrEqual(list[0]!.start);
    expect(concurrent).toEqual([]);
  });

  it('two POSTs of one order both waiting for their answer are concurrent; other orders are not', async () => {
    await fault({ path: '/api/order', method: 'POST', mode: 'delay', delayMs: 400, times: 2 });
    const p = orderPayload();
    await Promise.all([
      shop().call('POST', '/api/order', { body: p }),
      shop().call('POST', '/api/order', { body: p }),
      shop().call('POST', '/api/order', { body: orderPayload() }),
    ]);
    const { concurrent } = await sends();
    expect(concurrent).toEqual([{ order_id: p.order_id, a: expect.any(Number), b: expect.any(Number) }]);
  });

  it('a sender that went away (connection closed while the server still works) ends its send: a resend is not concurrent', async () => {
    await fault({ path: '/api/order', method: 'POST', mode: 'delay', phase: 'after', delayMs: 800, times: 1 });
    const p = orderPayload();
    const url = new URL('/api/order', shop().url);
    // A tab that closes while its order is at the server: the request is aborted, the socket closed.
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
      req.on('error', () => resolve());
      req.end(JSON.stringify(p));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 250);
    });
    await expect.poll(async () => (await sends()).sends[0]?.outcome).toBe('closed');
    const again = await shop().call('POST', '/api/order', { body: p });
    expect(again.status).toBe(200);
    const { sends: list, concurrent } = await sends();
    expect(list.map((s) => s.outcome)).toEqual(['closed', 'answered']);
    expect(concurrent).toEqual([]);
  });

  it('concurrentSends pairs overlapping windows of one order id only, an open one overlapping everything after it', () => {
    const s = (seq: number, order_id: string, start: number, end: number | null): OrderSend => ({
      seq,
      order_id,
      from: '',
      token: false,
      start,
      end,
      outcome: end === null ? null : 'answered',
      status: 200,
    });
    expect(concurrentSends([s(1, 'a', 0, 10), s(2, 'a', 10, 20), s(3, 'b', 5, 15)])).toEqual([]);
    expect(concurrentSends([s(1, 'a', 0, 10), s(2, 'a', 9, 20)])).toEqual([{ order_id: 'a', a: 1, b: 2 }]);
    expect(concurrentSends([s(1, 'a', 0, null), s(2, 'a', 100, 120)])).toEqual([{ order_id: 'a', a: 1, b: 2 }]);
    expect(concurrentSends([s(1, '', 0, 10), s(2, '', 1, 10)])).toEqual([]);
  });
});

describe('without SHOP_FAULTS', () => {
  it('the test routes do not exist', async () => {
    const plain = await startTestShop({ options: { faults: false } });
    try {
      expect((await plain.call('GET', '/api/__orders')).status).toBe(404);
      expect((await plain.call('GET', '/api/__order-sends')).status).toBe(404);
      expect((await plain.call('POST', '/api/__faults', { body: { path: '/api/order', mode: 'error' } })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
