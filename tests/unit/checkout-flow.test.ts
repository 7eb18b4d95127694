/**
 * The checkout's actions as the island runs them (src/lib/checkout/flow.ts): Continue follows the
 * step rules, placing checks every step against the settled bag before the queue sees anything, and
 * the server totals are asked in the order the §7 cart calls need.
 */
import { describe, expect, it, vi } from 'vitest';
import { filledCheckout } from './checkout-fixtures';
import { continueFrom, followQueuedOrder, placeCheckout, refreshServerTotals, withNameOnAddress, type PlaceDeps } from '../../src/lib/checkout/flow';
import { emptyCheckout } from '../../src/lib/checkout/state';
import { OrderPayloadSchema, type CartItem, type CartTotals, type OfflineOrder, type OrderPayload } from '../../src/lib/schemas';
import type { PlaceOrderResult } from '../../src/lib/state/sync/order-queue';

const filled = filledCheckout;

const ITEMS: CartItem[] = [
  { sku: 'RING-1', qty: 2, name: 'Silver Ring', price: 120 },
  { sku: 'WATCH-2', qty: 1, name: 'Watch', price: 199.99 },
];

function deps(over: Partial<PlaceDeps> & { answer?: (p: OrderPayload) => Omit<PlaceOrderResult, 'order'> } = {}) {
  const calls: string[] = [];
  const written: Record<string, string> = {};
  const sent: OrderPayload[] = [];
  const d: PlaceDeps = {
    settle: async () => void calls.push('settle'),
    cart: () => (calls.push('cart'), { items: ITEMS, token: 'cart-7' }),
    userId: () => 42,
    placeOrder: async (p) => {
      calls.push('place');
      sent.push(p);
      // vue-storefront-api's answer (Magento): no lookup token, the increment id as orderNumber.
      const a = over.answer?.(p) ?? {
        status: 'sent' as const,
        result: { magentoOrderId: 17, orderNumber: '000000017', backendOrderId: 17, transferedAt: '2026-11-26T10:00:00Z' },
      };
      return { ...a, order: p as unknown as OfflineOrder };
    },
    storedOrder: async () => null,
    storage: { setItem: (k, v) => void (written[k] = v) },
    saveSession: async () => void calls.push('save'),
    navigate: (url) => void calls.push(`go ${url}`),
    ...over,
  };
  return { d, calls, written, sent };
}

describe('Continue through the steps', () => {
  it('the personal step holds the shopper with a message on each missing field', () => {
    const move = continueFrom('personal', emptyCheckout('GB'));
    expect(move.ok).toBe(false);
    if (move.ok) return;
    expect(
      Object.keys(move.errors)
        .filter((k) => move.errors[k]!.length)
        .sort(),
    ).toEqual(['email', 'firstname', 'lastname']);
  });

  it('the shipping step needs a delivery method as well as the address', () => {
    const move = continueFrom('shipping', filled({ shippingMethod: null }));
    expect(move).toEqual({ ok: false, errors: expect.objectContaining({ shippingMethod: ['Please choose a shipping method.'] }) });
    expect(continueFrom('shipping', filled())).toEqual({ ok: true, next: 'payment' });
  });

  it('a UK address with a postcode that is not one is refused', () => {
    const move = continueFrom('shipping', filled({ shipping: { ...filled().shipping, postcode: 'ABC 123' } }));
    expect(move.ok).toBe(false);
    expect(!move.ok && move.errors.postcode?.length).toBeTruthy();
  });

  it('a valid step leads back to an earlier one that is no longer valid, never past it', () => {
    const edited = filled({ personal: { firstname: 'Ada', lastname: 'Lovelace', email: 'not-an-email' } });
    expect(continueFrom('payment', edited)).toEqual({ ok: true, next: 'personal' });
    expect(continueFrom('payment', filled())).toEqual({ ok: true, next: 'review' });
  });

  it('the address starts with the name just given, and a typed address name is kept', () => {
    const v = { ...filled(), shipping: { ...filled().shipping, firstname: '', lastname: '' } };
    expect(withNameOnAddress(v).shipping).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', street: '1 Fishergate' });
    const own = filled({ shipping: { ...filled().shipping, firstname: 'Charles', lastname: 'Babbage' } });
    expect(withNameOnAddress(own).shipping).toMatchObject({ firstname: 'Charles', lastname: 'Babbage' });
  });
});

