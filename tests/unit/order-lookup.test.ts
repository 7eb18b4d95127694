/**
 * An order whose send had no answer (src/lib/state/sync/order-send.ts, ./order-lookup.ts): never sent
 * again blindly; for a signed-in customer the order history (Magento's records, as vue-storefront-api
 * passes them on) says whether it arrived.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OfflineOrder } from '../../src/lib/schemas';
import { collection } from '../../src/lib/state/storage';
import { ORDER_LOOKUP_SETTLE_MS, backendTime, matchPlacedOrder, type HistoryRecord } from '../../src/lib/state/sync/order-lookup';
import { sendStoredOrder, type OrderFetch } from '../../src/lib/state/sync/order-send';
import { setOrderLockSources } from '../../src/lib/state/sync/order-lock';
import { freshState, json } from './stores-fixtures';
import { payload } from './order-queue-fixtures';

const began = '2026-11-28T15:40:00.000Z';
const order = (over: Partial<OfflineOrder> = {}): OfflineOrder =>
  ({
    ...payload({
      user_id: '7',
      products: [
        { sku: 'WS-1-GY', qty: 1, priceInclTax: 45 },
        { sku: 'PJ-RING-1', qty: 2, priceInclTax: 120 },
      ],
    }),
    transmited: false,
    transmited_at: null,
    send_began_at: began,
    ...over,
  }) as OfflineOrder;

/** A Magento order record: a configurable line is two items, the parent (with the child's sku) and the child. */
const record = (over: Partial<HistoryRecord> & { at?: string } = {}): HistoryRecord => ({
  increment_id: '000000012',
  entity_id: 12,
  created_at: over.at ?? '2026-11-28 15:40:07',
  subtotal_incl_tax: 285,
  items: [
    { sku: 'WS-1-GY', qty_ordered: 1, parent_item_id: null },
    { sku: 'WS-1-GY', qty_ordered: 1, parent_item_id: 40 },
    { sku: 'PJ-RING-1', qty_ordered: 2, parent_item_id: null },
  ],
  ...over,
});

describe('recognising an order in the order history', () => {
  it("reads Magento's zone-less created_at as UTC", () => {
    expect(backendTime('2026-11-28 15:40:07')).toBe(Date.parse('2026-11-28T15:40:07Z'));
    expect(backendTime('2026-11-28T15:40:07+01:00')).toBe(Date.parse('2026-11-28T14:40:07Z'));
  });

  it('matches the same top-level lines and goods total, placed after the send began', () => {
    expect(matchPlacedOrder(order(), [record()], began)?.increment_id).toBe('000000012');
  });

  it.each([
    ['placed well before the send began (an earlier order with the same lines)', record({ at: '2026-11-28 15:20:00' })],
    [
      'another quantity',
      record({
        items: [
          { sku: 'WS-1-GY', qty_ordered: 1 },
          { sku: 'PJ-RING-1', qty_ordered: 1 },
        ],
      }),
    ],
    ['a line more', record({ items: [...record().items, { sku: 'PJ-CHAIN', qty_ordered: 1 }] })],
    ['another goods total', record({ subtotal_incl_tax: 300 })],
  ])('does not match a record %s', (_why, r) => {
    expect(matchPlacedOrder(order(), [r], began)).toBeNull();
  });

  it("a store view's order matches its record in that store view's currency (each line converted as its pages did), not the catalogue's", () => {
    // 1.17 EUR a pound: 45 → 52.65, 120 → 140.40 (× 2); the record of the de order says 333.45.
    const de = order({ store_code: 'de' });
    expect(matchPlacedOrder(de, [record({ subtotal_incl_tax: 333.45 })], began)?.increment_id).toBe('000000012');
    expect(matchPlacedOrder(de, [record()], began)).toBeNull();
  });

  it('does not match a record another stored order was matched to (two identical orders stay two)', () => {
    expect(matchPlacedOrder(order(), [record()], began, new Set(['000000012']))).toBeNull();
  });
});

describe('sending an order whose earlier answer never came', () => {
  let history: HistoryRecord[];
  let posts: number;
  let asked: string[];
  const fetch: OrderFetch = async (url, init) => {
    asked.push(url);
    if (init?.method === 'POST') {
      posts++;
      return json({ code: 200, result: { backendOrderId: 13 } });
    }
    return json({ code: 200, result: { items: history, total_count: history.length } });
  };
  const session = { customerId: 7, token: 'tok-7' };
  const store = () => collection('orders');

  beforeEach(async () => {
    freshState();
    setOrderLockSources(null);
    history = [];
    posts = 0;
    asked = [];
  });

  it('found in the signed-in order history: sent, with no second post', async () => {
    history = [record()];
    const o = order();
    await store().setItem(o.order_id, o);
    const out = await sendStoredOrder(store(), o.order_id, { fetch, session, now: () => new Date('2026-11-28T15:41:00Z') });
    expect(out).toMatchObject({ kind: 'sent', result: { increment_id: '000000012' } });
    expect(posts).toBe(0);
    expect(asked[0]).toMatch(/\/api\/user\/order-history\?token=tok-7&pageSize=20&currentPage=1$/);
    expect(await store().getItem(o.order_id)).toMatchObject({ transmited: true, send_began_at: null });
  });

  it('not in the history yet, soon after the send began: stays unknown, nothing posted', async () => {
    const o = order();
    await store().setItem(o.order_id, o);
    const out = await sendStoredOrder(store(), o.order_id, { fetch, session, now: () => new Date('2026-11-28T15:41:00Z') });
    expect(out?.kind).toBe('unknown');
    expect(posts).toBe(0);
  });

  it('not in the history long after the send began: it never arrived, so it is sent again once', async () => {
    const o = order();
    await store().setItem(o.order_id, o);
    const out = await sendStoredOrder(store(), o.order_id, { fetch, session, now: () => new Date(Date.parse(began) + ORDER_LOOKUP_SETTLE_MS + 1000) });
    expect(out?.kind).toBe('sent');
    expect(posts).toBe(1);
  });

  it("a guest's order has no look-up: it stays unknown however long it waits", async () => {
    const o = order({ user_id: null });
    await store().setItem(o.order_id, o);
    const out = await sendStoredOrder(store(), o.order_id, { fetch, session: null, now: () => new Date(Date.parse(began) + 24 * 3600_000) });
    expect(out?.kind).toBe('unknown');
    expect(asked).toEqual([]);
  });

  it('the order history cannot be read: unknown, nothing posted', async () => {
    const o = order();
    await store().setItem(o.order_id, o);
    const failing: OrderFetch = async (url, init) => (init?.method === 'POST' ? fetch(url, init) : json({ code: 500, result: 'Internal Server Error' }));
    const out = await sendStoredOrder(store(), o.order_id, { fetch: failing, session, now: () => new Date(Date.parse(began) + ORDER_LOOKUP_SETTLE_MS * 2) });
    expect(out?.kind).toBe('unknown');
    expect(posts).toBe(0);
  });
});