describe('placing the order', () => {
  it('sends the settled bag once, remembers its lines for the thank-you page, saves the session, then goes to the confirmation', async () => {
    const { d, calls, written, sent } = deps();
    const totals = { shipping: 6, tax: 73.33, grandTotal: 445.99 };
    const r = await placeCheckout({ values: filled(), storeCode: 'default', prefix: '', totals }, d);
    // The confirmation's key is the client's order id: VSFA's answer has no token.
    const key = sent[0]!.order_id;
    expect(r).toEqual({ kind: 'redirecting', url: `/order-success?o=${encodeURIComponent(key)}` });
    expect(calls).toEqual(['settle', 'cart', 'place', 'save', `go /order-success?o=${encodeURIComponent(key)}`]);
    expect(sent).toHaveLength(1);
    const payload = OrderPayloadSchema.parse(sent[0]);
    expect(payload.cart_id).toBe('cart-7');
    expect(String(payload.user_id)).toBe('42');
    expect(payload.products.map((p) => [p.sku, p.qty])).toEqual([
      ['RING-1', 2],
      ['WATCH-2', 1],
    ]);
    // The thank-you page shows the order as placed, numbered as the API answered.
    expect(JSON.parse(Object.values(written)[0]!)).toEqual({
      token: key,
      lines: [
        { sku: 'RING-1', qty: 2 },
        { sku: 'WATCH-2', qty: 1 },
      ],
      order: {
        order_id: '000000017',
        order_total: 445.99,
        order_tax: 73.33,
        order_shipping: 6,
        order_lines: [
          { line_sku: 'RING-1', line_name: 'Silver Ring', line_qty: 2, line_discount: 0, line_original_price: 120 },
          { line_sku: 'WATCH-2', line_name: 'Watch', line_qty: 1, line_discount: 0, line_original_price: 199.99 },
        ],
      },
    });
  });

  it('a store view prefix stays on the confirmation address', async () => {
    const { d, sent } = deps();
    const r = await placeCheckout({ values: filled(), storeCode: 'de', prefix: '/de' }, d);
    expect(r).toEqual({ kind: 'redirecting', url: `/de/order-success?o=${encodeURIComponent(sent[0]!.order_id)}` });
  });

  it('terms not accepted: nothing goes to the queue and the shopper is held on the review', async () => {
    const { d, calls } = deps();
    const r = await placeCheckout({ values: filled({ terms: false }), storeCode: 'default', prefix: '' }, d);
    expect(r).toMatchObject({ kind: 'invalid', step: 'review' });
    expect(r.kind === 'invalid' && r.errors.terms?.length).toBeTruthy();
    expect(calls).not.toContain('place');
  });

  it('a bag emptied in another tab before the settle: nothing is placed', async () => {
    const { d, calls } = deps({ cart: () => ({ items: [], token: 'cart-7' }) });
    expect((await placeCheckout({ values: filled(), storeCode: 'default', prefix: '' }, d)).kind).toBe('invalid');
    expect(calls).not.toContain('place');
  });

  it('a step made invalid since it was passed sends the shopper back to it', async () => {
    const { d, calls } = deps();
    const r = await placeCheckout({ values: filled({ paymentMethod: null }), storeCode: 'default', prefix: '' }, d);
    expect(r).toMatchObject({ kind: 'invalid', step: 'payment' });
    expect(calls).not.toContain('place');
  });

  it('queued: the queued note with the lines as they were; nothing navigates and no session is saved', async () => {
    const { d, calls, sent } = deps({ answer: () => ({ status: 'queued', message: 'Queued text' }) });
    expect(await placeCheckout({ values: filled(), storeCode: 'default', prefix: '' }, d)).toEqual({
      kind: 'queued',
      message: 'Queued text',
      items: ITEMS,
      orderId: sent[0]!.order_id,
    });
    expect(calls.some((c) => c.startsWith('go '))).toBe(false);
  });

  it('cancelled: the §8 message of the answer', async () => {
    const { d } = deps({ answer: () => ({ status: 'cancelled', message: "Some products you've ordered are out of stock. Your order has been canceled." }) });
    expect(await placeCheckout({ values: filled(), storeCode: 'default', prefix: '' }, d)).toEqual({
      kind: 'cancelled',
      message: "Some products you've ordered are out of stock. Your order has been canceled.",
    });
  });
});

describe('following a queued order', () => {
  const placed = async () => {
    const { d, sent } = deps({ answer: () => ({ status: 'queued', message: 'Queued text' }) });
    const r = await placeCheckout({ values: filled(), storeCode: 'default', prefix: '' }, d);
    return { orderId: r.kind === 'queued' ? r.orderId : '', payload: sent[0]! };
  };
  const totals = { shipping: 6, tax: 73.33, grandTotal: 445.99 };

  it('still waiting (or not read yet): nothing changes and nothing navigates', async () => {
    const { orderId, payload } = await placed();
    for (const stored of [null, { ...payload, transmited: false, transmited_at: null } as OfflineOrder]) {
      const { d, calls, written } = deps({ storedOrder: async () => stored });
      expect(await followQueuedOrder({ orderId, items: ITEMS, prefix: '', totals }, d)).toBeNull();
      expect(calls).toEqual([]);
      expect(written).toEqual({});
    }
  });

  it('sent later: on to the confirmation as an order placed online, with the number the shop answered', async () => {
    const { orderId, payload } = await placed();
    const stored = {
      ...payload,
      transmited: true,
      transmited_at: '2026-11-26T10:05:00Z',
      resultCode: 200,
      result: { increment_id: 'PJ100000001', token: 'lookup-token' },
    } as OfflineOrder;
    const { d, calls, written } = deps({ storedOrder: async (id) => (id === orderId ? stored : null) });
    const url = `/de/order-success?o=${encodeURIComponent(orderId)}`;
    expect(await followQueuedOrder({ orderId, items: ITEMS, prefix: '/de', totals }, d)).toEqual({ kind: 'redirecting', url });
    expect(calls).toEqual(['save', `go ${url}`]);
    expect(JSON.parse(Object.values(written)[0]!)).toMatchObject({
      token: orderId,
      lines: [
        { sku: 'RING-1', qty: 2 },
        { sku: 'WATCH-2', qty: 1 },
      ],
      order: { order_id: 'PJ100000001', order_total: 445.99, order_tax: 73.33, order_shipping: 6 },
    });
  });

  it("cancelled: the API's §8 message, or the shopper's own cancel; never the confirmation", async () => {
    const { orderId, payload } = await placed();
    const refused = { ...payload, transmited: true, transmited_at: '2026-11-26T10:05:00Z', resultCode: 500, cancelled: true };
    const outOfStock = "Some products you've ordered are out of stock. Your order has been canceled.";
    for (const [order, message] of [
      [{ ...refused, cancel_reason: outOfStock }, outOfStock],
      [
        { ...payload, transmited: false, transmited_at: null, cancelled: true, cancel_reason: 'cancelled by the shopper' },
        'The order has been cancelled and will not be sent.',
      ],
    ] as const) {
      const { d, calls } = deps({ storedOrder: async () => order as OfflineOrder });
      expect(await followQueuedOrder({ orderId, items: ITEMS, prefix: '' }, d)).toEqual({ kind: 'cancelled', message });
      expect(calls).toEqual([]);
    }
  });
});

describe('server totals', () => {
  const totals = (grand: number) => ({ grand_total: grand }) as unknown as CartTotals;

  it('nothing is asked before a shipping method is chosen', async () => {
    const send = vi.fn();
    const collect = vi.fn();
    expect(
      await refreshServerTotals(filled({ shippingMethod: null }), 'review', { settle: async () => {}, sendShippingInformation: send, collectTotals: collect }),
    ).toEqual({
      payments: null,
      totals: null,
    });
    expect(send).not.toHaveBeenCalled();
    expect(collect).not.toHaveBeenCalled();
  });

  it('on the shipping step only the totals are collected; past it the address goes first and its payment methods are taken', async () => {
    const order: string[] = [];
    const d = {
      settle: async () => void order.push('settle'),
      sendShippingInformation: vi.fn(async () => (order.push('info'), { payment_methods: [{ code: 'card' }], totals: totals(10) }) as never),
      collectTotals: vi.fn(async () => (order.push('collect'), totals(12))),
    };
    expect(await refreshServerTotals(filled(), 'shipping', d)).toEqual({ payments: null, totals: totals(12) });
    expect(order).toEqual(['settle', 'collect']);
    order.length = 0;
    expect(await refreshServerTotals(filled(), 'review', d)).toEqual({ payments: [{ code: 'card' }], totals: totals(12) });
    expect(order).toEqual(['settle', 'info', 'collect']);
    order.length = 0;
    expect(await refreshServerTotals(filled({ paymentMethod: null }), 'payment', d)).toEqual({ payments: [{ code: 'card' }], totals: totals(10) });
    expect(order).toEqual(['settle', 'info']);
  });
});
